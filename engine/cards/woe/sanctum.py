"""Winds of Exchange (WoE): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    NextEntersAnywhereReady,
    attached_host,
    CannotBeAttacked,
    CannotBecomeExhausted,
    controller_has_token,
    DividedAmongNeighbors,
    friendly,
    MakeTokens,
    not_your_turn,
)
from engine.cards import card

# "This creature cannot be attacked while its controller controls a token creature. Play: Make a
# token creature." ("its controller": the creature's, who may not be the upgrade's)
card(
    "Halo of Enlightenment",
    statics=[CannotBeAttacked(applies=attached_host, while_=controller_has_token)],
    play=[MakeTokens(1)],
)

# "While it is not your turn, your creatures cannot become exhausted." (not by an effect, a use, a
# fight nor by entering play: engine.rules.turn.kept_ready)
card("Sariel the Steadfast", statics=[CannotBecomeExhausted(applies=friendly, while_=not_your_turn)])

# "When this creature would be dealt damage, if it has 1 or more neighbors, that damage is divided
# among its neighbors as evenly as possible instead." (printed by this card alone; after the
# creature's armor, as a redirect: engine.rules.damage_receivers)
card("Friendship", statics=[DividedAmongNeighbors()])


# "Action: The next time a friendly creature enters play this turn, you may have it enter anywhere in
# your battleline, ready."
card("Knightapult", action=[NextEntersAnywhereReady()])
