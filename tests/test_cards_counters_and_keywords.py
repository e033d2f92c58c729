"""Cards of the counters, wards and stats family defined by hand (Growth Surge, Creed of Nature) or
compiled from shapes no other test plays (Doppelganger, Salvay, Witch Queen, Fling)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, card, engine_for, replay
from engine.rules.turn import end_turn


def test_growth_surge_counters_along_the_battleline(kb_conn, tmp_path):
    # "Give a flank creature three +1 power counters. Give its neighbor two +1 power counters. Give
    # the second creature's other neighbor a +1 power counter."
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: growth-surge
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Growth Surge], battleline: [Krump, Troll, Dodger, Bumpsy]}
        actions:
          - play: Growth Surge
            targets: [Bumpsy]
        expect:
          "16.0": {Bumpsy.power_counters: 3, Dodger.power_counters: 2, Troll.power_counters: 1, Krump.power_counters: 0}
        """,
    )
    assert_passed(result)


def test_creed_of_nature_assault_equal_to_power(kb_conn, tmp_path):
    # "Omni: Destroy Creed of Nature. If you do, choose a creature. For the remainder of the turn,
    # that creature gains skirmish and assault X. X is its power.": Ancient Bear (5 + 1 counter,
    # assault 2 printed) deals 2 + 6 before the fight, then 6: Troll (9) is destroyed, and Ancient
    # Bear takes nothing back (skirmish)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: creed-of-nature
        setup:
          turn: {active: player1, house: untamed}
          player1: {artifacts: [Creed of Nature], battleline: [{card: Ancient Bear, power_counters: 1}]}
          player2: {battleline: [{card: Troll, power_counters: 1}]}
        actions:
          - omni: Creed of Nature
            targets: [Ancient Bear]
          - fight: {attacker: Ancient Bear, target: Troll}
        expect:
          "16.0": {Troll.zone: discard, Ancient Bear.damage: 0, Creed of Nature.zone: discard}
        """,
    )
    assert_passed(result)


def test_doppelganger_gains_a_neighbors_text_box_for_the_turn(kb_conn):
    assert_compiled(kb_conn, "Doppelganger")
    # "At the start of your turn, choose one of Doppelganger's neighbors. For the remainder of the
    # turn, Doppelganger gains the text box of the chosen creature.": Krump's "After an enemy
    # creature is destroyed fighting Krump, ..." and Sequis's "Reap: Capture 1" are printed; Sequis
    # is chosen, so Doppelganger reaps for a capture this turn, not the next
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "brobnar"},
            "player1": {"battleline": ["Krump", "Doppelganger", "Sequis"], "deck": ["Krump"] * 8},
            "player2": {"amber": 3, "deck": ["Krump"] * 8},
        },
        answers=["Sequis"],
    )
    doppelganger = card(eng, "Doppelganger")
    assert not eng.variant(doppelganger).reap
    end_turn(eng, to_step=2)
    assert eng.variant(doppelganger).reap
    eng.game.active_house, eng.game.step = "geistoid", 3
    eng.use(doppelganger, "reap")
    assert (doppelganger.amber, eng.game.players["player2"].amber) == (1, 2)
    end_turn(eng, to_step=1)
    assert not eng.variant(doppelganger).reap


def test_salvay_assault_for_each_redemption_neighbor(kb_conn):
    assert_compiled(kb_conn, "Salvay")
    # "Salvay gets +2 Assault for each of its Redemption neighbors."
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "redemption"},
            "player1": {"battleline": ["Azrael", "Salvay", "Bull-wark", "Troll"]},
        },
    )
    assert eng.has(card(eng, "Salvay"), "assault") == 4
    eng.game.players["player1"].zone("battleline").remove(card(eng, "Azrael"))
    assert eng.has(card(eng, "Salvay"), "assault") == 2


def test_witch_queen_in_the_center(kb_conn):
    assert_compiled(kb_conn, "Witch Queen")
    # "While Witch Queen is in the center of your battleline, each other friendly Witch creature
    # gains skirmish, elusive, poison, and "Destroyed: Return this creature to its owner's hand.""
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"battleline": ["Clonal Witch", "Witch Queen", "Troll"]},
        },
    )
    witch, troll = card(eng, "Clonal Witch"), card(eng, "Troll")
    assert [eng.has(witch, k) for k in ("skirmish", "elusive", "poison")] == [1, 1, 1]
    assert eng.has(troll, "poison") == 0
    assert eng.abilities(witch, "destroyed")
    eng.game.players["player1"].zone("battleline").remove(troll)  # no longer in the center
    assert eng.has(witch, "poison") == 0 and not eng.abilities(witch, "destroyed")


def test_fling_deals_the_destroyed_creatures_power_with_splash(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Fling")
    # "Destroy a friendly creature. If you do, deal damage to an enemy creature equal to the
    # destroyed creature's power with 3 splash.": Dodger (5): Sequis takes 5 (2 stopped by armor),
    # its neighbors 3 each
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: fling
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Fling], battleline: [Dodger, Troll]}
          player2: {battleline: [Krump, {card: Sequis, power_counters: 2}, Bumpsy]}
        actions:
          - play: Fling
            targets: [Dodger, Sequis]
        expect:
          "16.0": {Dodger.zone: discard, Sequis.damage: 3, Krump.damage: 3, Bumpsy.damage: 3}
        """,
    )
    assert_passed(result)


def test_selective_preservation_keeps_one_creature_of_each_power(kb_conn, tmp_path):
    # "Choose a creature of each power value. Destroy each creature not chosen.": powers 5 (Dodger,
    # Bumpsy), 6 (Krump alone: kept without asking) and 8 (Troll, Urchin with 7 counters)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: selective-preservation
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [Selective Preservation], battleline: [Dodger, Troll]}
          player2: {battleline: [Krump, Bumpsy, {card: Urchin, power_counters: 7}]}
        actions:
          - play: Selective Preservation
            choices: [Bumpsy, Urchin]
        expect:
          "16.0": {Dodger.zone: discard, Troll.zone: discard, Bumpsy.zone: battleline, Urchin.zone: battleline,
                   Krump.zone: battleline}
        """,
    )
    assert_passed(result)


def test_kretchee_adds_to_each_capture_and_exalt(kb_conn, tmp_path):
    # "Each time a player exalts a creature or a creature captures A, put 1A on that creature from
    # the common supply.": Sequis captures 1 (1 more from the supply); nothing is added for a
    # capture of nothing; Sequis exalted by Chancellor Dexterus ("After Reap: You may exalt
    # Chancellor Dexterus's right neighbor. If you do, that creature belongs to house Saurian for the
    # remainder of the turn") gets 1 more, and is Saurian for the turn
    body = """
        id: kretchee
        setup:
          turn: {active: player1, house: HOUSE}
          player1: {battleline: [Kretchee, Chancellor Dexterus, Sequis]}
          player2: {amber: AMBER, battleline: [Troll]}
        actions:
          - reap: USED
            choices: CHOICES
        expect:
          "16.0": EXPECT
        """
    for house, amber, used, choices, expect in (
        ("sanctum", "1", "Sequis", "[]", "{Sequis.amber: 2, player2.amber: 0}"),
        ("sanctum", "0", "Sequis", "[]", "{Sequis.amber: 0}"),
        ("saurian", "0", "Chancellor Dexterus", "[yes]", "{Sequis.amber: 2, Sequis.house: saurian}"),
        ("saurian", "0", "Chancellor Dexterus", "[no]", "{Sequis.amber: 0, Sequis.house: sanctum}"),
    ):
        scenario = body.replace("HOUSE", house).replace("AMBER", amber).replace("USED", used)
        assert_passed(replay(kb_conn, tmp_path, scenario.replace("CHOICES", choices).replace("EXPECT", expect)))


def test_every_counter_and_the_amber_on_a_creature_go_to_the_common_supply(kb_conn, tmp_path):
    # Flying Broomstick: "... "After Reap: Heal all damage and move all Æmber and counters from a
    # creature to the common supply."": the counters the rules define (16.0 "Counters": +1 power,
    # enrage, stun, ward) all go, and the Æmber to no player's pool
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: broomstick-clears
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [{card: Valdr, upgrades: ["Flying Broomstick (GR 337)"]}]}
          player2: {amber: 0, battleline: [{card: Krump, damage: 2, amber: 3, power_counters: 1, ward: true, enraged: true, stunned: true}]}
        actions:
          - reap: Valdr
            choices: [Krump]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 0, Krump.damage: 0, Krump.amber: 0, Krump.power_counters: 0,
                   Krump.ward: false, Krump.enraged: false, Krump.stunned: false}
        """,
        )
    )
