"""Fights, uses, repeats and turns said in the later sets' words
(engine/compile/templates/clauses_amber_quantities.toml and the hand definitions of cards printing
one shape): "while fighting", creatures that cannot be dealt damage or destroyed, "cannot be used
unless", "ready or exhaust", a play effect triggered as if just played, "another <its name>",
"for each <X>, ready and fight", "repeat this effect" with a price or a condition, another turn."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


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
