"""Prophetic Visions (PV): Untamed cards."""

from __future__ import annotations

from engine.library import Choose, ChooseForEach, Destroy, Lose, OneOf
from engine.cards import card


def _x(ctx) -> int:
    """ "If there are more enemy creatures than A in your opponent's pool, X is equal to the
    difference" (otherwise X is 0)."""
    return max(0, len(ctx.opponent.creatures) - ctx.opponent.amber)


# "Play: If there are more enemy creatures than A in your opponent's pool, X is equal to the
# difference. Choose one: Destroy X enemy creatures. / Your opponent loses X.": X counted as the
# option resolves; the X creatures are chosen, then destroyed at once
card(
    "Penance of Balance",
    play=[
        OneOf(
            [
                ("destroy x enemy creatures", [ChooseForEach(_x, Choose("creature", "enemy", name="x")), Destroy("x")]),
                ("your opponent loses x", [Lose(_x)]),
            ]
        )
    ],
)
