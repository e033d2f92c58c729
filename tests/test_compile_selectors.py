"""Noun phrases of card text compiled by the templates of
engine/compile/templates/phrases_selectors.toml: superlatives ("the least powerful enemy creature",
glossary "Least Powerful"; "each creature with the lowest power"), qualifiers ("token",
"with an upgrade", "with no bonus icons", "in the center of its controller's battleline", "that
shares a house with at least 1 of its neighbors", "each Shadows card") and neighbors ("one of SELF's
neighbors", "each of SELF's Mars neighbors", "SELF's most powerful neighbor")."""

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
