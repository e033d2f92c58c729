"""Named counters, read from the KB's counter entries (data over code).

Why read them: the rulebook lists each named counter with its effect ("Increase the card's
defense by 5."); the engine takes the list and the amounts from the entries of the version being
replayed, and only knows the handful of effect shapes the texts use. A counter whose text it cannot
read is reported when removed, never guessed.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from engine.core.choices import Chooser
from engine.core.errors import IllegalAction, ScenarioError
from engine.kotc.damage import damage_creature, modify
from engine.kotc.state import Board, Creature

_STAT = re.compile(r"\b(increase|decrease) the card.s (offense|defense) by (\d+)", re.I)
_SHAPES = (
    ("damage_die", re.compile(r"\broll a six-sided die and inflict damage to the card", re.I)),
    ("exhaust", re.compile(r"^exhaust the card\b", re.I)),
    ("reroll", re.compile(r"\bre-roll any one die\b", re.I)),
    ("immortal", re.compile(r"\bprevent the card from being destroyed\b", re.I)),
)


@dataclass(frozen=True)
class CounterRule:
    """A named counter: ``shape`` is stat, damage_die, exhaust, reroll, immortal or unknown."""

    name: str
    text: str
    shape: str
    stat: str | None = None
    amount: int = 0


def parse(name: str, text: str) -> CounterRule:
    m = _STAT.search(text)
    if m:
        sign = 1 if m.group(1).lower() == "increase" else -1
        return CounterRule(name, text, "stat", m.group(2).lower(), sign * int(m.group(3)))
    for shape, pattern in _SHAPES:
        if pattern.search(text.strip()):
            return CounterRule(name, text, shape)
    return CounterRule(name, text, "unknown")


def counters_from_kb(conn: sqlite3.Connection, game: str, version: str) -> dict[str, CounterRule]:
    """Short name ("offense" for "counter/offense-counter") -> rule, for one version's document."""
    rows = conn.execute(
        """SELECT e.key, e.body FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = ? AND d.version = ? AND e.kind = 'counter' ORDER BY e.ordinal""",
        (game, version),
    )
    out = {}
    for key, body in rows:
        name = key.rsplit("/", 1)[-1].removesuffix("-counter")
        out[name] = parse(name, body.splitlines()[0] if body else "")
    return out


def remove_counter(
    board: Board,
    rules: dict[str, CounterRule],
    creature: Creature,
    name: str,
    by: str,
    chooser: Chooser,
    dice: dict[str, list[int]] | None = None,
) -> None:
    """``by`` removes a named counter it owns from ``creature`` and the counter's effect happens.

    ``dice`` are the dice of the battle in progress (player -> results), the only dice a re-roll
    counter can act on; outside a battle there is no die to re-roll.
    """
    rule = rules.get(name)
    if rule is None:
        raise ScenarioError(f"no named counter {name!r} in this version; known: {', '.join(sorted(rules))}")
    counter = next((c for c in creature.counters if c.name == name and c.owner == by), None)
    if counter is None:
        raise IllegalAction(f"{by} owns no {name} counter on {creature.label}")
    if rule.shape == "unknown":
        raise ScenarioError(f"the engine cannot read the effect of the {name} counter: {rule.text!r}")
    if rule.shape == "immortal":
        raise IllegalAction(f"the {name} counter is removed when an effect would destroy {creature.label}")
    if rule.shape == "reroll" and not any((dice or {}).values()):
        raise IllegalAction(f"the {name} counter re-rolls a die, and no die has been rolled")
    creature.counters.remove(counter)
    board.log(f"{by} removes the {name} counter from {creature.label}")
    if rule.shape == "stat":
        modify(board, creature, rule.stat, rule.amount, f"{name} counter")
    elif rule.shape == "damage_die":
        damage_creature(board, creature, board.dice.roll(), f"{name} counter die")
    elif rule.shape == "exhaust":
        creature.exhausted = True
        board.log(f"{name} counter: {creature.label} exhausted")
    else:
        reroll(board, chooser, dice, f"{name} counter")


def reroll(board: Board, chooser: Chooser, dice: dict[str, list[int]], source: str) -> None:
    """Re-roll any one die, whoever rolled it: the choice is "player1:6" style (equal dice of one
    player are interchangeable, so each value is offered once)."""
    options = [f"{p}:{v}" for p, values in dice.items() for v in dict.fromkeys(values)]
    picked = chooser.choose(f"{source}: die to re-roll", options)
    player, _, value = picked.partition(":")
    values = dice[player]
    new = board.dice.roll()
    values[values.index(int(value))] = new
    board.log(f"{source}: {player}'s {value} re-rolled -> {new}")
