"""Houses: the houses a card belongs to ("this creature belongs to all houses", "may be used as if
it belonged to the active house", "while under your control, it belongs to house X", "for the
remainder of the turn it belongs to house X"), choosing a house ("choose a house", "you must choose
<house> as your active house", "your opponent cannot choose that house ... on their next turn"),
and houses remembered or counted ("if those creatures share a house", "if you control creatures
from 3 different houses").

Which house a card belongs to is the general rules' (:mod:`engine.rules.houses`, which asks the
constant abilities here). A house change is an effect on the card
(:attr:`engine.core.state.CardInstance.house_changes`): it applies while that player controls the
card and expires when it leaves play. "Choose a house" is a decision of the player resolving the
ability, among the houses a "choose a house" effect offers
(:func:`engine.rules.houses.houses_in_game`); the house is kept in the card's ``memory`` so that the
tests of a noun phrase ("each creature of that house"), which see the card with the ability but not
the resolution, can read it, and a lasting effect started by the same ability keeps reading the
house chosen last. A new effect about houses goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.leaves_play import IfThisLeavesPlay
from engine.rules.houses import belongs_to, houses_in_game, houses_of
from engine.rules.next_turns import during_next_turn_of
from engine.rules.reactions import Reaction
from engine.rules.common_statics import CannotChooseHouse
from engine.rules.statics import Applies, attached_host, Static, this_card
from engine.rules.turn import identity_houses


@template(kind="static")
@dataclass
class BelongsToAllHouses(Static):
    """ "<This creature> belongs to all houses"."""

    applies: Applies = attached_host

    def belongs_to(self, eng, source, controller, card, house: str) -> bool:
        return self.applies(eng, source, controller, card)


@template(kind="static")
@dataclass
class BelongsToHouseToo(Static):
    """ "<This creature> belongs to house <X> in addition to its other houses"."""

    house: str
    applies: Applies = attached_host

    def belongs_to(self, eng, source, controller, card, house: str) -> bool:
        return house == self.house and self.applies(eng, source, controller, card)


@template(kind="static")
@dataclass
class UsableAsActiveHouse(Static):
    """ "<This creature> may be used as if it belonged to the active house"."""

    applies: Applies = attached_host

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        return self.applies(eng, source, controller, card)


@dataclass
class OfHouseUnlessYours(Effect):
    """ "While under your control, if it does not belong to one of your three houses, it is
    considered to be of house X": an effect on the card, checked as control is taken."""

    house: str
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        mine = identity_houses(ctx.eng, ctx.controller)
        for card in ctx.refs(self.on):
            if card.in_play and card.controller == ctx.controller and card.house not in mine:
                card.house_changes.append({"house": self.house, "while_controller": ctx.controller})
                ctx.log(f"{card.label} is of house {self.house} while {ctx.controller} controls it")
        return True


@dataclass
class BelongsToHouseForTheTurn(Effect):
    """ "For the remainder of the turn it belongs to house X": a house change on the card that
    ends with the turn (or when it leaves play). ``house`` "chosen": the house the ability chose;
    ``in_addition``: "... belongs to the house of your choice in addition to its other houses" (a
    lasting constant ability on the card instead of a change of its house)."""

    house: str
    on: str = "it"
    in_addition: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        house = chosen_house(ctx.source) if self.house == "chosen" else self.house
        if house is None:
            return False
        if self.in_addition:
            for c in cards:
                static = BelongsToHouseToo(house, this_card(c))
                ctx.game.lasting.append(
                    LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
                )
                ctx.log(f"{c.label} also belongs to house {house} for the remainder of the turn")
            return bool(cards)
        for c in cards:
            change = {"house": house, "while_controller": None}
            c.house_changes.append(change)
            ctx.game.lasting.append(
                LastingEffect(
                    "reaction",
                    ctx.source.name,
                    ctx.controller,
                    {"card": ctx.source, "reaction": Reaction("end_of_turn", [_EndHouseChange(c, change)])},
                )
            )
            ctx.log(f"{c.label} belongs to house {house} for the remainder of the turn")
        return bool(cards)


@dataclass
class _EndHouseChange(Effect):
    card: object
    change: dict

    def resolve(self, ctx: Context) -> bool:
        if self.change in self.card.house_changes:
            self.card.house_changes.remove(self.change)
        return True


@dataclass
class BelongsToSourceHouseUntilLeaves(Effect):
    """ "Until <this card> leaves play, that creature belongs to <this card>'s house": a house change
    on the creature (gone if it leaves play first), taken off when this card leaves play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if not cards or not ctx.source.in_play:
            return False
        for c in cards:
            change = {"house": ctx.source.house, "while_controller": None}
            c.house_changes.append(change)
            IfThisLeavesPlay([_EndHouseChange(c, change)]).resolve(ctx)
            ctx.log(f"{c.label} belongs to house {change['house']} until {ctx.source.label} leaves play")
        return True


#: the key of a card's ``memory`` holding the house its ability chose last
CHOSEN_HOUSE = "chosen house"


@template()
@dataclass
class ChooseHouse(Effect):
    """ "Choose a house": the player resolving the ability picks one (``choices``); ``identity``:
    "a house on your opponent's identity card" (``"opponent"``) or "on your identity card"
    (``"you"``), among those three only."""

    identity: str = ""

    def resolve(self, ctx: Context) -> bool:
        identity = {"opponent": ctx.opponent, "you": ctx.me}.get(self.identity)
        houses = sorted(identity.houses) if identity is not None else houses_in_game(ctx.game)
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


@dataclass
class MustChooseHouseFor(Static):
    """ "<player> must choose <house> as their active house"."""

    house: str
    player: str

    def must_choose(self, eng, source, controller, player) -> str | None:
        return self.house if player == self.player else None


@template()
@dataclass
class OpponentChosenHouseNextTurn(Effect):
    """ "Your opponent cannot choose that house as their active house on their next turn"
    (``must``: "... must choose that house ..."). ``of``: the house of the card that reference
    names ("the house of the creature Snag fights", "the house of the discarded card") instead of
    the house chosen. ``who``: whose next turn: "opponent" (of this ability's controller),
    "controller" (of the card ``of`` names: "its controller must choose that creature's house"),
    "event opponent" (the opponent of the player a reaction's event names: "after a player chooses
    an active house, their opponent cannot choose the same house"). ``this_turn``: "... as their
    active house this turn" (a turn whose house is not chosen yet: "at the start of your
    opponent's turn, ...") instead of their next turn."""

    must: bool = False
    of: str | None = None
    who: str = "opponent"
    this_turn: bool = False

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.of) if self.of is not None else None
        house = chosen_house(ctx.source) if self.of is None else card.house if card is not None else None
        player = self._player(ctx, card)
        if house is None or player is None:
            ctx.log(f"{ctx.source.name}: no house or no player, no restriction on the next house choice")
            return False

        static = MustChooseHouseFor(house, player) if self.must else CannotChooseHouse(house, player)
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": static, "card": ctx.source, **({} if self.this_turn else during_next_turn_of(player))},
            )
        )
        when = "this turn" if self.this_turn else "on their next turn"
        ctx.log(f"{ctx.source.name}: {player} {'must' if self.must else 'cannot'} choose {house} {when}")
        return True

    def _player(self, ctx: Context, card) -> str | None:
        if self.who == "controller":
            return card.controller if card is not None and card.in_play else None
        if self.who == "event opponent":
            player = ctx.event.get("player")
            return ctx.game.other(player) if player in ctx.game.players else None
        return ctx.opponent_name


@dataclass
class OpponentCannotChooseAHouse(Effect):
    """ "Choose a house. Your opponent cannot choose that house as their active house until
    <this card> leaves play" (Restringuntus)."""

    def resolve(self, ctx: Context) -> bool:
        if not ctx.source.in_play:
            ctx.log(f"{ctx.source.name} is no longer in play: its restriction ends at once")
            return False
        house = ctx.eng.chooser.choose(f"{ctx.source.name}: choose a house", houses_in_game(ctx.game))
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": CannotChooseHouse(house, ctx.opponent_name), "card": ctx.source},
                until_leaves=ctx.source,
            )
        )
        ctx.log(f"{ctx.source.label}: {ctx.opponent_name} cannot choose {house} until it leaves play")
        return True


@dataclass
class RememberAsInPlay(Effect):
    """Remember the cards ``on`` names as they are now (their houses), for instructions after they
    leave play: "later instructions in the same ability refer to the cards as they were
    immediately prior to leaving play" (glossary "Leaves Play", the Code Monkey example)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        known = ctx.event.setdefault("last_known", {})
        for card in cards:
            known[id(card)] = {"house": card.house}
        return bool(cards)


def last_known_house(ctx: Context, card) -> str:
    return ctx.event.get("last_known", {}).get(id(card), {}).get("house", card.house)


@template(kind="condition")
def share_a_house(ref: str):
    """ "If those creatures share a house": two or more cards, all of one house, as they were
    when remembered (:class:`RememberAsInPlay`)."""

    def condition(ctx: Context) -> bool:
        cards = ctx.refs(ref)
        houses = {last_known_house(ctx, c) for c in cards}
        return len(cards) >= 2 and len(houses) == 1

    condition.__name__ = f"{ref}_share_a_house"
    return condition


def houses_among(eng, cards) -> set[str]:
    """The houses represented among ``cards`` (a card of all houses represents them all)."""
    return {h for c in cards for h in houses_of(eng, c)}


def creatures_from_houses(n: int, who: str = "self") -> Callable[[Context], bool]:
    """ "If <you> control creatures from N different houses"."""

    def condition(ctx: Context) -> bool:
        pool = ctx.me if who == "self" else ctx.opponent
        return len(houses_among(ctx.eng, pool.creatures)) >= n

    return condition


@template()
@dataclass
class ForEachHouse(Effect):
    """ "For each house, deal 5 to a creature of that house": the effects once per house, "that
    house" being it (as a chosen house is, :func:`chosen_house`), the houses in alphabetical order.
    Only the houses represented among creatures in play are gone through: for any other house a
    creature "of that house" cannot be chosen, and nothing happens."""

    effects: list

    def resolve(self, ctx: Context) -> bool:
        kept = ctx.source.memory.get(CHOSEN_HOUSE)
        done = False
        for house in sorted(houses_among(ctx.eng, ctx.game.creatures())):
            ctx.source.memory[CHOSEN_HOUSE] = house
            ctx.log(f"{ctx.source.name}: for house {house}")
            done = resolve_all(self.effects, ctx) or done
        if kept is None:
            ctx.source.memory.pop(CHOSEN_HOUSE, None)
        else:
            ctx.source.memory[CHOSEN_HOUSE] = kept
        return done


@template(kind="condition", value=True)
def flank_creatures_share_house(ctx: Context) -> bool:
    """ "If any flank creature shares a house with another flank creature": two different creatures
    on a flank of either battleline (a lone creature is on both flanks of its own, and is one
    creature) belonging to a house in common."""
    flanks = [c for c in ctx.game.creatures() if ctx.eng.is_flank(c)]
    return any(houses_of(ctx.eng, a) & houses_of(ctx.eng, b) for i, a in enumerate(flanks) for b in flanks[i + 1 :])


@template()
@dataclass
class IfHouseChosenNextTurn(Effect):
    """ "Choose a house. If your opponent chooses that house as their active house on their next
    turn, <then>" (``chosen`` False: "does not choose"): the house named now, compared with the
    active house they choose in their next turn, when they choose it (a lasting reaction for that
    turn: 16.0 "Lasting Effects")."""

    then: list
    chosen: bool = True

    def resolve(self, ctx: Context) -> bool:
        named, opponent = chosen_house(ctx.source), ctx.opponent_name
        if named is None:
            return False

        def when(c: Context) -> bool:
            return c.event.get("player") == opponent and (c.event.get("house") == named) == self.chosen

        params = {"reaction": Reaction("house_chosen", self.then, when=when), "card": ctx.source}
        ctx.game.lasting.append(
            LastingEffect("reaction", ctx.source.name, ctx.controller, {**params, **during_next_turn_of(opponent)})
        )
        ctx.log(f"{ctx.source.name}: waits for the active house {opponent} chooses on their next turn ({named})")
        return True


@template()
@dataclass
class ActiveHouseBecomes(Effect):
    """ "That house becomes the active house" (the house this ability chose), "that card's house
    becomes your active house" (``of``: the house of the card that reference names): the active
    house changes for the rest of the turn, with no "choose a house" step (no house is chosen)."""

    of: str | None = None

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.of) if self.of is not None else None
        house = chosen_house(ctx.source) if self.of is None else card.house if card is not None else None
        if house is None:
            return False
        ctx.game.active_house = house
        ctx.log(f"{ctx.source.name}: {house} becomes the active house")
        return True
