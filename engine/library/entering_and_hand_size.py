"""The last Call of the Archons / Age of Ascension texts the effect library lacked: hand size in
the "draw cards" step (Mother, Succubus, The Howling Pit, Streke), "the next <card> you play this
turn enters play ready" (Blypyp, Soft Landing) and "the first creature played each turn enters
play ready" (Speed Sigil), fights repeated against different creatures (One Stood Against Many),
doom counters (Wretched Doll) and playing an archived card as if from hand (Project Z.Y.X.).

Hand size: the rules read :meth:`HandSize.hand_size` in step 5 (:func:`engine.rules.turn.hand_size`).
"Enters play ready" for a card being played: :meth:`engine.rules.entering.EnteringStatic.enters_ready_played`.
A doom counter is a counter with no official component (glossary "Counters"): it is kept as a
lasting effect on the creature that ends when the creature leaves play, as every counter does.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.entering import EnteringStatic
from engine.core.errors import IllegalAction
from engine.core.state import CardInstance, LastingEffect
from engine.rules.references import card_label

DOOM = "doom_counter"


# --------------------------------------------------------------------------- hand size (the rule and its constant ability: engine.rules.turn.HandSize)


def not_on_a_flank(eng, source) -> bool:
    return source.zone == "battleline" and not eng.is_flank(source)


# --------------------------------------------------------------------------- entering ready


def _being_played_by(eng, controller: str, card: CardInstance) -> bool:
    return eng.game.active == controller


@dataclass
class _NextPlayedEntersReady(EnteringStatic):
    """The lasting effect :class:`NextPlayedEntersReady` starts; used up by the first card that
    fits, whether or not something else already makes it enter ready."""

    types: tuple[str, ...]
    house: str | None = None
    spent: bool = False

    def enters_ready_played(self, eng, source, controller, card) -> bool:
        if self.spent or not _being_played_by(eng, controller, card) or card.type not in self.types:
            return False
        if self.house is not None and card.house != self.house:
            return False
        self.spent = True
        return True


@dataclass
class NextPlayedEntersReady(Effect):
    """ "The next <Mars> creature [or artifact] you play this turn enters play ready"."""

    types: tuple[str, ...] = ("creature",)
    house: str | None = None

    def resolve(self, ctx: Context) -> bool:
        static = _NextPlayedEntersReady(tuple(self.types), self.house)  # one per resolution: it is used up
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        what = " or ".join(self.types)
        ctx.log(
            f"{ctx.source.name}: the next {self.house.title() + ' ' if self.house else ''}{what} "
            f"{ctx.controller} plays this turn enters play ready"
        )
        return True


@dataclass
class FirstCreaturePlayedEntersReady(EnteringStatic):
    """ "The first creature played each turn enters play ready": the first creature played this
    turn, by whoever plays it (the record of plays, :attr:`engine.core.state.Game.plays`, holds it)."""

    def enters_ready_played(self, eng, source, controller, card) -> bool:
        g = eng.game
        if card.type != "creature":
            return False
        return sum(1 for turn, _, _, kind in g.plays if turn == g.turn and kind == "creature") == 1


# --------------------------------------------------------------------------- fights


@dataclass
class ReadyAndFightAgainstDifferent(Effect):
    """ "Ready and fight with <it> N times, each time against a different enemy creature. Resolve
    these fights one at a time": each time the creature is readied, then fights an enemy creature
    it has not fought in this effect; it stops when the creature has left play or has no such
    creature to attack. A stunned creature's fight removes its stun instead (glossary "Stun"):
    that is one of the times."""

    times: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creature, eng = ctx.ref(self.on), ctx.eng
        fought: list[CardInstance] = []
        done = 0
        for n in range(self.times):
            if creature is None or creature.zone != "battleline" or creature.controller != ctx.controller:
                break
            creature.exhausted = False
            ctx.log(f"{ctx.source.name}: {creature.label} is readied to fight ({n + 1} of {self.times})")
            target = None
            if not creature.stunned:
                options = [c for c in eng.fight_targets(creature) if c not in fought]
                if not options:
                    ctx.log(f"{creature.label} has no different enemy creature to fight")
                    break
                target = eng.chooser.choose(
                    f"{ctx.source.name}: {creature.label} fights", options, label=card_label(options)
                )
            try:
                eng.use(creature, "fight", target=target, ignore_house=True, imposed=True)
            except IllegalAction as exc:
                ctx.log(f"{creature.label} cannot fight: {exc}")
                break
            if target is not None:
                fought.append(target)
            done += 1
            eng.check_state()
        return done == self.times


# --------------------------------------------------------------------------- doom counters


def doom_counters(game) -> list[LastingEffect]:
    return [e for e in game.lasting if e.kind == DOOM and e.params["target"].in_play]


def has_doom(ctx: Context, card: CardInstance) -> bool:
    return any(e.params["target"] is card for e in doom_counters(ctx.game))


def doom_in_play(ctx: Context) -> bool:
    return bool(doom_counters(ctx.game))


@dataclass
class PutDoomCounter(Effect):
    """ "Put a doom counter on <it>"; it stays until the creature leaves play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        for c in cards:
            ctx.game.lasting.append(LastingEffect(DOOM, ctx.source.name, ctx.controller, {"target": c}, until_leaves=c))
            ctx.log(f"{ctx.source.name}: a doom counter is put on {c.label}")
        return bool(cards)


# --------------------------------------------------------------------------- playing from archives


def playable(ctx: Context, card: CardInstance) -> bool:
    """Whether ``card`` may be played now by a card effect (its own restrictions)."""
    try:
        ctx.eng.check_playable(card)
    except IllegalAction:
        return False
    return True


@dataclass
class PlayAsIfFromHand(Effect):
    """ "Play <it> as if it were in your hand and in the active house": the house restriction does
    not apply; the card's own restrictions do (:meth:`engine.rules.play.PlayRules.play_from`)."""

    on: str = "it"
    zone: str = "archives"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == self.zone]
        return bool(cards) and all(ctx.eng.play_from(c, self.zone) for c in cards)
