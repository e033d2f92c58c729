"""Dark Tidings (DT): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    AgainWhileDone,
    belongs_to,
    Choose,
    chosen_house,
    ChooseHouse,
    DestroyAllButOnePerPower,
    Draw,
    If,
    Reveal,
    tide_high,
    TopOfDeck,
    UseCreature,
)
from engine.cards import card

# "Play: Choose a creature of each power value. Destroy each creature not chosen."
card("Selective Preservation", play=[DestroyAllButOnePerPower()])


def _neighbor_not_used(ctx, creature) -> bool:
    near = ctx.game.neighbors(ctx.source) if ctx.source.zone == "battleline" else []
    return creature in near and creature not in ctx.chosen.get("used", [])


def _use_neighbors() -> list:
    """ "Use 1 of SELF's neighbors. If the tide is high, also use SELF's other neighbor." """
    return [
        Choose("creature", "any", name="used", where=_neighbor_not_used),
        UseCreature("use", "used"),
        If(tide_high, [Choose("creature", "any", name="other", where=_neighbor_not_used), UseCreature("use", "other")]),
    ]


card("Prof. Emeritus Kering", play=_use_neighbors(), fight=_use_neighbors(), reap=_use_neighbors())


def _revealed_of_chosen_house(ctx) -> bool:
    revealed = ctx.ref("revealed")
    return revealed is not None and belongs_to(ctx.eng, revealed, chosen_house(ctx.source))


# "Play: Choose a house. Reveal the top card of your deck. If that card belongs to the chosen house,
# draw it and trigger this effect again." (the effect triggered again is the one after the choice:
# the house stays the one chosen)
card(
    "Make It So",
    play=[
        ChooseHouse(),
        AgainWhileDone([TopOfDeck("revealed"), Reveal("revealed"), If(_revealed_of_chosen_house, [Draw(1)])]),
    ],
)
