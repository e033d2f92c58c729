"""Effects that count houses or creatures of a house see every house a card belongs to: under the
printed Experimental Therapy ("This creature belongs to all houses", before its 16.0 erratum "may be
used as if it belonged to the active house"), the creature wearing it is of every house for Free
Markets, Prince Derric and Quicksand, not only for using it."""

from __future__ import annotations

import pytest

from tests.boards import assert_passed, replay

GUB = "{card: Gub, upgrades: [Experimental Therapy]}"


@pytest.mark.parametrize("version, gained", [("1.3", 6), ("16.0", 2)])
def test_free_markets_counts_every_house_of_a_card_of_all_houses(kb_conn, tmp_path, version, gained):
    # 1.3: Gub belongs to all houses: 13 houses other than Sanctum, at most 6. 16.0 (erratum): Gub is
    # Dis and the Therapy Logos: 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: free-markets-all-houses
        entries: []
        setup:
          turn: {{active: player2, house: sanctum}}
          player1: {{battleline: [{GUB}]}}
          player2: {{amber: 0, hand: [Free Markets]}}
        actions:
          - play: Free Markets
        expect:
          "1.1": {{player2.amber: {gained}}}
        """,
            version,
        )
    )


@pytest.mark.parametrize("version, gained", [("1.3", 3), ("16.0", 0)])
def test_prince_derric_counts_a_creature_of_all_houses(kb_conn, tmp_path, version, gained):
    # Shooler (Dis), Gub wearing the Therapy, Derric (Sanctum): three houses only if Gub is Logos too
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: derric-all-houses
        entries: []
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{amber: 0, hand: ["Prince Derric, Unifier"], battleline: [Shooler, {GUB}]}}
        actions:
          - play: "Prince Derric, Unifier"
            choices: [right]
        expect:
          "1.1": {{player1.amber: {gained}}}
        """,
            version,
        )
    )
