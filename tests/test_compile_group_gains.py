""" "Each <group> gains, "<Trigger>: ..."": a constant ability giving each creature of the group an
ability of its own (engine.rules.common_statics.GrantAbility): resolved by that creature, "this creature"
is it and "you" its controller. A card name inside the quotes would name the giving card, which
such an ability cannot tell from its own creature: the compiler refuses it."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_text, Refused


def test_each_friendly_creature_gains_an_after_fight_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Lancet")
    # Lancet: "Each friendly creature gains, "After Fight: Capture 1."": Troll fights and captures
    # 1 from the opponent (Lancet's controller's opponent)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: lancet-gains
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Lancet", "Troll"]}
          player2: {amber: 3, battleline: ["Dust Pixie"]}
        actions:
          - fight: {attacker: Troll, target: Dust Pixie}
        expect:
          "16.0": {Troll.amber: 1, player2.amber: 2, Lancet.amber: 0}
        """,
        )
    )


def test_each_enemy_creature_gains_an_ability_about_itself(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Scylla")
    # Scylla: "Each enemy creature gains, "After Reap: Deal 4 to this creature."": the opponent's
    # Krump reaps and is dealt 4 (this creature is Krump, not Scylla)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: scylla-gains
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: ["Scylla"]}
          player2: {battleline: ["Krump"]}
        actions:
          - reap: Krump
        expect:
          "16.0": {Krump.damage: 4, Scylla.damage: 0, player2.amber: 1}
        """,
        )
    )


def test_the_giving_card_named_inside_the_quotes():
    # given to enemy creatures only, the creature's name inside the quotes names the giver, never
    # the gainer (Ragatha: 'Each enemy creature gains, "After Reap: Deal 3 to each of Ragatha's
    # neighbors."'): "Destroy <the giver>." destroys the card that gave the ability
    variant = compile_text(
        "Each enemy creature gains, “After Reap: Destroy Giver of Doom.”", "Giver of Doom", "creature"
    )
    (grant,) = variant.statics
    assert [getattr(e, "effect", e).on for e in grant.ability] == ["giver"]
    # given to a group the giver may be in, its name could mean either: refused by name
    with pytest.raises(Refused) as refused:
        compile_text("Each friendly creature gains, “After Reap: Destroy Giver of Doom.”", "Giver of Doom", "creature")
    assert "the giving card named inside a gained ability" in str(refused.value)


def test_each_friendly_artifact_gains_an_action_its_owner_alone_uses(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Deluge of Power")
    # Deluge of Power (archon power): "Each friendly artifact gains, "Action: Gain 2. Archive this
    # card."": the friendly Banner of Battle is used, gains 2 and is archived (this card is the
    # artifact, not the archon power) ...
    board = """
        id: deluge-gains
        setup:
          turn: {active: ACTIVE, house: brobnar}
          player1: {amber: 0, archon_power: Deluge of Power, artifacts: [{card: Banner of Battle, id: mine}]}
          player2: {amber: 0, artifacts: [{card: Banner of Battle, id: theirs}]}
        actions:
          - action: USED
        expect:
          "16.0": {EXPECT}
        """
    mine = {"ACTIVE": "player1", "USED": "mine", "EXPECT": "player1.amber: 2, mine.zone: archives"}
    # ... the enemy one gains nothing: it has no "Action:" to use
    theirs = {"ACTIVE": "player2", "USED": "theirs", "EXPECT": "player2.amber: 0, theirs.zone: artifacts, illegal: 0"}
    for words in (mine, theirs):
        text = board
        for key, value in words.items():
            text = text.replace(key, value)
        assert_passed(replay(kb_conn, tmp_path, text))


def test_each_friendly_house_creature_gains_deploy_and_an_ability(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Master Strategist")
    # Master Strategist (archon power): "Each friendly Skyborn creature gains deploy and "After
    # Fight/After Reap: You may move this creature anywhere in your battleline."": Pirate Champion
    # (Skyborn, no deploy of its own) is played between Troll and Krump; after it reaps it may move to
    # the right flank; the enemy Skyborn creature gains neither (played on a flank)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: strategist-gains
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 0, archon_power: Master Strategist, hand: ["Pirate Champion (AS 279)"], battleline: [Troll, Krump]}
        actions:
          - play: Pirate Champion
            position: 1
        expect:
          "16.0": {player1.battleline: [Troll, Pirate Champion, Krump]}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: strategist-reaps
        setup:
          turn: {active: player1, house: skyborn}
          player1: {amber: 0, archon_power: Master Strategist, battleline: [Troll, "Pirate Champion (AS 279)", Krump]}
        actions:
          - reap: Pirate Champion
            choices: [yes, 2]
        expect:
          "16.0": {player1.battleline: [Troll, Krump, Pirate Champion], player1.amber: 1}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: strategist-enemy
        setup:
          turn: {active: player2, house: skyborn}
          player1: {archon_power: Master Strategist}
          player2: {hand: ["Pirate Champion (AS 279)"], battleline: [Troll, Krump]}
        actions:
          - play: Pirate Champion
            flank: left
        expect:
          "16.0": {player2.battleline: [Pirate Champion, Troll, Krump]}
        """,
        )
    )
