"""Cards of Worlds Collide defined by hand over the shared library, about counters of a named kind:
The Big One ("If there are 10 or more fuse counters on The Big One, destroy each creature and
artifact") and The Colosseum ("remove 6 and forge a key at current cost"); and Synchronizer (GR), which
moves time counters between itself and Clock creatures."""

from __future__ import annotations

from boards import assert_passed, card, engine_for, replay
from engine.library import counters_in, PutCounters


def _the_big_one(plays: int) -> str:
    # no more than 5 of a name (the Rule of Six): Dust Pixies, then Snufflegators
    names = (["Dust Pixie"] * 5 + ["Snufflegator"] * 5)[:plays]
    # the first has one place to go; each later one goes on the right flank
    actions = f"          - play: {names[0]}\n" + "".join(
        f"          - {{play: {name}, flank: right}}\n" for name in names[1:]
    )
    zone = "discard" if plays >= 10 else "artifacts"
    alive = "discard" if plays >= 10 else "battleline"
    return f"""
        id: the-big-one-{plays}
        setup:
          turn: {{active: player1, house: untamed}}
          player1: {{artifacts: [The Big One], hand: [{", ".join(names)}]}}
          player2: {{battleline: [Troll]}}
        actions:
{actions}        expect:
          "16.0": {{The Big One.zone: {zone}, Troll.zone: {alive}}}
        """


def test_the_big_one_goes_off_at_ten_fuse_counters(kb_conn, tmp_path):
    # The Big One: "After a creature is played, put a fuse counter on The Big One. If there are 10 or
    # more fuse counters on The Big One, destroy each creature and artifact." 9 creatures played: 9
    # counters, nothing destroyed; the 10th: every creature and artifact, The Big One included
    assert_passed(replay(kb_conn, tmp_path, _the_big_one(9)))
    assert_passed(replay(kb_conn, tmp_path, _the_big_one(10)))


def _colosseum(fights: int) -> str:
    trolls = ", ".join(f"{{card: Troll, id: t{i}}}" for i in range(fights))
    pixies = ", ".join(f"{{card: Dust Pixie, id: p{i}}}" for i in range(fights))
    actions = "".join(f"          - fight: {{attacker: t{i}, target: p{i}}}\n" for i in range(fights))
    keys = 1 if fights >= 6 else 0
    return f"""
        id: the-colosseum-{fights}
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{amber: 6, artifacts: [The Colosseum], battleline: [{trolls}]}}
          player2: {{battleline: [{pixies}]}}
        actions:
{actions}          - omni: The Colosseum
        expect:
          "16.0": {{player1.keys: {keys}, player1.amber: {6 - 6 * keys}}}
        """


def test_the_colosseum_forges_with_six_glory_counters(kb_conn, tmp_path):
    # The Colosseum: "After an enemy creature is destroyed while fighting, put a glory counter on
    # The Colosseum. Omni: If there are 6 or more glory counters on The Colosseum, remove 6 and forge
    # a key at current cost." 6 enemy creatures destroyed fighting: a key forged at 6; 5: no key
    assert_passed(replay(kb_conn, tmp_path, _colosseum(6)))
    assert_passed(replay(kb_conn, tmp_path, _colosseum(5)))


def test_synchronizer_takes_half_the_time_counters_of_a_destroyed_clock_and_gives_them_back(kb_conn):
    # Synchronizer: "Each friendly Clock creature gains, "Destroyed: Move half the time counters
    # (rounding up) from this creature to Synchronizer." Omni: Move all time counters on
    # Synchronizer to a friendly Clock creature."
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "geistoid"},
            "player1": {"artifacts": ["Synchronizer"], "battleline": ["Chronometer", "Tick-Tock"]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    chronometer, tick_tock, synchronizer = (card(eng, n) for n in ("Chronometer", "Tick-Tock", "Synchronizer"))
    PutCounters("time", "self", 5).resolve(eng.context(chronometer))
    eng.destroy([chronometer])
    assert chronometer.zone == "discard"
    assert counters_in(eng.game, synchronizer, "time") == 3  # 5 halved, rounding up
    eng.use(synchronizer, "omni")
    assert (counters_in(eng.game, synchronizer, "time"), counters_in(eng.game, tick_tock, "time")) == (0, 3)
