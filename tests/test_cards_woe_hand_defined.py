"""Hand definitions of Winds of Exchange cards of one shape each, where no writer's scenario checks
the part: Nirbor Flamewing comes back from its owner's discard pile at the start of their turn when
they destroy a friendly creature (and stays there when they decline or have none); Primordial Vault
finds Tangaika only when 4 Cultists were destroyed."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay

DECK = "[Urchin, Urchin, Urchin, Urchin, Urchin, Urchin, Urchin]"


def _nirbor(kb_conn, tmp_path, battleline: str, choices: str, expect: str):
    return replay(
        kb_conn,
        tmp_path,
        f"""
        id: nirbor-flamewing-returns
        setup:
          turn: {{active: player2, house: untamed}}
          player1: {{houses: [brobnar], discard: ["Nirbor Flamewing (WoE 016)"], battleline: {battleline}, deck: {DECK}}}
          player2: {{houses: [untamed], deck: {DECK}}}
        actions:
          - end_turn: true
            choices: {choices}
        expect:
          "16.0": {expect}
        """,
    )


def test_nirbor_flamewing_returns_ready_when_a_friendly_creature_is_destroyed(kb_conn, tmp_path):
    # player 1's turn starts: they destroy Krump (the only choice); Nirbor Flamewing enters play ready
    expect = "{Krump.zone: discard, Nirbor Flamewing.zone: battleline, Nirbor Flamewing.exhausted: false}"
    assert_passed(_nirbor(kb_conn, tmp_path, "[Krump]", '["yes"]', expect))


def test_nirbor_flamewing_stays_in_the_discard_pile_when_declined(kb_conn, tmp_path):
    expect = "{Krump.zone: battleline, Nirbor Flamewing.zone: discard}"
    assert_passed(_nirbor(kb_conn, tmp_path, "[Krump]", '["no"]', expect))


def test_nirbor_flamewing_stays_without_a_friendly_creature_to_destroy(kb_conn, tmp_path):
    assert_passed(_nirbor(kb_conn, tmp_path, "[]", "[]", "{Nirbor Flamewing.zone: discard}"))


def _vault(kb_conn, tmp_path, cultists: int, choices: str, expect: str):
    line = ", ".join(f"{{card: Urchin, id: c{i}, token: true}}" for i in range(cultists))
    return replay(
        kb_conn,
        tmp_path,
        f"""
        id: primordial-vault
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{token: "Cultist (WoE 399)", artifacts: ["Primordial Vault (WoE 357)"], battleline: [{line}],
                     discard: ["Tangaika (WoE 361)"], deck: {DECK}}}
          player2: {{houses: [untamed], deck: {DECK}}}
        actions:
          - action: Primordial Vault
            choices: {choices}
        expect:
          "16.0": {expect}
        """,
    )


def test_primordial_vault_finds_tangaika_when_4_cultists_are_destroyed(kb_conn, tmp_path):
    expect = "{Tangaika.zone: hand, c0.zone: discard, c3.zone: discard, player1.battleline: [c4]}"
    assert_passed(_vault(kb_conn, tmp_path, 5, "[c0, c1, c2, c3, Tangaika]", expect))


def test_primordial_vault_finds_nothing_with_only_3_cultists(kb_conn, tmp_path):
    # the 3 Cultists are destroyed all the same, but "if you do" fails
    assert_passed(
        _vault(kb_conn, tmp_path, 3, "[]", "{Tangaika.zone: discard, c0.zone: discard, player1.battleline: []}")
    )


def test_endless_hordes_makes_a_token_for_each_enemy_creature_and_fights_past_taunt(kb_conn, tmp_path):
    # "For each enemy creature, make a token creature, ready it, and have it fight that enemy
    # creature, ignoring taunt.": two enemy creatures, two Grunts (power 3); the first fights Dust
    # Pixie beside Pitlord's taunt and destroys it, the second fights Pitlord (9) and is destroyed
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: endless-hordes-each
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, token: "Grunt (WoE 172)", hand: ["Endless Hordes (WoE 007)"],
                    deck: [{card: Anger, id: a1}, {card: Anger, id: a2}, Punch]}
          player2: {amber: 0, battleline: [Dust Pixie, Pitlord]}
        actions:
          - play: Endless Hordes
            choices: [right]
        expect:
          "16.0": {Dust Pixie.zone: discard, Pitlord.damage: 3, a1.zone: battleline, a1.damage: 1,
                   a2.zone: discard, player1.deck: [Punch]}
        """,
        )
    )


def _election(kb_conn, tmp_path, votes: list[str], expect: str, version: str = "16.0", also: str = ""):
    reapers = ["Troll", "Krump", "Bumpsy", "Headhunter", "Firespitter", "Ganger Chieftain"]
    actions = "".join(
        f"          - {{reap: {r}, choices: [put a {v} counter on Election]}}\n" for r, v in zip(reapers, votes)
    )
    return replay(
        kb_conn,
        tmp_path,
        f"""
        id: election-votes
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 0, artifacts: [Election, Banner of Battle], battleline: [{also}{", ".join(reapers)}]}}
          player2: {{amber: 0, battleline: [Dust Pixie]}}
        actions:
{actions}        expect:
          "{version}": {{{expect}}}
        """,
        version,
    )


def test_election_six_yea_votes_destroy_it_and_each_creature(kb_conn, tmp_path):
    # "Each creature gains, "After Reap: Put a Yea or a Nay counter on Election." If Election has 6
    # Yea counters on it, destroy it and destroy each creature.": the other artifact stays
    expect = "Election.zone: discard, Troll.zone: discard, Dust Pixie.zone: discard, Banner of Battle.zone: artifacts"
    assert_passed(_election(kb_conn, tmp_path, ["yea"] * 6, expect))


def test_election_six_nay_votes_destroy_each_artifact_and_five_do_nothing(kb_conn, tmp_path):
    # "If Election has 6 Nay counters on it, destroy each artifact." (Election is one)
    expect = (
        "Election.zone: discard, Banner of Battle.zone: discard, Troll.zone: battleline, Dust Pixie.zone: battleline"
    )
    assert_passed(_election(kb_conn, tmp_path, ["nay"] * 6, expect))
    # five of each kind: nothing is destroyed
    expect = "Election.zone: artifacts, Banner of Battle.zone: artifacts, Troll.zone: battleline"
    assert_passed(_election(kb_conn, tmp_path, ["nay"] * 5 + ["yea"], expect))


@pytest.mark.parametrize("version", ["1.1", "16.0"])
def test_election_does_not_destroy_again_a_necromorph_that_saved_itself(kb_conn, tmp_path, version):
    # Election's sixth Yea destroys it and each creature; Necromorph ("Destroyed: If Necromorph has
    # a non-Star Alliance neighbor, fully heal Necromorph and destroy that neighbor instead") stays.
    # Election, already being destroyed, does not destroy it again (the fuzzer: 1.1 looped for ever)
    expect = "Election.zone: discard, Necromorph.zone: battleline, Troll.zone: discard, Dust Pixie.zone: discard"
    assert_passed(_election(kb_conn, tmp_path, ["yea"] * 6, expect, version, also="Necromorph, "))


def test_a_creature_that_election_s_artifacts_kept_alive_dies_with_them(kb_conn, tmp_path):
    # the sixth Nay destroys each artifact, Banner of Battle ("Each friendly creature gets +1
    # power.") among them: the damaged Dust Pixie (1 power, 1 damage) dies in the same state check
    # (the fuzzer: a creature left in play at its damage after an artifact that lifted it was gone)
    expect = "Election.zone: discard, Banner of Battle.zone: discard, Pixie.zone: discard, Troll.zone: battleline"
    assert_passed(
        _election(kb_conn, tmp_path, ["nay"] * 6, expect, "16.0", also="{card: Dust Pixie, damage: 1, id: Pixie}, ")
    )
