"""One-shot sentences about conditions and what follows them: "If you do, ..." after a reaction's
clause, "Otherwise, ..." after "if you do" and "you may", the conditions on a player of the later
sets (engine.library.player_conditions: whose turn, cards in hand, creatures destroyed or used this
turn, "it is not destroyed", the chosen house), "... equal to the difference" and part of a
player's Æmber. Hands, decks and discard piles: tests/test_compile_hands_decks_and_piles.py."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("damage, amber", [(1, 1), (0, 0)])
def test_if_you_do_after_a_reaction(kb_conn, tmp_path, damage, amber):
    assert_compiled(kb_conn, "Garnet Squire")
    # "At the end of your turn, heal 1 from Garnet Squire. If you do, gain 1.": healed, 1 is gained;
    # with no damage on it nothing is healed and nothing gained
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: garnet-squire
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{battleline: [{{card: Garnet Squire, damage: {damage}}}]}}
        actions:
          - end_turn: true
        expect:
          "16.0": {{player1.amber: {amber}, Garnet Squire.damage: 0}}
        """,
        )
    )


@pytest.mark.parametrize("target, stolen", [("Troll", 1), ("Dust Pixie", 0)])
def test_if_it_is_not_destroyed(kb_conn, tmp_path, target, stolen):
    assert_compiled(kb_conn, "Look Over There!")
    # "Play: Deal 2 to a creature. If it is not destroyed, steal 1.": Troll survives, Dust Pixie
    # does not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: look-over-there
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{hand: ["Look Over There!"]}}
          player2: {{amber: 3, battleline: ["{target}"]}}
        actions:
          - play: Look Over There!
        expect:
          "16.0": {{player2.amber: {3 - stolen}}}
        """,
        )
    )


@pytest.mark.parametrize("hand, drawn", [(3, 2), (4, 0)])
def test_if_you_have_n_or_fewer_cards_in_your_hand(kb_conn, tmp_path, hand, drawn):
    assert_compiled(kb_conn, "Prognosticating Witch")
    # "Play/After Reap: If you have 3 or fewer cards in your hand, draw 2 cards."
    cards = ", ".join(["Troll"] * hand)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: prognosticating-witch
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{battleline: ["Prognosticating Witch"], hand: [{cards}], deck: [Punch, Punch, Punch]}}
        actions:
          - reap: Prognosticating Witch
        expect:
          "16.0": {{player1.deck: {["Punch"] * (3 - drawn)}}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, captured", [(10, 4), (9, 0)])
def test_capture_all_if_you_are_haunted(kb_conn, tmp_path, discarded, captured):
    assert_compiled(kb_conn, "Trawler")
    # "Play: If you are haunted, capture all your opponent's Æmber."
    discard = ", ".join(["Troll"] * discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: trawler
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: ["Trawler"], discard: [{discard}]}}
          player2: {{amber: 4}}
        actions:
          - play: Trawler
        expect:
          "16.0": {{Trawler.amber: {captured}, player2.amber: {4 - captured}}}
        """,
        )
    )


@pytest.mark.parametrize("house, amber", [("brobnar", 1), ("dis", 0)])
def test_if_that_card_belongs_to_the_chosen_house(kb_conn, tmp_path, house, amber):
    assert_compiled(kb_conn, "Spade Teller")
    # "Play/After Fight/After Reap: Choose a house. Discard the top card of your deck. If that card
    # belongs to the chosen house, gain 1.": Troll is Brobnar (the reap gains 1 besides)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: spade-teller
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{battleline: ["Spade Teller"], deck: [Troll, Punch]}}
        actions:
          - reap: Spade Teller
            choices: [{house}]
        expect:
          "16.0": {{player1.amber: {1 + amber}, player1.discard: [Troll], player1.deck: [Punch]}}
        """,
        )
    )


@pytest.mark.parametrize("enemies, damage", [('["Troll", "Krump", "Bumpsy"]', 2), ('["Troll"]', 0)])
def test_deal_damage_equal_to_the_difference(kb_conn, tmp_path, enemies, damage):
    assert_compiled(kb_conn, "Red Alert")
    # "Play: If there are more enemy creatures than friendly creatures, deal damage to each enemy
    # creature equal to the difference.": 3 enemy creatures against 1, 2 damage to each
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: red-alert
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: ["Red Alert"], battleline: ["Urchin"]}}
          player2: {{battleline: {enemies}}}
        actions:
          - play: Red Alert
        expect:
          "16.0": {{Troll.damage: {damage}}}
        """,
        )
    )


@pytest.mark.parametrize("amber, stolen", [(9, 4), (6, 0)])
def test_steal_half_of_their_amber(kb_conn, tmp_path, amber, stolen):
    assert_compiled(kb_conn, "Redline Rotation")
    # "Play: If your opponent has 7 or more, steal half of their Æmber (rounding down).": 9 gives 4
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: redline-rotation
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: ["Redline Rotation"]}}
          player2: {{amber: {amber}}}
        actions:
          - play: Redline Rotation
        expect:
          "16.0": {{player2.amber: {amber - stolen}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "discard, amber", [("[Dust Pixie, Dew Faerie, Dust Pixie]", 2), ("[Dust Pixie, Dew Faerie, Troll]", 0)]
)
def test_if_there_are_n_or_more_cards_of_a_house_in_your_discard_pile(kb_conn, tmp_path, discard, amber):
    assert_compiled(kb_conn, "Low Dawn")
    # "Play: If there are 3 or more Untamed creatures in your discard pile, gain 2. Shuffle each
    # Untamed creature from your discard pile into your deck.": Troll is not Untamed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: low-dawn
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{hand: ["Low Dawn"], discard: {discard}}}
        actions:
          - play: Low Dawn
        expect:
          "16.0": {{player1.amber: {1 + amber}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "used, exhausted", [("fight: {attacker: Troll, target: Dust Pixie}", "false"), ("reap: Troll", "true")]
)
def test_if_you_have_used_a_creature_to_fight_this_turn(kb_conn, tmp_path, used, exhausted):
    assert_compiled(kb_conn, "Alaka")
    # "If you have used a creature to fight this turn, Alaka enters play ready.": Troll fought
    # before it was played; a reap does not count
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: alaka
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["Alaka"], battleline: ["Troll"]}}
          player2: {{battleline: ["Dust Pixie"]}}
        actions:
          - {used}
          - play: Alaka
            choices: [right]
        expect:
          "16.0": {{Alaka.exhausted: {exhausted}}}
        """,
        )
    )


@pytest.mark.parametrize("choices, archives, discard", [("[yes]", "[]", "[Troll]"), ("[no]", "[Troll, Punch]", "[]")])
def test_otherwise_after_if_you_do(kb_conn, tmp_path, choices, archives, discard):
    assert_compiled(kb_conn, "Auto-Vac 5150")
    # "Action: You may discard a card from your archives. If you do, keys cost +3 during your
    # opponent's next turn. Otherwise, archive a card.": declined, a card from hand is archived
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: auto-vac
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{artifacts: ["Auto-Vac 5150"], archives: [Troll], hand: [Punch]}}
        actions:
          - action: Auto-Vac 5150
            choices: {choices}
        expect:
          "16.0": {{player1.archives: {archives}, player1.discard: {discard}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "choices, hand, archives", [("[yes]", "[Troll, Punch]", "[]"), ("[no]", "[]", "[Punch, Troll]")]
)
def test_otherwise_after_you_may(kb_conn, tmp_path, choices, hand, archives):
    assert_compiled(kb_conn, "Savant")
    # "Action: You may choose a card in your archives and put it into its owner's hand. Otherwise,
    # archive a card.": the archived Punch into the hand, or (declined) Troll from the hand archived
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: savant
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{battleline: ["Savant"], archives: [Punch], hand: [Troll]}}
        actions:
          - action: Savant
            choices: {choices}
        expect:
          "16.0": {{player1.hand: {hand}, player1.archives: {archives}}}
        """,
        )
    )
