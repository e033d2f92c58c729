"""Key colours (engine/rules/key_colors.py; 16.0 "Keys": "Each player has one key of each color: red,
blue, and yellow. Some card abilities may reference the color of your keys"): the player forging
flips the key they choose, asked only when a card in the game names a key colour; conditions on
colours ("If your red key is forged", "If two keys of the same color are forged") and "Forge your
blue key"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("theirs, amber", [("[red]", 2), ("[blue]", 1), ("[]", 1)])
def test_two_keys_of_the_same_color(kb_conn, tmp_path, theirs, amber):
    assert_compiled(kb_conn, "Raiding Party")
    # "After Fight: If two keys of the same color are forged, steal 2. Otherwise, steal 1."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: raiding-party-colors
            setup:
              turn: {{active: player1, house: skyborn}}
              player1: {{keys: [red], battleline: [Raiding Party]}}
              player2: {{keys: {theirs}, amber: 5, battleline: [Dust Pixie]}}
            actions:
              - fight: {{attacker: Raiding Party, target: Dust Pixie}}
            expect:
              "16.0": {{player1.amber: {amber}}}
            """,
        )
    )


@pytest.mark.parametrize(
    "mine, offered, answer, colors",
    [("[]", ["red", "blue", "yellow"], "yellow", ["yellow"]), ("[yellow]", ["red", "blue"], "red", ["red", "yellow"])],
)
def test_the_player_forging_chooses_which_key_when_colors_matter(kb_conn, tmp_path, mine, offered, answer, colors):
    assert_compiled(kb_conn, "Key Charge", "Sir Lorcas")
    # Sir Lorcas names key colours; Key Charge: "Play: Lose 1. If you do, you may forge a key at
    # current cost.": player 1 forges and flips the key they choose
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: key-charge-colors
            setup:
              turn: {{active: player1, house: untamed}}
              player1: {{amber: 7, keys: {mine}, hand: [Key Charge], battleline: [Sir Lorcas]}}
            actions:
              - play: Key Charge
                choices: [yes, {answer}]
            expect:
              "16.0": {{player1.key_colors: {colors}, player1.amber: 0, decisions.0.2.offered: {offered}}}
            """,
        )
    )


def test_no_color_is_asked_where_no_card_names_one(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
            id: key-charge-no-colors
            setup:
              turn: {active: player1, house: untamed}
              player1: {amber: 7, hand: [Key Charge], battleline: [Troll]}
            actions:
              - play: Key Charge
                choices: [yes]
            expect:
              "16.0": {player1.keys: 1, player1.key_colors: []}
            """,
        )
    )


@pytest.mark.parametrize("mine, destroyed", [("[red]", "discard"), ("[blue, yellow]", "battleline")])
def test_if_your_red_key_is_forged(kb_conn, tmp_path, mine, destroyed):
    assert_compiled(kb_conn, "Third of Cliff")
    # "Action: If your red key is forged, destroy each enemy flank creature. Otherwise, destroy an
    # enemy flank creature.": the other flank creature (Krump) goes only with the red key
    targets = "" if destroyed == "discard" else "\n                targets: [Troll]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: third-of-cliff
            setup:
              turn: {{active: player1, house: skyborn}}
              player1: {{keys: {mine}, battleline: [Third of Cliff]}}
              player2: {{battleline: [Troll, Dodger, Krump]}}
            actions:
              - action: Third of Cliff{targets}
            expect:
              "16.0": {{Troll.zone: discard, Dodger.zone: battleline, Krump.zone: {destroyed}}}
            """,
        )
    )


@pytest.mark.parametrize("mine, keys", [("[]", 1), ("[blue]", 1)])
def test_forge_your_blue_key(kb_conn, tmp_path, mine, keys):
    assert_compiled(kb_conn, "Blue Æmberdrake")
    # "Destroyed: Gain 4. Forge your blue key at current cost.": with the blue key already forged
    # there is no key of that colour to forge
    amber = 1 if mine == "[]" else 7
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
            id: blue-aemberdrake-colors
            setup:
              turn: {{active: player1, house: dis}}
              player1: {{amber: 3, keys: {mine}, hand: [Gateway to Dis], battleline: [Blue Æmberdrake]}}
            actions:
              - play: Gateway to Dis
            expect:
              "16.0": {{player1.keys: {keys}, player1.key_colors: [blue], player1.amber: {amber}}}
            """,
        )
    )


def test_a_number_of_keys_has_no_colors_to_guess(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: raiding-party-no-colors
        setup:
          turn: {active: player1, house: skyborn}
          player1: {keys: 1, battleline: [Raiding Party]}
          player2: {keys: 1, amber: 5, battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Raiding Party, target: Dust Pixie}
        expect:
          "16.0": {player1.amber: 1}
        """,
    )
    assert not result.passed and "keys: [red" in (result.error or "")
