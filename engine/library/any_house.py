"""Playing cards of any house for the remainder of the turn: "you may play cards from any house",
"you may play cards from any house for which you have a card in play" (each card played so is
played as if it belonged to the active house: no permission is used up and the First Turn Rule is
unchanged, as :class:`engine.rules.hooks.PlaysAsActiveHouse`), and the limits those cards print
beside it ("You cannot play more than 4 cards this turn (including this one)", "you cannot use
cards this turn", "for the remainder of the turn, you cannot play creatures").

Why a module of its own: the house a card is played from is the general rules' (16.0 "Step 3":
"The active player cannot play, use, or discard cards that aren't of the active house unless
specified by a card ability"), and these are the abilities that lift it for every house at once,
by the houses the player has in play. A new ability of that kind goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.houses import houses_among
from engine.library.lasting import ForTheTurn
from engine.library.playing import CannotPlay, PlaysAtMostOfEachType
from engine.library.using import CannotUseAnyCard
from engine.rules.statics import friendly, Static


@template(kind="static")
@dataclass
class PlaysFromAnyHouse(Static):
    """ "You may play cards from any house" (``in_play``: "... for which you have a card in play":
    a house one of the cards the player controls in play belongs to, asked as the card is played)."""

    in_play: bool = False

    def plays_as_active_house(self, eng, source, controller, card) -> bool:
        if eng.game.active != controller:
            return False
        if not self.in_play:
            return True
        mine = [c for c in eng.game.in_play() if c.controller == controller]
        return bool(houses_among(eng, [card]) & houses_among(eng, mine))


@template("PlaysAtMostThisTurn")
def plays_at_most_this_turn(limit: int) -> ForTheTurn:
    """ "You cannot play more than N cards this turn (including this one)"."""
    return ForTheTurn(static=PlaysAtMostOfEachType(limit, each_type=False))


@template("YouCannotPlay", kind="static")
def you_cannot_play(kind: str | None = None) -> CannotPlay:
    """ "You cannot play <creatures / cards>" (for the remainder of the turn)."""
    return CannotPlay(kind)


@template("YouCannotUseCards", kind="static")
def you_cannot_use_cards() -> CannotUseAnyCard:
    """ "You cannot use cards" (for the remainder of the turn): the cards the player controls."""
    return CannotUseAnyCard(friendly)


@template(kind="static")
@dataclass
class CannotPlayUseOrDiscard(Static):
    """ "You cannot play, use, or discard cards" (for the remainder of the turn): none of the three
    step 3 actions (16.0 "Step 3") by the ability's controller."""

    def forbids_play(self, eng, source, controller, card) -> str | None:
        return f"{controller} cannot play cards ({source.name})" if eng.game.active == controller else None

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        return f"{controller} cannot use cards ({source.name})" if card.controller == controller else None

    def forbids_discard(self, eng, source, controller, card) -> str | None:
        return f"{controller} cannot discard cards ({source.name})" if eng.game.active == controller else None
