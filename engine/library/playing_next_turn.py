"""What your opponent cannot play during their next turn, read from what the ability chose or named
before: "Choose a house. Your opponent cannot play action cards of that house during their next
turn", "Choose a house on your opponent's identity card. During their next turn, they cannot play
cards of other houses", "Discard a random card from your hand. During your opponent's next turn,
they cannot play cards of the discarded card's type"; and, read against a creature in play as a
card is played, "your opponent cannot play creatures more powerful than this creature".

Why a module of its own: the restriction itself is :class:`engine.library.playing.CannotPlay` (with
its house and type), and the turn window :class:`engine.library.lasting.DuringOpponentsNextTurn`;
what this adds is reading the house or the type when the ability resolves (the chosen house kept
by :mod:`engine.library.houses`, the card a reference names), so that it stays fixed for that turn
whatever happens to the card after. A new restriction of that kind goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.houses import chosen_house
from engine.library.lasting import DuringOpponentsNextTurn
from engine.library.playing import CannotPlay
from engine.rules.ability import Context, Effect
from engine.rules.statics import Static


@template()
@dataclass
class OpponentCannotPlayNextTurnOf(Effect):
    """ "Your opponent cannot play <kind> cards of that house during their next turn" (``house``
    "chosen"; ``other_houses``: "cards of other houses"), "... cannot play cards of the discarded
    card's type" (``type_of``: the reference naming that card)."""

    kind: str | None = None
    house: str | None = None
    other_houses: bool = False
    type_of: str | None = None

    def resolve(self, ctx: Context) -> bool:
        kind, house = self.kind, None
        if self.house == "chosen":
            house = chosen_house(ctx.source)
            if house is None:
                ctx.log(f"{ctx.source.name}: no house chosen, no restriction")
                return False
        if self.type_of is not None:
            card = ctx.ref(self.type_of)
            if card is None:
                ctx.log(f"{ctx.source.name}: no card named, no restriction")
                return False
            kind = card.type
        static = CannotPlay(kind, who="opponent", house=house, other_houses=self.other_houses)
        return DuringOpponentsNextTurn(static).resolve(ctx)


@template(kind="static")
@dataclass
class OpponentCannotPlayMorePowerful(Static):
    """ "Your opponent cannot play creatures more powerful than <this creature>": a creature card in
    hand by its printed power, against the power of the creature with the ability now."""

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        if g.active == controller or card.type != "creature" or source is None or source.zone != "battleline":
            return None
        if (card.printed.power or 0) > eng.power(source):
            return f"{g.active} cannot play creatures more powerful than {source.label} ({eng.power(source)})"
        return None
