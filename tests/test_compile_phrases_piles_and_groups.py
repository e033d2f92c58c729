"""Noun phrases of the later sets (engine/compile/templates/phrases_out_of_play.toml and
phrases_in_play.toml, engine/library/pile_ends.py, engine/library/purged.py): the ends of piles
("the bottom card of your opponent's deck", "the top 5 cards of a discard pile", "the topmost
creature from your discard pile"), cards named by the card an effect named before ("each enemy
creature that shares a house with the discarded card"), cards in play of other types ("a friendly
card", "each upgrade"), purged cards and the counts of neighbors and upgrades of the card a constant
ability is about."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_the_bottom_card_of_a_deck_and_the_creatures_sharing_its_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Root Access")
    # "Play: Discard the bottom card of your opponent's deck. Deal 2D to each enemy creature that
    # shares a house with the discarded card.": the bottom card (Punch, Brobnar), not the top one
    # (Urchin); Brobnar enemy creatures take 2, the Shadows one and the friendly Brobnar one none
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: root-access
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Root Access"], battleline: ["Krump"]}
          player2: {deck: ["Urchin", "Dust Pixie", "Punch"], battleline: ["Troll", "Silvertooth", "Bumpsy"]}
        actions:
          - play: Root Access
        expect:
          "16.0": {player2.discard: [Punch], player2.deck: [Urchin, Dust Pixie], Troll.damage: 2, Bumpsy.damage: 2,
                   Silvertooth.damage: 0, Krump.damage: 0}
        """,
        )
    )


def test_the_top_cards_of_a_chosen_discard_pile_shuffled_into_their_owners_deck(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Warfaline")
    # "Play/After Fight: Shuffle the top 5 cards of a discard pile into their owner's deck.": the
    # chosen pile is player2's; its 5 top cards go, its sixth stays; player1's pile is untouched
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: warfaline
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Warfaline"], discard: ["Anger"]}
          player2: {discard: ["Troll", "Krump", "Bumpsy", "Urchin", "Punch", "Dust Pixie"], deck: []}
        actions:
          - play: Warfaline
            choices: [player2]
        expect:
          "16.0": {player2.discard: [Dust Pixie], player2.hand_size: 0, player1.discard: [Anger]}
        """,
        )
    )


def test_the_topmost_creature_of_a_discard_pile_is_the_one_nearest_the_top(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Miss Chievous")
    # "After Reap: Play the topmost creature from your discard pile.": Punch (an action) is on top;
    # the creature nearest the top is Dust Pixie, played; Troll below it stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: miss-chievous-topmost
        setup:
          turn: {active: player1, house: geistoid}
          player1: {battleline: ["Miss Chievous"], discard: ["Punch", "Dust Pixie", "Troll"]}
        actions:
          - reap: Miss Chievous
            choices: [right]
        expect:
          "16.0": {player1.discard: [Punch, Troll], Dust Pixie.zone: battleline}
        """,
        )
    )


def test_each_upgrade_and_a_friendly_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Wipe Clear", "Further Testing Needed")
    # Wipe Clear, "Play: Deal 1D to each creature. Destroy each upgrade.": the upgrades on both
    # sides go to their owners' discard piles, the creatures stay
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: wipe-clear
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Wipe Clear"], battleline: [{card: Krump, upgrades: ["Blood of Titans"]}]}
          player2: {battleline: [{card: Troll, upgrades: ["Flame-Wreathed"]}]}
        actions:
          - play: Wipe Clear
        expect:
          "16.0": {Krump.upgrades: [], Troll.upgrades: [], player1.discard: [Wipe Clear, Blood of Titans],
                   player2.discard: [Flame-Wreathed],
                   Krump.damage: 1, Troll.damage: 1}
        """,
        )
    )
    # Further Testing Needed, "Play: Put a friendly card into its owner's archives.": an upgrade
    # is a card in play too; an enemy card is not offered
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: further-testing-needed-upgrade
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Further Testing Needed"], battleline: [{card: Zorg, upgrades: ["Blood of Titans"]}]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Further Testing Needed
            targets: [Blood of Titans]
        expect:
          "16.0": {player1.archives: [Blood of Titans], Zorg.upgrades: [], Troll.zone: battleline,
                   decisions.0.1.not_offered: [Troll]}
        """,
        )
    )


def test_a_card_with_no_side_is_not_read_as_one_in_play():
    # "You may play a non-Star Alliance card": a card in a hand, never a choice among cards in play
    # (read as "... from your hand": templates/clauses_off_house.toml)
    variant, _ = compile_report(
        "Play: You may play a non-Star Alliance card. If the tide is high, you may play another "
        "non-Star Alliance card.",
        "Together!",
        "action",
    )
    first = variant.play[0].then[0]
    assert (first.what, first.side) == ("hand", "friendly")
    # "Your opponent's creatures and artifacts gain omega.": cards as they are played, not a group
    # in play; refused by name
    _, refusals = compile_report("Your opponent's creatures and artifacts gain omega.", "Chronophage", "creature")
    assert refusals


@pytest.mark.parametrize("purged, power", [(0, 1), (3, 4)])
def test_each_purged_card_of_either_player(kb_conn, tmp_path, purged, power):
    assert_compiled(kb_conn, "Noname")
    # "Noname gets +1 power for each purged card.": the purged cards of both players count
    mine = ", ".join(["Troll"] * (purged - 1))
    theirs = "[Krump]" if purged else "[]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: noname-{purged}
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: ["Noname"], purged: [{mine}]}}
          player2: {{purged: {theirs}}}
        actions: []
        expect:
          "16.0": {{Noname.power: {power}}}
        """,
        )
    )


def test_each_of_its_neighbors_of_a_house_for_the_creature_asked_about(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Born to Rock")
    # "Each friendly Brobnar creature gets +1 power for each of its Brobnar neighbors.": Krump (two
    # Brobnar neighbors) +2, Troll (one Brobnar neighbor, Krump) +1, Bumpsy between Krump and a
    # Mars creature +1; Zorg (not Brobnar) gets nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: born-to-rock-neighbors
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: ["Born to Rock"], battleline: ["Troll", "Krump", "Bumpsy", "Zorg"]}
        actions: []
        expect:
          "16.0": {Troll.power: 9, Krump.power: 8, Bumpsy.power: 6, Zorg.power: 7}
        """,
        )
    )


def test_a_chosen_player_their_pile_and_their_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Soul Exchange")
    # "Play: Choose a player. Return the topmost creature from that player's discard pile to their
    # hand. Destroy a creature controlled by that player.": player2 chosen; their topmost creature
    # (Urchin, under Punch) goes to their hand; the creature destroyed is theirs (Troll offered,
    # Krump of player1 not)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: soul-exchange
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {hand: ["Soul Exchange"], battleline: ["Krump"], discard: ["Dust Pixie"]}
          player2: {battleline: ["Troll"], discard: ["Punch", "Urchin", "Bumpsy"]}
        actions:
          - play: Soul Exchange
            choices: [player2]
        expect:
          "16.0": {player2.hand: [Urchin], player2.discard: [Troll, Punch, Bumpsy], Krump.zone: battleline,
                   player1.discard: [Soul Exchange, Dust Pixie], decisions.0.2.not_offered: [Krump]}
        """,
        )
    )


def test_a_creature_and_each_neighbor_sharing_a_house_with_it(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Dragnet")
    # "Play: Return a creature and each neighbor that shares a house with it to their owners'
    # hands.": Krump and its Brobnar neighbor Troll go; its Shadows neighbor Urchin and Bumpsy (Brobnar,
    # but not beside Krump) stay
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: dragnet
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: ["Dragnet"]}
          player2: {battleline: ["Troll", "Krump", "Urchin", "Bumpsy"]}
        actions:
          - play: Dragnet
            targets: [Krump]
        expect:
          "16.0": {player2.hand: [Krump, Troll], player2.battleline: [Urchin, Bumpsy]}
        """,
        )
    )


def test_any_number_of_friendly_creatures_and_each_upgrade_on_self(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Further Investigations", "Away Team", "Safe House")
    # Further Investigations, "Play: Destroy any number of friendly creatures. For each creature
    # destroyed this way, archive a card.": two chosen of three, two cards archived. Away Team,
    # destroyed among them, "Destroyed: Put each upgrade on Away Team into its owner's archives."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: further-investigations
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Further Investigations", "Punch", "Anger"], battleline: [{card: "Away Team", upgrades: ["Blood of Titans"]}, Krump, Troll]}
        actions:
          - play: Further Investigations
            targets: [Away Team, Krump, done]
            choices: [Punch]
        expect:
          "16.0": {Away Team.zone: discard, Krump.zone: discard, Troll.zone: battleline,
                   player1.archives: [Blood of Titans, Punch, Anger]}
        """,
        )
    )
    # Safe House, "Action: Archive a friendly creature from play.": a creature in play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: safe-house
        setup:
          turn: {active: player1, house: shadows}
          player1: {artifacts: ["Safe House"], battleline: [Urchin]}
        actions:
          - action: Safe House
        expect:
          "16.0": {player1.archives: [Urchin], player1.battleline: []}
        """,
        )
    )


def test_one_third_of_each_side_rounding_up(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tertiate")
    # "Play: Destroy one third of all enemy creatures and one third of all friendly creatures
    # (rounding up each time).": 4 enemy creatures: 2 of them (chosen); 2 friendly: 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tertiate
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: ["Tertiate"], battleline: ["Krump", "Dust Pixie"]}
          player2: {battleline: ["Troll", "Urchin", "Bumpsy", "Silvertooth"]}
        actions:
          - play: Tertiate
            targets: [Troll, Bumpsy, Dust Pixie]
        expect:
          "16.0": {player2.battleline: [Urchin, Silvertooth], player1.battleline: [Krump]}
        """,
        )
    )


def test_the_chosen_creatures_and_each_creature_of_the_same_power(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Quintrino Flux")
    # "Play: Choose a friendly creature and an enemy creature. Destroy the chosen creatures and each
    # creature with the same power as either of the chosen creatures.": Dust Pixie (1) and Bumpsy
    # (5) chosen; Urchin (1) and Ganger Chieftain (5) go too; Krump (6) stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: quintrino-flux
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Quintrino Flux"], battleline: ["Dust Pixie", "Krump"]}
          player2: {battleline: ["Bumpsy", "Urchin", "Ganger Chieftain"]}
        actions:
          - play: Quintrino Flux
            targets: [Dust Pixie, Bumpsy]
        expect:
          "16.0": {player1.battleline: [Krump], player2.battleline: []}
        """,
        )
    )


def test_each_creature_of_a_house_with_three_or_more_creatures(kb_conn, tmp_path):
    assert_compiled(kb_conn, "No Safety in Numbers")
    # "Play: Deal 3D to each creature that belongs to a house that has 3 or more creatures in play.":
    # Brobnar has 3 (Krump, Troll on one side, Bumpsy on the other): each takes 3; the 2 Shadows
    # creatures (Urchin, Silvertooth) none
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: no-safety-in-numbers
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["No Safety in Numbers"], battleline: ["Krump", "Troll", "Urchin"]}
          player2: {battleline: ["Bumpsy", "Silvertooth"]}
        actions:
          - play: No Safety in Numbers
        expect:
          "16.0": {Krump.damage: 3, Troll.damage: 3, Bumpsy.damage: 3, Urchin.zone: battleline, Silvertooth.damage: 0}
        """,
        )
    )


@pytest.mark.parametrize("line, cost", [('["Krump", "Urchin", "Dust Pixie", "Zorg"]', 9), ('["Krump", "Troll"]', 7)])
def test_houses_among_friendly_creatures_to_a_maximum(kb_conn, tmp_path, line, cost):
    assert_compiled(kb_conn, "Quadracorder")
    # "Your opponent's keys cost +1A for each house represented among friendly creatures (to a
    # maximum of 3).": four houses count 3; one house counts 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: quadracorder
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{artifacts: ["Quadracorder"], battleline: {line}}}
        actions: []
        expect:
          "16.0": {{player2.key_cost: {cost}}}
        """,
        )
    )


def test_one_card_of_each_type_from_your_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Look What I Found!")
    # "Play: Return 1 card of each type (action, artifact, creature, upgrade) from your discard pile
    # to your hand.": one action (Punch chosen over Anger), the artifact, one creature (Troll
    # chosen); no upgrade there to return
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: look-what-i-found
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Look What I Found!"], discard: ["Punch", "Anger", "Mighty Javelin", "Krump", "Troll"]}
        actions:
          - play: Look What I Found!
            targets: [Punch, Troll]
        expect:
          "16.0": {player1.hand: [Punch, Mighty Javelin, Troll], player1.discard: [Look What I Found!, Anger, Krump]}
        """,
        )
    )


@pytest.mark.parametrize("pile", [10, 9])
def test_the_top_card_of_a_haunted_players_discard_pile(kb_conn, tmp_path, pile):
    assert_compiled(kb_conn, "Minion", "Summoned Counsel")
    # Minion, "After Reap: Put the top card of a haunted player's discard pile on top of its owner's
    # deck.": player2's pile of 10 (haunted) gives its top card (Punch) to their deck; a pile of 9 is
    # not a haunted player's, and nothing moves
    cards = ", ".join(["Punch"] + ["Troll"] * (pile - 1))
    moved = "[Punch]" if pile == 10 else "[]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: minion-haunted-{pile}
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{battleline: ["Minion"]}}
          player2: {{discard: [{cards}], deck: []}}
        actions:
          - reap: Minion
        expect:
          "16.0": {{player2.deck: {moved}}}
        """,
        )
    )


def test_each_exhausted_creature_to_its_left(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hoplite’s Dory")
    # "This creature gets +2 power for each exhausted creature to its left.": Krump carries it;
    # Troll and Dust Pixie are to its left, only Troll exhausted; Bumpsy, exhausted, is to its right
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hoplites-dory
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [{card: Troll, exhausted: true}, Dust Pixie, {card: Krump, upgrades: ["Hoplite’s Dory"]},
                                 {card: Bumpsy, exhausted: true}]}
        actions: []
        expect:
          "16.0": {Krump.power: 8}
        """,
        )
    )


def test_forged_keys_you_have_and_friendly_tentacles_in_play(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Legendary Keyraken", "Crimson Churning")
    # "Legendary Keyraken gets +5 power for each forged key you have.": 2 keys of yours, +10; the
    # opponent's key does not count (10 printed)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: legendary-keyraken
        setup:
          turn: {active: player1, house: keyraken}
          player1: {keys: 2, battleline: ["Legendary Keyraken"]}
          player2: {keys: 1}
        actions: []
        expect:
          "16.0": {Legendary Keyraken.power: 20}
        """,
        )
    )


@pytest.mark.parametrize("amber, splash", [(1, 3), (0, 0)])
def test_while_self_has_amber_on_it_it_gains_a_keyword(kb_conn, tmp_path, amber, splash):
    assert_compiled(kb_conn, "Ballistego", "Covetous Hema", "Aja the Inconspicuous")
    # "While Ballistego has A on it, it gains splash-attack 3.": "it" is Ballistego; attacking
    # Krump, Krump's neighbors take 3 while Ballistego has Æmber on it, none otherwise
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ballistego-{amber}
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{battleline: [{{card: Ballistego, amber: {amber}}}]}}
          player2: {{battleline: ["Troll", "Krump", "Bumpsy"]}}
        actions:
          - fight: {{attacker: Ballistego, target: Krump}}
        expect:
          "16.0": {{Troll.damage: {splash}, Bumpsy.damage: {splash}}}
        """,
        )
    )
