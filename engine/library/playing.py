"""Playing cards: the restrictions on playing ("you cannot play creatures", "your opponent cannot
play more than 2 cards each turn") and the record they read (:attr:`engine.core.state.Game.plays`),
playing a card from somewhere other than a hand (the top of a deck, beneath Masterplan, a discard
pile, the opponent's archives or deck, an archived card "as if it were in your hand"), putting a
card from a hand into play, and cards entering play ready ("the next <card> you play this turn
enters play ready", "the first creature played each turn enters play ready").

Playing from elsewhere goes through :meth:`engine.rules.play.PlayRules.play_from`: house and First
Turn restrictions do not apply, the card's own restrictions do, and a card that cannot be played
stays where it was. Restrictions answer the engine's play-restriction hook
(:meth:`engine.rules.statics.Static.forbids_play`); "enters play ready" for a card being played is
:meth:`engine.rules.entering.EnteringStatic.enters_ready_played`. Permissions to play cards "this
turn" are lasting effects (:mod:`engine.library.lasting`); a card played as a copy of another
("treat it as a copy of", Mimicry) is :mod:`engine.rules.copies`. A new effect or restriction about
playing goes here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import IllegalAction
from engine.core.registry import template
from engine.core.state import CardInstance, LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.entering import EnteringStatic
from engine.rules.houses import belongs_to
from engine.rules.references import card_label
from engine.rules.statics import Static


def plays_this_turn(game, player: str, house: str | None = None, kind: str | None = None) -> int:
    """How many cards ``player`` has played this turn (of ``house`` / of type ``kind``)."""
    return sum(
        1
        for turn, who, h, t in game.plays
        if turn == game.turn and who == player and (house is None or h == house) and (kind is None or t == kind)
    )


def played_on_previous_turn(game, player: str, kind: str | None = None) -> int:
    """How many cards (of type ``kind``) ``player`` played on their previous turn: the latest
    earlier turn of theirs that the record shows, else the turn before this one."""
    theirs = [turn for turn, who, _, _ in game.plays if who == player and turn < game.turn]
    turn = game.turn - 1 if not theirs else max(theirs)
    return sum(1 for t, who, _, k in game.plays if t == turn and who == player and (kind is None or k == kind))


@dataclass
class CannotPlay(Static):
    """ "<You / your opponent> cannot play <creatures / action cards / cards>": ``who`` is the
    player relative to the ability's controller; ``kind`` a card type, or None for any card;
    ``house``: only cards of that house ("action cards of that house"), or with ``other_houses``
    only cards not of it ("cards of other houses")."""

    kind: str | None = None
    who: str = "self"
    house: str | None = None
    other_houses: bool = False

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        player = controller if self.who == "self" else g.other(controller)
        if g.active != player or (self.kind is not None and card.type != self.kind):
            return None
        if self.house is not None and belongs_to(eng, card, self.house) == self.other_houses:
            return None
        what = f"{self.kind} cards" if self.kind else "cards"
        if self.house is not None:
            what += f" of {'houses other than ' if self.other_houses else 'house '}{self.house}"
        return f"{player} cannot play {what} ({source.name if source else 'a lasting effect'})"


@template(kind="static")
@dataclass
class CannotPlayOnFlank(Static):
    """ "Your opponent cannot play creatures on their right flank" (``who`` relative to the
    ability's controller): a creature they play goes on the other flank (or, deployed, anywhere
    but that end); into an empty battleline not at all, as a lone creature is on both flanks (16.0
    glossary "Flank": "If a battleline only has one creature in it, that creature is on both the
    left and right flank")."""

    side: str = "right"
    who: str = "opponent"

    def _player(self, eng, controller) -> str:
        return controller if self.who == "self" else eng.game.other(controller)

    def forbidden_flank(self, eng, source, controller, player: str) -> str | None:
        return self.side if player == self._player(eng, controller) else None

    def forbids_play(self, eng, source, controller, card) -> str | None:
        player = self._player(eng, controller)
        if card.type == "creature" and eng.game.active == player and not eng.game.players[player].creatures:
            return (
                f"{player} cannot play creatures on their {self.side} flank ({source.name}): a lone creature is on both"
            )
        return None


@template(kind="condition", value=True)
def never(ctx: Context) -> bool:
    """ "You cannot play <this card>": a play restriction never met."""
    return False


@template(kind="static")
@dataclass
class PlaysAtMostOfEachType(Static):
    """ "<You / your opponent> cannot play more than N card(s) of each card type each turn": ``who``
    relative to the ability's controller; the plays of the turn counted by the type played
    (``each_type`` False: all plays counted, "you cannot play more than 4 cards this turn
    (including this one)", the card with the ability among them once played)."""

    limit: int
    who: str = "self"
    each_type: bool = True

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        player = controller if self.who == "self" else g.other(controller)
        kind = card.type if self.each_type else None
        if g.active == player and plays_this_turn(g, player, kind=kind) >= self.limit:
            what = f"{card.type} card(s)" if self.each_type else "cards"
            return f"{player} cannot play more than {self.limit} {what} this turn ({source.name})"
        return None


@dataclass
class OpponentPlaysAtMost(Static):
    """ "Your opponent cannot play more than N cards each turn"."""

    limit: int

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        if g.active != controller and plays_this_turn(g, g.active) >= self.limit:
            return f"{g.active} cannot play more than {self.limit} cards this turn ({source.name})"
        return None


def playable(ctx: Context, card: CardInstance) -> bool:
    """Whether ``card`` may be played now by a card effect (its own restrictions)."""
    try:
        ctx.eng.check_playable(card)
    except IllegalAction:
        return False
    return True


@template()
@dataclass
class PlayIt(Effect):
    """ "Play it": the card an earlier effect named, from where it is (not from hand: house
    restrictions do not apply, the card's own do: :meth:`engine.rules.play.PlayRules.play_from`).
    ``anywhere``: "play <a creature> ... anywhere in your battleline", placed as deploy places it;
    ``stunned``: "Play a Saurian creature. That creature enters play stunned." (as it enters, before
    its "Play:" ability: :func:`engine.rules.entering.enters`)."""

    on: str
    anywhere: bool = False
    stunned: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone in ("deck", "discard", "archives", "hand", "beneath")]
        played = False
        for card in cards:
            if card.zone not in ("deck", "discard", "archives", "hand", "beneath"):
                continue  # one played before it took it away ("play them one at a time")
            where = "the top of the deck" if card.zone == "deck" else f"the {card.zone}"
            if self.anywhere:
                card.memory["played_anywhere"] = True
            if self.stunned:
                card.memory["enters_stunned"] = True
            played = ctx.eng.play_from(card, where) or played
            card.memory.pop("played_anywhere", None)  # not played (or played): it applies to this play only
            card.memory.pop("enters_stunned", None)
        return played


@template()
@dataclass
class PlayTopOfDeck(Effect):
    """ "Play the top card of your deck" (Wild Wormhole); "that card" after it is the card played
    ("That card's house becomes your active house")."""

    def resolve(self, ctx: Context) -> bool:
        deck = ctx.me.zone("deck")
        ctx.chosen["it"] = deck[:1]
        if not deck:
            ctx.log(f"{ctx.source.name}: {ctx.controller}'s deck is empty, nothing to play")
            return False
        return ctx.eng.play_from(deck[0], "the top of the deck")


@dataclass
class PutBeneath(Effect):
    """ "Put a card from your hand facedown beneath <this card>" (Masterplan)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        if not cards or not ctx.source.in_play:
            return False
        for card in cards:
            ctx.game.take(card)
            card.zone = "beneath"
            ctx.source.beneath.append(card)
            ctx.log(f"{ctx.controller} puts a card facedown beneath {ctx.source.label}")
        return True


@dataclass
class PlayBeneath(Effect):
    """ "Play the card beneath <this card>" (Masterplan's "Omni:")."""

    def resolve(self, ctx: Context) -> bool:
        under = list(ctx.source.beneath)
        if not under:
            ctx.log(f"{ctx.source.label}: no card beneath it to play")
            return False
        card = ctx.eng.chooser.choose(f"{ctx.source.name}: play which card beneath it", under, label=card_label(under))
        return ctx.eng.play_from(card, f"beneath {ctx.source.label}")


@dataclass
class PlayFromDiscard(Effect):
    """ "Play a creature from your discard pile": the chosen card, played as a card effect tells."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "discard"]
        return bool(cards) and all(ctx.eng.play_from(c, "discard") for c in cards)


@dataclass
class PlayUpgradeOn(Effect):
    """ "Play an upgrade from your discard pile on <this creature>": the chosen upgrade, played from
    where it is (as a card effect tells: no house restriction), attached to the creature ``host``
    names; with that creature gone from play, it cannot be played on it and stays where it is."""

    on: str = "it"
    host: str = "self"

    def resolve(self, ctx: Context) -> bool:
        host = ctx.ref(self.host)
        cards = [c for c in ctx.refs(self.on) if c.type == "upgrade" and not c.in_play]
        if host is None or host.zone != "battleline" or not cards:
            ctx.log(f"{ctx.source.name}: no upgrade is played (no creature to play it on)")
            return False
        played = False
        for card in cards:
            card.memory["attach_to"] = host
            played = ctx.eng.play_from(card, f"the {card.zone}") or played
            card.memory.pop("attach_to", None)
        return played


@dataclass
class PutIntoPlayFromHand(Effect):
    """ "Put a <creature> from your hand into play": the chosen card, under your control."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        for c in cards:
            ctx.eng.put_into_play(c, ctx.controller)
        return bool(cards) and all(c.in_play for c in cards)


@dataclass
class PlayAsIfFromHand(Effect):
    """ "Play <it> as if it were in your hand and in the active house": the house restriction does
    not apply; the card's own restrictions do (:meth:`engine.rules.play.PlayRules.play_from`)."""

    on: str = "it"
    zone: str = "archives"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == self.zone]
        return bool(cards) and all(ctx.eng.play_from(c, self.zone) for c in cards)


@dataclass
class PlayOpponentsCard(Effect):
    """ "Play <a random card in your opponent's archives / the top card of your opponent's deck>
    as if it were yours": played from there by the active player (a card that cannot be played
    stays where it is)."""

    where: str = "deck"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.opponent.zone(self.where)
        if not cards:
            return False
        card = ctx.game.rng.choice(cards) if self.where == "archives" else cards[0]
        ctx.log(
            f"{ctx.source.name}: {card.label} from {ctx.opponent_name}'s {self.where} is played as if it were "
            f"{ctx.controller}'s"
        )
        return ctx.eng.play_from(card, f"{ctx.opponent_name}'s {self.where}")


def _being_played_by(eng, controller: str, card: CardInstance) -> bool:
    return eng.game.active == controller


@dataclass
class _NextPlayedEntersReady(EnteringStatic):
    """The lasting effect :class:`NextPlayedEntersReady` starts; used up by the first card that
    fits, whether or not something else already makes it enter ready."""

    types: tuple[str, ...]
    house: str | None = None
    spent: bool = False
    gains: dict = field(default_factory=dict)
    #: the card that used it up, which gains ``gains`` for the rest of the turn
    card: CardInstance | None = None

    def enters_ready_played(self, eng, source, controller, card) -> bool:
        if self.spent or not _being_played_by(eng, controller, card) or card.type not in self.types:
            return False
        if self.house is not None and card.house != self.house:
            return False
        self.spent, self.card = True, card
        return True

    def abilities(self, eng, source, controller, creature) -> dict[str, list]:
        return self.gains if self.gains and creature is self.card else {}


@dataclass
class NextPlayedEntersReady(Effect):
    """ "The next <Mars> creature [or artifact] you play this turn enters play ready"; ``gains``: "Until
    the end of your turn it gains, "After Fight: ..."" (trigger -> effects), that card's for the turn."""

    types: tuple[str, ...] = ("creature",)
    house: str | None = None
    gains: dict = field(default_factory=dict)

    def resolve(self, ctx: Context) -> bool:
        # one per resolution: it is used up
        static = _NextPlayedEntersReady(tuple(self.types), self.house, gains=self.gains)
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        what = " or ".join(self.types)
        ctx.log(
            f"{ctx.source.name}: the next {self.house.title() + ' ' if self.house else ''}{what} "
            f"{ctx.controller} plays this turn enters play ready"
        )
        return True


@template(kind="static")
@dataclass
class FirstCreaturePlayedEntersReady(EnteringStatic):
    """ "The first creature played each turn enters play ready": the first creature played this
    turn, by whoever plays it (the record of plays, :attr:`engine.core.state.Game.plays`, holds it);
    ``by_you``: "the first creature you play each turn", the first the ability's controller plays
    (a creature their opponent plays first does not use it up)."""

    by_you: bool = False

    def enters_ready_played(self, eng, source, controller, card) -> bool:
        g = eng.game
        if card.type != "creature" or (self.by_you and g.active != controller):
            return False
        return (
            sum(
                1
                for turn, who, _, kind in g.plays
                if turn == g.turn and kind == "creature" and (not self.by_you or who == controller)
            )
            == 1
        )


@dataclass
class OpponentsActionPlayEffectReplaced(Static):
    """ "When your opponent plays an action card, instead of resolving its play effect, <effects>":
    the effects resolve for this card's controller in place of that card's "Play:" ability (its
    bonus icons are no play effect: they resolve as ever)."""

    effects: list

    def replaces_play_effect(self, eng, source, controller, card) -> list | None:
        return self.effects if card.type == "action" and eng.game.active != controller else None
