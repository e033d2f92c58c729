"""Winds of Exchange (WoE): Sanctum cards."""

from __future__ import annotations

from engine.library import attached_host, CannotBeAttacked, controller_has_token, MakeTokens
from engine.cards import card

# "This creature cannot be attacked while its controller controls a token creature. Play: Make a
# token creature." ("its controller": the creature's, who may not be the upgrade's)
card(
    "Halo of Enlightenment",
    statics=[CannotBeAttacked(applies=attached_host, while_=controller_has_token)],
    play=[MakeTokens(1)],
)
