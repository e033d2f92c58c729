"""Cards compiled from their text (engine.compile), the templates CotA and AoA cards share: each
plays as its words say, on a real board under a real rule set (tests/test_compile.py has the
compiler's own behaviour: refusals, errata, hand definitions winning)."""

from __future__ import annotations

from boards import assert_compiled as _compiled, assert_passed, replay


# ------------------------------------------------------------------------------ general templates


def test_for_the_remainder_of_the_turn_a_reaction(kb_conn, tmp_path):
    _compiled(kb_conn, "Warsong", "Take Hostages")
    # "For the remainder of the turn, gain 1 each time a friendly creature fights": each fight
    # after it, not an enemy's (none this turn), and not the next turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: warsong
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, hand: ["Warsong"], battleline: ["Troll", "Bumpsy"]}
          player2: {battleline: ["Dust Pixie", "Mugwump"]}
        actions:
          - play: Warsong
          - fight: {attacker: Troll, target: Dust Pixie}
          - fight: {attacker: Bumpsy, target: Mugwump}
        expect:
          "16.0": {player1.amber: 2}
        """,
        )
    )
    # "each time a friendly creature fights, it captures 1": the creature that fought
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: take-hostages
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Take Hostages"], battleline: ["Sequis", "Grey Monk"]}
          player2: {amber: 3, battleline: ["Dust Pixie"]}
        actions:
          - play: Take Hostages
          - fight: {attacker: Sequis, target: Dust Pixie}
        expect:
          "16.0": {Sequis.amber: 1, Grey Monk.amber: 0, player2.amber: 2}
        """,
        )
    )


def test_choose_a_house_and_that_house(kb_conn, tmp_path):
    _compiled(kb_conn, "Blinding Light", "Vespilon Theorist")
    # "Choose a house. Stun each creature of that house.": both sides, only that house
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: blinding-light
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Blinding Light"], battleline: ["Troll", "Sequis"]}
          player2: {battleline: ["Bumpsy", "Dust Pixie"]}
        actions:
          - play: Blinding Light
            choices: [brobnar]
        expect:
          "16.0": {Troll.stunned: true, Bumpsy.stunned: true, Sequis.stunned: false, Dust Pixie.stunned: false}
        """,
        )
    )
    # "Reveal the top card of your deck. If it is of that house, archive it and gain 1.
    # Otherwise, discard it."
    for house, zone, amber in (("brobnar", "archives", 1), ("logos", "discard", 0)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: vespilon
            setup:
              turn: {{active: player1, house: logos}}
              player1: {{amber: 0, battleline: ["Vespilon Theorist"], deck: ["Punch", "Troll"]}}
            actions:
              - reap: Vespilon Theorist
                choices: [{house}]
            expect:
              "16.0": {{Punch.zone: {zone}, Troll.zone: deck, player1.amber: {amber + 1}}}
            """,
            )
        )


def test_you_may_use_friendly_creatures_of_a_house(kb_conn, tmp_path):
    _compiled(kb_conn, "Ritual of the Hunt")
    # "Omni: Sacrifice Ritual of the Hunt. For the remainder of the turn, you may use friendly
    # Untamed creatures": an Untamed creature reaps on a Brobnar turn; a Logos one still cannot
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ritual
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, artifacts: ["Ritual of the Hunt"], battleline: ["Dust Pixie", "Doc Bookton"]}
        actions:
          - omni: Ritual of the Hunt
          - reap: Dust Pixie
          - reap: Doc Bookton
        expect:
          "16.0": {illegal: 2, player1.amber: 1, Ritual of the Hunt.zone: discard}
        """,
        )
    )


def test_constant_abilities_that_count_or_hold_while(kb_conn, tmp_path):
    _compiled(kb_conn, "Mushroom Man", "Staunch Knight", "Iron Obelisk")
    # "gets +3 power for each unforged key you have" (printed 2): read as the state is now;
    # "gets +2 power while it is on a flank" (printed 4): not in the middle of the battleline
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: counts-and-while
        setup:
          turn: {active: player1, house: untamed}
          player1: {keys: 1, battleline: ["Staunch Knight", {card: Staunch Knight, id: middle}, "Mushroom Man"]}
        actions: []
        expect:
          "16.0": {Mushroom Man.power: 8, Staunch Knight.power: 6, middle.power: 4}
        """,
        )
    )
    # "Your opponent's keys cost +1 for each friendly damaged Brobnar creature": theirs, not mine
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: iron-obelisk
        setup:
          turn: {active: player1, house: brobnar}
          player1: {artifacts: ["Iron Obelisk"],
                    battleline: [{card: Troll, damage: 1}, {card: Bumpsy, damage: 2}, "Krump", {card: Dust Pixie, damage: 1}]}
        actions: []
        expect:
          "16.0": {player2.key_cost: 8, player1.key_cost: 6}
        """,
        )
    )


def test_conditions_on_amber_and_cards_in_play(kb_conn, tmp_path):
    _compiled(kb_conn, "Ghostly Hand", "Take that, Smartypants")
    # "If your opponent has exactly 1, steal it" (Ghostly Hand's bonus icons give 2 either way)
    for theirs, mine in ((1, 3), (2, 2)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: ghostly-hand
            setup:
              turn: {{active: player1, house: shadows}}
              player1: {{amber: 0, hand: ["Ghostly Hand"]}}
              player2: {{amber: {theirs}}}
            actions: [{{play: Ghostly Hand}}]
            expect:
              "16.0": {{player1.amber: {mine}}}
            """,
            )
        )
    # "Steal 2 if your opponent has 3 or more Logos cards in play": creatures and artifacts count,
    # mine do not (its bonus icon gives 1 either way)
    for theirs, mine in (
        ('["Doc Bookton", "Dextre"], artifacts: ["Library of Babble"]', 3),
        ('["Doc Bookton", "Troll"], artifacts: ["Library of Babble"]', 1),
    ):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: smartypants
            setup:
              turn: {{active: player1, house: brobnar}}
              player1: {{amber: 0, hand: ["Take that, Smartypants"], battleline: ["Brain Eater"]}}
              player2: {{amber: 5, battleline: {theirs}}}
            actions: [{{play: "Take that, Smartypants"}}]
            expect:
              "16.0": {{player1.amber: {mine}}}
            """,
            )
        )


def test_heal_up_to_and_this_way(kb_conn, tmp_path):
    _compiled(kb_conn, "Guardian Demon", "Throwing Stars", "Oath of Poverty")
    # "Heal up to 2 damage from a creature. Deal that amount of damage to another creature.":
    # the player picks how much (1 or 2 here), and that much is dealt
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: guardian-demon
        setup:
          turn: {active: player1, house: dis}
          player1: {battleline: ["Guardian Demon", {card: Pit Demon, damage: 3}]}
          player2: {battleline: ["Troll"]}
        actions:
          - reap: Guardian Demon
            choices: [Pit Demon, 1, Troll]
        expect:
          "16.0": {Pit Demon.damage: 2, Troll.damage: 1}
        """,
        )
    )
    # "Deal 1 to up to 3 creatures. Gain 1 for each creature destroyed this way": only those the
    # damage destroyed (Dust Pixie, the damaged Dust Imp), not the one that survived
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: throwing-stars
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Throwing Stars"]}
          player2: {battleline: ["Dust Pixie", "Troll", {card: Dust Imp, damage: 1}]}
        actions:
          - play: Throwing Stars
            targets: [Dust Pixie, Troll, Dust Imp]
        expect:
          "16.0": {player1.amber: 2, player2.battleline: ["Troll"]}
        """,
        )
    )
    # "Destroy each of your artifacts. Gain 2 for each artifact destroyed this way." (and 1 from
    # its bonus icon)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: oath-of-poverty
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Oath of Poverty"], artifacts: ["Library of Babble", "Gauntlet of Command"]}
          player2: {artifacts: ["Lash of Broken Dreams"]}
        actions: [{play: Oath of Poverty}]
        expect:
          "16.0": {player1.amber: 5, player1.artifacts: [], player2.artifacts: ["Lash of Broken Dreams"]}
        """,
        )
    )


def test_each_of_a_group_captures_and_self_usable_as_active_house(kb_conn, tmp_path):
    _compiled(kb_conn, "Honorable Claim", "Mack the Knife")
    # "Each friendly Knight creature captures 1": every Knight, not only the first
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: honorable-claim
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Honorable Claim"], battleline: ["Sequis", "Raiding Knight", "Troll"]}
          player2: {amber: 5}
        actions: [{play: Honorable Claim}]
        expect:
          "16.0": {Sequis.amber: 1, Raiding Knight.amber: 1, Troll.amber: 0, player2.amber: 3}
        """,
        )
    )
    # "You may use Mack the Knife as if it belonged to the active house": the card itself
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mack
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: ["Mack the Knife"]}
        actions: [{reap: Mack the Knife}]
        expect:
          "16.0": {player1.amber: 1}
        """,
        )
    )


def test_deal_damage_for_each_divided_and_one_effect_or_another(kb_conn, tmp_path):
    _compiled(kb_conn, "Cooperative Hunting", "Squawker")
    # "Deal 1 for each friendly creature in play. You may divide this damage among any number of
    # creatures.": 2 points, each to a creature of the player's choice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cooperative-hunting
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Cooperative Hunting"], battleline: ["Snufflegator", "Dust Pixie"]}
          player2: {battleline: ["Troll", "Bumpsy"]}
        actions:
          - play: Cooperative Hunting
            choices: [Troll, Bumpsy]
        expect:
          "16.0": {Troll.damage: 1, Bumpsy.damage: 1, Snufflegator.damage: 0}
        """,
        )
    )
    # "Ready a Mars creature or stun a non-Mars creature": the player picks the effect, then its
    # creature (Troll, the only non-Mars one, is not asked); with no non-Mars creature only the
    # first can be picked, so nothing is asked
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: squawker
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Squawker"], battleline: [{card: Tunk, exhausted: true}]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Squawker
            choices: [stun a non-mars creature]
        expect:
          "16.0": {Troll.stunned: true, Tunk.exhausted: true}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: squawker-only-mars
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Squawker"], battleline: [{card: Tunk, exhausted: true}]}
        actions: [{play: Squawker}]
        expect:
          "16.0": {Tunk.exhausted: false}
        """,
        )
    )


def test_reveal_any_number_of_cards_and_for_each_revealed(kb_conn, tmp_path):
    _compiled(kb_conn, "Orbital Bombardment", "Mothergun")
    # "Reveal any number of Mars cards from your hand. For each card revealed this way, deal 2 to a
    # creature.": the player stops after one (Zorg stays unrevealed), so one creature takes 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: orbital-bombardment
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Orbital Bombardment", "Tunk", "Zorg", "Troll"]}
          player2: {battleline: ["Krump", "Bumpsy"]}
        actions:
          - play: Orbital Bombardment
            choices: [Tunk, done, Bumpsy]
        expect:
          "16.0": {Bumpsy.damage: 2, Krump.damage: 0, Tunk.zone: hand, Zorg.zone: hand}
        """,
        )
    )
    # "Deal damage to a creature equal to the number of Mars cards revealed this way": Troll (not
    # Mars) cannot be revealed; after both Mars cards nothing is left to ask
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mothergun
        setup:
          turn: {active: player1, house: mars}
          player1: {artifacts: ["Mothergun"], hand: ["Tunk", "Zorg", "Troll"]}
          player2: {battleline: ["Krump", "Bumpsy"]}
        actions:
          - action: Mothergun
            choices: [Zorg, Tunk, Krump]
        expect:
          "16.0": {Krump.damage: 2, Bumpsy.damage: 0, player1.hand_size: 3}
        """,
        )
    )


def test_if_this_damage_destroys_that_creature_its_controller_loses(kb_conn, tmp_path):
    _compiled(kb_conn, "Berserker Slam")
    # "Deal 4 to a flank creature. If this damage destroys that creature, its controller loses 1.":
    # the destroyed creature's controller (either player), not nobody; a survivor: no loss (and
    # the bonus icon gains 1)
    for target, mine, theirs, zone in (
        ("Dust Pixie", 3, 2, "discard"),
        ("Urchin", 2, 3, "discard"),
        ("Troll", 3, 3, "battleline"),
    ):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: berserker-slam
            setup:
              turn: {{active: player1, house: brobnar}}
              player1: {{amber: 2, hand: ["Berserker Slam"], battleline: ["Urchin"]}}
              player2: {{amber: 3, battleline: ["Dust Pixie", "Troll"]}}
            actions:
              - play: Berserker Slam
                targets: ["{target}"]
            expect:
              "16.0": {{player1.amber: {mine}, player2.amber: {theirs}, {target}.zone: {zone}}}
            """,
            )
        )


def test_for_each_damage_healed_this_way_counts_points_of_damage(kb_conn, tmp_path):
    _compiled(kb_conn, "Doctor Driscoll", "Renewed Life")
    # "Heal 2 damage from a creature. Gain 1 for each damage healed this way.": 2 points healed
    # from one creature gain 2, not 1 (one creature healed); 1 point (all it had) gains 1
    for damage, healed in ((3, 2), (1, 1)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: doctor-driscoll
            setup:
              turn: {{active: player1, house: staralliance}}
              player1: {{amber: 0, battleline: ["Doctor Driscoll", {{card: Troll, damage: {damage}}}]}}
            actions:
              - action: Doctor Driscoll
                targets: [Troll]
            expect:
              "16.0": {{player1.amber: {healed}, Troll.damage: {damage - healed}}}
            """,
            )
        )
    # "Fully heal a creature. Make a token creature for each damage healed this way.": 3 damage
    # healed, 3 tokens
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: renewed-life
        setup:
          turn: {active: player1, house: sanctum}
          player1: {token: Grunt, hand: ["Renewed Life"], battleline: [{card: Troll, damage: 3}],
                    deck: ["Anger", "Bumpsy", "Dust Pixie", "Pit Demon"]}
        actions:
          - play: Renewed Life
            choices: [right, right, right]
        expect:
          "16.0": {Troll.damage: 0, player1.battleline: [Troll, Anger, Bumpsy, Dust Pixie]}
        """,
        )
    )
