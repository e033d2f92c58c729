"""Dark Tidings prints some names twice in the set with two texts (Seneschal Sargassa 068 and 117,
Monty Bank 188 and 219, Censor Philo 125 and 170, Captain Kresage 003 and 016). Coverage counts a
name as playable only when each of its texts is, and the second texts are played as printed."""

from __future__ import annotations

import sqlite3

import pytest

from boards import assert_passed, replay
from engine.compile.coverage import coverage


def test_coverage_reads_every_text_of_a_name_in_a_set(kb_conn):
    """A second printing with another text is read too: one the templates missed made the name not
    playable, naming the printing (each was counted playable from its first printing alone)."""
    dt = coverage(kb_conn, sets=["DT"])[0]
    for name in ("Seneschal Sargassa", "Monty Bank", "Censor Philo", "Captain Kresage"):
        assert dt.cards[name] != "refused", dt.refused.get(name)
    assert (
        dt.total
        == sum(1 for _ in dt.cards)
        == dt.counts["refused"] + sum(dt.counts[k] for k in ("compiled", "hand", "keywords"))
    )


def test_a_second_text_no_template_reads_makes_the_name_not_playable(kb_copy):
    """A name's second printing in its set whose text no template reads: the name is not playable,
    and the reason names that printing; the first printing's reading does not hide it."""
    conn = sqlite3.connect(kb_copy)
    conn.execute(
        """INSERT INTO cards (set_code, set_name, number, name, house, type, power, armor, amber, text)
           SELECT set_code, set_name, '999', name, house, type, power, armor, amber,
                  'Play: Juggle three moons while whistling.' FROM cards WHERE set_code = 'DT' AND name = 'Monty Bank'
           LIMIT 1"""
    )
    conn.commit()
    dt = coverage(conn, sets=["DT"])[0]
    conn.close()
    assert dt.cards["Monty Bank"] == "refused"
    assert any("juggle three moons" in r and r.endswith("(its DT 999 printing)") for r in dt.refused["Monty Bank"])
    assert dt.total == len(dt.cards)  # still one name, counted once


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


def _kresage(kb_conn, mine: list, theirs: list):
    from boards import card, engine_for

    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": mine},
            "player2": {"battleline": theirs},
        },
    )
    return eng, card


def test_captain_kresage_gains_the_keywords_of_its_friendly_creatures(kb_conn):
    # "While you control another creature with elusive, taunt, poison, or skirmish, Captain Kresage
    # gains that keyword.": Urchin (elusive) and Bumpsy (none) beside it: elusive only; an enemy's
    # keyword counts for nothing
    eng, card = _kresage(kb_conn, ["Captain Kresage (DT 016)", "Urchin", "Bumpsy"], ["Shooler"])
    kresage = card(eng, "Captain Kresage")
    assert eng.has(kresage, "elusive") and not eng.has(kresage, "taunt") and not eng.has(kresage, "skirmish")
    eng, card = _kresage(kb_conn, ["Captain Kresage (DT 016)", "Bumpsy"], ["Urchin"])
    assert not eng.has(card(eng, "Captain Kresage"), "elusive")


def test_two_captain_kresages_do_not_give_each_other_what_neither_has(kb_conn):
    # each asks whether the other has elusive, which rests only on the first's answer: neither has
    # it (and asking ends); a third creature's elusive reaches both
    eng, _ = _kresage(
        kb_conn, ["Captain Kresage (DT 016)", {"card": "Captain Kresage (DT 016)", "id": "Kresage 2"}], []
    )
    both = eng.game.players["player1"].creatures
    assert not any(eng.has(k, "elusive") for k in both)
    eng, _ = _kresage(
        kb_conn, ["Captain Kresage (DT 016)", {"card": "Captain Kresage (DT 016)", "id": "Kresage 2"}, "Urchin"], []
    )
    assert all(eng.has(k, "elusive") for k in eng.game.players["player1"].creatures)
