"""Rule switches between rulebook versions (``engine/rules/rulesets.toml``): each one changes what a
player sees at the table, shown here on one board replayed under the versions on either side."""

from __future__ import annotations


import pytest

from boards import replay


def _line(trace: list[str], text: str) -> int:
    return next(i for i, line in enumerate(trace) if text in line)


SOULKEEPER = """
    id: soulkeeper-nested-destruction
    setup:
      turn: {active: player1, house: dis}
      player1: {amber: 0, battleline: [{card: Dust Imp, upgrades: [Soulkeeper]}]}
      player2: {battleline: [Troll]}
    actions:
      - {fight: {attacker: Dust Imp, target: Troll}, choices: ["Dust Imp (Soulkeeper)"]}
    expect:
      "1.1": {Troll.zone: discard, Dust Imp.zone: discard, player1.amber: 2}
    """


def test_cards_a_destroyed_ability_destroys_wait_for_the_others_from_16(kb_conn, tmp_path):
    """Switch destruction_waits_for_destroyed_abilities: before 16.0 the Troll that Soulkeeper's
    "Destroyed:" ability destroys reaches the discard pile before Dust Imp's own "Destroyed:"
    resolves; under 16.0 it is tagged and every tagged card goes to the discard pile at the end."""
    old = replay(kb_conn, tmp_path, SOULKEEPER, "1.3")
    assert old.passed, old.error
    assert _line(old.trace, "Troll is put into player2's discard") < _line(old.trace, "player1 gains 2")
    new = replay(kb_conn, tmp_path, SOULKEEPER, "16.0")
    assert new.passed, new.error
    assert _line(new.trace, "Troll is put into player2's discard") > _line(new.trace, "player1 gains 2")
    assert _line(new.trace, "Troll is put into player2's discard") > _line(new.trace, "Dust Imp is put into")


CLOAK = """
    id: cloak-and-destroyed
    setup:
      turn: {active: player1, house: dis}
      player1: {amber: 0, battleline: [{card: Dust Imp, upgrades: [Armageddon Cloak]}]}
      player2: {battleline: [Troll]}
    actions:
      - {fight: {attacker: Dust Imp, target: Troll}%s}
    expect:
      "1.1": {Dust Imp.zone: battleline, Dust Imp.damage: 0, Armageddon Cloak.zone: discard, player1.amber: 2}
    """


@pytest.mark.parametrize("first", ["Dust Imp", "Dust Imp (Armageddon Cloak)"])
def test_a_destroyed_instead_is_ordered_with_destroyed_abilities_before_16(kb_conn, tmp_path, first):
    """Switch destruction_replacement_waits_for_discard: under 1.3 Armageddon Cloak's "Destroyed:
    ... instead" is one of Dust Imp's "Destroyed:" abilities, so the active player orders the two;
    under 16.0 it is a replacement effect that waits for the discard pile: nothing to order."""
    unanswered = replay(kb_conn, tmp_path, CLOAK % "", "1.3")
    assert 'which "Destroyed:" ability resolves next' in unanswered.error
    assert "Dust Imp (Armageddon Cloak)" in unanswered.error
    old = replay(kb_conn, tmp_path, CLOAK % f", choices: [{first!r}]", "1.3")
    assert old.passed, (old.error, old.trace[-8:])
    new = replay(kb_conn, tmp_path, CLOAK % "", "16.0")
    assert new.passed, (new.error, new.trace[-8:])
    assert _line(new.trace, "player1 gains 2") < _line(new.trace, "Armageddon Cloak's replacement effect")
