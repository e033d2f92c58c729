"""The Archivist (MM, DT, MoMu): "If you archive The Archivist, archive it faceup. While The Archivist is
in your archives, instead of picking up all of your archives, you may choose to pick up any number of
cards in your archives." (engine/rules/archives_faceup.py)."""

from __future__ import annotations

import pytest

from boards import assert_passed, card, engine_for, replay
from engine.rules.archives_faceup import hidden


@pytest.mark.parametrize(
    "archives, answers, expect",
    [
        (
            '["The Archivist (MM 113)", Troll, Punch]',
            "[Troll, done]",
            '{Troll.zone: hand, Punch.zone: archives, "The Archivist.zone": archives}',
        ),
        (
            '["The Archivist (MM 113)", Troll, Punch]',
            '[Punch, "The Archivist", Troll]',
            '{Troll.zone: hand, Punch.zone: hand, "The Archivist.zone": hand}',
        ),
        ("[Troll, Punch]", "[]", "{Troll.zone: hand, Punch.zone: hand}"),
    ],
)
def test_picking_up_any_number_of_archived_cards(kb_conn, tmp_path, archives, answers, expect):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: archivist-picks
            setup:
              turn: {{active: player1, house: brobnar}}
              player1: {{amber: 0, archives: {archives}}}
            actions:
              - take_archives: true
                choices: {answers}
            expect:
              "16.0": {expect}
            """,
        )
    )


@pytest.mark.parametrize("owner, is_hidden", [("player1", False), ("player2", True)])
def test_faceup_in_its_owners_archives_only(kb_conn, owner, is_hidden):
    # in player 1's archives: its owner's (faceup); owned by player 2, someone else archived it (facedown)
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"archives": [{"card": "The Archivist (MM 113)", "owner": owner}, "Troll"]},
        },
    )
    assert hidden(eng, card(eng, "The Archivist")) is is_hidden
    assert hidden(eng, card(eng, "Troll"))
