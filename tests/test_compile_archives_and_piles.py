"""Archives and discard piles as wholes or in part: "each player discards their archives", "shuffle
your opponent's archives into their deck", "purge an action card in a discard pile", "2 cards of
different types", "after you shuffle your discard pile into your deck", and the counts "for each
card in your opponent's hand in excess of 5" and "for each creature your opponent controls in excess
of you, not counting SELF"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_each_player_discards_their_archives(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Gone Pear Shaped")
    # "Play: Each player discards their archives.": both archives go to their owners' discard piles
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: gone-pear-shaped
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [Gone Pear Shaped], archives: [Troll]}
          player2: {archives: [Krump, Anger]}
        actions:
          - play: Gone Pear Shaped
        expect:
          "16.0": {player1.archives: [], player2.archives: [], Troll.zone: discard, Krump.zone: discard, Anger.zone: discard}
        """,
        )
    )


def test_shuffle_your_opponents_archives_into_their_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Clipped Wings")
    # "Play: Choose one: Purge a random card from your opponent's hand. Shuffle your opponent's
    # archives into their deck.": the second option; their hand is untouched
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: clipped-wings
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Clipped Wings], archives: [Bumpsy]}
          player2: {archives: [Krump, Anger], hand: [Punch], deck: [Troll]}
        actions:
          - play: Clipped Wings
            choices: ["shuffle your opponent's archives into their deck"]
        expect:
          "16.0": {player2.archives: [], Krump.zone: deck, Anger.zone: deck, Punch.zone: hand, player1.archives: [Bumpsy]}
        """,
        )
    )


def test_purge_an_action_card_in_a_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Broken Intent")
    # "Play: Choose one: Each player discards their archives. Purge an action card in a discard
    # pile.": an action of either pile (the opponent's Anger here), not a creature
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: broken-intent
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: [Broken Intent], discard: [Punch, Troll], archives: [Bumpsy]}
          player2: {discard: [Anger, Krump]}
        actions:
          - play: Broken Intent
            choices: ["purge an action card in a discard pile", Anger]
        expect:
          "16.0": {Anger.zone: purged, Punch.zone: discard, Krump.zone: discard, Bumpsy.zone: archives}
        """,
        )
    )


@pytest.mark.parametrize("hand, amber", [(["Punch"] * 7, 2), (["Punch"] * 5, 4)])
def test_cards_in_the_opponents_hand_in_excess_of_five(kb_conn, tmp_path, hand, amber):
    assert_compiled(kb_conn, "Change Agent")
    # "After Fight/After Reap: For each card in your opponent's hand in excess of 5, they lose 1.":
    # 7 cards lose 2, 5 cards none
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: change-agent
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{battleline: [Change Agent]}}
          player2: {{amber: 4, hand: {hand}}}
        actions:
          - reap: Change Agent
        expect:
          "16.0": {{player1.amber: 1, player2.amber: {amber}}}
        """,
        )
    )


def test_creatures_in_excess_not_counting_self(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Dr. Milli")
    # "Play: For each creature your opponent controls in excess of you, not counting Dr. Milli,
    # archive a card.": 4 enemy creatures against Bumpsy alone: 3 cards archived from hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: dr-milli
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Dr. Milli, Troll, Krump, Anger, Punch], battleline: [Bumpsy]}
          player2: {battleline: [Troll, Krump, Dust Pixie, Snufflegator]}
        actions:
          - play: Dr. Milli
            targets: [right, Troll, Krump, Anger]
        expect:
          "16.0": {player1.hand: [Punch], player1.archives: [Troll, Krump, Anger]}
        """,
        )
    )


def test_archive_two_cards_of_different_types_from_your_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Forgive or Forget")
    # "Choose one: • Archive 2 cards of different types from your discard pile. • Purge up to 2 cards
    # from each discard pile.": Troll chosen first, Krump (a creature too) is no longer offered: Punch
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: forgive-or-forget-archive
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Forgive or Forget], discard: [Troll, Krump, Punch]}
        actions:
          - play: Forgive or Forget
            choices: ["archive 2 cards of different types from your discard pile", Troll]
        expect:
          "16.0": {player1.archives: [Troll, Punch], Krump.zone: discard}
        """,
    )
    assert_passed(result)


def test_purge_up_to_two_cards_from_each_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Forgive or Forget")
    # the second option: one card of player1's pile (then done), two of player2's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: forgive-or-forget-purge
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Forgive or Forget], discard: [Troll, Krump, Punch]}
          player2: {discard: [Anger, Smaaash, Bumpsy]}
        actions:
          - play: Forgive or Forget
            choices: ["purge up to 2 cards from each discard pile", Troll, done, Anger, Bumpsy]
        expect:
          "16.0": {Troll.zone: purged, Krump.zone: discard, Anger.zone: purged, Bumpsy.zone: purged, Smaaash.zone: discard}
        """,
        )
    )


def test_archive_any_number_of_friendly_creatures_from_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Safe or Sorry")
    # "Choose one: • Archive any number of friendly creatures from play. • Choose a creature. Deal 1
    # to it for each A your opponent has.": Troll and Bumpsy archived, Krump left in play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: safe-or-sorry
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: [Safe or Sorry], battleline: [Troll, Krump, Bumpsy]}
          player2: {amber: 3}
        actions:
          - play: Safe or Sorry
            choices: ["archive any number of friendly creatures from play", Troll, Bumpsy, done]
        expect:
          "16.0": {player1.archives: [Troll, Bumpsy], Krump.zone: battleline, Krump.damage: 0}
        """,
        )
    )


def test_purge_a_card_of_the_same_type_as_the_discarded_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Aurascope")
    # "Action: Discard a card. If you do, purge a card of the same type as the discarded card from a
    # discard pile.": Punch (an action) discarded; only actions are offered (Punch, Anger), not Troll
    # or Krump; Anger purged
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aurascope
        setup:
          turn: {active: player1, house: geistoid}
          player1: {artifacts: [Aurascope], hand: [Punch], discard: [Troll]}
          player2: {discard: [Anger, Krump]}
        actions:
          - action: Aurascope
            choices: [Anger]
        expect:
          "16.0": {Punch.zone: discard, Anger.zone: purged, Krump.zone: discard, Troll.zone: discard,
                   decisions.0.2.not_offered: [Troll, Krump]}
        """,
        )
    )


def test_damage_each_creature_sharing_a_trait_with_the_purged_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Qyxxlyxx Grave Master")
    # "Play: Purge a creature from a discard pile. Deal 2 to each creature that shares one or more
    # traits with the purged creature.": Troll (Giant) purged: Krump (Giant) takes 2, the Faerie and
    # the Elf none
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: qyxxlyxx-grave-master
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Qyxxlyxx Grave Master], discard: [Troll], battleline: [Zorg]}
          player2: {battleline: [Krump, Dust Pixie, Lamindra]}
        actions:
          - play: Qyxxlyxx Grave Master
            targets: [right]
        expect:
          "16.0": {Troll.zone: purged, Krump.damage: 2, Dust Pixie.damage: 0, Lamindra.damage: 0, Zorg.damage: 0}
        """,
        )
    )


def test_you_may_not_play_cards_of_the_discarded_cards_type_for_the_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Strategic Feint", "Overreach")
    # Strategic Feint: "Fate: Discard the top card of your deck. Until the end of the turn, you may
    # not play cards of the discarded card's type." under Overreach, fulfilled by player 2's reap:
    # player 2 discards Punch (an action): Anger is refused (action 4), Bumpsy, a creature, is played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: strategic-feint-fate
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Strategic Feint], prophecies: [Overreach]}
          player2: {houses: [brobnar], battleline: [Krump], deck: [Punch, Troll, Troll, Troll, Troll, Troll, Troll, Troll],
                    hand: [Anger, Bumpsy]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: Strategic Feint}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
          - play: Anger
          - play: Bumpsy
            choices: [right]
        expect:
          "16.0": {illegal: 4, Punch.zone: discard, Bumpsy.zone: battleline, Anger.zone: hand}
        """,
        )
    )


def test_after_you_shuffle_your_discard_pile_into_your_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Sabira the Medium", "Ruthless Avenger", "Overreach")
    # Sabira the Medium: "After you shuffle your discard pile into your deck, gain 3." Player 2's
    # Ruthless Avenger fate ("... Shuffle your discard pile into your deck.") resolves for player 1,
    # who controls Sabira: player 1 gains 3; player 2 shuffles nothing and gains nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sabira-the-medium-by-an-effect
        setup:
          turn: {active: player2, house: brobnar}
          player2: {hand: [Ruthless Avenger], prophecies: [Overreach]}
          player1: {houses: [untamed], battleline: [Sabira the Medium, Dust Pixie], discard: [Punch, Anger, Smaaash],
                    deck: [Troll, Troll, Troll, Troll, Troll, Troll, Troll, Troll]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: Ruthless Avenger}
          - end_turn: true
            to_step: 2
          - choose_house: untamed
          - reap: Dust Pixie
        expect:
          "16.0": {player1.amber: 4, player2.amber: 0, player1.discard: []}
        """,
        )
    )
