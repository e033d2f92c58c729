"""Prophecies and fates (engine.rules.mechanics.prophecies): a card from hand put facedown under a
prophecy; the prophecy fulfilled on the opponent's turn reveals it and its "Fate:" ability resolves
for the opponent ("you" is the player whose turn it is), then the fate card is discarded."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, engine_for, replay
from engine.core.errors import IllegalAction
from engine.rules.mechanics.prophecies import activate


def test_overreach_fulfilled_by_an_enemy_reap_resolves_the_fate_for_the_opponent(kb_conn, tmp_path):
    for name in ("Overreach", "Coup de Grâce"):
        assert_compiled(kb_conn, name)
    # Overreach: "During your opponent's turn, after an enemy creature is used to reap, fulfill
    # Overreach." Coup de Grâce: "Fate: Deal 4D to each friendly creature." Player 1 puts Coup de
    # Grâce under Overreach; on player 2's turn Krump reaps: each of player 2's creatures (friendly
    # to the player resolving the fate) takes 4 (Grumpus, power 2, is destroyed), player 1's Troll none; the fate card goes to player
    # 1's discard pile, Overreach stays, with nothing under it: a second reap fulfils nothing.
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: overreach-coup-de-grace
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Coup de Grâce"], prophecies: [Overreach], battleline: [Troll]}
          player2: {houses: [brobnar], battleline: [Krump, Bumpsy, Grumpus]}
        actions:
          - activate_prophecy: {prophecy: Overreach, card: "Coup de Grâce"}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
          - reap: Bumpsy
        expect:
          "16.0": {Krump.damage: 4, Bumpsy.damage: 4, Grumpus.zone: discard, Troll.damage: 0,
                   "Coup de Grâce.zone": discard, player1.prophecies: [Overreach], player2.amber: 2}
        """,
        )
    )


def test_a_fate_for_your_opponent_gives_the_owner_and_a_dormant_prophecy_does_nothing(kb_conn, tmp_path):
    # Forge Ahead With Confidence: "During your opponent's turn, after your opponent forges a key,
    # fulfill ...". Player 2 forges on their own turn: the fate (Oh, You Shouldn't Have!: "Fate:
    # Your opponent gains 3A.") gives player 1, its owner, 3; the prophecy without a fate card
    # (Overreach) stays dormant.
    for name in ("Forge Ahead With Confidence", "Oh, You Shouldn’t Have!"):
        assert_compiled(kb_conn, name)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: forge-ahead-oh-you-shouldnt-have
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, hand: ["Oh, You Shouldn’t Have!"], prophecies: [Forge Ahead With Confidence, Overreach]}
          player2: {amber: 7, houses: [brobnar], battleline: [Krump]}
        actions:
          - activate_prophecy: {prophecy: Forge Ahead With Confidence, card: "Oh, You Shouldn’t Have!"}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
        expect:
          "16.0": {player2.keys: 1, player2.amber: 2, player1.amber: 3,
                   "Oh, You Shouldn’t Have!.zone": discard}
        """,
        )
    )


def test_during_your_opponents_turn_limits_the_prophecy_to_the_opponents_turns(kb_conn, tmp_path):
    # Wounds Into Wisdom: "During your opponent's turn, after a friendly creature is dealt damage,
    # fulfill Wounds into Wisdom." Player 1's Troll is dealt damage fighting on player 1's own turn:
    # nothing (Coup de Grâce stays under the prophecy); on player 2's turn Krump fights Troll: the
    # fate deals 4 to each of player 2's creatures.
    assert_compiled(kb_conn, "Wounds Into Wisdom")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: wounds-into-wisdom-coup-de-grace
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Coup de Grâce"], prophecies: [Wounds Into Wisdom], battleline: [Troll]}
          player2: {houses: [brobnar], battleline: [Krump, Bumpsy]}
        actions:
          - activate_prophecy: {prophecy: Wounds Into Wisdom, card: "Coup de Grâce"}
          - fight: {attacker: Troll, target: Bumpsy}
        expect:
          "16.0": {Troll.damage: 5, "Coup de Grâce.zone": beneath, Krump.damage: 0}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: wounds-into-wisdom-coup-de-grace-2
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Coup de Grâce"], prophecies: [Wounds Into Wisdom], battleline: [Troll]}
          player2: {houses: [brobnar], battleline: [Krump, Bumpsy]}
        actions:
          - activate_prophecy: {prophecy: Wounds Into Wisdom, card: "Coup de Grâce"}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - fight: {attacker: Krump, target: Troll}
        expect:
          "16.0": {Troll.damage: 6, "Coup de Grâce.zone": discard, Krump.zone: discard, Bumpsy.damage: 4}
        """,
        )
    )


def _board(kb_conn):
    return engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"hand": ["Troll", "Krump"], "prophecies": ["Overreach", "Bad Omen"]},
            "player2": {"hand": ["Bumpsy"], "prophecies": ["The Early Bird"]},
        },
    )


def _named(eng, label):
    return next(c for c in eng.game.cards() if c.label == label)


def test_one_activation_a_turn_one_fate_card_a_prophecy_from_the_active_players_hand(kb_conn):
    eng = _board(kb_conn)
    activate(eng, _named(eng, "Overreach"), _named(eng, "Troll"))
    assert [c.label for c in _named(eng, "Overreach").beneath] == ["Troll"]
    assert _named(eng, "Troll").zone == "beneath"
    with pytest.raises(IllegalAction, match="already activated a prophecy this turn"):
        activate(eng, _named(eng, "Bad Omen"), _named(eng, "Krump"))
    with pytest.raises(IllegalAction, match="not one of player1's prophecies"):
        activate(eng, _named(eng, "The Early Bird"), _named(eng, "Krump"))
    eng.game.turn += 2  # a later turn of player 1
    with pytest.raises(IllegalAction, match="already active"):
        activate(eng, _named(eng, "Overreach"), _named(eng, "Krump"))
    with pytest.raises(IllegalAction, match="not in player1's hand"):
        activate(eng, _named(eng, "Bad Omen"), _named(eng, "Bumpsy"))
    assert _named(eng, "Krump").zone == "hand" and _named(eng, "Bumpsy").zone == "hand"


@pytest.mark.parametrize(
    "prophecy, mine, theirs, fulfilled",
    [
        # "At the end of your opponent's turn, if they have more A in their pool than you, fulfill ..."
        ("The Early Bird", 1, 1, True),
        ("The Early Bird", 2, 1, False),
        # "... if they have less A in their pool than you, fulfill ..."
        ("The Second Mouse", 3, 1, True),
        ("The Second Mouse", 2, 1, False),
        # "... if they have exactly 6A, fulfill ..."
        ("Bad Omen", 0, 5, True),
        ("Bad Omen", 0, 6, False),
        # "... if they have A in their pool equal to or greater than the current key cost, ..." (10 here)
        ("Signs Point to Yes", 0, 9, True),
        ("Signs Point to Yes", 0, 8, False),
    ],
)
def test_end_of_the_opponents_turn_prophecies_compare_their_pool(kb_conn, tmp_path, prophecy, mine, theirs, fulfilled):
    # the fate, Oh, You Shouldn't Have! ("Fate: Your opponent gains 3A."), gives player 1 3 when the
    # prophecy is fulfilled at the end of player 2's turn, as player 2's pool is then, after Krump's
    # reap (1 more than at the start); player 2's keys cost 10 (no forging), player 1's turn is not
    # played on (to_step 1: no forging either)
    assert_compiled(kb_conn, prophecy)
    after = mine + 3 if fulfilled else mine
    zone = "discard" if fulfilled else "beneath"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: end-of-turn-prophecy
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: {mine}, hand: ["Oh, You Shouldn’t Have!"], prophecies: ["{prophecy}"]}}
          player2: {{amber: {theirs}, key_cost_modifier: 4, houses: [brobnar], battleline: [Krump]}}
        actions:
          - activate_prophecy: {{prophecy: "{prophecy}", card: "Oh, You Shouldn’t Have!"}}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
          - end_turn: true
            to_step: 1
        expect:
          "16.0": {{player1.amber: {after}, "Oh, You Shouldn’t Have!.zone": {zone}}}
        """,
        )
    )


@pytest.mark.parametrize("theirs, fulfilled", [(["Krump"], True), (["Krump", "Bumpsy"], False)])
def test_stars_aligned_at_the_start_of_the_opponents_turn(kb_conn, tmp_path, theirs, fulfilled):
    # Stars Aligned: "At the start of your opponent's turn, if each player has the same number of
    # creatures, fulfill Stars Aligned." Coup de Grâce: "Fate: Deal 4D to each friendly creature."
    assert_compiled(kb_conn, "Stars Aligned")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: stars-aligned
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["Coup de Grâce"], prophecies: [Stars Aligned], battleline: [Troll]}}
          player2: {{houses: [brobnar], battleline: {theirs}}}
        actions:
          - activate_prophecy: {{prophecy: Stars Aligned, card: "Coup de Grâce"}}
          - end_turn: true
            to_step: 2
        expect:
          "16.0": {{Krump.damage: {4 if fulfilled else 0}, Troll.damage: 0}}
        """,
        )
    )


def _fulfilled_on_player2s_turn(kb_conn, tmp_path, prophecy: str, player2: str, actions: str, fulfilled: bool):
    """Player 1 puts Oh, You Shouldn't Have! ("Fate: Your opponent gains 3A.") under ``prophecy``;
    player 2's turn: ``actions``; player 1 has 3 when the prophecy was fulfilled, else 0."""
    assert_compiled(kb_conn, prophecy)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: player2s-turn-prophecy
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 0, hand: ["Oh, You Shouldn’t Have!"], prophecies: ["{prophecy}"]}}
          player2: {player2}
        actions:
          - activate_prophecy: {{prophecy: "{prophecy}", card: "Oh, You Shouldn’t Have!"}}
          - end_turn: true
            to_step: 2
{actions}
        expect:
          "16.0": {{player1.amber: {3 if fulfilled else 0}}}
        """,
        )
    )


@pytest.mark.parametrize("creatures, fulfilled", [("[Troll, Krump, Bumpsy]", True), ("[Troll, Krump]", False)])
def test_the_end_is_nigh_counts_the_creatures_destroyed_that_turn(kb_conn, tmp_path, creatures, fulfilled):
    # The End is Nigh: "During your opponent's turn, after 3 or more creatures have been destroyed
    # that turn, fulfill The End is Nigh." Gateway to Dis destroys each creature: 3, or only 2
    _fulfilled_on_player2s_turn(
        kb_conn,
        tmp_path,
        "The End is Nigh",
        f"{{houses: [dis], hand: [Gateway to Dis], battleline: {creatures}}}",
        "          - choose_house: dis\n          - play: Gateway to Dis",
        fulfilled,
    )


@pytest.mark.parametrize("punches, fulfilled", [(2, True), (1, False)])
def test_treat_each_action_as_your_last_on_the_second_action(kb_conn, tmp_path, punches, fulfilled):
    # Treat Each Action as Your Last: "During your opponent's turn, after your opponent plays their
    # second action that turn, fulfill ..." Player 2 plays Punch twice (or once)
    plays = "\n".join(["          - play: Punch"] * punches)
    if fulfilled:  # the prophecy and Punch's "Play:" resolve at the same time: player 2 orders them
        plays += '\n            choices: ["Treat Each Action as Your Last"]'
    _fulfilled_on_player2s_turn(
        kb_conn,
        tmp_path,
        "Treat Each Action as Your Last",
        "{houses: [brobnar], hand: [Punch, Punch], battleline: [Troll]}",
        "          - choose_house: brobnar\n" + plays,
        fulfilled,
    )


@pytest.mark.parametrize("take, fulfilled", [(True, True), (False, False)])
def test_fate_laughs_at_your_plans_when_the_archives_go_to_hand(kb_conn, tmp_path, take, fulfilled):
    # Fate Laughs at Your Plans: "During your opponent's turn, when your opponent adds their archives
    # to their hand, fulfill ..." Player 2 takes their archived Troll, or leaves it
    _fulfilled_on_player2s_turn(
        kb_conn,
        tmp_path,
        "Fate Laughs at Your Plans",
        "{houses: [brobnar], archives: [Troll]}",
        f"          - choose_house: brobnar\n          - take_archives: {str(take).lower()}",
        fulfilled,
    )


@pytest.mark.parametrize(
    "fate, zone, controller, flank",
    [
        # Salvatorem: "You cannot play Salvatorem. ... Fate: Put Salvatorem into play under your
        # opponent's control." (the fate's opponent: player 1, its owner)
        ("Salvatorem", "artifacts", "player1", "[]"),
        # Fallen Sovereign: "Fate: Put Fallen Sovereign into play under your control." (player 2's)
        ("Fallen Sovereign", "battleline", "player2", "[right]"),
    ],
)
def test_a_fate_that_puts_the_fate_card_into_play(kb_conn, tmp_path, fate, zone, controller, flank):
    assert_compiled(kb_conn, fate)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: fate-into-play
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{hand: ["{fate}"], prophecies: [Overreach]}}
          player2: {{houses: [brobnar], battleline: [Krump]}}
        actions:
          - activate_prophecy: {{prophecy: Overreach, card: "{fate}"}}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - reap: Krump
            choices: {flank}
        expect:
          "16.0": {{"{fate}.zone": {zone}, "{fate}.controller": {controller}, player1.discard: []}}
        """,
        )
    )


def test_a_fate_that_empties_the_new_deck_lets_the_draw_shuffle_again(kb_conn, tmp_path):
    # Expect the Unexpected: "During your opponent's turn, after your opponent shuffles their deck,
    # fulfill Expect the Unexpected." Knockback's fate: "Discard cards from the top of your deck until
    # you discard a creature or run out of cards." Player 2 refills with an empty deck: their discard
    # pile (no creature in it) becomes the deck, the fate discards all of it, and the draw finds the
    # deck empty again: the pile is shuffled in again and the cards are drawn (the fuzzer: the draw
    # read a card from the empty deck)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: knockback-fate-empties-the-new-deck
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Knockback], prophecies: [Expect the Unexpected]}
          player2: {houses: [brobnar], discard: [Anger, Punch]}
        actions:
          - activate_prophecy: {prophecy: Expect the Unexpected, card: Knockback}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - end_turn: true
        expect:
          "16.0": {Knockback.zone: discard, player2.deck: [], player2.discard: []}
        """,
    )
    assert_passed(result)
    assert sum("player2 shuffles their discard pile into a new deck" in line for line in result.trace) == 2
    assert any(line.startswith("Knockback") and "Fate:" in line for line in result.trace)
