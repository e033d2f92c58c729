"""Tokens of Change (ToC): Dis cards."""

from __future__ import annotations

from engine.library import Choose, count_this_way, DestroyIfYouDo, ForEach, IfYouDo, MoveTo, NameGroup, ThisWay
from engine.cards import card


def _catena_fiend(eng, source, controller, creature) -> bool:
    return creature.name == "Catena Fiend"


# "Action: Destroy Codex of True Names. If you do, return each friendly Catena Fiend to its owner's
# hand. For each card returned this way, return an enemy creature to its owner's hand." (a Catena
# Fiend is a token creature: returned to hand, the card beneath goes there; each enemy creature is
# chosen in turn)
card(
    "Codex of True Names",
    action=[
        IfYouDo(
            [ThisWay(DestroyIfYouDo("self"), "self", "destroyed")],
            [
                NameGroup(("creature",), "friendly", _catena_fiend, name="catena fiends"),
                ThisWay(MoveTo("hand", "catena fiends"), "catena fiends", "returned"),
                ForEach(
                    count_this_way("returned"),
                    [Choose("creature", "enemy", name="codex enemy"), MoveTo("hand", "codex enemy")],
                ),
            ],
        )
    ],
)
