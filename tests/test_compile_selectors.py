"""Noun phrases by a superlative and clauses repeated or of several verbs, compiled from the card
text (engine/compile/templates/phrases_selectors.toml): "the least powerful enemy creature"
(glossary "Least Powerful"), "exalt SELF twice"."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, card, engine_for, replay


@pytest.mark.parametrize(
    "other, survivor", [("Dust Pixie", "Troll"), ("Krump", "Troll"), ("Kelifi Dragon", "Kelifi Dragon")]
)
def test_destroyed_destroys_the_least_powerful_enemy_creature(kb_conn, tmp_path, other, survivor):
    assert_compiled(kb_conn, "Scaethe")
    # "Destroyed: Destroy the least powerful enemy creature.": Scaethe (2 power) dies attacking
    # Troll (8 power, 2 damage); the enemy creature with the lower power goes, Dust Pixie (1) or
    # Krump (6), but Troll when the other is Kelifi Dragon (12)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: scaethe
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: ["Scaethe"]}}
          player2: {{battleline: ["Troll", "{other}"]}}
        actions:
          - fight: {{attacker: Scaethe, target: Troll}}
        expect:
          "16.0": {{Scaethe.zone: discard, player2.battleline: ["{survivor}"]}}
        """,
        )
    )


@pytest.mark.parametrize("name, house, amber", [("Grimlocus Dux", "saurian", 2), ("Talon of Invidius", "dis", 3)])
def test_exalt_self_n_times(kb_conn, tmp_path, name, house, amber):
    assert_compiled(kb_conn, name)
    # "Play: Exalt Grimlocus Dux twice." / "Exalt Talon of Invidius 3 times.": 1 Æmber from the
    # supply each time
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: exalt-times
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{hand: ["{name}"]}}
        actions:
          - play: {name}
        expect:
          "16.0": {{{name}.amber: {amber}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "line, left",
    [('["Dust Pixie", "Troll", "Bumpsy"]', '["Troll", "Bumpsy"]'), ('["Dust Pixie", "Urchin", "Troll"]', '["Troll"]')],
)
def test_destroy_each_creature_with_the_lowest_power(kb_conn, tmp_path, line, left):
    assert_compiled(kb_conn, "Pale Into Insignificance")
    # "Play: Destroy each creature with the lowest power.": every creature tied at the lowest
    # power, of both sides (Dust Pixie and Urchin: 1 power each), no other
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: pale-into-insignificance
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: ["Pale Into Insignificance"], battleline: ["Krump"]}}
          player2: {{battleline: {line}}}
        actions:
          - play: Pale Into Insignificance
        expect:
          "16.0": {{player2.battleline: {left}, Krump.zone: battleline}}
        """,
        )
    )


def test_token_creatures_named_by_the_word_token(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Hypoxia", "Market Crash", "Legionary Trainer")
    # "Play: Destroy each token creature." / "Destroy each non-token creature.": the facedown
    # token goes, or every creature but it
    for name, house, mine, theirs in (
        ("Hypoxia", "unfathomable", '["Krump"]', "[]"),
        ("Market Crash", "ekwidon", "[]", "[t]"),
    ):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: tokens-by-word
            setup:
              turn: {{active: player1, house: {house}}}
              player1: {{hand: ["{name}"], battleline: ["Krump"]}}
              player2: {{token: Grunt, battleline: [{{card: Anger, id: t, token: true}}]}}
            actions:
              - play: {name}
            expect:
              "16.0": {{player1.battleline: {mine}, player2.battleline: {theirs}}}
            """,
            )
        )


@pytest.mark.parametrize("trainer, exhausted", [("Legionary Trainer", "false"), ("Krump", "true")])
def test_each_friendly_token_creature_enters_play_ready(kb_conn, tmp_path, trainer, exhausted):
    # "Each friendly token creature enters play ready." (Legionary Trainer): a token made while it
    # is in play enters ready, card text over the rulebook's "as an exhausted creature"; without
    # it, exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: legionary-trainer
        setup:
          turn: {{active: player2, house: mars}}
          player2: {{token: Blorb, artifacts: ["Blorb Hive"], battleline: ["{trainer}", "Troll"],
                    deck: [{{card: Anger, id: t1}}, {{card: Anger, id: t2}}]}}
        actions:
          - {{omni: Blorb Hive, targets: [Troll], choices: [right, right]}}
        expect:
          "16.0": {{t1.token: Blorb, t1.exhausted: {exhausted}, t2.exhausted: {exhausted}}}
        """,
        )
    )


@pytest.mark.parametrize("keys, zone, left", [(1, "purged", 0), (0, "discard", 1)])
def test_unforge_an_opponents_key(kb_conn, tmp_path, keys, zone, left):
    assert_compiled(kb_conn, "Art Project")
    # "Play: Unforge an opponent's key. If you do, purge Art Project, and your opponent draws 10
    # cards.": with a key forged (on any turn) it is unforged and the rest follows; with none,
    # nothing does
    hand = "[]" if keys else '["Troll"]'
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: art-project
        setup:
          turn: {{active: player1, house: ekwidon}}
          player1: {{hand: ["Art Project"]}}
          player2: {{keys: {keys}, hand: [], deck: ["Troll"]}}
        actions:
          - play: Art Project
        expect:
          "16.0": {{player2.keys: 0, Art Project.zone: {zone}, player2.deck: {hand if keys else '["Troll"]'}}}
        """,
        )
    )


def test_each_captures_from_their_opponent(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Trading Frenzy")
    # "Play: A friendly creature and an enemy creature each capture 3 from their opponent.": Krump
    # takes 3 of player2's, Troll 3 of player1's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: trading-frenzy
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {amber: 4, hand: ["Trading Frenzy"], battleline: ["Krump"]}
          player2: {amber: 5, battleline: ["Troll"]}
        actions:
          - play: Trading Frenzy
        expect:
          "16.0": {Krump.amber: 3, Troll.amber: 3, player1.amber: 2, player2.amber: 2}
        """,
        )
    )


@pytest.mark.parametrize("giver, paid", [("Cap Reigns", 1), ("Urchin", 0)])
def test_pay_your_opponent(kb_conn, tmp_path, giver, paid):
    assert_compiled(kb_conn, "Cap Reigns")
    # "Each enemy creature gains, "After Reap: Pay your opponent 1."": player2's Troll reaps (1)
    # and pays it to player1, Cap Reigns' controller; without Cap Reigns it keeps it
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cap-reigns
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: 0, battleline: ["{giver}"]}}
          player2: {{amber: 0, battleline: ["Troll"]}}
        actions:
          - reap: Troll
        expect:
          "16.0": {{player1.amber: {paid}, player2.amber: {1 - paid}}}
        """,
        )
    )


@pytest.mark.parametrize("flank, line", [("left", "[Urchin, Krump, Troll]"), ("right", "[Krump, Troll, Urchin]")])
def test_move_a_creature_to_a_flank_of_its_controllers_battleline(kb_conn, tmp_path, flank, line):
    assert_compiled(kb_conn, "Edge of the World")
    # "Play: Move a creature to a flank of its controller's battleline. Steal 1.": the flank chosen
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: edge-of-the-world
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{hand: ["Edge of the World"]}}
          player2: {{amber: 2, battleline: ["Krump", "Urchin", "Troll"]}}
        actions:
          - {{play: Edge of the World, targets: [Urchin], choices: [{flank}]}}
        expect:
          "16.0": {{player2.battleline: {line}, player1.amber: 1, player2.amber: 1}}
        """,
        )
    )


def test_exhaust_each_creature_with_an_upgrade(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tachyon Pulse")
    # "Play: Destroy each artifact. Exhaust each creature with an upgrade.": Troll, wearing Rocket
    # Boots, is exhausted; Krump, with none, stays ready
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tachyon-pulse
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: ["Tachyon Pulse"]}
          player2: {battleline: [{card: Troll, upgrades: ["Rocket Boots"]}, "Krump"]}
        actions:
          - play: Tachyon Pulse
        expect:
          "16.0": {Troll.exhausted: true, Krump.exhausted: false}
        """,
        )
    )


@pytest.mark.parametrize("line, damaged", [('["Krump", "Troll", "Urchin"]', "Troll"), ('["Krump", "Troll"]', None)])
def test_a_creature_in_the_center_of_its_controllers_battleline(kb_conn, tmp_path, line, damaged):
    assert_compiled(kb_conn, "Beware the Ides")
    # "Play: Deal 23 to a creature in the center of its controller's battleline.": Troll in the
    # middle of three is destroyed; a battleline of two has no center, nothing is dealt
    survivors = '["Krump", "Urchin"]' if damaged else line
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: beware-the-ides
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: ["Beware the Ides"]}}
          player2: {{battleline: {line}}}
        actions:
          - play: Beware the Ides
        expect:
          "16.0": {{player2.battleline: {survivors}}}
        """,
        )
    )


@pytest.mark.parametrize("friendly, kept", [("Krump", '["Urchin"]'), ("Urchin", '["Krump"]')])
def test_give_control_of_a_friendly_creature_to_your_opponent(kb_conn, tmp_path, friendly, kept):
    assert_compiled(kb_conn, "Exile")
    # "Play: Give control of a friendly creature to your opponent.": the creature chosen changes sides
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: exile
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{hand: ["Exile"], battleline: ["Krump", "Urchin"]}}
        actions:
          - {{play: Exile, targets: [{friendly}]}}
        expect:
          "16.0": {{{friendly}.controller: player2, player1.battleline: {kept}}}
        """,
        )
    )


def test_ready_and_fight_with_one_of_self_s_neighbors(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Honored Battlemaster")
    # "Action: Ready and fight with one of Honored Battlemaster's neighbors.": Krump (exhausted),
    # beside it, fights; Troll, not a neighbor, cannot be chosen
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: honored-battlemaster
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Troll", "Urchin", "Honored Battlemaster", {card: Krump, exhausted: true}]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - {action: Honored Battlemaster, targets: [Krump]}
        expect:
          "16.0": {Dust Pixie.zone: discard, Krump.exhausted: true, Troll.exhausted: false}
        """,
        )
    )


@pytest.mark.parametrize("token, used", [("true", 2), ("false", 1)])
def test_exalt_ready_and_use_then_another_friendly_creature(kb_conn, tmp_path, token, used):
    assert_compiled(kb_conn, "Symposium")
    # "Play: Exalt, ready, and use a friendly creature. If it is a token creature, you may exalt,
    # ready, and use another friendly creature.": the second is another creature than the first
    # (the action itself is never in play), and only after a token creature
    amber = {2: "Krump.amber: 1, Urchin.amber: 1", 1: "Krump.amber: 0, Urchin.amber: 1"}[used]
    second = "" if used == 1 else ", choices: [yes]"  # Urchin cannot be chosen again: Krump is the one option
    targets = "[Urchin]"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: symposium
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{token: Grunt, hand: ["Symposium"],
                    battleline: [{{card: Urchin, token: {token}, exhausted: true}}, {{card: Krump, exhausted: true}}]}}
        actions:
          - {{play: Symposium, targets: {targets}{second}}}
        expect:
          "16.0": {{{amber}}}
        """,
        )
    )


def test_upgrade_gives_power_and_a_before_fight_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Z-Ray Blaster")
    # "This creature gets +3 power and gains, "Before Fight: Deal 3 to each neighbor of the
    # creature this creature fights."": Krump (6 + 3) fights Troll; Troll's neighbors take 3 each
    # before the fight, Troll takes 9 and is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: z-ray-blaster
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Krump, upgrades: ["Z-Ray Blaster"]}]}
          player2: {battleline: ["Urchin", "Troll", "Bumpsy"]}
        actions:
          - fight: {attacker: Krump, target: Troll}
        expect:
          "16.0": {Krump.power: 9, Urchin.zone: discard, Bumpsy.damage: 3, Troll.zone: discard, Krump.damage: 8}
        """,
        )
    )


def test_ready_each_of_self_s_house_neighbors(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ironyx Rebel")
    # "Play: Ready each of Ironyx Rebel's Mars neighbors.": Mindwarper (Mars, beside it) readies; Krump
    # (Brobnar, beside it) and Zorg (Mars, not beside it) do not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ironyx-rebel
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Ironyx Rebel"],
                    battleline: [{card: Zorg, exhausted: true}, {card: Mindwarper, exhausted: true}, {card: Krump, exhausted: true}]}
        actions:
          - {play: Ironyx Rebel, position: 2}
        expect:
          "16.0": {player1.battleline: [Zorg, Mindwarper, Ironyx Rebel, Krump], Mindwarper.exhausted: false, Krump.exhausted: true,
                   Zorg.exhausted: true}
        """,
        )
    )


def test_destroy_each_creature_that_does_not_share_a_house_with_a_neighbor(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Grand Melee")
    # "Play: Destroy each creature that does not share a house with at least 1 of its neighbors.":
    # Krump and Troll (Brobnar, side by side) stay; Urchin (Shadows, beside Troll) and the lone
    # Dust Pixie (no neighbors) are destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: grand-melee
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Grand Melee"], battleline: ["Dust Pixie"]}
          player2: {battleline: ["Krump", "Troll", "Urchin"]}
        actions:
          - play: Grand Melee
        expect:
          "16.0": {player1.battleline: [], player2.battleline: [Krump, Troll]}
        """,
        )
    )


@pytest.mark.parametrize("on, mine, theirs", [(3, 2, 1), (4, 2, 2)])
def test_move_half_the_amber_rounding_up_and_the_rest(kb_conn, tmp_path, on, mine, theirs):
    assert_compiled(kb_conn, "Patronage")
    # "Play: Move half the Æmber from a creature to your pool (rounding up). Move the remaining
    # Æmber from that creature to your opponent's pool.": 3 on Troll, 2 and 1; 4, 2 and 2
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: patronage
        setup:
          turn: {{active: player1, house: saurian}}
          player1: {{amber: 0, hand: ["Patronage"]}}
          player2: {{amber: 0, battleline: [{{card: Troll, amber: {on}}}]}}
        actions:
          - play: Patronage
        expect:
          "16.0": {{Troll.amber: 0, player1.amber: {mine}, player2.amber: {theirs}}}
        """,
        )
    )


@pytest.mark.parametrize("line, amber", [('["Pride", "Krump"]', 2), ('["Krump"]', 1)])
def test_exalt_self_once_for_each_friendly_sin_creature(kb_conn, tmp_path, line, amber):
    assert_compiled(kb_conn, "Gluttony")
    # "Play: Exalt Gluttony once for each friendly Sin creature.": Gluttony and Pride are Sins
    # (Krump is not): exalted twice; alone with Krump, once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: gluttony
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{hand: ["Gluttony"], battleline: {line}}}
        actions:
          - {{play: Gluttony, flank: right}}
        expect:
          "16.0": {{Gluttony.amber: {amber}}}
        """,
        )
    )


def test_each_of_self_s_neighbors_gains_a_quoted_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Archimedes")
    # "Each of Archimedes' neighbors gains "Destroyed: Archive this creature."": Urchin, beside
    # it, goes to its controller's archives when destroyed; Dust Pixie, not beside it, to the
    # discard pile
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: archimedes
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Dust Pixie", "Troll", "Urchin", "Archimedes", "Krump"]}
          player2: {hand: ["Punch", "Punch"]}
        actions:
          - {play: Punch, targets: [Urchin]}
          - {play: Punch, targets: [Dust Pixie]}
        expect:
          "16.0": {Urchin.zone: archives, player1.archives: [Urchin], Dust Pixie.zone: discard}
        """,
        )
    )


def test_it_after_make_a_token_creature_is_the_token(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Request Donations")
    # "Play: Make a token creature. It captures 2.": the token made captures, not Krump
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: request-donations
        setup:
          turn: {active: player1, house: sanctum}
          player1: {token: Grunt, hand: ["Request Donations"], battleline: ["Krump"], deck: [{card: Anger, id: t1}]}
          player2: {amber: 3}
        actions:
          - {play: Request Donations, choices: [right]}
        expect:
          "16.0": {t1.token: Grunt, t1.amber: 2, Krump.amber: 0, player2.amber: 1}
        """,
        )
    )


def test_ready_each_card_of_a_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Early Birds")
    # "Play: Ready each Shadows card.": a Shadows creature and a Shadows artifact ready; a Brobnar
    # creature stays exhausted
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: early-birds
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Early Birds"], battleline: [{card: Urchin, exhausted: true}, {card: Krump, exhausted: true}],
                    artifacts: [{card: Evasion Sigil, exhausted: true}]}
        actions:
          - play: Early Birds
        expect:
          "16.0": {Urchin.exhausted: false, Evasion Sigil.exhausted: false, Krump.exhausted: true}
        """,
        )
    )


def test_destroy_a_creature_with_no_bonus_icons(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Wail of the Damned")
    # "Play: Destroy a creature with no bonus icons.": Psychic Bug (1 Æmber bonus) and Krump
    # (enhanced with a capture icon) cannot be chosen; Troll, with none, is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: wail-of-the-damned
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Wail of the Damned"]}
          player2: {battleline: ["Psychic Bug", {card: Krump, enhancements: [capture]}, "Troll"]}
        actions:
          - play: Wail of the Damned
        expect:
          "16.0": {player2.battleline: [Psychic Bug, Krump], Troll.zone: discard}
        """,
        )
    )


def test_this_creature_and_each_of_its_neighbors_gains_a_keyword(kb_conn):
    assert_compiled(kb_conn, "Cloaking Dongle")
    # "This creature and each of its neighbors gains elusive.": Krump (wearing it), and Troll and
    # Bumpsy beside it, are elusive; Dust Pixie, two places away, is not
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "staralliance"},
            "player1": {
                "battleline": ["Dust Pixie", "Troll", {"card": "Krump", "upgrades": ["Cloaking Dongle"]}, "Bumpsy"]
            },
        },
    )
    assert [eng.has(card(eng, n), "elusive") > 0 for n in ("Dust Pixie", "Troll", "Krump", "Bumpsy")] == [
        False,
        True,
        True,
        True,
    ]


def test_the_active_player_takes_control_of_this_creature(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Freelancer")
    # "At the start of each turn, the active player takes control of this creature.": player1's
    # Krump, wearing it, goes to player2 as player2's turn starts; Troll, without it, stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: freelancer
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Krump, upgrades: ["Freelancer"]}, "Troll"]}
          player2: {battleline: ["Urchin"]}
        actions:
          - {end_turn: true, choices: [left, shadows]}
        expect:
          "16.0": {Krump.controller: player2, Troll.controller: player1, player2.battleline: [Krump, Urchin]}
        """,
        )
    )


@pytest.mark.parametrize("line, captured", [('["Krump", "Troll", "Urchin"]', 2), ('["Krump", "Troll"]', 1)])
def test_for_each_house_represented_among_friendly_creatures(kb_conn, tmp_path, line, captured):
    assert_compiled(kb_conn, "Xenotraining")
    # "Play: For each house represented among friendly creatures, a friendly creature captures
    # 1.": Brobnar and Shadows, twice (Krump chosen each time); Brobnar alone, once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: xenotraining
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: ["Xenotraining"], battleline: {line}}}
          player2: {{amber: 5}}
        actions:
          - {{play: Xenotraining, targets: {["Krump"] * captured}}}
        expect:
          "16.0": {{Krump.amber: {captured}, player2.amber: {5 - captured}}}
        """,
        )
    )


def test_destroy_the_creature_on_your_opponents_left_flank(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Soleft")
    # "Destroyed: Destroy the creature on your opponent's left flank.": Soleft dies attacking
    # Troll; Dust Pixie, on the left flank, is destroyed, not Urchin on the right
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: soleft
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {battleline: ["Soleft"]}
          player2: {battleline: ["Dust Pixie", "Troll", "Urchin"]}
        actions:
          - fight: {attacker: Soleft, target: Troll}
        expect:
          "16.0": {Soleft.zone: discard, player2.battleline: [Troll, Urchin]}
        """,
        )
    )


@pytest.mark.parametrize("place, line", [(0, "[Troll, Krump, Urchin]"), (2, "[Krump, Urchin, Troll]")])
def test_move_a_creature_anywhere_in_your_battleline(kb_conn, tmp_path, place, line):
    assert_compiled(kb_conn, "Shifting Battlefield")
    # "Play: Move a friendly creature anywhere in your battleline. That creature captures 1.":
    # Troll goes to the place chosen, the others keep their order
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: shifting-battlefield
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: ["Shifting Battlefield"], battleline: ["Krump", "Troll", "Urchin"]}}
          player2: {{amber: 2}}
        actions:
          - {{play: Shifting Battlefield, targets: [Troll], choices: [{place}]}}
        expect:
          "16.0": {{player1.battleline: {line}, Troll.amber: 1, player2.amber: 1}}
        """,
        )
    )


def test_ready_self_s_most_powerful_neighbor(kb_conn, tmp_path):
    # "Destroyed: Ready Cadet's most powerful neighbor." (a token creature): the Cadet dies
    # attacking Troll; Krump (6) readies, Dust Pixie (1), its other neighbor, does not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cadet
        setup:
          turn: {active: player1, house: staralliance}
          player1: {token: Cadet, battleline: [{card: Krump, exhausted: true}, {card: Anger, id: c, token: true},
                                               {card: Dust Pixie, exhausted: true}]}
          player2: {battleline: ["Troll"]}
        actions:
          - fight: {attacker: c, target: Troll}
        expect:
          "16.0": {c.zone: discard, Krump.exhausted: false, Dust Pixie.exhausted: true}
        """,
        )
    )
