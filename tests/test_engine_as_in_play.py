"""16.0 glossary "Leaves Play": "later instructions in the same ability refer to the cards as they were
immediately prior to leaving play" (engine.rules.as_in_play): Waste Not ("Destroy a friendly
creature. Draw cards equal to half that creature's power (rounding up).") counts the power the
creature had on the battleline, and only within the ability that made it leave."""

from __future__ import annotations

from boards import assert_passed, card, engine_for, replay

from engine.rules.ability import Context
from engine.rules.as_in_play import stat_as_it_was


def test_power_with_an_upgrade_as_it_was_before_the_destruction(kb_conn, tmp_path):
    # Troll (8) with Blood of Titans (+5) is 13 on the battleline: half, rounded up, is 7 cards
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: waste-not-upgraded-troll
        setup:
          turn: {active: player1, house: untamed}
          player1:
            hand: ["Waste Not (DT 412)"]
            battleline: [{card: Troll, upgrades: [Blood of Titans]}]
            deck: [Punch, Punch, Punch, Punch, Punch, Punch, Punch, Punch]
        actions:
          - play: Waste Not
        expect:
          "16.0": {Troll.zone: discard, Blood of Titans.zone: discard, player1.hand_size: 7}
        """,
        )
    )


def test_gub_on_a_flank_counts_its_power_on_the_flank(kb_conn, tmp_path):
    # Gub alone is on a flank: power 1 (no +5), so half rounded up is 1 card
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: waste-not-flank-gub
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Waste Not (DT 412)"], battleline: [Gub], deck: [Punch, Punch, Punch]}
        actions:
          - play: Waste Not
        expect:
          "16.0": {Gub.zone: discard, player1.hand_size: 1}
        """,
        )
    )


def test_a_card_that_left_play_before_the_ability_counts_as_printed(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": [{"card": "Troll", "upgrades": ["Blood of Titans"]}]},
        },
    )
    troll = card(eng, "Troll")
    before = Context(eng, troll, "player1")
    eng.leave_play(troll, "discard")
    after = Context(eng, troll, "player1")
    assert stat_as_it_was(before, troll, "power") == 13
    assert stat_as_it_was(after, troll, "power") is None
