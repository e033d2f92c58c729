"""Tokens of Change (ToC): Shadows cards."""

from __future__ import annotations

from engine.library import (
    CannotBeUsedTo,
    ChooseAnyNumber,
    DestroyIfYouDo,
    done_this_way,
    ForgeAtNoCost,
    If,
    MakeTokens,
    named,
    Purge,
    ThisWay,
)
from engine.cards import card


def _friendly_stooge(eng, source, controller, card) -> bool:
    return card.controller == controller and card.name == "Stooge"


def _six_destroyed_this_way(ctx) -> bool:
    # every card destroyed this way was a friendly Stooge when it was chosen; a token creature
    # leaving play is its printed card again, so the count is of the cards destroyed, not of names
    return len(done_this_way(ctx, "destroyed")) >= 6


# "Each friendly Stooge cannot reap. Action: Make a Stooge. Destroy any number of friendly Stooges.
# If 6 or more Stooges are destroyed this way, forge a key at no cost and purge The Long Con.": by
# hand for its last sentence, printed by this card alone (the Stooges destroyed are counted as they
# were in play)
card(
    "The Long Con",
    statics=[CannotBeUsedTo("reap", _friendly_stooge)],
    action=[
        MakeTokens(1, named="Stooge"),
        ChooseAnyNumber("card in play", "friendly", named("Stooge"), "stooges"),
        ThisWay(DestroyIfYouDo("stooges"), "stooges", "destroyed"),
        If(_six_destroyed_this_way, [ForgeAtNoCost(), Purge("self")]),
    ],
)
