"""+1 power counters removed, moved, distributed and given by a count, ward counters removed and
moved (engine/library/power_counters.py), and what a card says of a creature for the turn
(engine/compile/composites_for_the_turn.py), played from the cards' compiled texts."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, card, engine_for, replay
from engine.rules.turn import end_turn


def _play(kb_conn, tmp_path, house: str, card: str, theirs: str, answers: str, expect: str, mine: str = "[]"):
    return replay(
        kb_conn,
        tmp_path,
        f"""
        id: t
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{hand: ["{card}"], battleline: {mine}}}
          player2: {{battleline: {theirs}}}
        actions:
          - play: "{card}"
            {answers}
        expect:
          "16.0": {expect}
        """,
    )


def test_up_to_three_counters_removed_and_counted(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Æmbermancy")
    # "Remove up to three +1 power counters from a creature. Gain 1A for each counter removed this
    # way.": Troll has 5; the player removes 2 of the 3 they may (2 gained), Krump's 1 stays
    result = _play(
        kb_conn,
        tmp_path,
        "untamed",
        "Æmbermancy",
        "[{card: Troll, power_counters: 5}, {card: Krump, power_counters: 1}]",
        "targets: [Troll]\n            choices: [2]",
        "{player1.amber: 3, Troll.power_counters: 3, Krump.power_counters: 1, Troll.power: 11}",
    )
    assert_passed(result)
    # a creature with 1 counter: only 1 can go, so at most 1 gained
    result = _play(
        kb_conn,
        tmp_path,
        "untamed",
        "Æmbermancy",
        "[{card: Troll, power_counters: 5}, {card: Krump, power_counters: 1}]",
        "targets: [Krump]\n            choices: [1]",
        "{player1.amber: 2, Krump.power_counters: 0, Troll.power_counters: 5}",
    )
    assert_passed(result)


def test_each_counter_with_a_counter_gets_another(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Genetic Drift")
    # "Give a creature a +1 power counter. Then give each creature with a +1 power counter another
    # +1 power counter.": Krump (none before) gets 1 then 1 more; Troll (1) gets 1; Dodger (none) none
    result = _play(
        kb_conn,
        tmp_path,
        "untamed",
        "Genetic Drift",
        "[{card: Troll, power_counters: 1}, Krump, Dodger]",
        "targets: [Krump]",
        "{Krump.power_counters: 2, Troll.power_counters: 2, Dodger.power_counters: 0}",
    )
    assert_passed(result)


def test_a_ward_moves_to_a_creature_without_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hunter or Hunted?")
    # "Ward a creature, or move a ward from a creature to another creature."
    result = _play(
        kb_conn,
        tmp_path,
        "shadows",
        "Hunter or Hunted?",
        "[{card: Troll, ward: true}, Krump]",
        "choices: [move a ward from a creature to another creature, Troll, Dodger]",
        "{Troll.ward: false, Dodger.ward: true, Krump.ward: false}",
        mine="[Dodger]",
    )
    assert_passed(result)


def test_destroy_each_creature_weaker_than_the_chosen_one(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Too Low")
    # "Choose an enemy creature. Destroy each creature with power less than the chosen creature's
    # power.": Krump (6) chosen: Dodger (5) and Bumpsy (5) of either side go; Troll (8) and Krump stay
    result = _play(
        kb_conn,
        tmp_path,
        "saurian",
        "Too Low",
        "[Krump, Bumpsy]",
        "targets: [Krump]",
        "{Troll.zone: battleline, Krump.zone: battleline, Dodger.zone: discard, Bumpsy.zone: discard}",
        mine="[Dodger, Troll]",
    )
    assert_passed(result)


def test_counters_equal_to_a_chosen_neighbors_power(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Crunch")
    # "After Fight/After Reap: Give Crunch a number of +1 power counters equal to a neighboring
    # creature's power.": Crunch between Krump (6) and Dodger (5) reaps; Dodger chosen: 5 counters
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: crunch
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Krump, Crunch, Dodger]}
        actions:
          - reap: Crunch
            targets: [Dodger]
        expect:
          "16.0": {Crunch.power_counters: 5, Crunch.power: 7, player1.amber: 1}
        """,
    )
    assert_passed(result)


def test_for_the_turn_a_chosen_creature_is_considered_to_have_1_power_and_0_armor(kb_conn):
    assert_compiled(kb_conn, "Down To Size")
    # "Choose an enemy creature. Until the end of the turn, that creature is considered to have 1
    # power and 0 armor.": Sequis (4 power, armor 2, a +1 power counter) is 1 power and 0 armor this
    # turn, the other enemy keeps its power; from the next turn Sequis is back to 5 and 2
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"hand": ["Down To Size"], "deck": ["Krump"] * 6},
            "player2": {"battleline": [{"card": "Sequis", "power_counters": 1}, "Troll"], "deck": ["Krump"] * 6},
        },
        answers=["Sequis"],
    )
    eng.play(card(eng, "Down To Size"))
    sequis, troll = card(eng, "Sequis"), card(eng, "Troll")
    assert (eng.power(sequis), eng.armor(sequis), eng.power(troll)) == (1, 0, 8)
    end_turn(eng, to_step=1)
    assert (eng.power(sequis), eng.armor(sequis)) == (5, 2)


def test_a_keyword_while_on_a_flank_and_its_opposite_otherwise(kb_conn):
    assert_compiled(kb_conn, "Wild Grumpus", "Protective Playmate")

    # Wild Grumpus: "While on a flank, Wild Grumpus gains skirmish. While not on a flank, Wild
    # Grumpus gains taunt."; Protective Playmate: "While you are haunted, Protective Playmate gets +6
    # power. Otherwise, Protective Playmate gains elusive."
    def board(discard: int):
        return engine_for(
            kb_conn,
            {
                "turn": {"active": "player1", "house": "brobnar"},
                "player1": {
                    "battleline": ["Troll", "Wild Grumpus", "Protective Playmate"],
                    "discard": ["Krump"] * discard,
                },
            },
        )

    eng = board(0)  # not haunted (fewer than 10 cards in the discard pile): elusive, 3 power
    grumpus, playmate = card(eng, "Wild Grumpus"), card(eng, "Protective Playmate")
    assert (eng.has(grumpus, "taunt"), eng.has(grumpus, "skirmish")) == (1, 0)
    assert (eng.has(playmate, "elusive"), eng.has(playmate, "taunt"), eng.power(playmate)) == (1, 1, 3)
    eng = board(10)  # haunted: +6 power, no elusive; on the right flank Protective Playmate
    playmate = card(eng, "Protective Playmate")
    assert (eng.has(playmate, "elusive"), eng.power(playmate)) == (0, 9)
    eng.game.players["player1"].zone("battleline").reverse()  # Wild Grumpus is still in the middle
    eng.game.players["player1"].zone("battleline").remove(card(eng, "Troll"))
    grumpus = card(eng, "Wild Grumpus")
    assert (eng.has(grumpus, "taunt"), eng.has(grumpus, "skirmish")) == (0, 1)


def test_no_creature_has_or_gains_armor(kb_conn):
    assert_compiled(kb_conn, "Corrosive Monk")
    # "Each creature is considered to have 0 armor. Each creature cannot gain armor.": Sequis
    # (armor 2) with a Shoulder Armor on a flank (+2 armor) has none; with the Monk gone, 4
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "redemption"},
            "player1": {"battleline": ["Corrosive Monk"]},
            "player2": {"battleline": [{"card": "Sequis", "upgrades": ["Shoulder Armor"]}]},
        },
    )
    sequis = card(eng, "Sequis")
    assert eng.armor(sequis) == 0
    eng.game.players["player1"].zone("battleline").clear()
    assert eng.armor(sequis) == 4
