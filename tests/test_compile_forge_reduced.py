""" "Forge a key at +N current cost, reduced by M for each <X>", with the limits printed in
parentheses: "(to a maximum of 6)", "(to a minimum of 6)", "(including this one)". Such a
parenthesis is kept by the lexer (engine.rules.keywords.drop_reminders), so a sentence whose
limit no template reads is refused rather than played without it."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile.lexer import tokenize


def test_a_limit_in_parentheses_stays_in_the_sentence_a_reminder_does_not():
    (ability,) = tokenize(
        "Play: Forge a key at +7A current cost, reduced by 1A (to a maximum of 6) for each house represented "
        "among cards in play.",
        "Forging an Alliance",
    )
    assert "(to a maximum of 6)" in ability.sentences[0]
    (reap,) = tokenize(
        "Elusive. (The first time this creature is attacked each turn, no damage is dealt.)\nReap: Gain 1A.", "X"
    )
    assert reap.sentences == ("gain 1 amber.",)


def test_reduced_to_a_maximum(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Forging an Alliance")
    # "+7 current cost, reduced by 1 (to a maximum of 6) for each house represented among cards
    # in play": 7 houses in play reduce it by 6 only, so the key costs 6 + 7 - 6 = 7 (the
    # card's 1 Æmber bonus makes 7 in the pool)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: forging-an-alliance-maximum
        setup:
          turn: {active: player1, house: staralliance}
          player1:
            amber: 6
            hand: ["Forging an Alliance"]
            battleline: ["Troll", "Dust Pixie", "Urchin", "Dextre"]
          player2: {battleline: ["Sequis", "Zorg", "Shooler"]}
        actions:
          - play: Forging an Alliance
        expect:
          "16.0": {player1.keys: 1, player1.amber: 0}
        """,
        )
    )


def test_reduced_to_a_minimum(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ecto-Charge")
    # VM25's "+20 current cost, reduced by 1 for each card in your discard pile (to a minimum of
    # 6). If you do, purge Ecto-Charge.": 25 cards in the discard pile leave the cost at 6, not 1
    discard = ", ".join(["Troll"] * 25)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ecto-charge-minimum
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{amber: 5, hand: ["Ecto-Charge (VM25 70)"], discard: [{discard}]}}
        actions:
          - play: Ecto-Charge
        expect:
          "16.0": {{player1.keys: 1, player1.amber: 0, Ecto-Charge.zone: purged}}
        """,
        )
    )


def test_cards_played_this_turn_including_this_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Honors Keysis")
    # "+7 current cost, reduced by 1 for each card you have played this turn (including this
    # one)": Dextre and Honors Keysis make 2, the key costs 11 (10 Æmber and the bonus of 1)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: honors-keysis-including-this-one
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 10, hand: ["Dextre", "Honors Keysis"]}
        actions:
          - play: Dextre
          - play: Honors Keysis
        expect:
          "16.0": {player1.keys: 1, player1.amber: 0, Honors Keysis.zone: purged}
        """,
        )
    )


def test_reduced_by_the_cards_in_both_players_archives_then_discarded(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Empyrean Charge")
    # "Play: Forge a key at +6 current cost, reduced by the total combined number of cards in both
    # player's archives. Discard each player's archives.": 2 + 3 archived cards: the key costs
    # 6 + 6 - 5 = 7 of player 1's 8 (and the card's own bonus of 1); then both archives are discarded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: empyrean-charge-both-archives
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 7, hand: ["Empyrean Charge"], archives: [Troll, Krump]}
          player2: {archives: [Punch, Urchin, Dust Pixie]}
        actions:
          - play: Empyrean Charge
        expect:
          "16.0": {player1.keys: 1, player1.amber: 1, player1.archives: [], player2.archives: [], player2.discard: [Dust Pixie, Urchin, Punch]}
        """,
        )
    )
