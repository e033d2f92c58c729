"""Conditions on the board as it is now and on what happened this turn
(templates/conditions_state_and_history.toml), and a constant ability that opens "If <condition>,":
16.0 "Constant Abilities": it "is active so long as the card remains in play and meets all
conditions specified by the ability", so it is read as "While <condition>, ..."."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def _passes(kb_conn, tmp_path, body: str) -> None:
    assert_passed(replay(kb_conn, tmp_path, body))


@pytest.mark.parametrize("exhausted, zone", [(3, "battleline"), (2, "discard")])
def test_if_there_are_3_or_more_other_exhausted_creatures_it_gains_skirmish(kb_conn, tmp_path, exhausted, zone):
    assert_compiled(kb_conn, "Llack Gaboon")
    # "Llack Gaboon gets +1 power for each other exhausted creature. If there are 3 or more other
    # exhausted creatures, Llack Gaboon gains skirmish and hazardous 5.": with 3 it is a 6-power
    # skirmisher and takes nothing back from Dodger (5); with 2 it is 5 power, without skirmish
    enemies = ", ".join(["{card: Troll, exhausted: true}"] * exhausted)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: llack-gaboon
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{battleline: [Llack Gaboon]}}
          player2: {{battleline: [Dodger, {enemies}]}}
        actions:
          - fight: {{attacker: Llack Gaboon, target: Dodger}}
        expect:
          "16.0": {{Llack Gaboon.zone: {zone}, Dodger.zone: discard}}
        """,
    )


@pytest.mark.parametrize("discarded, power", [(10, 11), (9, 5)])
def test_if_you_are_haunted_it_gets_power_for_each_amber_on_it(kb_conn, tmp_path, discarded, power):
    assert_compiled(kb_conn, "Helichopper")
    # "If you are haunted, Helichopper gets +3 power for each Æmber on it.": 2 Æmber on it
    discard = ", ".join(["Troll"] * discarded)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: helichopper
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{battleline: [{{card: Helichopper, amber: 2}}], discard: [{discard}]}}
        actions: []
        expect:
          "16.0": {{Helichopper.power: {power}}}
        """,
    )


@pytest.mark.parametrize("other, illegal", [("Dodger", []), ("Krump", [0])])
def test_if_there_are_no_other_friendly_brobnar_creatures_it_gains_versatile(kb_conn, tmp_path, other, illegal):
    assert_compiled(kb_conn, "Dreadstarr the Lone")
    # "If there are no other friendly Brobnar creatures in play, Dreadstarr the Lone gains
    # versatile" (used as if it belonged to the active house): with Dodger (Shadows) beside it, it
    # reaps in a Shadows turn; with Krump (Brobnar), it cannot
    amber = 0 if illegal else 1
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: dreadstarr
        setup:
          turn: {{active: player1, house: shadows}}
          player1: {{battleline: [Dreadstarr the Lone, {other}]}}
        actions:
          - reap: Dreadstarr the Lone
        expect:
          "16.0": {{player1.amber: {amber}, illegal: {illegal}}}
        """,
    )


@pytest.mark.parametrize("enemies, amber", [("[Troll, Dodger]", 2), ("[Dodger, Troll]", 2), ("[Krump, Troll]", 0)])
def test_if_the_creature_it_fights_is_the_most_powerful_enemy_creature(kb_conn, tmp_path, enemies, amber):
    assert_compiled(kb_conn, "Baldric the Bold")
    # "Before Fight: If the creature Baldric the Bold fights is the most powerful enemy creature,
    # gain 2.": Dodger (5) is not Troll (8); Krump (6) is not either; so Baldric fights Troll,
    # or Dodger when Troll is not the one fought
    target = "Troll" if amber else "Krump"
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: baldric
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{battleline: [Baldric the Bold]}}
          player2: {{battleline: {enemies}}}
        actions:
          - fight: {{attacker: Baldric the Bold, target: {target}}}
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
    )


@pytest.mark.parametrize("neighbor, amber", [("Troll", 1), ("Commander Chan", 0)])
def test_if_it_has_no_star_alliance_neighbors_steal(kb_conn, tmp_path, neighbor, amber):
    assert_compiled(kb_conn, "Crewman Jörg")
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: crewman-jorg
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{battleline: [Crewman Jörg, {neighbor}]}}
          player2: {{amber: 3}}
        actions:
          - action: Crewman Jörg
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
    )


@pytest.mark.parametrize("pools, zone", [((3, 3), "archives"), ((3, 2), "discard")])
def test_if_there_is_a_combined_total_between_both_pools(kb_conn, tmp_path, pools, zone):
    assert_compiled(kb_conn, "Hire On")
    # "Play: Make a token creature. If there is a combined total of 6 or more between both
    # players' pools, archive Hire On."
    mine, theirs = pools
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: hire-on
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{amber: {mine}, token: Grunt, hand: [Hire On], deck: [Troll]}}
          player2: {{amber: {theirs}}}
        actions:
          - play: Hire On
        expect:
          "16.0": {{Hire On.zone: {zone}}}
        """,
    )


@pytest.mark.parametrize("discarded, zone", [(10, "hand"), (0, "battleline")])
def test_if_that_creatures_controller_is_haunted(kb_conn, tmp_path, discarded, zone):
    assert_compiled(kb_conn, "Tendrils from Beyond")
    # "Choose a creature. If that creature's controller is haunted, return that creature and each
    # of its neighbors to their owner's hand. Otherwise, return that creature to its owner's hand."
    discard = ", ".join(["Troll"] * discarded)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: tendrils
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: [Tendrils from Beyond]}}
          player2: {{battleline: [Krump, Troll, Dodger], discard: [{discard}]}}
        actions:
          - play: Tendrils from Beyond
            targets: [Troll]
        expect:
          "16.0": {{Troll.zone: hand, Krump.zone: {zone}, Dodger.zone: {zone}}}
        """,
    )


def test_first_time_used_this_turn_readies_and_enrages_it_once(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Gladiodontus")
    # "After Fight/After Reap: If this is the first time Gladiodontus has been used this turn,
    # ready and enrage it.": the reap readies and enrages it; the second use (a fight, enraged) is
    # not the first, so it stays exhausted
    _passes(
        kb_conn,
        tmp_path,
        """
        id: gladiodontus
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [Gladiodontus]}
          player2: {amber: 1, battleline: [Troll]}
        actions:
          - reap: Gladiodontus
          - fight: {attacker: Gladiodontus, target: Troll}
        expect:
          "16.0": {Gladiodontus.exhausted: true, Gladiodontus.enraged: false, Troll.damage: 5, player1.amber: 1}
        """,
    )


@pytest.mark.parametrize("battleline, zone", [("[Legendary Keyraken]", "battleline"), ("[Troll]", "archives")])
def test_if_a_named_card_is_not_in_play_archive_it(kb_conn, tmp_path, battleline, zone):
    assert_compiled(kb_conn, "Shield Tentacle")
    # "If a friendly Legendary Keyraken is not in play, archive Shield Tentacle.": a constant
    # ability checked with the state, as "If <condition>, purge <this card>" is
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: shield-tentacle
        setup:
          turn: {{active: player1, house: keyraken}}
          player1: {{hand: [Shield Tentacle], battleline: {battleline}}}
        actions:
          - play: Shield Tentacle
            choices: [right]
        expect:
          "16.0": {{Shield Tentacle.zone: {zone}}}
        """,
    )


@pytest.mark.parametrize("friendly, keys", [(6, 1), (5, 0)])
def test_if_you_do_and_a_condition(kb_conn, tmp_path, friendly, keys):
    assert_compiled(kb_conn, "Triumph")
    # "Play: If there are no enemy creatures, exalt each friendly creature. If you do and there are 6
    # or more friendly creatures, forge a key at no cost."
    creatures = ", ".join(["Troll"] * friendly)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: triumph
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: [Triumph], battleline: [{creatures}]}}
        actions:
          - play: Triumph
        expect:
          "16.0": {{player1.keys: {keys}}}
        """,
    )


@pytest.mark.parametrize("house, amber", [("dis", 2), ("shadows", 0)])
def test_if_your_opponent_chooses_that_house_on_their_next_turn(kb_conn, tmp_path, house, amber):
    assert_compiled(kb_conn, "Snaglet")
    # "Action: Choose a house. If your opponent chooses that house as their active house on their
    # next turn, steal 2.": asked when player 2 chooses, in their next turn
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: snaglet
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: [Snaglet]}}
          player2: {{amber: 5, houses: [dis, shadows, brobnar], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}}
        actions:
          - action: Snaglet
            choices: [dis]
          - {{end_turn: true, to_step: 2}}
          - choose_house: {house}
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
    )


@pytest.mark.parametrize("house, amber", [("dis", 1), ("brobnar", 4)])
def test_if_your_opponent_does_not_choose_that_house_on_their_next_turn(kb_conn, tmp_path, house, amber):
    assert_compiled(kb_conn, "Allusions of Grandeur")
    # "Play: Choose a house on your opponent's identity card. If your opponent does not choose that
    # house as their active house on their next turn, gain 3." (its Æmber bonus: 1 more)
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: allusions-of-grandeur
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{hand: [Allusions of Grandeur], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}}
          player2: {{houses: [dis, shadows, brobnar], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}}
        actions:
          - play: Allusions of Grandeur
            choices: [dis]
          - {{end_turn: true, to_step: 2}}
          - choose_house: {house}
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
    )


@pytest.mark.parametrize("top, amber", [("Commander Chan", 2), ("Krump", 1)])
def test_if_the_discarded_card_is_a_house_card(kb_conn, tmp_path, top, amber):
    assert_compiled(kb_conn, "Jackpot Greene")
    # "After a creature reaps, discard the top card of its controller's deck. If the discarded card
    # is a Star Alliance card, you gain 1.": Troll reaps (1); Commander Chan is Star Alliance
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: jackpot-greene
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{battleline: [Troll, Jackpot Greene], deck: [{top}, Krump]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {{player1.amber: {amber}, player1.discard: [{top}]}}
        """,
    )


@pytest.mark.parametrize("krumps, amber", [(5, 2), (4, 0)])
def test_if_you_discard_n_cards_of_the_same_house_this_way(kb_conn, tmp_path, krumps, amber):
    assert_compiled(kb_conn, "Technorachnophobia")
    # "Play: Discard the top 10 cards of your deck. If you discard 5 or more cards of the same house
    # this way, steal 2.": Krump is Brobnar, Dust Pixie Untamed, Dodger Shadows
    deck = ", ".join(["Krump"] * krumps + ["Dust Pixie"] * 4 + ["Dodger"] * (6 - krumps))
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: technorachnophobia
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: [Technorachnophobia], deck: [{deck}]}}
          player2: {{amber: 5}}
        actions:
          - play: Technorachnophobia
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
    )


@pytest.mark.parametrize("exalt, ward", [("yes", "true"), ("no", "false")])
def test_if_you_exalt_it(kb_conn, tmp_path, exalt, ward):
    assert_compiled(kb_conn, "Defense Initiative")
    # "Play: Ward a creature. You may exalt that creature. If you exalt it, ward each of its
    # neighbors."
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: defense-initiative
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: [Defense Initiative], battleline: [Krump, Troll, Dodger]}}
        actions:
          - play: Defense Initiative
            targets: [Troll]
            choices: [{exalt}]
        expect:
          "16.0": {{Troll.ward: true, Krump.ward: {ward}, Dodger.ward: {ward}}}
        """,
    )


@pytest.mark.parametrize("amber, after", [(1, 4), (0, 0)])
def test_a_condition_on_a_card_never_named_does_not_hold(kb_conn, tmp_path, amber, after):
    assert_compiled(kb_conn, "Put in a Spin")
    # "Play: Lose 1. If you do, choose a house and discard the top card of your opponent's deck. If
    # that card belongs to the named house, gain 4.": with nothing to lose, no card is discarded,
    # and the last sentence finds no card (it does not hold)
    choices = "\n            choices: [brobnar]" if amber else ""
    discard = "[Krump]" if amber else "[]"
    _passes(
        kb_conn,
        tmp_path,
        f"""
        id: put-in-a-spin
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{amber: {amber}, hand: [Put in a Spin]}}
          player2: {{deck: [Krump, Troll]}}
        actions:
          - play: Put in a Spin{choices}
        expect:
          "16.0": {{player1.amber: {after}, player2.discard: {discard}}}
        """,
    )
