"""The "Scrap:" ability (engine.rules.mechanics.scrap), read from the cards' reminder text since the
16.0 rulebook does not define it: "(Scrap effects resolve after a card is discarded from your hand
during your turn.)" (Lieutenant Halasta)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_scrap_resolves_when_discarded_from_hand_in_step_3(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Brillix Ponder")
    # "Scrap: Draw a card.": discarding it from hand draws the top card of the deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: brillix-ponder-scrap
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Brillix Ponder"], deck: ["Troll", "Punch"]}
        actions:
          - discard: Brillix Ponder
        expect:
          "16.0": {Brillix Ponder.zone: discard, player1.hand: [Troll], player1.deck: [Punch]}
        """,
        )
    )


def test_scrap_of_a_card_an_effect_discards_from_your_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hazard Zerp", "Brillix Ponder")
    # Hazard Zerp's "Scrap: Discard a card. Deal 3 to a creature.": the card its scrap discards
    # from the same hand is scrapped too (Brillix Ponder draws), and the 3 damage are dealt
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hazard-zerp-scrap
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Hazard Zerp", "Brillix Ponder", "Punch"], deck: ["Krump"], battleline: ["Dust Pixie"]}
          player2: {battleline: ["Troll"]}
        actions:
          - discard: Hazard Zerp
            choices: [Brillix Ponder, Troll]
        expect:
          "16.0": {Hazard Zerp.zone: discard, Brillix Ponder.zone: discard, Punch.zone: hand,
                 Krump.zone: hand, Troll.damage: 3, Dust Pixie.damage: 0}
        """,
        )
    )


def test_no_scrap_for_a_card_discarded_from_the_opponents_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Brillix Ponder", "Mind Barb")
    # "your hand during your turn": player1's Mind Barb discards player2's Brillix Ponder during
    # player1's turn; player2 draws nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: brillix-ponder-not-scrapped
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Mind Barb"]}
          player2: {hand: ["Brillix Ponder"], deck: ["Troll"]}
        actions:
          - play: Mind Barb
        expect:
          "16.0": {Brillix Ponder.zone: discard, player2.hand_size: 0, player2.deck: [Troll]}
        """,
        )
    )


def test_scrap_targets_as_written(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Witch of the Spore", "Colonel Slime")
    # "Scrap: Deal 3 to an enemy creature." (the friendly creature cannot be chosen) and
    # "Scrap: A friendly creature captures 1." (from the opponent's pool)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: witch-of-the-spore-scrap
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Witch of the Spore"], battleline: ["Dust Pixie"]}
          player2: {battleline: ["Troll"]}
        actions:
          - discard: Witch of the Spore
        expect:
          "16.0": {Troll.damage: 3, Dust Pixie.damage: 0}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: colonel-slime-scrap
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: ["Colonel Slime"], battleline: ["Dust Pixie"]}
          player2: {amber: 3}
        actions:
          - discard: Colonel Slime
        expect:
          "16.0": {Dust Pixie.amber: 1, player2.amber: 2}
        """,
        )
    )
