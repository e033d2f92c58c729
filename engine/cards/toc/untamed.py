"""Tokens of Change (ToC): Untamed cards."""

from __future__ import annotations

from engine.library import ForTheTurn, Gain, GrantAbility, MakeTokens
from engine.cards import card


def _niffle_brute(eng, source, controller, creature) -> bool:
    return creature.name == "Niffle Brute"


# "Action: Make a Niffle Brute. Until the end of the turn each Niffle Brute gains, "After Fight: Gain
# 1."" (each one in play while the effect lasts, either player's, the one just made included)
card(
    "Niffle Sanctuary",
    action=[MakeTokens(1, named="Niffle Brute"), ForTheTurn(static=GrantAbility("fight", [Gain(1)], _niffle_brute))],
)
