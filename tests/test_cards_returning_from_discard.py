"""A card's permission to return it from its owner's discard pile to hand, with no timing of its own
(engine/rules/returning_from_discard.py): Singing Scythe (GR), "While you are haunted, you may return
Singing Scythe from your discard pile to your hand.", taken in step 3 as an action of its owner."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay

_NINE = "Anger, Punch, Tremor, Lava Ball, Fertility Chant, Ganger Chieftain, Ammonia Clouds, Hand of Dis, Fogbank"


@pytest.mark.parametrize("n, zone, illegal", [(9, "hand", "[]"), (8, "discard", "[0]")])
def test_singing_scythe_returns_while_haunted(kb_conn, tmp_path, n, zone, illegal):
    # Singing Scythe and n other cards in the discard pile: haunted with 10 (16.0 glossary "Haunted")
    others = _NINE.split(", ")[:n]
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: singing-scythe-returns
            setup:
              turn: {{active: player1, house: brobnar}}
              player1: {{amber: 0, discard: ["Singing Scythe (GR 136)", {", ".join(others)}]}}
            actions:
              - return_from_discard: Singing Scythe
            expect:
              "16.0": {{Singing Scythe.zone: {zone}, illegal: {illegal}}}
            """,
        )
    )


def test_only_in_step_3(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: singing-scythe-step-2
            setup:
              turn: {{active: player1, house: brobnar, step: 2}}
              player1: {{amber: 0, discard: ["Singing Scythe (GR 136)", {_NINE}]}}
            actions:
              - return_from_discard: Singing Scythe
            expect:
              "16.0": {{Singing Scythe.zone: discard, illegal: [0]}}
            """,
        )
    )
