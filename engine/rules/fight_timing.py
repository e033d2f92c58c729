"""Timing inside a fight, and what a fight leaves for the effects resolving after it.

- Before the fight: "Before Fight:" abilities (the attacker's own and those it gains from upgrades
  and lasting effects), assault (X) and hazardous (X) resolve at one timing point (16.0 timing
  chart "Fight with a Creature"; glossary "Assault (X)" and "Hazardous (X)": "The active player
  chooses whether this occurs before or after other 'Before Fight' effects and keywords"). The
  active player picks which resolves next; each is resolved completely, and the creatures it
  destroys are destroyed, before the next: assault that destroys the defender first leaves a
  "Before Fight:" ability nothing to act on (the 16.0 Siren Horn FAQ). A creature that has left
  play resolves nothing more, and if either creature is gone the fight itself does not occur
  (glossary "Fight").
- The neighbors a creature had immediately before it left play: effects resolving afterwards that
  refer to "the attacked creature's neighbors" use those (the 16.0 Smite and Firespitter FAQ), and
  only those still in play are affected. Creatures destroyed together are all in their places when
  the neighbors are noted (they leave play simultaneously: glossary "Destroyed").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules.ability import Context, Effect, resolve_ability

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance, Game


# ----------------------------------------------------------------------------- before the fight


def resolve_before_fight(eng: "Engine", attacker: "CardInstance", defender: "CardInstance", fight: dict) -> bool:
    """Resolve the attacker's "Before Fight:" abilities, its assault, the defender's hazardous and
    the reactions "before a creature fights" (Evasion Sigil), in the order the active player
    chooses; return True when one of those exhausted the creature with no effect (the fight does
    not occur, and nothing else of the timing point resolves)."""
    g = eng.game
    pending: list[tuple] = [("ability", ability, giver) for ability, giver in eng.abilities(attacker, "before_fight")]
    for creature, other, word in ((attacker, defender, "assault"), (defender, attacker, "hazardous")):
        n = eng.has(creature, word)
        if n:
            pending.append((word, creature, other, n))
    details = {
        "card": attacker,
        "controller": attacker.controller,
        "defender": defender,
        "outcome": {"cancelled": False},
    }
    pending += [
        ("reaction", listener, None) for listener in eng.listeners("before_fight") if eng.reacts(listener, details)
    ]

    def label(item) -> str:
        if item[0] == "ability":
            return item[2].label if item[2] is not None else attacker.label
        if item[0] == "reaction":
            return item[1][1].label
        return item[0]

    done: list[tuple] = []
    while pending and not g.winner and len(done) < 100:
        for gone in [i for i in pending if not _can_resolve(i, attacker)]:
            pending.remove(gone)
            g.log(f"{label(gone)}: a creature of the fight has left play, it does not resolve")
        if not pending:
            break
        item = (
            pending[0]
            if len(pending) == 1
            else eng.chooser.choose(
                f'{g.active}: which "Before Fight" effect of {attacker.label}\'s fight resolves next',
                pending,
                label=label,
            )
        )
        pending.remove(item)
        if item[0] == "ability":
            g.log(
                f'{attacker.label}\'s "Before Fight:" ability resolves'
                + (f" (gained from {item[2].label})" if item[2] is not None else "")
            )
            resolve_ability(item[1], eng.context(attacker, event={"fight": fight}, giver=item[2]))
            done.append((item[1], item[2]))
        elif item[0] == "reaction":
            eng.react(item[1], "before_fight", details)
            if details["outcome"]["cancelled"]:
                return True
        else:
            word, creature, other, n = item
            g.log(f"{word.title()} {n}: {creature.label} deals {n} damage to {other.label}")
            eng.deal_damage(other, n, f"{creature.label} ({word})", check=False, dealer=creature, kind=word)
        eng.check_state(fight=(attacker, defender))
        # an ability gained while these resolve resolves too: the timing point is still going on
        # (glossary "Timing"; as Engine.trigger does)
        known = done + [(i[1], i[2]) for i in pending if i[0] == "ability"]
        if attacker.zone == "battleline":
            pending += [
                ("ability", a, giver)
                for a, giver in eng.abilities(attacker, "before_fight")
                if not any(a is a2 and giver is g2 for a2, g2 in known)
            ]
    return False


def _can_resolve(item: tuple, attacker: "CardInstance") -> bool:
    """A "Before Fight:" ability and a reaction to the fight need the attacker in play; assault and
    hazardous need both creatures (the keyword's creature and the one it damages)."""
    if item[0] in ("ability", "reaction"):
        return attacker.zone == "battleline"
    return item[1].zone == "battleline" and item[2].zone == "battleline"


# ----------------------------------------------------------------------------- neighbors left behind


def remember_neighbors(game: "Game", cards: list["CardInstance"]) -> None:
    """Note the neighbors of each creature about to leave play, all before any of them leaves."""
    for c in cards:
        if c.zone == "battleline":
            c.memory["last_neighbors"] = game.neighbors(c)
            c.memory["neighbors_noted"] = True


def note_neighbors_on_leaving(game: "Game", card: "CardInstance") -> None:
    """A creature leaving play alone (not destroyed with others) notes its neighbors now."""
    if card.memory.pop("neighbors_noted", False):
        return
    if card.zone == "battleline":
        card.memory["last_neighbors"] = game.neighbors(card)


def neighbors_of(game: "Game", card: "CardInstance") -> list["CardInstance"]:
    """Its neighbors now, or, once it has left play, those it had immediately before leaving that
    are still in play."""
    if card.zone == "battleline":
        return game.neighbors(card)
    return [n for n in card.memory.get("last_neighbors", []) if n.zone == "battleline"]


@dataclass
class NameNeighborsOf(Effect):
    """Name the neighbors of the card ``of`` names as ``name`` ("the attacked creature's
    neighbors"), as :func:`neighbors_of` finds them."""

    of: str
    name: str = "its neighbors"

    def resolve(self, ctx: Context) -> bool:
        # "the attacked creature": none when no fight took place (a stunned creature was used)
        found = [n for c in ctx.chosen.get(self.of, []) for n in neighbors_of(ctx.game, c)]
        ctx.chosen[self.name] = list(dict.fromkeys(found))
        if not found:
            ctx.log(f"{ctx.source.name}: no neighbors left in play to affect")
        return bool(found)
