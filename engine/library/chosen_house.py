"""Effects the card-text compiler (:mod:`engine.compile`) builds for "choose a house" and what the
rest of the ability says about "that house", and for cards out of play: revealing them ("reveal the
top card of your deck", "reveal any number of <house> cards from your hand"), looking at a hand,
naming cards in a hand or discard pile by a noun phrase, playing or discarding them.

"Choose a house" is a decision of the player resolving the ability, among the houses a "choose a
house" effect offers (:func:`engine.library.zones.houses_in_game`). The house is kept in the card's
``memory`` so that the tests of a noun phrase ("each creature of that house"), which see the card
with the ability but not the resolution, can read it; a lasting effect started by the same ability
("during your opponent's next turn, creatures of the chosen house cannot ...") keeps reading the
house chosen last, which is the one it was started with unless the card chooses again.

Kept apart from :mod:`engine.library.groups` (one module, one job: houses and cards out of play).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.rules.ability import Context, Effect
from engine.rules.houses import belongs_to
from engine.core.state import LastingEffect
from engine.rules.statics import Static
from engine.core.registry import template
from engine.library.groups import _discard
from engine.library.this_way import _record
from engine.library.this_way import done_this_way
from engine.rules.houses import houses_in_game
from engine.rules.next_turns import during_next_turn_of
from engine.rules.statics import CannotChooseHouse
from engine.rules.targets import Choose
from engine.rules.references import candidates

#: the key of a card's ``memory`` holding the house its ability chose last
CHOSEN_HOUSE = "chosen house"


@template()
@dataclass
class ChooseHouse(Effect):
    """ "Choose a house": the player resolving the ability picks one (``choices``); ``identity``:
    "a house on your opponent's identity card", among those three only."""

    identity: str = ""

    def resolve(self, ctx: Context) -> bool:
        houses = sorted(ctx.opponent.houses) if self.identity == "opponent" else houses_in_game(ctx.game)
        if not houses:
            ctx.log(f"{ctx.source.name}: no house to choose")
            return False
        house = ctx.eng.chooser.choose(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: choose a house", houses)
        ctx.source.memory[CHOSEN_HOUSE] = house
        ctx.log(f"{ctx.source.name}: {ctx.eng.decider(ctx)} chooses {house}")
        return True


def chosen_house(source) -> str | None:
    return source.memory.get(CHOSEN_HOUSE) if source is not None else None


def of_chosen_house(eng, source, controller, card) -> bool:
    """A noun phrase's test ("of that house", "of the chosen house")."""
    return belongs_to(eng, card, chosen_house(source))


@template()
@dataclass
class OpponentChosenHouseNextTurn(Effect):
    """ "Your opponent cannot choose that house as their active house on their next turn"
    (``must``: "... must choose that house ...")."""

    must: bool = False

    def resolve(self, ctx: Context) -> bool:
        house = chosen_house(ctx.source)
        if house is None:
            return False

        static = (
            MustChooseHouseFor(house, ctx.opponent_name) if self.must else CannotChooseHouse(house, ctx.opponent_name)
        )
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": static, "card": ctx.source, **during_next_turn_of(ctx.opponent_name)},
            )
        )
        ctx.log(
            f"{ctx.source.name}: {ctx.opponent_name} {'must' if self.must else 'cannot'} choose {house} "
            f"on their next turn"
        )
        return True


@dataclass
class MustChooseHouseFor(Static):
    """ "<player> must choose <house> as their active house"."""

    house: str
    player: str

    def must_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == self.player else None


# ------------------------------------------------------------------------------ reveals


@template()
@dataclass
class TopOfDeck(Effect):
    """ "The top card of your deck": named ``name`` (and "it"); it stays there."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        top = ctx.me.zone("deck")[:1]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(top)
        return bool(top)


@template()
@dataclass
class Reveal(Effect):
    """ "Reveal <cards>": shown to both players (the trace says which); they stay where they are.
    Recorded as revealed this way (engine.library.this_way). ``any_number``: revealing
    none of "any number of" cards is fully resolved."""

    on: str = "it"
    any_number: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        if not cards:
            ctx.log(f"{ctx.source.name}: nothing to reveal")
            return self.any_number
        ctx.log(f"{ctx.controller} reveals {', '.join(c.label for c in cards)}")

        _record(ctx, "revealed", cards)
        return True


@template()
@dataclass
class PlayIt(Effect):
    """ "Play it": the card an earlier effect named, from where it is (not from hand: house
    restrictions do not apply, the card's own do: :meth:`engine.rules.play.PlayRules.play_from`)."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone in ("deck", "discard", "archives", "hand")]
        played = False
        for card in cards:
            where = "the top of the deck" if card.zone == "deck" else f"the {card.zone}"
            played = ctx.eng.play_from(card, where) or played
        return played


@template()
@dataclass
class DiscardCards(Effect):
    """ "Discard <it>": a card named out of play (a revealed top card of a deck) goes to its
    owner's discard pile."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in ctx.refs(self.on):
            if card.zone == "hand":
                _discard(ctx, card)
            elif card.zone in ("deck", "archives"):
                was = card.zone
                ctx.game.move(card, "discard", card.owner)
                ctx.log(f"{card.label} is discarded from {card.owner}'s {was}")
            else:
                continue
            done = True
        return done


@dataclass
class ChooseAnyNumber(Effect):
    """ "Any number of <cards>" (``what`` on ``side`` that ``where`` admits: "from your hand",
    "friendly creatures"): the player picks them one at a time, "done" when finished, named
    ``name`` (none at all is a legal choice: fully resolved either way)."""

    what: str = "creature"
    side: str = "friendly"
    where: object = None  # (ctx, card) -> bool
    name: str = "it"

    @property
    def choose(self):
        """The choice of one card among those offered (its count set when it resolves)."""
        return Choose(self.what, self.side, name=self.name, up_to=True, where=self.where)

    def resolve(self, ctx: Context) -> bool:
        options = self.choose.options(ctx)
        replace(self.choose, count=max(1, len(options))).resolve(ctx)
        return True


@template()
@dataclass
class LookAtHand(Effect):
    """ "Look at your opponent's hand": its cards are shown to the player (the trace lists them);
    nothing moves. Names them (and "it") for what follows ("a Sanctum card in it")."""

    name: str = "hand"

    def resolve(self, ctx: Context) -> bool:
        hand = list(ctx.opponent.zone("hand"))
        ctx.chosen[self.name] = ctx.chosen["it"] = hand
        ctx.log(
            f"{ctx.controller} looks at {ctx.opponent_name}'s hand: " + (", ".join(c.label for c in hand) or "no cards")
        )
        return True


@dataclass
class NameOutOfPlay(Effect):
    """Name every card of ``zone`` ("hand", "discard") on ``side`` that ``test`` admits (``done``:
    only among the cards the ability ``done`` this way, "each creature ... revealed this way")."""

    zone: str
    side: str
    test: object  # (eng, source, controller, card) -> bool
    name: str
    done: str = ""

    def resolve(self, ctx: Context) -> bool:
        pool = done_this_way(ctx, self.done) if self.done else candidates(ctx, self.zone, self.side)
        found = [c for c in pool if self.test(ctx.eng, ctx.source, ctx.controller, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


# ------------------------------------------------------------------------------ permissions


@template()
@dataclass
class MayPlayOrUseOneOfHouse(Effect):
    """ "You may play or use a <house> card this turn": one card of that house, either played
    (a play permission) or used (a use permission, engine.rules.use), whichever comes first; the
    two share one record, so taking one uses up the other."""

    house: str

    def resolve(self, ctx: Context) -> bool:
        shared = {"house": self.house, "max_cards": 1, "cards": [], "except": None}
        ctx.game.lasting.append(LastingEffect("use_permission", ctx.source.name, ctx.controller, shared))
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": _PlayOneOfHouse(self.house, shared), "card": ctx.source},
            )
        )
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play or use one {self.house.title()} card this turn")
        return True


@dataclass(eq=False)
class _PlayOneOfHouse(Static):
    """The play half of :class:`MayPlayOrUseOneOfHouse` (the engine's ``play_permission`` hook)."""

    house: str
    shared: dict

    def play_permission(self, eng, source, controller, card):
        if controller != eng.game.active or card.house != self.house or self.shared["cards"]:
            return None
        return _Taken(self.shared, source.name)


class _Taken:
    """A permission the rules count as used (``used += 1``): the shared record is filled, so
    neither a play nor a use remains."""

    def __init__(self, shared: dict, source: str) -> None:
        #: the name of the card giving the permission (the rules' trace names it)
        self.shared, self.source = shared, source

    @property
    def used(self) -> int:
        return len(self.shared["cards"])

    @used.setter
    def used(self, value: int) -> None:
        self.shared["cards"].append("played")
