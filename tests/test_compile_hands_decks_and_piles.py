"""One-shot sentences about hands, decks and discard piles: cards taken at random from a hand
(engine.library.at_random), searching a deck (engine.library.searching, glossary "Search"), what an
effect discarded or exhausted "this way", cards named in a hand, the archives or a discard pile,
the top cards of a discard pile, a player's archives."""

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


def test_a_different_card_is_one_other_than_the_card_named_before(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Witch of the Dawn")
    # "Play: Destroy another friendly creature. If you do, play a different creature from your discard
    # pile. Ready and use that creature.": "different" is other than the creature just destroyed
    # (Troll, in the discard pile by then): only Krump is offered, played, readied and used to reap
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: witch-of-the-dawn
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Witch of the Dawn], battleline: [Troll], discard: [Krump]}
        actions:
          - play: Witch of the Dawn
            choices: [right, right]
        expect:
          "16.0": {Troll.zone: discard, player1.battleline: [Witch of the Dawn, Krump], player1.amber: 1, decisions.0.3.not_offered: [Troll]}
        """,
        )
    )


def test_that_creature_after_an_if_you_do_that_did_not_happen_names_nothing(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Witch of the Dawn")
    # with no other friendly creature to destroy, "If you do, play a different creature ..." does not
    # happen, and "Ready and use that creature." then has no creature: Krump stays in the pile
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: witch-of-the-dawn-alone
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Witch of the Dawn], discard: [Krump]}
        actions:
          - play: Witch of the Dawn
        expect:
          "16.0": {player1.battleline: [Witch of the Dawn], Krump.zone: discard}
        """,
        )
    )


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
