"""The houses cards belong to for a while: "for the remainder of the turn, each friendly creature
belongs to house Saurian" (a group, instead of their own house: Edict of Conscription), "each of
SELF's neighbors belong to house Mars" (Martian Propagandist), "a friendly creature belongs to the
house of your choice in addition to its other houses" (Diplomat Agung), and a card taken "while
under your control, it belongs to house Ekwidon" after "if you do" (Vendor Hyertula). 16.0
"Step 3": the active player may use cards of the active house."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_each_friendly_creature_belongs_to_the_house_for_the_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Edict of Conscription")
    # on a Saurian turn, Troll (Brobnar) may reap once the Edict is used, and is no longer Brobnar;
    # player 2's Krump is not friendly: still Brobnar
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: edict-of-conscription
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: 0, artifacts: [Edict of Conscription], battleline: [Troll]}
          player2: {battleline: [Krump]}
        actions:
          - action: Edict of Conscription
          - reap: Troll
        expect:
          "16.0": {"Edict of Conscription.zone": discard, player1.amber: 1, Troll.house: saurian, Krump.house: brobnar}
        """,
        )
    )


@pytest.mark.parametrize("creature, amber, illegal", [("Troll", 2, []), ("Bumpsy", 1, [1])])
def test_the_neighbors_belong_to_the_house_for_the_turn(kb_conn, tmp_path, creature, amber, illegal):
    assert_compiled(kb_conn, "Martian Propagandist")
    # "Play/After Reap: For the remainder of the turn, each of Martian Propagandist's neighbors belong
    # to house Mars.": Troll, its neighbor, reaps on the Mars turn; Bumpsy, on the far flank, may not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: martian-propagandist
        setup:
          turn: {{active: player1, house: mars}}
          player1: {{amber: 0, battleline: [Troll, Martian Propagandist, Krump, Bumpsy]}}
        actions:
          - reap: Martian Propagandist
          - reap: {creature}
        expect:
          "16.0": {{player1.amber: {amber}, illegal: {illegal}}}
        """,
        )
    )


def test_a_friendly_creature_belongs_to_the_chosen_house_too(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Diplomat Agung")
    # Troll chosen, then Star Alliance: it reaps on the Star Alliance turn, and is Brobnar still
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: diplomat-agung
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, battleline: [Diplomat Agung, Troll, Krump]}
        actions:
          - reap: Diplomat Agung
            choices: [Troll, staralliance]
          - reap: Troll
          - reap: Krump
        expect:
          "16.0": {player1.amber: 2, Troll.house: brobnar, Krump.exhausted: false, illegal: [2]}
        """,
        )
    )


def test_an_artifact_taken_if_you_do_belongs_to_the_house_while_yours(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Vendor Hyertula")
    # "After Reap: You may destroy Vendor Hyertula. If you do, take control of an enemy artifact.
    # While under your control, it belongs to house Ekwidon.": Library of Babble (Logos) is used
    # on the same Ekwidon turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: vendor-hyertula
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {amber: 0, battleline: [Vendor Hyertula], deck: [Troll, Krump]}
          player2: {artifacts: [Library of Babble]}
        actions:
          - reap: Vendor Hyertula
            choices: ["yes"]
          - action: Library of Babble
        expect:
          "16.0": {"Vendor Hyertula.zone": discard, "Library of Babble.controller": player1,
                   "Library of Babble.house": ekwidon, player1.hand: [Troll]}
        """,
        )
    )
