"""Crucible Clash (CC): Skyborn cards."""

from __future__ import annotations

from engine.library import Choose, ForTheTurn, GrantAbility, of_house, Ready, Steal, this_card, UseCreature
from engine.cards import card


def _steals_after_fight(creature):
    return GrantAbility("fight", [Steal(1)], applies=this_card(creature))


# "Play: Choose a friendly Skyborn creature. For the remainder of the turn, it gains "After Fight:
# Steal 1." Ready and fight with that creature."
card(
    "Journey Onward",
    play=[
        Choose("creature", "friendly", name="journeying", where=of_house("skyborn")),
        ForTheTurn(static=_steals_after_fight, on="journeying"),
        Ready("journeying"),
        UseCreature("fight", "journeying"),
    ],
)
