"""Revealing a hand and counting what it showed ("Reveal your hand. For each non-Shadows card
revealed this way, steal 1."), a hand revealed "to your opponent", the cards looked at on top of a
deck sorted three ways ("Archive 1, add 1 to your hand, and discard 1"), and a search that puts the
card found into play ("... and put it into play, then shuffle your deck")."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, card, engine_for, labels, replay
from engine.compile import compile_text
from engine.rules.ability import Context, resolve_all


def test_steal_for_each_non_house_card_revealed_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hoodwink")
    # "Play: Reveal your hand. For each non-Shadows card revealed this way, steal 1. Purge
    # Hoodwink.": Troll and Punch are not Shadows, Lamindra is: steal 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hoodwink
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [Hoodwink, Lamindra, Troll, Punch]}
          player2: {amber: 5}
        actions:
          - play: Hoodwink
        expect:
          "16.0": {player1.amber: 2, player2.amber: 3, Hoodwink.zone: purged, player1.hand: [Lamindra, Troll, Punch]}
        """,
        )
    )


def test_archive_one_add_one_discard_one_of_the_cards_looked_at(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Philophosaurus")
    # "After Reap: You may look at the top 3 cards of your deck. Archive 1, add 1 to your hand, and
    # discard 1.": of Punch, Troll and Anger, Troll archived, Anger to hand, Punch discarded; Krump,
    # the fourth, stays on the deck. Declined: nothing moves.
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: philophosaurus
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [Philophosaurus], deck: [Punch, Troll, Anger, Krump]}
        actions:
          - reap: Philophosaurus
            choices: ["yes", Troll, Anger]
        expect:
          "16.0": {player1.archives: [Troll], player1.hand: [Anger], Punch.zone: discard, player1.deck: [Krump]}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: philophosaurus-declined
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [Philophosaurus], deck: [Punch, Troll, Anger, Krump]}
        actions:
          - reap: Philophosaurus
            choices: ["no"]
        expect:
          "16.0": {player1.archives: [], player1.hand: [], player1.deck: [Punch, Troll, Anger, Krump]}
        """,
        )
    )


def test_reveal_your_hand_to_your_opponent_moves_nothing(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Visible Hand")
    # "Play: Make 2 token creatures. Reveal your hand to your opponent.": the hand stays as it is
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: the-visible-hand
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: [The Visible Hand, Troll, Punch], token: Grumpus, deck: [Anger, Krump]}
        actions:
          - play: The Visible Hand
            choices: [right]
        expect:
          "16.0": {player1.hand: [Troll, Punch]}
        """,
    )
    assert_passed(result)
    assert any("reveals Troll, Punch" in line for line in result.trace), result.trace


def test_search_your_deck_and_discard_pile_and_put_it_into_play(kb_conn):
    # Red Aeronaut's shape ("Play: Search your deck and discard pile for a Nautilixian and put it into
    # play, then shuffle your deck"; the sample's Nautilixian is not playable yet): the Giant found
    # in the discard pile is put into play, not played; the deck is shuffled
    assert_compiled(kb_conn, "Red Aeronaut")
    variant = compile_text(
        "Play: Search your deck and discard pile for a Giant creature and put it into play, then shuffle your deck."
    )
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Zorg"], "discard": ["Troll"], "deck": ["Punch", "Anger"]},
        },
        answers=["Troll", "right"],
    )
    resolve_all(variant.play, Context(eng, card(eng, "Zorg"), "player1"))
    assert labels(eng, "player1", "battleline") == ["Zorg", "Troll"]
    assert sorted(labels(eng, "player1", "deck")) == ["Anger", "Punch"]


@pytest.mark.parametrize(
    "deck, expect",
    [
        # Punch stops it and is played (Dust Pixie destroyed); Anger stays on the deck
        ("[Troll, Krump, Punch, Anger]", "{Punch.zone: discard, Anger.zone: deck, Dust Pixie.zone: discard}"),
        # no action card: every card discarded, nothing played
        ("[Troll, Krump]", "{Troll.zone: discard, Krump.zone: discard, Dust Pixie.zone: battleline}"),
    ],
)
def test_if_you_discarded_an_action_card_play_that_card(kb_conn, tmp_path, deck, expect):
    assert_compiled(kb_conn, "Event Horizon")
    # "Play: Discard cards from the top of your deck until you discard an action card or run out of
    # cards. If you discarded an action card, play that card."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: event-horizon
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: [Event Horizon], deck: {deck}}}
          player2: {{battleline: [Dust Pixie]}}
        actions:
          - play: Event Horizon
        expect:
          "16.0": {expect}
        """,
        )
    )


def test_play_each_card_from_your_discard_pile_one_at_a_time(kb_conn):
    # Omnipus (DT): "Play: Discard the top 8 cards of your deck. Play each Tentaclid from your discard
    # pile, one at a time." reads as the later printings' "Play each Tentaclid from your discard pile"
    text = kb_conn.execute("SELECT text FROM cards WHERE name = 'Omnipus' AND set_code = 'DT'").fetchone()[0]
    later = kb_conn.execute("SELECT text FROM cards WHERE name = 'Omnipus' AND set_code = 'GR'").fetchone()[0]
    assert "one at a time" in text

    def shape(printed: str) -> list[str]:
        return [type(e).__name__ for e in compile_text(printed, "Omnipus", "creature").play]

    assert shape(text) == shape(later) == ["DiscardTopOfDeck", "NameOutOfPlay", "PlayIt"]


def test_put_any_number_of_the_discarded_cards_back_on_top_in_any_order(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Recovery Operation")
    # "Play: Discard the bottom 3 cards of your deck. You may put any number of the discarded cards on
    # top of your deck in any order.": Troll, Krump and Punch discarded; Punch then Troll put back
    # (Troll, picked last, on top); Krump stays discarded
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: recovery-operation
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Recovery Operation], deck: [Anger, Troll, Krump, Punch]}
        actions:
          - play: Recovery Operation
            choices: [Punch, Troll, done]
        expect:
          "16.0": {player1.deck: [Troll, Punch, Anger], Krump.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize("answer, zone", [("yes", "hand"), ("no", "discard")])
def test_at_the_beginning_of_your_turn_return_self_from_your_discard_pile(kb_conn, tmp_path, answer, zone):
    assert_compiled(kb_conn, "Modular Exoskeleton")
    # "This creature gets +4 power. At the beginning of your turn, you may return Modular Exoskeleton
    # from your discard pile to your hand.": at the start of player 1's next turn, from the pile
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: modular-exoskeleton
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{houses: [brobnar], discard: [Modular Exoskeleton]}}
          player2: {{battleline: [Krump]}}
        actions:
          - end_turn: true
            to_step: 2
            choices: ["{answer}"]
        expect:
          "16.0": {{Modular Exoskeleton.zone: {zone}}}
        """,
        )
    )


def test_search_your_deck_for_a_card_by_name(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Com. Officer Hings")
    # "Play: You may search your deck for Com. Officer Gross, reveal it, and put it into your hand.
    # Shuffle your deck."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: com-officer-hings-search
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Com. Officer Hings], deck: [Punch, Com. Officer Gross, Anger]}
        actions:
          - play: Com. Officer Hings
            choices: ["yes", Com. Officer Gross]
        expect:
          "16.0": {player1.hand: [Com. Officer Gross], decisions.0.3.not_offered: [Punch, Anger]}
        """,
        )
    )


def test_draw_for_each_creature_between_self_and_a_card_named(kb_conn):
    # Com. Officer Hings's shape ("Fight/Reap: Draw 1 card for each creature between Com. Officer
    # Hings and Com. Officer Gross"; the sample's Com. Officer Gross is not playable yet), with Zorg
    # and Bumpsy: Troll and Krump stand between them, so 2 cards are drawn
    variant = compile_text("Reap: Draw 1 card for each creature between Zorg and Bumpsy.", "Zorg", "creature")
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Zorg", "Troll", "Krump", "Bumpsy", "Dust Pixie"], "deck": ["Punch"] * 4},
        },
    )
    resolve_all(variant.reap, Context(eng, card(eng, "Zorg"), "player1"))
    assert len(labels(eng, "player1", "hand")) == 2


@pytest.mark.parametrize("answer, amber, zone", [("yes", 2, "artifacts"), ("no", 1, "discard")])
def test_each_time_you_play_an_artifact_from_your_discard_pile(kb_conn, tmp_path, answer, amber, zone):
    assert_compiled(kb_conn, "Zavel, “Archaeologist”")
    # "Each time you play an artifact from your discard pile, gain 1. Play/After Reap: You may play an
    # artifact from your discard pile.": the reap's 1, and 1 more for Gauntlet of Command played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: zavel-archaeologist
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{battleline: ["Zavel, “Archaeologist”"], discard: [Gauntlet of Command]}}
        actions:
          - reap: "Zavel, “Archaeologist”"
            choices: ["{answer}"]
        expect:
          "16.0": {{player1.amber: {amber}, Gauntlet of Command.zone: {zone}}}
        """,
        )
    )
