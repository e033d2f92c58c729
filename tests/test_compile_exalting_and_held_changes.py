"""Exalting and the creature exalted "in this way", repeats at a cost, armor ignored while
attacking, half a creature's power, and changes that last while a card has a counter or for the
turn: played from the cards' compiled texts (engine/compile/templates/clauses_power_counters_and_wards.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, card, engine_for, replay
from engine.library import counters_in
from engine.rules.houses import belongs_to
from engine.rules.traits import has_trait


def test_the_friendly_creature_exalted_this_way_fights(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Stand and Fight")
    # "Exalt a friendly creature and an enemy creature. Ready and fight with the friendly creature
    # exalted in this way.": the exhausted Troll is exalted and readied, and fights Krump (exalted too:
    # its 1 goes to player 1 as it leaves play)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: stand-and-fight
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: [Stand and Fight], battleline: [{card: Troll, exhausted: true}, Dodger]}
          player2: {battleline: [Krump, Bumpsy]}
        actions:
          - play: Stand and Fight
            targets: [Troll, Krump, Krump]
        expect:
          "16.0": {Troll.amber: 1, Krump.zone: discard, Dodger.amber: 0, Bumpsy.damage: 0, Troll.damage: 6,
                   player1.amber: 1}
        """,
    )
    assert_passed(result)


def test_exalt_that_creature_to_repeat_the_preceding_effect(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tribute")
    # "The most powerful friendly creature captures 2. You may exalt that creature to repeat the
    # preceding effect.": Troll captures 2, is exalted (1 more on it), captures 2 more: 5 on it
    body = """
        id: tribute
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: [Tribute], battleline: [Troll, Dodger]}
          player2: {amber: 5}
        actions:
          - play: Tribute
            choices: [ANSWER]
        expect:
          "16.0": {Troll.amber: ON, player2.amber: LEFT}
        """
    for answer, on, left in (("yes", "5", "1"), ("no", "2", "3")):
        scenario = body.replace("ANSWER", answer).replace("ON", on).replace("LEFT", left)
        assert_passed(replay(kb_conn, tmp_path, scenario))


def test_armor_and_taunt_ignored_while_attacking(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Kaju Zhan")
    # "While Kaju Zhan is attacking, ignore armor and taunt. After Fight: Put an enemy creature on top
    # of its owners deck.": Kaju Zhan (7 with its counter) attacks Sequis (power 6 with its counters,
    # armor 2) beside Fallguy (taunt): all 7 are dealt, Sequis is destroyed; then Fallguy goes on top
    # of its deck. Krump (7 with its counter) attacking Sequis with no taunt beside it leaves Sequis
    # alive behind its armor (5 dealt)
    body = """
        id: kaju-zhan
        setup:
          turn: {active: player1, house: HOUSE}
          player1: {battleline: [{card: ATTACKER, power_counters: 1}]}
          player2: {battleline: ENEMIES, deck: [Troll]}
        actions:
          - fight: {attacker: ATTACKER, target: Sequis}
        expect:
          "16.0": EXPECT
        """
    for house, attacker, enemies, expect in (
        (
            "staralliance",
            "Kaju Zhan",
            "[Fallguy, {card: Sequis, power_counters: 2}]",
            "{Sequis.zone: discard, Kaju Zhan.damage: 6, Fallguy.zone: deck}",
        ),
        ("brobnar", "Krump", "[{card: Sequis, power_counters: 2}]", "{Sequis.zone: battleline, Sequis.damage: 5}"),
    ):
        scenario = body.replace("HOUSE", house).replace("ATTACKER", attacker).replace("ENEMIES", enemies)
        assert_passed(replay(kb_conn, tmp_path, scenario.replace("EXPECT", expect)))


def test_cards_drawn_for_half_a_destroyed_creatures_power(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Waste Not")
    # "Destroy a friendly creature. Draw cards equal to half that creature's power (rounding up).":
    # Dodger (5): 3 cards
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: waste-not
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Waste Not], battleline: [Dodger, Troll], deck: [Krump, Krump, Krump, Krump]}
        actions:
          - play: Waste Not
            targets: [Dodger]
        expect:
          "16.0": {Dodger.zone: discard, player1.hand_size: 3}
        """,
    )
    assert_passed(result)


def test_a_counter_holds_a_trait_a_house_and_a_blank_text_box(kb_conn):
    assert_compiled(kb_conn, "Vial of Mutation", "Revo Hooligans", "Eclectic Ambrosius")
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "redemption"},
            "player1": {"hand": ["Vial of Mutation"], "battleline": ["Revo Hooligans", "Eclectic Ambrosius"]},
            "player2": {"battleline": ["Troll", "Urchin", "Dodger"], "artifacts": ["Library of Babble"]},
        },
        answers=["Troll", "Dodger", "Urchin"],
    )
    troll, dodger, urchin = card(eng, "Troll"), card(eng, "Dodger"), card(eng, "Urchin")
    library = card(eng, "Library of Babble")
    # Vial of Mutation: "Put a Mutation counter on 2 creatures. While those creatures have a mutation
    # counter, they gain the Mutant trait."
    eng.play(card(eng, "Vial of Mutation"))
    assert [has_trait(eng, c, "mutant") for c in (troll, dodger, urchin)] == [True, True, False]
    # Revo Hooligans: "After Reap: Put a paint counter on an artifact. While that artifact has a paint
    # counter, it belongs to house Mars (instead of its other houses)."
    eng.game.active_house = "mars"
    eng.use(card(eng, "Revo Hooligans"), "reap")
    assert (belongs_to(eng, library, "mars"), belongs_to(eng, library, "logos")) == (True, False)
    # Eclectic Ambrosius: "Reap: Put an ignorance counter on an enemy creature. As long as that
    # creature has an ignorance counter, its text box is considered blank (except for traits)."
    assert eng.has(urchin, "elusive") == 1
    eng.game.active_house = "saurian"
    eng.use(card(eng, "Eclectic Ambrosius"), "reap")
    assert (counters_in(eng.game, urchin, "ignorance"), eng.has(urchin, "elusive")) == (1, 0)
    # the counters gone (as a card leaving play loses them), the changes end
    eng.game.lasting = [e for e in eng.game.lasting if e.kind != "named_counter"]
    assert (has_trait(eng, troll, "mutant"), belongs_to(eng, library, "logos"), eng.has(urchin, "elusive")) == (
        False,
        True,
        1,
    )


def test_traits_and_keywords_lost(kb_conn):
    assert_compiled(kb_conn, "Grey Aberrant", "Tome of Abatement")
    # "Each creature loses each of its traits."; "Each creature loses and cannot gain elusive,
    # skirmish, and taunt." (Lamindra gives its neighbors elusive: they have none either)
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"battleline": ["Grey Aberrant", "Lamindra", "Urchin"], "artifacts": ["Tome of Abatement"]},
            "player2": {"battleline": ["Neutron Shark"]},
        },
    )
    shark, urchin = card(eng, "Neutron Shark"), card(eng, "Urchin")
    assert not has_trait(eng, shark, "mutant") and not has_trait(eng, shark, "beast")
    assert (eng.has(urchin, "elusive"), eng.has(card(eng, "Lamindra"), "elusive")) == (0, 0)


def test_an_upgrade_blanks_its_creature_and_destroys_the_other_upgrades(kb_conn):
    assert_compiled(kb_conn, "Fortune Reverser")
    # "This creature's text box is considered blank, except for traits. Play: Destroy all other
    # upgrades attached to this creature.": on Urchin (elusive, a Shoulder Armor on it), Urchin
    # has no elusive and no "Play:" ability, the Shoulder Armor is destroyed; Lamindra beside it
    # keeps its own text
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "ekwidon"},
            "player1": {
                "hand": ["Fortune Reverser"],
                "battleline": [{"card": "Urchin", "upgrades": ["Shoulder Armor"]}, "Lamindra"],
            },
        },
        answers=["Urchin"],
    )
    urchin, lamindra = card(eng, "Urchin"), card(eng, "Lamindra")
    assert eng.has(urchin, "elusive") == 1
    eng.play(card(eng, "Fortune Reverser"))
    assert [u.name for u in urchin.upgrades] == ["Fortune Reverser"]
    assert card(eng, "Shoulder Armor").zone == "discard"
    # Urchin blank: the elusive it has is Lamindra's "Lamindra's neighbors gain elusive"
    assert (eng.has(urchin, "elusive"), eng.has(lamindra, "elusive")) == (1, 1)
    eng.game.players["player1"].zone("battleline").remove(lamindra)
    assert eng.has(urchin, "elusive") == 0
    assert eng.variant(urchin).play == [] and not eng.variant(urchin).statics
