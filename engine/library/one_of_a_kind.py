"""Effects and constant abilities for card texts no compiler template covers: a mechanic printed on
one card only ("each player with 6 Æmber or more is reduced to 5", "swap your deck and your discard
pile", "can only fight stunned creatures"), written as a small general effect so a later card with
the same words can reuse it. Each returns whether it fully resolved, as :mod:`engine.library.effect` says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.library.zones import shuffle_deck
from engine.rules.statics import Applies, itself, Static
from engine.rules.references import candidates, card_label
from engine.rules.forging import keys_forged_on
from engine.rules.replacements import add_to_pool
from engine.rules.replacements import capture
from engine.rules.replacements import steal

# ------------------------------------------------------------------------------ Æmber


@dataclass
class ReduceAmberTo(Effect):
    """ "Each player with N+1 Æmber or more is reduced to N": both players' pools are capped."""

    limit: int

    def resolve(self, ctx: Context) -> bool:
        for name, pool in ctx.game.players.items():
            if pool.amber > self.limit:
                ctx.log(f"{ctx.source.name}: {name} is reduced from {pool.amber} to {self.limit} Æmber")
                pool.amber = self.limit
        return True


@dataclass
class EachPlayerLosesHalf(Effect):
    """ "Each player loses half their Æmber (rounding down the loss)"."""

    def resolve(self, ctx: Context) -> bool:
        for name, pool in ctx.game.players.items():
            lost = pool.amber // 2
            pool.amber -= lost
            ctx.log(f"{ctx.source.name}: {name} loses {lost} Æmber ({pool.amber})")
        return True


@dataclass
class StealAllBut(Effect):
    """ "Steal all but N of your opponent's Æmber" (a steal: replacement effects apply)."""

    keep: int

    def resolve(self, ctx: Context) -> bool:
        amount = ctx.opponent.amber - self.keep
        if amount <= 0:
            ctx.log(f"{ctx.source.name}: {ctx.opponent_name} has {ctx.opponent.amber} Æmber: nothing to steal")
            return False

        taken, stolen = steal(ctx.eng, ctx.controller, amount, ctx.source.name)
        return stolen and taken == amount


@dataclass
class LoseAllThenOpponentLosesTimes(Effect):
    """ "Lose all your Æmber. Then, your opponent loses <factor> times the amount you lost"."""

    factor: int

    def resolve(self, ctx: Context) -> bool:
        lost = ctx.me.amber
        ctx.me.amber = 0
        theirs = min(ctx.opponent.amber, lost * self.factor)
        ctx.opponent.amber -= theirs
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} loses {lost} Æmber; {ctx.opponent_name} loses {theirs} "
            f"({ctx.opponent.amber})"
        )
        return True


@dataclass
class EachUndamagedCaptures(Effect):
    """ "Each undamaged creature captures N Æmber from its opponent": one capture per creature, in
    the order the active player chooses (it matters when a pool runs out)."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        pending = [c for c in ctx.game.creatures() if c.damage == 0]
        while pending:
            label = card_label(pending)
            nxt = (
                pending[0]
                if len(pending) == 1
                else ctx.eng.chooser.choose(
                    f"{ctx.game.active}: which undamaged creature captures next ({ctx.source.name})",
                    pending,
                    label=label,
                )
            )
            pending.remove(nxt)
            if nxt.zone == "battleline":
                capture(ctx.eng, nxt, self.amount, ctx.game.other(nxt.controller), ctx.source.name)
        return True


@dataclass
class DamageByAmberThenTake(Effect):
    """ "Deal 1 damage to each <enemy creature> for each Æmber on it. Return all Æmber from those
    creatures to your pool": the damage is one simultaneous instance; the Æmber still on each of
    those creatures then goes to the controller's pool."""

    side: str = "enemy"

    def resolve(self, ctx: Context) -> bool:
        hit = [c for c in candidates(ctx, "creature", self.side) if c.amber]
        for c in hit:
            ctx.eng.deal_damage(c, c.amber, ctx.source.label, check=False, dealer=ctx.source)

        for c in hit:
            taken, c.amber = c.amber, 0
            add_to_pool(ctx.eng, ctx.controller, taken, f"returned from {c.label} by {ctx.source.name}", card=c)
        ctx.eng.check_state()
        return bool(hit)


# ------------------------------------------------------------------------------ cards and zones


@dataclass
class Unstun(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play and c.stunned]
        for c in cards:
            c.stunned = False
            ctx.log(f"{c.label} is unstunned")
        return bool(cards)


@dataclass
class SwapDeckAndDiscard(Effect):
    """ "Swap your deck and your discard pile. Then, shuffle your deck"."""

    def resolve(self, ctx: Context) -> bool:
        p = ctx.me
        p.zones["deck"], p.zones["discard"] = p.zones["discard"], p.zones["deck"]
        for zone in ("deck", "discard"):
            for c in p.zones[zone]:
                c.zone = zone
        shuffle_deck(ctx.game, ctx.controller)
        ctx.log(f"{ctx.source.name}: {ctx.controller} swaps their deck ({len(p.zone('deck'))} cards) and discard pile")
        return True


@dataclass
class ShuffleZonesIntoDeck(Effect):
    """ "Shuffle your hand and discard pile into your deck"."""

    zones: tuple[str, ...] = ("hand", "discard")

    def resolve(self, ctx: Context) -> bool:
        moved = 0
        for zone in self.zones:
            for c in list(ctx.me.zone(zone)):
                ctx.game.move(c, "deck", ctx.controller)
                moved += 1
        shuffle_deck(ctx.game, ctx.controller)
        ctx.log(f"{ctx.source.name}: {ctx.controller} shuffles {moved} card(s) into their deck")
        return True


@dataclass
class NameEachIn(Effect):
    """Name every card in ``zone`` on ``side`` that ``where`` admits ("each Horseman creature from
    your discard pile"), as ``name``."""

    zone: str
    side: str = "friendly"
    where: Callable | None = None
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        found = [c for c in candidates(ctx, self.zone, self.side) if self.where is None or self.where(ctx, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class SearchDeckAndDiscard(Effect):
    """ "Search your deck and discard pile for a <card>, reveal it, and put it into your hand":
    one card (the controller chooses among the matching ones), or with ``each`` every matching
    card ("put each Ancient Bear from them into your hand"), named ``name``. The searched deck is
    shuffled."""

    where: Callable
    name: str = "it"
    each: bool = False

    def resolve(self, ctx: Context) -> bool:
        found = [c for zone in ("deck", "discard") for c in ctx.me.zone(zone) if self.where(ctx, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = []
        if not found:
            ctx.log(f"{ctx.source.name}: {ctx.controller} searches and finds nothing")
            shuffle_deck(ctx.game, ctx.controller)
            return False
        picks = (
            found
            if self.each
            else [
                ctx.eng.chooser.choose(
                    f"{ctx.controller}: which card to put into your hand ({ctx.source.name})",
                    found,
                    label=card_label(found),
                )
            ]
        )
        for pick in picks:
            ctx.log(f"{ctx.controller} reveals {pick.label}")
            ctx.game.move(pick, "hand")
        shuffle_deck(ctx.game, ctx.controller)
        ctx.chosen[self.name] = ctx.chosen["it"] = picks
        return True


# ------------------------------------------------------------------------------ choosing


@dataclass
class ChooseLeastPowerful(Effect):
    """ "The least powerful creature": the controller chooses among those tied for lowest power."""

    name: str = "it"
    side: str = "any"

    def resolve(self, ctx: Context) -> bool:
        pool = candidates(ctx, "creature", self.side)
        ctx.chosen[self.name] = ctx.chosen["it"] = []
        if not pool:
            return False
        low = min(ctx.eng.power(c) for c in pool)
        tied = [c for c in pool if ctx.eng.power(c) == low]
        pick = (
            tied[0]
            if len(tied) == 1
            else ctx.eng.chooser.choose(
                f"{ctx.source.name}: choose a least powerful creature ({low} power)", tied, label=card_label(tied)
            )
        )
        ctx.chosen[self.name] = ctx.chosen["it"] = [pick]
        return True


@dataclass
class DestroyEachWithChosenPower(Effect):
    """ "Choose a number. Destroy each creature with power equal to that number": the numbers worth
    naming are the powers of the creatures in play (any other number destroys nothing, so it is
    offered as "another number")."""

    def resolve(self, ctx: Context) -> bool:
        powers = sorted({ctx.eng.power(c) for c in ctx.game.creatures()})
        if not powers:
            ctx.log(f"{ctx.source.name}: no creature in play")
            return False
        other = "another number"
        n = ctx.eng.chooser.choose(
            f"{ctx.game.active}: choose a number ({ctx.source.name})", [*powers, other], label=str
        )
        if n == other:
            ctx.log(f"{ctx.source.name}: no creature has the chosen power")
            return False
        doomed = [c for c in ctx.game.creatures() if ctx.eng.power(c) == n]
        ctx.eng.destroy(doomed)
        return True


@dataclass
class ExceptRef(Effect):
    """Name every card ``group`` names except those ``keep`` names ("each enemy creature except the
    most powerful enemy creature"), as ``name``."""

    group: str
    keep: str
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        kept = ctx.refs(self.keep)
        ctx.chosen[self.name] = [c for c in ctx.refs(self.group) if c not in kept]
        return bool(ctx.chosen[self.name])


def not_among(ref: str):
    """A filter: cards an earlier effect did not name ("a different creature")."""

    def where(ctx: Context, card) -> bool:
        return card not in ctx.chosen.get(ref, [])

    return where


@dataclass
class Confirm(Effect):
    """An optional step with no effect of its own ("you may repeat this effect"): fully resolved
    when the deciding player says yes."""

    question: str

    def resolve(self, ctx: Context) -> bool:
        return ctx.eng.chooser.may(f"{ctx.eng.decider(ctx)}: {self.question}")


# ------------------------------------------------------------------------------ constant abilities


@dataclass
class OnlyFightsStunned(Static):
    """ "<This creature> can only fight stunned creatures"."""

    applies: Applies = itself

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if self.applies(eng, source, controller, attacker) and not target.stunned:
            return f"{attacker.label} can only fight stunned creatures ({source.name})"
        return None


@dataclass
class CannotUseAnyCard(Static):
    """ "<Player> cannot use any cards": every use by the player ``applies`` admits is refused."""

    applies: Applies

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        if self.applies(eng, source, controller, card):
            return f"{card.label} cannot be used ({source.name})"
        return None


@dataclass
class KeysCostWhile(Static):
    """ "While <condition>, each key costs N" (Titan Mechanic: while it is on a flank)."""

    amount: int
    condition: Callable

    def key_cost(self, eng, source, controller, player) -> int:
        return self.amount if self.condition(eng, source) else 0


def source_on_flank(eng, source) -> bool:
    return source.zone == "battleline" and eng.is_flank(source)


def host_on_flank(eng, source, controller, creature) -> bool:
    """An upgrade's "while this creature is on a flank": the creature it is attached to."""
    return source.attached_to is creature and creature.zone == "battleline" and eng.is_flank(creature)


def creature_entered_play(ctx: Context) -> bool:
    """ "After a creature enters play" (any creature, friendly or enemy)."""
    card = ctx.event.get("card")
    return card is not None and card.type == "creature" and card.zone == "battleline"


def creatures_used_this_turn(ctx: Context) -> int:
    """ "If you used N or more creatures this turn": the uses of creatures this turn (a creature
    used twice is used twice)."""
    return sum(1 for c in ctx.game.used_this_turn if c.type == "creature" and c.controller == ctx.controller)


def first_use_this_turn(ctx: Context) -> bool:
    """ "If this is the first time this creature was used this turn"."""
    return ctx.game.used_this_turn.count(ctx.source) == 1


def you_forged_this_turn(ctx: Context) -> bool:
    return keys_forged_on(ctx.game, ctx.controller, ctx.game.turn) > 0


@dataclass
class OwnerDiscardsRandom(Effect):
    """ "If it is not destroyed, its owner discards a random card from their hand": only while the
    card ``on`` names is still in play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            ctx.log(f"{ctx.source.name}: the creature is no longer in play: nothing is discarded")
            return False
        hand = ctx.game.players[card.owner].zone("hand")
        if not hand:
            ctx.log(f"{ctx.source.name}: no card in {card.owner}'s hand to discard")
            return False
        picked = ctx.game.rng.choice(hand)
        ctx.eng.put_away(picked, "discard")
        ctx.eng.emit("discarded", card=picked, player=card.owner, house=picked.house)
        return True
