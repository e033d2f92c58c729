"""Dark Tidings prints some names twice in the set with two texts (Seneschal Sargassa 068 and 117,
Monty Bank 188 and 219, Censor Philo 125 and 170, Captain Kresage 003 and 016). Coverage counts a
name as playable only when each of its texts is, and the second texts are played as printed."""

from __future__ import annotations

import pytest

from boards import assert_passed, replay
from engine.compile.coverage import coverage


def test_coverage_reads_every_text_of_a_name_in_a_set(kb_conn):
    """A second printing with another text is read too: one the templates miss makes the name not
    playable, naming the printing (it was counted playable from its first printing alone)."""
    dt = coverage(kb_conn, sets=["DT"])[0]
    for name in ("Seneschal Sargassa", "Monty Bank", "Censor Philo"):
        assert dt.cards[name] != "refused", dt.refused.get(name)
    assert dt.cards["Captain Kresage"] == "refused"
    assert any("(its DT 016 printing)" in reason for reason in dt.refused["Captain Kresage"])
    assert (
        dt.total
        == sum(1 for _ in dt.cards)
        == dt.counts["refused"] + sum(dt.counts[k] for k in ("compiled", "hand", "keywords"))
    )


MONTY = """
    id: monty-bank-219
    setup:
      turn: {active: player1, house: shadows}
      player1: {amber: 0, hand: ["Monty Bank (DT 219)"]}
    actions:
      - play: Monty Bank
        choices: %s
    expect:
      "16.0": {Monty Bank.amber: %d}
    """


@pytest.mark.parametrize("answers, exalted", [('["yes", "yes"]', 2), ('["yes", "no"]', 1), ('["no"]', 0)])
def test_monty_bank_may_exalt_itself_up_to_2_times(kb_conn, tmp_path, answers, exalted):
    # "Play: You may exalt Monty Bank up to 2 times.": asked before each time; a no ends it
    assert_passed(replay(kb_conn, tmp_path, MONTY % (answers, exalted)))


PHILO = """
    id: censor-philo-170
    setup:
      turn: {active: player1, house: brobnar}
      player1: {battleline: [%s]}
      player2: {battleline: ["Censor Philo (DT 170)"]}
    actions:
      - fight: {attacker: Troll, target: Censor Philo}
    expect:
      "16.0": {%s, Troll.damage: 5}
    """


@pytest.mark.parametrize(
    "troll, philo",
    [
        ("{card: Troll, amber: 1}", "Censor Philo.zone: battleline, Censor Philo.damage: 0"),
        ("Troll", "Censor Philo.zone: discard"),
    ],
)
def test_censor_philo_is_not_dealt_damage_by_creatures_with_amber_on_them(kb_conn, tmp_path, troll, philo):
    # "Censor Philo cannot be dealt damage by creatures with Æmber on them." A Troll with 1 Æmber
    # on it deals Philo nothing; a Troll with none deals its 8 and destroys Philo (5 power)
    assert_passed(replay(kb_conn, tmp_path, PHILO % (troll, philo)))
