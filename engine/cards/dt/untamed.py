"""Dark Tidings (DT): Untamed cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    ChooseAnyNumber,
    ConsideredCreature,
    done_this_way,
    Exhaust,
    GivePowerCounters,
    GrantKeyword,
    IfYouDo,
    itself_in_battleline,
    PutOnFlank,
)
from engine.cards import card


def _ready_untamed(ctx, creature) -> bool:
    return not creature.exhausted and belongs_to(ctx.eng, creature, "untamed")


def _three_for_each_exhausted(ctx) -> int:
    return 3 * len(done_this_way(ctx, "exhausted"))


# "Action: Exhaust 1 or more friendly Untamed creatures. If you do, give The Mysticeti three +1
# power counters for each creature exhausted this way and move it anywhere in your battleline as a
# creature with 0 power and taunt." (printed by this card alone): the counters go on the artifact,
# which then is a creature of power 0 plus its counters
card(
    "The Mysticeti",
    statics=[ConsideredCreature(0), GrantKeyword("taunt", itself_in_battleline)],
    action=[
        ChooseAnyNumber("creature", "friendly", _ready_untamed, "to exhaust"),
        IfYouDo(
            [Exhaust("to exhaust")],
            [GivePowerCounters(_three_for_each_exhausted, "self", any_card_in_play=True), PutOnFlank(anywhere=True)],
        ),
    ],
)
