"""Amounts of Æmber and damage said another way than a number, and the wordings read with them
(engine/compile/templates/clauses_amber_quantities.toml): a third of a pool, Æmber moved or lost
"this way", each creature's own damage, a card spent as Æmber, Æmber moved from a pool to a card,
"after a player fights with a creature, they ..."."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


@pytest.mark.parametrize("pool, keys, left", [(5, 1, 0), (4, 0, 4)])
def test_a_card_spent_as_amber_when_forging(kb_conn, tmp_path, pool, keys, left):
    assert_compiled(kb_conn, "Æmberling")
    # "You may spend Æmberling as if it were A in your pool. (Discard it, ignoring wards.)":
    # player1 forges a 6 key from a pool of 5 and their warded Æmberling, which is discarded; with
    # 4 in the pool, 5 is not enough: no key, the Æmberling stays
    zone = "discard" if keys else "battleline"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: aemberling-spent
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: {pool}, houses: [brobnar, dis, staralliance], token: Æmberling, battleline: [{{card: Krump, id: a1, token: true, ward: true}}]}}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {{player1.keys: {keys}, player1.amber: {left}, a1.zone: {zone}}}
        """,
        )
    )


@pytest.mark.parametrize("pool, captured, kept", [(8, 2, 6), (2, 0, 2)])
def test_capture_one_third_rounded_down(kb_conn, tmp_path, pool, captured, kept):
    assert_compiled(kb_conn, "Sir Jaune")
    # "Play: Capture one third of your opponent's A (rounded down)."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: sir-jaune-third
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: [Sir Jaune]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Sir Jaune
        expect:
          "16.0": {{Sir Jaune.amber: {captured}, player2.amber: {kept}}}
        """,
        )
    )


def test_for_each_amber_lost_this_way(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Urxym the “Diplomat”")
    # "After Reap: Lose all your A. Destroy an enemy non-Mars creature for each A lost this way.":
    # 1 in the pool and 1 from the reap: 2 lost, two of the three enemy non-Mars creatures destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: urxym-lost-this-way
        setup:
          turn: {active: player1, house: mars}
          player1: {amber: 1, battleline: ["Urxym the Diplomat"]}
          player2: {battleline: [Troll, Krump, Dust Pixie]}
        actions:
          - reap: Urxym the Diplomat
            targets: [Troll, Dust Pixie]
        expect:
          "16.0": {player1.amber: 0, Troll.zone: discard, Dust Pixie.zone: discard, Krump.zone: battleline}
        """,
        )
    )


def test_each_creature_dealt_its_own_damage(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Cauldron Boil")
    # "Play: Deal damage to each creature equal to the amount of damage on that creature.": each
    # amount is the creature's damage before any of it is dealt
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cauldron-boil-own-damage
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Cauldron Boil], battleline: [{card: Troll, damage: 3}]}
          player2: {battleline: [{card: Krump, damage: 1}, Dust Pixie]}
        actions:
          - play: Cauldron Boil
        expect:
          "16.0": {Troll.damage: 6, Krump.damage: 2, Dust Pixie.damage: 0}
        """,
        )
    )


def test_after_a_player_fights_they_lose(kb_conn, tmp_path):
    # Peace Accord (MM 350): "After a player fights with a creature, they lose 4A. Destroy Peace
    # Accord.": player1 fights with their Troll, player2's Peace Accord makes player1 (the player
    # who fought) lose 4 of 5, and is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: peace-accord-mm
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 5, battleline: [Troll]}
          player2: {amber: 5, artifacts: ["Peace Accord (MM 350)"], battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Troll, target: Dust Pixie}
        expect:
          "16.0": {player1.amber: 1, player2.amber: 5, Peace Accord.zone: discard}
        """,
        )
    )


def test_move_amber_from_your_pool_to_the_giving_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Treasure Island")
    # "Each friendly Skyborn creature gains, "After Reap: Move 1A from your pool to Treasure
    # Island." You may spend A on Treasure Island as if it were in your pool.": the reap's 1 moves
    # onto the island; a friendly Brobnar creature gains nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: treasure-island-reap
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 2, artifacts: [Treasure Island], battleline: [Redhawk]}
        actions:
          - reap: Redhawk
        expect:
          "16.0": {player1.amber: 2, Treasure Island.amber: 1}
        """,
        )
    )


@pytest.mark.parametrize("attacker, target", [("Nizak, The Forgotten", "Troll"), ("Troll", "Nizak, The Forgotten")])
def test_invulnerable_while_fighting(kb_conn, tmp_path, attacker, target):
    assert_compiled(kb_conn, "Nizak, The Forgotten")
    # "While fighting, Nizak, The Forgotten gains invulnerable.": attacking or attacked, it takes
    # none of Troll's 8; a Punch outside the fight damages it
    active, house = ("player1", "brobnar") if attacker.startswith("Nizak") else ("player2", "brobnar")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: nizak-fighting
        setup:
          turn: {{active: {active}, house: {house}}}
          player1: {{battleline: ["Nizak, The Forgotten"]}}
          player2: {{battleline: [Troll], hand: [Punch]}}
        actions:
          - fight: {{attacker: "{attacker}", target: "{target}"}}
        expect:
          "16.0": {{"Nizak, The Forgotten.damage": 0, "Nizak, The Forgotten.zone": battleline, Troll.damage: 6}}
        """,
        )
    )


@pytest.mark.parametrize(
    "house, action, expect",
    [
        ("brobnar", "{fight: {attacker: Troll, target: White Aeronaut}}", "White Aeronaut.damage: 0, Troll.damage: 3"),
        ("dis", "{play: Gateway to Dis}", "Nautilixian.zone: discard, Troll.zone: discard"),
    ],
)
def test_pilots_cannot_be_dealt_damage_or_destroyed(kb_conn, tmp_path, house, action, expect):
    assert_compiled(kb_conn, "Nautilixian")
    # "Each friendly Pilot creature cannot be dealt damage or destroyed.": Troll's attack does not
    # damage the White Aeronaut (a Pilot), and Gateway to Dis ("Destroy each creature") does not
    # destroy it, while Nautilixian (no Pilot) and Troll are destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: nautilixian-pilots
        setup:
          turn: {{active: player2, house: {house}}}
          player1: {{battleline: ["Nautilixian (WoE 126)", "White Aeronaut (WoE 171)"]}}
          player2: {{battleline: [Troll], hand: [Gateway to Dis]}}
        actions: [{action}]
        expect:
          "16.0": {{White Aeronaut.zone: battleline, {expect}}}
        """,
        )
    )


@pytest.mark.parametrize("used_first", [False, True])
def test_cannot_be_used_unless_a_house_creature_was_used(kb_conn, tmp_path, used_first):
    # "Nautilixian cannot be used unless you have used 1 or more friendly Mars creatures this turn.":
    # refused first; after the White Aeronaut (Mars) reaps, Nautilixian reaps
    actions = "[{reap: White Aeronaut}, {reap: Nautilixian}]" if used_first else "[{reap: Nautilixian}]"
    expect = "Nautilixian.exhausted: true, illegal: []" if used_first else "Nautilixian.exhausted: false, illegal: [0]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: nautilixian-unless
        setup:
          turn: {{active: player1, house: mars}}
          player1: {{battleline: ["Nautilixian (WoE 126)", "White Aeronaut (WoE 171)"]}}
        actions: {actions}
        expect:
          "16.0": {{{expect}}}
        """,
        )
    )


def test_the_most_powerful_creature_captures_all_of_your_opponents_amber(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trenk’s Creed")
    # "Choose one: The most powerful creature captures all of your opponent's A. ...": the most
    # powerful creature is player2's Troll; it captures player2's own 4 (your opponent's), none of
    # player1's 3
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trenks-creed-enemy
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 3, hand: ["Trenk’s Creed"], battleline: [Krump]}
          player2: {amber: 4, battleline: [Troll]}
        actions:
          - play: "Trenk’s Creed"
            choices: ["the most powerful creature captures all of your opponent's amber"]
        expect:
          "16.0": {Troll.amber: 4, player2.amber: 0, player1.amber: 4}
        """,
        )
    )


def test_capture_all_amber_from_each_player(kb_conn, tmp_path):
    # Colonist Chapman (DT 246): "Play: Capture all A from each player.": 3 from player2's pool,
    # then player1's own 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: colonist-chapman-all
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 2, hand: ["Colonist Chapman (DT 246)"]}
          player2: {amber: 3}
        actions:
          - play: Colonist Chapman
        expect:
          "16.0": {Colonist Chapman.amber: 5, player1.amber: 0, player2.amber: 0}
        """,
        )
    )


@pytest.mark.parametrize("pool, zone, left", [(4, "battleline", 0), (3, "discard", 5)])
def test_capture_from_any_combination_of_players(kb_conn, tmp_path, pool, zone, left):
    assert_compiled(kb_conn, "Grizzled Wyvern")
    # "Play: Capture 6 from any combination of players. Then, if Grizzled Wyvern has fewer than 6
    # on it, destroy it.": 2 of player1's own and all 4 of player2's (the only split); with 5 in
    # the pools together it captures 5 and is destroyed, its 5 going to player2 as it leaves play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: grizzled-wyvern
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 2, hand: ["Grizzled Wyvern (AS S09)"]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Grizzled Wyvern
        expect:
          "16.0": {{Grizzled Wyvern.zone: {zone}, player1.amber: 0, player2.amber: {left}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "before, option, exhausted, damage",
    [("true", "ready", "false", 2), ("false", "exhaust", "true", 2), ("true", "exhaust", "true", 0)],
)
def test_ready_or_exhaust_a_creature(kb_conn, tmp_path, before, option, exhausted, damage):
    assert_compiled(kb_conn, "Überking Tablets")
    # "Action: Ready or exhaust a creature. If you do, deal 2 to that creature.": exhausting a
    # creature already exhausted is not done, so no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: uberking-tablets
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Überking Tablets], battleline: [{{card: Troll, exhausted: {before}}}]}}
        actions:
          - action: Überking Tablets
            choices: [{option}]
        expect:
          "16.0": {{Troll.exhausted: {exhausted}, Troll.damage: {damage}}}
        """,
        )
    )


@pytest.mark.parametrize("pool, illegal", [(7, "[]"), (6, "[0]")])
def test_cannot_be_played_unless_opponent_has_amber_in_pool(kb_conn, tmp_path, pool, illegal):
    assert_compiled(kb_conn, "Balaenora")
    # "Balaenora cannot be played unless your opponent has 7 A or more in their pool. Play: Capture
    # all of your opponent's A."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: balaenora
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: [Balaenora]}}
          player2: {{amber: {pool}}}
        actions:
          - play: Balaenora
        expect:
          "16.0": {{illegal: {illegal}, player2.amber: {0 if pool == 7 else pool}}}
        """,
        )
    )


def test_for_each_exhausted_creature_to_its_left(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Praetor Marius")
    # "After Reap: For each exhausted creature to Praetor Marius's left, capture 1.": two exhausted
    # creatures on its left (Troll, Krump), none counted on its right (Dust Pixie)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: praetor-marius
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [{card: Troll, exhausted: true}, Bumpsy, {card: Krump, exhausted: true}, Praetor Marius, {card: Dust Pixie, exhausted: true}]}
          player2: {amber: 5}
        actions:
          - reap: Praetor Marius
        expect:
          "16.0": {Praetor Marius.amber: 2, player2.amber: 3, player1.amber: 1}
        """,
        )
    )


def test_for_each_card_under_it(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Demonic Shelf")
    # "Action: Put a friendly creature faceup under Demonic Shelf. Deal 3 to a creature for each
    # card under Demonic Shelf.": Krump joins Dust Pixie under it; two cards, 3 to Troll twice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: demonic-shelf
        setup:
          turn: {active: player1, house: dis}
          player1: {artifacts: [{card: Demonic Shelf, beneath: [Dust Pixie]}], battleline: [Krump]}
          player2: {battleline: [Troll]}
        actions:
          - action: Demonic Shelf
        expect:
          "16.0": {Krump.zone: beneath, Troll.damage: 6}
        """,
        )
    )


def test_for_each_amber_each_player_lost_this_way(kb_conn, tmp_path):
    # Æmberfin Shark (DT 368): "At the end of your turn, each player loses 1. Give Æmberfin Shark
    # a +1 power counter for each A lost this way.": both players lose 1, two counters
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: aemberfin-shark-both
        setup:
          turn: {active: player1, house: untamed}
          player1: {houses: [untamed, brobnar, shadows], amber: 2, battleline: ["Æmberfin Shark (DT 368)"]}
          player2: {houses: [brobnar, dis, shadows], amber: 3, battleline: [Troll]}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, Æmberfin Shark.power_counters: 2}
        """,
        )
    )


@pytest.mark.parametrize("side", ["player1", "player2"])
def test_trigger_the_play_effect_as_if_you_had_just_played_it(kb_conn, tmp_path, side):
    assert_compiled(kb_conn, "Favor of Rex")
    # "Play: Trigger the play effect of a creature as if you had just played it.": Ronnie
    # Wristclocks' "Play: Steal 1A" makes player1 steal 1 from player2, whoever controls it (1 more
    # from Favor of Rex's bonus); Ronnie is not used
    mine, theirs = ("[Ronnie Wristclocks]", "[]") if side == "player1" else ("[]", "[Ronnie Wristclocks]")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: favor-of-rex
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: ["Favor of Rex (WC 219)"], battleline: {mine}}}
          player2: {{amber: 3, battleline: {theirs}}}
        actions:
          - play: Favor of Rex
        expect:
          "16.0": {{player1.amber: 2, player2.amber: 2, Ronnie Wristclocks.exhausted: false}}
        """,
        )
    )


def test_purged_after_twelve_time_counters_takes_another_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ancestral Timekeeper")
    # "At the end of your turn, put a time counter on each friendly Clock creature. If there are
    # 12 or more time counters on Ancestral Timekeeper, purge Ancestral Timekeeper. If you do,
    # take another turn after this one.": at the end of player1's 12th turn it is purged and
    # player1 takes the next turn too
    rounds = "\n".join(
        "          - end_turn: true\n            choices: [untamed]\n          - end_turn: true\n            choices: [brobnar]"
        for _ in range(11)
    )
    deck = ", ".join(["Urchin"] * 20)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ancestral-timekeeper
        setup:
          turn: {{active: player1, house: geistoid}}
          player1: {{houses: [geistoid, brobnar, logos], battleline: ["Ancestral Timekeeper (GR 160)"], deck: [{deck}]}}
          player2: {{houses: [untamed, shadows, dis], battleline: [Dust Pixie], deck: [{deck}]}}
        actions:
{rounds}
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {{active: player1, Ancestral Timekeeper.zone: purged}}
        """,
        )
    )


def test_another_of_its_own_name(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Yardbird")
    # Yardbird (token creature): "Before Fight: Ready another Yardbird.": the exhausted Yardbird y2
    # is readied; the Yardbird fighting stays exhausted, and Krump (no Yardbird) is not an option
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: yardbird
        setup:
          turn: {active: player1, house: shadows}
          player1: {token: Yardbird, battleline: [{card: Krump, id: y1, token: true}, {card: Troll, id: y2, token: true, exhausted: true}, {card: Krump, exhausted: true}]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: y1, target: Dust Pixie}
        expect:
          "16.0": {y2.exhausted: false, y1.exhausted: true, Krump.exhausted: true, Dust Pixie.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize("answer, amber, drawn", [("yes", 1, 2), ("no", 0, 0)])
def test_at_the_end_of_each_players_turn_they_may_gain(kb_conn, tmp_path, answer, amber, drawn):
    # Ekwirrĕ's Fulcrum (hand definition): "At the end of each player's turn, they may gain 1A. If
    # they do, their opponent draws 2 cards.": player2's Fulcrum, player1's turn ends: player1 may
    # gain 1; if they do, player2 draws 2 (before the draw step of player1's next turn)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ekwirre-fulcrum
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{houses: [brobnar, dis, shadows], hand: [Krump, Krump, Krump, Krump, Krump, Krump], deck: [Troll, Troll]}}
          player2: {{houses: [ekwidon, dis, shadows], artifacts: [Ekwirrĕ’s Fulcrum], deck: [Urchin, Urchin, Urchin]}}
        actions:
          - end_turn: true
            choices: [{answer}, dis]
        expect:
          "16.0": {{player1.amber: {amber}, player2.hand_size: {drawn}}}
        """,
        )
    )


def test_for_the_remainder_of_the_turn_including_this_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Crystalline Harvest")
    # "Play: For the remainder of the turn, gain 1 each time you play an action card (including
    # this one).": 1 for Crystalline Harvest itself, 1 for Curiosity (and its 1 bonus), none for
    # the creature Dew Faerie
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: crystalline-harvest
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Crystalline Harvest, Curiosity, Dew Faerie]}
        actions:
          - play: Crystalline Harvest
          - play: Curiosity
            choices: [Crystalline Harvest]
          - play: Dew Faerie
        expect:
          "16.0": {player1.amber: 3}
        """,
        )
    )


def test_pay_damage_to_a_friendly_creature_to_repeat(kb_conn, tmp_path):
    # Trade Blows (hand definition): "Play: Deal 1 to an enemy creature. If that creature is not
    # destroyed, you may deal 1 to a friendly creature to repeat this effect.": Troll twice (Krump
    # pays 1 once), then player1 stops; a Dust Pixie destroyed by the first 1 would end it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trade-blows
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: [Trade Blows], battleline: [Krump]}
          player2: {battleline: [Troll, Dust Pixie]}
        actions:
          - play: Trade Blows
            choices: [Troll, "yes", Troll, "no"]
        expect:
          "16.0": {Troll.damage: 2, Krump.damage: 1, Dust Pixie.damage: 0}
        """,
        )
    )


@pytest.mark.parametrize("theirs, mine, after, drawn", [(6, 0, (3, 4), 3), (1, 3, (0, 5), 1)])
def test_steal_and_repeat_while_the_opponent_still_has_more(kb_conn, tmp_path, theirs, mine, after, drawn):
    # Closed-Door Negotiation (hand definition): "Play: Your opponent draws a card. Steal 1. If you
    # do and your opponent still has more A than you, repeat this effect.": from 6 against 0 (and
    # the card's bonus 1) it steals three times, to 4 against 3, player2 drawing each time; from 1
    # against 3 it steals once and stops
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: closed-door-negotiation
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{amber: {mine}, hand: ["Closed-Door Negotiation (WoE 092)"]}}
          player2: {{amber: {theirs}, deck: [Urchin, Urchin, Urchin, Urchin, Urchin]}}
        actions:
          - play: Closed-Door Negotiation
        expect:
          "16.0": {{player1.amber: {after[1]}, player2.amber: {after[0]}, player2.hand_size: {drawn}}}
        """,
        )
    )


@pytest.mark.parametrize("answer, damage", [("yes", 9), ("no", 5)])
def test_for_each_amber_on_friendly_creatures_of_its_name(kb_conn, tmp_path, answer, damage):
    assert_compiled(kb_conn, "Hastatus Raptor")
    # "Before Fight: You may exalt Hastatus Raptor. If you do, deal 1 to the creature Hastatus
    # Raptor fights for each A on friendly Hastatus Raptors.": exalted, h1 has 2 and h2 2: 4 more
    # damage to Grizzled Wyvern before the fight's 5; not exalted, the fight's 5 alone
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: hastatus-raptor
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{battleline: [{{card: "Hastatus Raptor (DT 141)", id: h1, amber: 1}}, {{card: "Hastatus Raptor (DT 141)", id: h2, amber: 2}}]}}
          player2: {{battleline: ["Grizzled Wyvern (AS S09)"]}}
        actions:
          - fight: {{attacker: h1, target: Grizzled Wyvern}}
            choices: [{answer}]
        expect:
          "16.0": {{Grizzled Wyvern.damage: {damage}}}
        """,
        )
    )


def test_repeat_as_long_as_it_is_possible(kb_conn, tmp_path):
    # Fiery Jark (hand definition): "Play: Destroy an enemy creature and a friendly creature. You may
    # repeat this effect as many times as you like, as long as it is possible to repeat the entire
    # effect.": Troll and Krump, then (repeated) Dust Pixie and Fiery Jark itself, the only ones left
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: fiery-jark
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Fiery Jark (GR 042)"], battleline: [Krump]}
          player2: {battleline: [Troll, Dust Pixie]}
        actions:
          - play: Fiery Jark
            flank: right
            choices: [Troll, Krump, "yes"]
        expect:
          "16.0": {Troll.zone: discard, Krump.zone: discard, Dust Pixie.zone: discard, Fiery Jark.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize("plays, amber", [(6, 10), (5, 5)])
def test_after_a_player_plays_their_sixth_card(kb_conn, tmp_path, plays, amber):
    assert_compiled(kb_conn, "Ruins of Archonis")
    # "After a player plays their 6th card in a turn, if Ruins of Archonis is ready, move each A
    # from Ruins of Archonis to that player's pool.": player1 plays 6 Curiosities (1 bonus each)
    # and takes the 4 on it; after 5 the 4 stay
    hand = ", ".join(["Curiosity"] * plays)
    actions = "\n".join(["          - play: Curiosity"] * plays)
    if plays == 6:  # the 6th play: Ruins of Archonis' reaction and Curiosity's "Play:" in either order
        actions += "\n            choices: [Ruins of Archonis]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: ruins-of-archonis
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{hand: [{hand}]}}
          player2: {{artifacts: [{{card: Ruins of Archonis, amber: 4}}]}}
        actions:
{actions}
        expect:
          "16.0": {{player1.amber: {amber}, Ruins of Archonis.amber: {4 if plays == 5 else 0}}}
        """,
        )
    )


@pytest.mark.parametrize("creatures, amber", [(6, 4), (5, 0)])
def test_after_six_creatures_are_destroyed_in_a_turn(kb_conn, tmp_path, creatures, amber):
    assert_compiled(kb_conn, "Dead Man’s Chest")
    # "After 6 or more creatures are destroyed in a turn, if Dead Man's Chest is ready, move each A
    # from Dead Man's Chest to the active player's pool.": Gateway to Dis destroys 6 (3 a side):
    # player1, the active player, takes player2's chest's 4; with 5 destroyed, nothing
    theirs = ", ".join(["Dust Pixie"] * (creatures - 3))
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: dead-mans-chest
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: [Gateway to Dis], battleline: [Krump, Krump, Krump]}}
          player2: {{artifacts: [{{card: "Dead Man’s Chest", amber: 4}}], battleline: [{theirs}]}}
        actions:
          - play: Gateway to Dis
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
        )
    )


def test_for_each_shard_ready_and_fight_one_at_a_time(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Shard of Courage")
    # "Action: For each friendly Shard, ready and fight with a friendly creature. Resolve these
    # fights one at a time.": two Shards, two fights, each creature readied and fighting in turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shard-of-courage
        setup:
          turn: {active: player1, house: skyborn}
          player1: {artifacts: [Shard of Courage, Shard of Pain], battleline: [{card: Krump, exhausted: true}, {card: Troll, exhausted: true}]}
          player2: {battleline: [Dust Pixie, Bumpsy]}
        actions:
          - action: Shard of Courage
            choices: [Krump, Dust Pixie, Troll]
        expect:
          "16.0": {Dust Pixie.zone: discard, Bumpsy.zone: discard, Krump.exhausted: true, Troll.exhausted: true}
        """,
        )
    )
