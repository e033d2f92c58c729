"""Damage, stat changes, destruction and "a total of" spreading.

Why one module: a battle die, a damage counter and a spell all inflict damage the same way
("subtract the damage amount from the creature's defense, and then if the defense is less than or
equal to zero, destroy the creature"), so that rule is written once, here.
"""

from __future__ import annotations

from engine.core.choices import Chooser
from engine.core.errors import IllegalAction, ScenarioError
from engine.kotc.state import Board, Creature

STATS = ("offense", "defense")


def damage_creature(board: Board, creature: Creature, amount: int, source: str) -> None:
    """Subtract ``amount`` from the defense; 0 or less destroys (immortality does not help: it
    stops effects that destroy explicitly, not "destruction as a result of damage")."""
    if not creature.in_play:
        return
    before = creature.defense
    creature.defense -= amount
    board.log(f"{source}: {amount} damage to {creature.label}, defense {before} -> {creature.defense}")
    if creature.defense <= 0:
        destroy(board, creature, "defense 0 or less")


def damage_player(board: Board, player: str, amount: int, source: str) -> None:
    p = board.players[player]
    before = p.hitpoints
    p.hitpoints -= amount
    board.log(f"{source}: {amount} damage to {player}, hitpoints {before} -> {p.hitpoints}")


def destroy(board: Board, creature: Creature, why: str) -> None:
    """Send the creature to the graveyard; its counters leave with it (Counters)."""
    creature.zone = "graveyard"
    creature.counters.clear()
    board.log(f"{creature.label} destroyed ({why})")


def destroy_by_effect(board: Board, creature: Creature, chooser: Chooser) -> None:
    """An effect that explicitly destroys: the owner of an immortality counter on the creature may
    remove it to prevent that (Immortality Counter), answered like any "may"."""
    if not creature.in_play:
        raise IllegalAction(f"{creature.label} is not in play")
    shield = next((c for c in creature.counters if c.name == "immortality"), None)
    if shield and chooser.may(
        f"{shield.owner}: remove the immortality counter from {creature.label} to prevent its destruction"
    ):
        creature.counters.remove(shield)
        board.log(f"{shield.owner} removes the immortality counter from {creature.label}: destruction prevented")
        return
    destroy(board, creature, "destroyed by an effect")


def modify(board: Board, creature: Creature, stat: str, amount: int, source: str) -> None:
    """Raise or lower offense or defense; a defense brought to 0 or less destroys, as damage does
    (the rulebook's "0 defense ... any amount of damage will destroy"); offense stops at 0, since
    a team cannot roll fewer than no dice."""
    if stat not in STATS:
        raise ScenarioError(f"unknown stat {stat!r}: expected offense or defense")
    if not creature.in_play:
        raise IllegalAction(f"{creature.label} is not in play")
    before = getattr(creature, stat)
    after = max(0, before + amount) if stat == "offense" else before + amount
    setattr(creature, stat, after)
    board.log(f"{source}: {creature.label} {stat} {before} -> {after}")
    if stat == "defense" and after <= 0:
        destroy(board, creature, "defense 0 or less")


def spread_total(board: Board, chooser: Chooser, effect: str, total: int, targets: list[Creature]) -> None:
    """Spread "a total of" ``total`` among ``targets`` as the player chooses (ruling "A total of").

    No target's offense or defense may go below 0, so damage or a decrease gives a target at most
    its current value; the player must use the whole number if possible, otherwise as much as
    possible. The player answers, target by target in order, how much that target gets; the
    options are exactly the amounts that still allow the rest to be used, so the last target (and
    any target whose share is forced) resolves itself.
    """
    kind, _, stat = effect.partition("_") if effect != "damage" else ("damage", "", "defense")
    if kind not in ("damage", "increase", "decrease") or stat not in STATS:
        raise ScenarioError(
            f"total: unknown effect {effect!r}; expected damage, "
            "increase_offense, increase_defense, decrease_offense or decrease_defense"
        )
    if not targets or any(not t.in_play for t in targets):
        raise IllegalAction("total: every target must be a creature in play")
    capped = kind in ("damage", "decrease")
    caps = [max(0, getattr(t, stat)) if capped else total for t in targets]
    left = min(total, sum(caps))  # as much as possible
    if left < total:
        board.log(f"a total of {total}: only {left} can be used (the targets' {stat} caps it)")
    shares = []
    for i, (target, cap) in enumerate(zip(targets, caps)):
        high = min(cap, left)
        low = max(0, left - sum(caps[i + 1 :]))
        amount = chooser.choose(
            f"a total of {total} {effect.replace('_', ' ')}: amount for {target.label}", list(range(low, high + 1))
        )
        shares.append(amount)
        left -= amount
    for target, amount in zip(targets, shares):
        if amount == 0:
            continue
        if kind == "damage":
            damage_creature(board, target, amount, f"a total of {total}")
        else:
            modify(board, target, stat, amount if kind == "increase" else -amount, f"a total of {total}")
