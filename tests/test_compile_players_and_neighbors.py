"""Reactions about a player of the event ("that player <does X>", "if the tide is high for that
player, they ...", "that player chooses to either ... or ..."), to a card played beside this one
("after a Giant creature is played adjacent to SELF"), to an upgrade attached to it or a neighbor,
to a neighbor dealt damage that the damage destroyed, to Æmber stolen ("for each A stolen"), to an
enemy destroyed by this card's keyword damage; creatures dealing their power to a neighbor;
"players cannot forge keys", "your opponent cannot play creatures on their right flank", "each
player skips their "draw cards" step", and a named counter removed before the condition on it is
asked (engine/compile/templates/abilities_reactions.toml, clauses_each_player.toml,
clauses_counters.toml, combinators.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_that_player_is_refused_where_no_player_was_named():
    # "that player" in a "Play:" ability names no one: refused by name, never read as "you"
    variant, refusals = compile_report("Play: That player gains 2A.", "Nobody", "action")
    assert variant is None
    assert any("that player" in r.message for r in refusals)


def test_at_the_start_of_each_players_turn_that_player_is_whose_turn_it_is(kb_conn):
    # the player whose turn starts resolves the clause as their own: read, where "Play:" is refused
    variant, refusals = compile_report(
        "At the start of each player's turn, that player gains 1A.", "Someone", "artifact"
    )
    assert refusals == () and variant.reactions[0].event == "start_of_turn"


def test_a_giant_creature_played_adjacent_readies_and_fights(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Stilt-Kin")
    # Stilt-Kin: "Skirmish. After a Giant creature is played adjacent to Stilt-Kin, ready and fight
    # with Stilt-Kin." Krump (Giant) is played on the right flank beside the exhausted Stilt-Kin: it
    # readies and fights Dust Pixie (power 1), which is destroyed; skirmish: Stilt-Kin takes no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: stilt-kin-adjacent
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Stilt-Kin, exhausted: true}], hand: [Krump]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - {play: Krump, flank: right}
        expect:
          "16.0": {Dust Pixie.zone: discard, Stilt-Kin.exhausted: true, Stilt-Kin.damage: 0,
                   player1.battleline: [Stilt-Kin, Krump]}
        """,
        )
    )
    # on the far flank, beside Troll and not Stilt-Kin: Stilt-Kin stays exhausted, no fight
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: stilt-kin-not-adjacent
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll, {card: Stilt-Kin, exhausted: true}], hand: [Krump]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - {play: Krump, flank: left}
        expect:
          "16.0": {Dust Pixie.zone: battleline, Stilt-Kin.exhausted: true,
                   player1.battleline: [Krump, Troll, Stilt-Kin]}
        """,
        )
    )


def test_its_neighbor_of_a_creature_that_may_have_two_is_refused():
    # "its neighbor" is one creature for a flank creature (The Evil in the Ranks reads); said of any
    # creature it could be either of two: refused, never dealt to both
    assert compile_report("Play: Each enemy flank creature deals damage to its neighbor equal to its power.")[1] == ()
    variant, refusals = compile_report("Play: Each creature deals damage to its neighbor equal to its power.")
    assert variant is None and "its neighbor" in refusals[0].message


def test_each_creature_deals_its_power_to_its_right_neighbor_at_once(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Infighting")
    # Infighting: "Play: Each creature deals damage equal to its power to its right neighbor." Player
    # 2's line Troll (8), Krump (6), Dust Pixie (1): Troll deals 8 to Krump and Krump 6 to Dust
    # Pixie at once (Krump is not destroyed before it deals its damage): both are destroyed; Troll,
    # leftmost, takes nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: infighting-at-once
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Infighting]}
          player2: {battleline: [Troll, Krump, Dust Pixie]}
        actions:
          - play: Infighting
        expect:
          "16.0": {Troll.damage: 0, Krump.zone: discard, Dust Pixie.zone: discard}
        """,
        )
    )


def test_after_amber_is_stolen_from_you_for_each_amber_stolen(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Molephin")
    # Molephin: "After A is stolen from you, deal 1D to each enemy creature for each A stolen."
    # Player 2 plays Cutthroat Research ("Steal 2 if your opponent has 8 or more") against player
    # 1's 8: 2 stolen, so each of player 2's creatures (Molephin's enemies) takes 1 twice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: molephin-stolen
        setup:
          turn: {active: player2, house: logos}
          player1: {amber: 8, battleline: [Molephin]}
          player2: {amber: 0, hand: [Cutthroat Research], battleline: [Troll, Krump]}
        actions:
          - play: Cutthroat Research
        expect:
          "16.0": {player1.amber: 6, Troll.damage: 2, Krump.damage: 2, Molephin.damage: 0}
        """,
        )
    )
    # nothing stolen (7 is not 8 or more): no damage
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: molephin-nothing-stolen
        setup:
          turn: {active: player2, house: logos}
          player1: {amber: 7, battleline: [Molephin]}
          player2: {amber: 0, hand: [Cutthroat Research], battleline: [Troll, Krump]}
        actions:
          - play: Cutthroat Research
        expect:
          "16.0": {player1.amber: 7, Troll.damage: 0, Krump.damage: 0}
        """,
        )
    )


def _ceaseforge(turns: int) -> str:
    ends = "".join(
        f"          - end_turn: true\n            choices: [{house}]\n"
        for house in (["brobnar", "staralliance"] * turns)
    )
    deck = ", ".join(["Krump"] * 14)
    return f"""
        id: ceaseforge-{turns}
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{houses: [staralliance, brobnar, dis], hand: [Ceaseforge], deck: [{deck}]}}
          player2: {{houses: [brobnar, dis, shadows], amber: 7, deck: [{deck}]}}
        actions:
          - play: Ceaseforge
{ends}        expect:
          "16.0": {{Ceaseforge.zone: {"artifacts" if turns == 1 else "discard"}, player2.keys: 0}}
        """


def test_players_cannot_forge_keys_and_a_named_counter_removed_then_asked(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Ceaseforge")
    # Ceaseforge: "Play: Put 2 time counters on Ceaseforge. Players cannot forge keys. At the start
    # of your turn, remove a time counter from Ceaseforge, then destroy it if there are no time
    # counters on it." Player 2 (7 Æmber) forges no key; at player 1's next turn 1 counter is left
    # (it stays), at the turn after none (asked after the removal: it is destroyed)
    assert_passed(replay(kb_conn, tmp_path, _ceaseforge(1)))
    assert_passed(replay(kb_conn, tmp_path, _ceaseforge(2)))


def test_each_player_skips_their_draw_cards_step(kb_conn, tmp_path):
    assert_compiled(kb_conn, "The Constant")
    # The Constant: "Each player skips their "draw cards" step." Player 1 ends their turn with an
    # empty hand and draws nothing; without it, they refill to 6
    for artifacts, hand in (("[The Constant]", "[]"), ("[]", "[Krump, Krump, Krump, Krump, Krump, Krump]")):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
        id: the-constant
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: {artifacts}, deck: [Krump, Krump, Krump, Krump, Krump, Krump, Krump]}}
          player2: {{houses: [brobnar, dis, logos], deck: [Krump, Krump, Krump, Krump, Krump, Krump]}}
        actions:
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {{player1.hand: {hand}}}
        """,
            )
        )


def test_your_opponent_cannot_play_creatures_on_their_right_flank(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Phantasmaquid")
    # Phantasmaquid: "Your opponent cannot play creatures on their right flank." Player 2 plays Krump
    # beside Troll: the left flank is the only place offered
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: phantasmaquid-left-only
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Phantasmaquid]}
          player2: {hand: [Krump], battleline: [Troll]}
        actions:
          - play: Krump
        expect:
          "16.0": {player2.battleline: [Krump, Troll], decisions.0.1.offered: [left]}
        """,
        )
    )
    # into an empty battleline a creature would be on both flanks, the right one included
    # (glossary "Flank"): it cannot be played
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: phantasmaquid-empty-line
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Phantasmaquid]}
          player2: {hand: [Krump]}
        actions:
          - play: Krump
        expect:
          "16.0": {player2.battleline: [Krump]}
        """,
    )
    assert not result.passed and any("right flank" in line for line in result.trace)


def test_after_an_upgrade_is_attached_to_self_or_one_of_its_neighbors(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Commander Dhrxgar")
    # Commander Dhrxgar: "After an upgrade is attached to Commander Dhrxgar or 1 of its neighbors,
    # gain 1." Observ-u-Max (1 Æmber bonus) on Krump, its neighbor: 1 + 1; on Dust Pixie, two
    # places away: the bonus alone
    for host, amber in (("Krump", 2), ("Dust Pixie", 1)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
        id: commander-dhrxgar
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{amber: 0, hand: [Observ-u-Max], battleline: [Troll, Commander Dhrxgar, Krump, Dust Pixie]}}
          player2: {{battleline: [Urchin]}}
        actions:
          - play: Observ-u-Max
            choices: [{host}]
        expect:
          "16.0": {{player1.amber: {amber}, {host}.upgrades: [Observ-u-Max]}}
        """,
            )
        )


def test_after_an_enemy_creature_is_destroyed_by_selfs_keyword_damage(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Zizok", "Sköll")
    # Zizok: "Skirmish. Splash-attack 1. After an enemy creature is destroyed by Zizok's
    # splash-attack damage, ready Zizok." It fights Troll: the 1 splash destroys Dust Pixie, Troll's
    # neighbor, and Zizok readies; fighting Dust Pixie alone, its power destroys it: Zizok stays
    # exhausted
    for line, target, exhausted in (("[Dust Pixie, Troll]", "Troll", "false"), ("[Dust Pixie]", "Dust Pixie", "true")):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
        id: zizok-splash
        setup:
          turn: {{active: player1, house: mars}}
          player1: {{battleline: [Zizok]}}
          player2: {{battleline: {line}}}
        actions:
          - fight: {{attacker: Zizok, target: {target}}}
        expect:
          "16.0": {{Dust Pixie.zone: discard, Zizok.exhausted: {exhausted}}}
        """,
            )
        )
    # Sköll: "Assault 3. After an enemy creature is destroyed by Sköll's assault damage, give a
    # friendly creature a +1 power counter." Its assault destroys Dust Pixie before the fight:
    # Sköll, the only friendly creature, gets the counter
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: skoll-assault
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Sköll]}
          player2: {battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Sköll, target: Dust Pixie}
        expect:
          "16.0": {Dust Pixie.zone: discard, Sköll.power_counters: 1}
        """,
        )
    )


def test_that_player_chooses_to_either_do_one_thing_or_another(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Gezrăhi Blacksmith")
    # Gezrăhi Blacksmith: "At the start of each player's turn, that player chooses to either make a
    # token creature or draw a card." At the start of player 2's turn, player 2 makes a token (their
    # Grunt, from the top of their deck) in their own battleline
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: gezrahi-blacksmith
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {battleline: [Gezrăhi Blacksmith], deck: [Krump, Krump, Krump, Krump, Krump, Krump]}
          player2: {token: Grunt, houses: [brobnar, dis, logos], battleline: [Troll],
                    deck: [{card: Urchin, id: u1}, Krump, Krump, Krump, Krump, Krump, Krump]}
        actions:
          - end_turn: true
            choices: [make a token creature, right, brobnar]
        expect:
          "16.0": {u1.token: Grunt, u1.controller: player2, player1.battleline: [Gezrăhi Blacksmith]}
        """,
        )
    )
