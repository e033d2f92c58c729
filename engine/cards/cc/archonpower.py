"""Crucible Clash (CC): archon power cards (engine.rules.mechanics.archon_powers)."""

from __future__ import annotations

from engine.library import (
    Capture,
    Choose,
    first_key_of_a_forge_step,
    ForgeAtCost,
    IconEffectsInstead,
    MayForgeAtCost,
    PlayersKeysCost,
    Reaction,
)
from engine.cards import card

# "Keys cost -1. Players may forge 1 additional key during their "forge a key" step.": after a
# player's first key of their step, they may forge one more at current cost (the "may" is theirs:
# the active player's)
card(
    "Forgemaster",
    statics=[PlayersKeysCost(-1)],
    reactions=[
        Reaction("key_forged", [MayForgeAtCost(ForgeAtCost(0, who="event_player"))], when=first_key_of_a_forge_step)
    ],
)

# "When resolving an A bonus icon, you may instead capture 1A.": the player captures, which puts the
# Æmber on a creature they control (16.0 glossary "Capture": "placed on a creature controlled by the
# capturing player"; they choose it, as for a capture bonus icon); the Æmber icon is not resolved
card(
    "Control",
    statics=[
        IconEffectsInstead(
            [Choose("creature", "friendly", name="capturing creature"), Capture(1, on="capturing creature")],
            replaced="amber",
        )
    ],
)
