"""Dark Tidings (DT): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    CannotBeUsedTo,
    Choose,
    ForTheTurn,
    friendly,
    KeywordPerCount,
    May,
    opponent_keys_forged,
    switch_for,
)
from engine.cards import Variant, card

# DT 080 "Before Fight: You may switch Lightsmith Clariel's power and armor for the remainder of the
# turn."; DT 067 (Evil Twin) "Action: Switch a creature's power and armor for the remainder of the
# turn." Its power becomes its total armor, used or not (the 16.0 FAQs; engine.rules.power_armor).
card(
    "Lightsmith Clariel",
    Variant(
        "before fight: you may switch",
        before_fight=[
            May([ForTheTurn(static=switch_for, on="self")], question="switch Lightsmith Clariel's power and armor?")
        ],
    ),
    Variant(
        "action: switch a creature's power and armor",
        action=[Choose("creature", "any"), ForTheTurn(static=switch_for, on="it")],
    ),
)


def _tide_low_for_its_controller(eng, source, controller, creature) -> bool:
    """The tide is low for the creature's own controller (high for their opponent)."""
    return creature.zone == "battleline" and eng.game.tide_high not in (None, creature.controller)


# "Each creature gains, "While the tide is low, this creature cannot reap."" (the tide of the
# creature's controller: "this creature" is the one that has the ability)
card("Dry the River", statics=[CannotBeUsedTo("reap", _tide_low_for_its_controller)])


# Avenging Aura: the DT 074 card data lacks the "Play:" every action's ability is printed with
# (defective data); read from its PV 090 printing, "Play: For the remainder of the turn, each
# friendly creature gains assault X, where X is the number of forged keys your opponent has."
card(
    "Avenging Aura",
    play=[ForTheTurn(static=KeywordPerCount("assault", opponent_keys_forged, friendly))],
    why="its DT printing's card data lacks 'Play:': one definition, read from the PV printing, serves every printing",
)
