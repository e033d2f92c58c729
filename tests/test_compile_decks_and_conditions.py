"""One-shot sentences about decks, hands, discard piles and conditions: cards taken at random from a
hand (engine.library.at_random), "If you do, ..." after a reaction's clause, and the conditions of
the later sets read by engine.library.conditions."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize(
    "hand, left, discarded",
    [
        ('["Troll", "Troll", "Troll"]', '["Troll"]', '["Troll", "Troll", "Dust Pixie"]'),
        ('["Troll"]', "[]", '["Troll", "Dust Pixie"]'),
    ],
)
def test_opponent_discards_random_cards_from_their_hand(kb_conn, tmp_path, hand, left, discarded):
    assert_compiled(kb_conn, "Addlefish")
    # "After Fight: Your opponent discards 2 random cards from their hand.": two of three cards, or
    # the only one there is
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: addlefish
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{battleline: ["Addlefish"]}}
          player2: {{battleline: ["Dust Pixie"], hand: {hand}}}
        actions:
          - fight: {{attacker: Addlefish, target: Dust Pixie}}
        expect:
          "16.0": {{player2.hand: {left}, player2.discard: {discarded}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "hand, amber, discard",
    [
        ('["Moon Light Special", "Troll"]', 2, '["Moon Light Special", "Troll"]'),
        ('["Moon Light Special"]', 1, '["Moon Light Special"]'),
    ],
)
def test_discard_a_random_card_from_your_hand_if_you_do(kb_conn, tmp_path, hand, amber, discard):
    assert_compiled(kb_conn, "Moon Light Special")
    # "Play: Discard a random card from your hand. If you do, gain 1.": with no card left in hand
    # nothing is discarded and only the bonus Æmber is gained
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: moon-light-special
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: {hand}}}
        actions:
          - play: Moon Light Special
        expect:
          "16.0": {{player1.amber: {amber}, player1.hand: [], player1.discard: {discard}}}
        """,
        )
    )


def test_each_player_discards_a_random_card_from_their_hand(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Squallmaster")
    # "After Fight/After Reap: Each player discards a random card from their hand.": one card each
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: squallmaster
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {battleline: ["Squallmaster"], hand: ["Punch"]}
          player2: {hand: ["Troll", "Troll"]}
        actions:
          - reap: Squallmaster
        expect:
          "16.0": {player1.hand: [], player1.discard: [Punch], player2.hand: [Troll], player2.discard: [Troll]}
        """,
        )
    )


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


@pytest.mark.parametrize("exhausted, stolen", [("false", 2), ("true", 1)])
def test_for_each_creature_exhausted_this_way(kb_conn, tmp_path, exhausted, stolen):
    assert_compiled(kb_conn, "Archon’s Revenge")
    # "Action: Exhaust up to 2 friendly Shadows creatures. For each creature exhausted this way,
    # steal 1.": a creature already exhausted is not exhausted this way
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: archons-revenge
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{artifacts: ["Archon’s Revenge"], battleline: ["Urchin", {{card: Silvertooth, exhausted: {exhausted}}}]}}
          player2: {{amber: 5}}
        actions:
          - action: Archon’s Revenge
            choices: [Urchin, Silvertooth]
        expect:
          "16.0": {{player1.amber: {stolen}, player2.amber: {5 - stolen}, Urchin.exhausted: true}}
        """,
        )
    )


@pytest.mark.parametrize(
    "choices, stolen, hand", [("[Moon Light Special]", 1, "[Troll]"), ("[done]", 0, "[Moon Light Special, Troll]")]
)
def test_for_each_card_discarded_this_way(kb_conn, tmp_path, choices, stolen, hand):
    assert_compiled(kb_conn, "Trade Secrets")
    # "Play: Discard any number of Ekwidon cards from your hand. Steal 1 for each card discarded
    # this way.": the Ekwidon card discarded, or none (the Brobnar card cannot be)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: trade-secrets
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["Trade Secrets", "Moon Light Special", "Troll"]}}
          player2: {{amber: 3}}
        actions:
          - play: Trade Secrets
            choices: {choices}
        expect:
          "16.0": {{player1.amber: {stolen}, player2.amber: {3 - stolen}, player1.hand: {hand}}}
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


@pytest.mark.parametrize(
    "choice, discard, deck", [("Punch", "[Call of Need, Punch]", "[Troll]"), ("done", "[Call of Need]", None)]
)
def test_search_your_deck_for_a_card_and_discard_it(kb_conn, tmp_path, choice, discard, deck):
    assert_compiled(kb_conn, "Call of Need")
    # "Play: Search your deck for a card and discard it.": the player finds Punch, or chooses to
    # fail to find (glossary "Search"); the deck is shuffled either way
    deck_check = f", player1.deck: {deck}" if deck else ""
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: call-of-need
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Call of Need"], deck: [Troll, Punch]}}
        actions:
          - play: Call of Need
            choices: [{choice}]
        expect:
          "16.0": {{player1.discard: {discard}{deck_check}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "discard, choices, hand", [("[Omega TT]", "[Omega TT]", "[Omega TT]"), ("[Punch]", "[]", "[]")]
)
def test_search_your_deck_and_discard_pile_for_a_creature_with_a_trait(kb_conn, tmp_path, discard, choices, hand):
    assert_compiled(kb_conn, "Help From Another Self")
    # "Play: Search your deck and discard pile for a Variant creature, reveal it, and put it into
    # your hand.": found in the discard pile; a pile with no Variant creature gives nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: help-from-another-self
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["Help From Another Self"], deck: [Troll], discard: {discard}}}
        actions:
          - play: Help From Another Self
            choices: {choices}
        expect:
          "16.0": {{player1.hand: {hand}}}
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


@pytest.mark.parametrize("discard, archives", [("[Troll, Punch]", "[Troll]"), ("[]", "[]")])
def test_archive_the_top_card_of_your_discard_pile(kb_conn, tmp_path, discard, archives):
    assert_compiled(kb_conn, "Memette")
    # "Play/Destroyed: Archive the top card of your discard pile."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: memette
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Memette"], discard: {discard}}}
        actions:
          - play: Memette
        expect:
          "16.0": {{player1.archives: {archives}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "hand, choices, discard",
    [
        ("[Troll, Terrible Teammates]", "[yes]", "[Terrible Teammates, Troll]"),
        ("[Terrible Teammates]", "[]", "[Terrible Teammates]"),
    ],
)
def test_you_may_discard_a_card_a_noun_phrase_names(kb_conn, tmp_path, hand, choices, discard):
    assert_compiled(kb_conn, "Terrible Teammates")
    # "Play: You may discard a non-Mars card.": from your hand (Troll is Brobnar); with none left
    # there is nothing to decide and nothing is discarded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: terrible-teammates
        setup:
          turn: {{active: player1, house: mars}}
          player1: {{hand: {hand}}}
        actions:
          - play: Terrible Teammates
            choices: {choices}
        expect:
          "16.0": {{player1.hand: [], player1.discard: {discard}}}
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


@pytest.mark.parametrize("discard, line", [("[Troll, Black Tempest]", "[Black Tempest]"), ("[Troll]", "[]")])
def test_play_a_creature_a_noun_phrase_names_from_your_discard_pile(kb_conn, tmp_path, discard, line):
    assert_compiled(kb_conn, "Heart of Steel")
    # "Play: Play a Skyborn creature from your discard pile.": Black Tempest, not the Brobnar Troll
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: heart-of-steel
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: ["Heart of Steel"], discard: {discard}}}
        actions:
          - play: Heart of Steel
        expect:
          "16.0": {{player1.battleline: {line}}}
        """,
        )
    )


def test_a_different_card_is_not_read_without_what_it_differs_from(kb_conn):
    # "If you do, play a different creature from your discard pile" (Witch of the Dawn): "different"
    # is from the creature destroyed before, which the noun phrase cannot tell: refused, not read as
    # "a creature"
    from engine.compile import compile_text, Refused

    text = kb_conn.execute("SELECT text FROM cards WHERE name = 'Witch of the Dawn'").fetchone()[0]
    with pytest.raises(Refused):
        compile_text(text, "Witch of the Dawn", "creature")


@pytest.mark.parametrize("choices, hand", [("[yes, Punch]", "[Punch]"), ("[no]", "[]")])
def test_put_a_card_discarded_this_way_into_your_hand(kb_conn, tmp_path, choices, hand):
    assert_compiled(kb_conn, "Junk Restoration")
    # "Play: Discard the top 3 cards of your deck. You may put a card discarded this way into your
    # hand.": one of the three, not a card that was in the discard pile before (Dust Pixie)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: junk-restoration
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Junk Restoration"], deck: [Troll, Punch, Krump, Urchin], discard: [Dust Pixie]}}
        actions:
          - play: Junk Restoration
            choices: {choices}
        expect:
          "16.0": {{player1.hand: {hand}, player1.deck: [Urchin]}}
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
    "deck, archives, left",
    [("[Troll, Punch, Krump, Urchin]", "[Troll, Punch, Krump]", "[Urchin]"), ("[Troll]", "[Troll]", "[]")],
)
def test_your_opponent_archives_the_top_cards_of_their_deck(kb_conn, tmp_path, deck, archives, left):
    assert_compiled(kb_conn, "De-escalation")
    # "Play: Destroy each creature. Your opponent archives the top 3 cards of their deck.": into
    # their own archives; a deck of one gives one
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: de-escalation
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["De-escalation"]}}
          player2: {{deck: {deck}}}
        actions:
          - play: De-escalation
        expect:
          "16.0": {{player2.archives: {archives}, player2.deck: {left}, player1.archives: []}}
        """,
        )
    )


@pytest.mark.parametrize("target, p1, p2", [("Troll", "[]", "[Troll]"), ("Krump", "[Krump]", "[]")])
def test_put_a_creature_into_its_owners_archives(kb_conn, tmp_path, target, p1, p2):
    assert_compiled(kb_conn, "Hoist Operations")
    # "Play: Put a creature into its owner's archives.": the enemy Troll into player2's archives,
    # the friendly Krump into player1's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: hoist-operations
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["Hoist Operations"], battleline: [Krump]}}
          player2: {{battleline: [Troll]}}
        actions:
          - play: Hoist Operations
            choices: [{target}]
        expect:
          "16.0": {{player1.archives: {p1}, player2.archives: {p2}}}
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


@pytest.mark.parametrize(
    "archives, choices, amber, discard", [("[Phase Shift]", "[yes]", 1, "[Phase Shift]"), ("[]", "[]", 0, "[]")]
)
def test_discard_a_card_from_your_hand_or_archives(kb_conn, tmp_path, archives, choices, amber, discard):
    assert_compiled(kb_conn, "Munchling")
    # "Fight: You may discard a Logos card from your hand or archives. If you do, gain 1.": the
    # Logos card is in the archives (the Brobnar Troll in hand cannot be discarded)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: munchling
        setup:
          turn: {{active: player1, house: logos}}
          player1: {{battleline: ["Munchling"], hand: [Troll], archives: {archives}}}
          player2: {{battleline: ["Dust Pixie"]}}
        actions:
          - fight: {{attacker: Munchling, target: Dust Pixie}}
            choices: {choices}
        expect:
          "16.0": {{player1.amber: {amber}, player1.hand: [Troll], player1.archives: [], player2.discard: [Dust Pixie], player1.discard: {discard}}}
        """,
        )
    )


@pytest.mark.parametrize("pile, troll", [(10, "discard"), (9, "battleline")])
def test_shuffle_the_top_cards_of_your_discard_pile_if_you_do(kb_conn, tmp_path, pile, troll):
    assert_compiled(kb_conn, "Return to Rubble")
    # "Play: Shuffle the top 10 cards of your discard pile into your deck. If you do, destroy each
    # creature.": with 9 cards the first part is not completely resolved (glossary "If you do")
    discard = ", ".join(["Punch"] * pile)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: return-to-rubble
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{hand: ["Return to Rubble"], discard: [{discard}]}}
          player2: {{battleline: [Troll]}}
        actions:
          - play: Return to Rubble
        expect:
          "16.0": {{Troll.zone: {troll}, player1.discard: [Return to Rubble]}}
        """,
        )
    )
