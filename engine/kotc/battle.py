"""A battle by the rulebook's six steps (Battles), and the Recovery Phase.

Why dice are applied by decisions: step 4 lets each player take their dice "one at a time (in any
order)", and the order decides which creature an overkill wastes (the worked example only
destroys both D and E because the attacker puts 6, 3 and 1 on D). So the next die is a decision
whose options are the distinct values left; it is asked only when the dice left could destroy the
creature in front, since otherwise every order ends the same way.
"""

from __future__ import annotations

from engine.core.choices import Chooser
from engine.core.errors import IllegalAction, ScenarioError
from engine.kotc.counters import CounterRule, reroll
from engine.kotc.damage import damage_creature, damage_player
from engine.kotc.state import PLAYERS, Board, Creature


def battle(
    board: Board,
    chooser: Chooser,
    rules: dict[str, CounterRule],
    team: list[str],
    target: str,
    defenders: list[str],
    dice: dict[str, list[int]] | None = None,
) -> None:
    """The active player attacks ``target`` (a player or a creature label) with ``team`` (in its
    defending order); ``defenders`` (in their defending order) defend; ``dice`` gives each
    player's roll, else the dice are rolled."""
    attacker = board.active
    if board.winner:
        raise IllegalAction("the game is over")
    # step 1: attacking team, target, defending order of the attacking team
    attackers = _team(board, team, attacker, "attacking team")
    if not attackers:
        raise IllegalAction("the attacking team needs at least one creature")
    defender, target_creature = _target(board, target, attacker)
    if target in board.targeted:
        raise IllegalAction(f"{target} was already targeted this battle phase")
    # step 2: defending team and its order (checked before anything changes, so a refused
    # battle leaves the board as it was)
    defending = _team(board, defenders, defender, "defending team")
    board.targeted.add(target)
    _exhaust(board, attackers, f"{attacker} attacks {target} with")
    if defending:
        _exhaust(board, defending, f"{defender} defends with")
    # step 3: dice equal to each team's total offense
    rolled = {attacker: _dice(board, attacker, attackers, dice), defender: _dice(board, defender, defending, dice)}
    _reroll_window(board, chooser, rules, rolled)
    # steps 4-6 happen at once: nobody's loss is decided before all the damage is dealt
    left_attack = _apply(board, chooser, attacker, rolled[attacker], defending)
    left_defense = _apply(board, chooser, defender, rolled[defender], attackers)
    if left_attack and (target_creature is None or target_creature.in_play):
        source = f"step 5: {attacker}'s dice left {left_attack}"
        if target_creature is None:
            damage_player(board, defender, sum(left_attack), source)
        else:
            damage_creature(board, target_creature, sum(left_attack), source)
    if left_defense and target_creature is None:
        damage_player(board, attacker, sum(left_defense), f"step 6: {defender}'s dice left {left_defense}")
    if board.winner:
        board.log("the game ends in a draw" if board.winner == "draw" else f"{board.winner} wins")


def recover(board: Board) -> None:
    """Recovery Phase: every card in play unexhausts and every creature's offense and defense go
    back to the printed values; the turn passes, so targets may be chosen again."""
    for c in board.in_play():
        if c.exhausted or (c.offense, c.defense) != (c.printed_offense, c.printed_defense):
            board.log(
                f"recovery: {c.label} offense {c.offense} -> {c.printed_offense}, "
                f"defense {c.defense} -> {c.printed_defense}, unexhausted"
            )
        c.exhausted, c.offense, c.defense = False, c.printed_offense, c.printed_defense
    board.targeted.clear()
    board.active = board.opponent(board.active)
    board.log(f"turn passes to {board.active}")


def _team(board: Board, labels: list[str], player: str, what: str) -> list[Creature]:
    if len(set(labels)) != len(labels):
        raise IllegalAction(f"{what}: a creature is listed twice")
    out = []
    for label in labels:
        c = board.creature(label)
        if not c.in_play or c.controller != player:
            raise IllegalAction(f"{what}: {label} is not {player}'s creature in play")
        if c.exhausted:
            raise IllegalAction(f"{what}: {label} is exhausted")
        out.append(c)
    return out


def _target(board: Board, target: str, attacker: str) -> tuple[str, Creature | None]:
    """(defending player, target creature or None). Attacking yourself or your own creature is
    refused: the rulebook has the target's player defend against the attacking player."""
    if target in PLAYERS:
        if target == attacker:
            raise IllegalAction(f"{attacker} cannot target themselves")
        return target, None
    c = board.creature(target)
    if not c.in_play or c.controller == attacker:
        raise IllegalAction(f"target {target} is not an opponent's creature in play")
    return c.controller, c


def _exhaust(board: Board, creatures: list[Creature], what: str) -> None:
    for c in creatures:
        c.exhausted = True
    board.log(f"{what} {' -> '.join(c.label for c in creatures)} (exhausted)")


def _dice(board: Board, player: str, team: list[Creature], given: dict[str, list[int]] | None) -> list[int]:
    count = sum(c.offense for c in team)
    if given and player in given:
        values = list(given[player])
        if len(values) != count or any(isinstance(v, bool) or v not in range(1, 7) for v in values):
            raise ScenarioError(f"{player} rolls {count} dice (the team's total offense), given {values!r}")
    else:
        values = [board.dice.roll() for _ in range(count)]
    board.log(f"step 3: {player} rolls {count} dice: {values}")
    return values


def _reroll_window(board: Board, chooser: Chooser, rules: dict[str, CounterRule], rolled: dict) -> None:
    """Between the roll and the damage, each owner of a re-roll counter may remove it."""
    names = {n for n, r in rules.items() if r.shape == "reroll"}
    if not any(rolled.values()):
        return
    for c in board.in_play():
        for counter in [k for k in c.counters if k.name in names]:
            if chooser.may(f"{counter.owner}: remove the {counter.name} counter from {c.label} to re-roll a die"):
                c.counters.remove(counter)
                board.log(f"{counter.owner} removes the {counter.name} counter from {c.label}")
                reroll(board, chooser, rolled, f"{counter.name} counter")


def _apply(board: Board, chooser: Chooser, player: str, dice: list[int], order: list[Creature]) -> list[int]:
    """Step 4 for one player: each die to the next surviving creature of the other team; returns
    the dice left once that team is destroyed."""
    left = list(dice)
    for creature in order:
        while left and creature.in_play:
            if sum(left) < creature.defense:
                value = left[0]  # they all land here whatever the order
            else:
                value = chooser.choose(
                    f"{player}: die to inflict on {creature.label} (defense {creature.defense})",
                    sorted(set(left), reverse=True),
                )
            left.remove(value)
            damage_creature(board, creature, value, f"step 4: {player}'s {value}")
    return left
