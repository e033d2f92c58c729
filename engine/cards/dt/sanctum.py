"""Dark Tidings (DT): Sanctum cards."""

from __future__ import annotations

from engine.library import CannotBeUsedTo, Choose, ForTheTurn, May, switch_for
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
