"""A creature swapping places with one of its neighbors, and what is on them
(engine/compile/templates/clauses_swapping_places.toml)."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay


def test_swap_with_a_neighbor_swaps_places_and_what_is_on_them(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Envoy of Ekwirrĕ")
    # "After Reap: Swap Envoy of Ekwirrĕ with one of its neighbors. Also swap all amber, damage,
    # counters, and upgrades on these creatures.": Bumpsy is not a neighbor, so only Troll and Krump
    # are offered; Troll's damage, amber and upgrade go to Envoy, Envoy's power counter to Troll
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: envoy-swap
        setup:
          turn: {active: player1, house: ekwidon}
          player1:
            battleline: [{card: Troll, damage: 2, amber: 1, upgrades: [Way of the Bear]},
                         {card: Envoy of Ekwirrĕ, power_counters: 1}, Krump, Bumpsy]
        actions:
          - reap: Envoy of Ekwirrĕ
            choices: [Troll]
        expect:
          "16.0": {player1.battleline: [Envoy of Ekwirrĕ, Troll, Krump, Bumpsy], decisions.0.1.offered: [Troll, Krump],
                   Envoy of Ekwirrĕ.damage: 2, Envoy of Ekwirrĕ.amber: 1, Envoy of Ekwirrĕ.upgrades: [Way of the Bear],
                   Troll.damage: 0, Troll.amber: 0, Troll.upgrades: [], Troll.power_counters: 1,
                   Envoy of Ekwirrĕ.power_counters: 0, player1.amber: 1}
        """,
        )
    )
