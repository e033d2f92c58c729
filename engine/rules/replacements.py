"""Replacement effects (16.0 glossary "Replacement Effects"): abilities that say "instead".

"When that effect (or part of an effect) or game step would occur, it does not occur and the
replacement effect happens in its place." The engine describes what would happen as an
:class:`Event` (a steal, a capture, resolving a bonus icon) and hands it to :func:`replace`, which
asks every :class:`Replacement` in force (constant abilities, found among the statics) whether it
replaces it. When several do, they are simultaneous and the active player picks which applies
first (the Scrivener Favian and Amphora Captura FAQ); the event a replacement produces may be
replaced in turn by the others, each replacement applying once. A "you may ... instead" is asked.

- What cannot happen is not replaced: Æmber that "cannot be stolen" is never stolen, so there is
  nothing for a replacement to replace (the Discombobulator and Gargantodon FAQ); Æmber that is
  not in a pool cannot be stolen or captured from it.
- A replacement that changes only where Æmber comes from keeps the event what it was: Æmber
  stolen from the common supply is still stolen ("if you do" is met: the Nerve Blast and Po's
  Pixies FAQ), and the Æmber a capture would have taken stays where it is for the next capture
  (the Po's Pixies and two Sir Marrows FAQ).
- Destruction replacements ("Destroyed: ... instead") are :mod:`engine.rules.destroyed_instead`.
- "X. If <condition>, Y instead." within one ability is :class:`Instead` (the Hyde and Velum
  example: "the later text applies a replacement effect for the earlier text").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace as copy
from typing import TYPE_CHECKING, Any

from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.statics import Static
from engine.rules.references import card_label

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


@dataclass
class Event:
    """Something about to happen that a replacement effect may replace."""

    kind: str  # "steal" | "capture" | "icon" | "gain" | "to_pool" | "zone"
    #: who does it: the player stealing, the controller of the capturing creature, the player
    #: resolving the bonus icon
    player: str
    amount: int = 0
    #: the player whose pool the Æmber comes from (steal, capture)
    victim: str | None = None
    #: the Æmber comes from the common supply instead of the victim's pool
    supply: bool = False
    #: the capturing creature
    creature: Any = None
    icon: str = ""
    #: the card whose bonus icon is resolving; "to_pool": the card the Æmber comes from, if any; a
    #: "capture" with a card: Æmber on its way to a pool (a replaced "to_pool"), from no pool
    card: Any = None
    why: str = ""
    #: the reaped Æmber a "captures it" takes from (``{"gained": n}``, the "reaped" event's)
    gained: dict | None = None
    #: "to_pool": ``card`` is leaving play (its own abilities no longer replace anything)
    leaving: bool = False
    #: "zone": the card (``card``) leaving ``from_zone`` would go to ``zone``
    zone: str = ""
    from_zone: str = ""

    def describe(self) -> str:
        where = "the common supply" if self.supply else f"{self.victim}'s pool"
        if self.kind == "gain":
            return f"{self.player} gaining {self.amount} Æmber"
        if self.kind == "to_pool":
            return f"{self.amount} Æmber going to {self.player}'s pool ({self.why})"
        if self.kind == "zone":
            return f"{self.card.label} going from {self.from_zone} to {self.zone}"
        if self.kind == "steal":
            return f"{self.player} stealing {self.amount} Æmber from {where}"
        if self.kind == "capture" and self.card is not None:
            return f"{self.creature.label} capturing {self.amount} Æmber ({self.why})"
        if self.kind == "capture":
            return f"{self.creature.label} capturing {self.amount} Æmber from {where}"
        return f"{self.player} resolving {self.card.name}'s {self.icon} bonus icon"


class Replacement(Static):
    """A constant ability that replaces an event ("... instead"). Subclasses say which events
    (:meth:`replaces`) and what happens in their place (:meth:`instead`)."""

    optional: bool = False

    def replaces(self, eng: "Engine", source: "CardInstance", controller: str, event: Event) -> bool:
        return False

    def instead(self, eng: "Engine", source: "CardInstance", controller: str, event: Event) -> Event:
        return event


class AmberCannotBeStolen(Static):
    """ "Your Æmber cannot be stolen": "your" is the controller of the creature with the ability
    (on an upgrade: the creature it is attached to, Discombobulator)."""

    def protects_amber(self, eng, source, controller, player: str) -> bool:
        holder = source.attached_to if source.zone == "upgrade" else source
        return holder is not None and holder.in_play and holder.controller == player


def in_force(eng: "Engine") -> list[tuple[Replacement, "CardInstance", str]]:
    return [(s, src, ctl) for s, src, ctl in eng.statics() if isinstance(s, Replacement)]


def _would(eng: "Engine", ev: Event) -> Event | None:
    """What of ``ev`` would actually happen now, or None when nothing would (so nothing is there
    to replace)."""
    g = eng.game
    if ev.kind in ("icon", "zone"):
        return ev
    if ev.kind == "to_pool":  # Æmber already taken from where it was: all of it is on its way
        return ev if ev.amount > 0 else None
    if ev.kind == "capture" and (ev.creature is None or ev.creature.zone != "battleline"):
        return None
    if ev.kind == "steal":
        for s, src, ctl in eng.statics():
            if isinstance(s, AmberCannotBeStolen) and s.protects_amber(eng, src, ctl, ev.victim):
                g.log(f"{ev.victim}'s Æmber cannot be stolen ({src.label}): nothing is stolen")
                return None
    if not ev.supply:
        amount = min(ev.amount, g.players[ev.victim].amber)
        if ev.gained is not None:
            amount = min(amount, ev.gained["gained"])
        if amount <= 0:
            return None
        ev = copy(ev, amount=amount)
    return ev if ev.amount > 0 else None


def replace(eng: "Engine", ev: Event) -> Event | None:
    """Apply the replacement effects in force to ``ev``; return what happens instead (None:
    nothing happens)."""
    g = eng.game
    used: list[tuple] = []
    current = _would(eng, ev)
    while current is not None:
        options = [
            (r, src, ctl)
            for r, src, ctl in in_force(eng)
            if not any(r is u and src is s for u, s in used) and r.replaces(eng, src, ctl, current)
        ]
        if not options:
            break
        label = card_label([o[1] for o in options])
        pick = eng.chooser.choose(
            f"{g.active}: which replacement effect applies first to {current.describe()}",
            options,
            label=lambda o: label(o[1]),
        )
        r, src, ctl = pick
        used.append((r, src))
        if r.optional and not eng.chooser.may(f"{g.active}: {src.label}: replace {current.describe()}?"):
            g.log(f"{src.label}'s replacement effect is not used for {current.describe()}")
            continue
        new = r.instead(eng, src, ctl, current)
        g.log(
            f"{src.label}: instead of {current.describe()}, "
            + (new.describe() if new is not None else "nothing happens")
        )
        current = _would(eng, new) if new is not None else None
    return current


def perform(eng: "Engine", ev: Event | None) -> int:
    """Make ``ev`` happen (after replacement); return the Æmber moved. (A bonus icon still an icon
    after replacement is resolved by :func:`engine.rules.bonus_icons.resolve_icon`.)"""
    if ev is None:
        return 0
    g = eng.game
    where = "the common supply" if ev.supply else f"{ev.victim}"
    if ev.kind == "gain":
        pool = g.players[ev.player]
        pool.amber += ev.amount
        g.log(f"{ev.player} gains {ev.amount} Æmber from {ev.why} ({pool.amber})")
        return ev.amount
    if ev.kind == "to_pool":
        pool = g.players[ev.player]
        pool.amber += ev.amount
        g.log(f"{ev.amount} Æmber goes to {ev.player}'s pool: {ev.why} ({pool.amber})")
        return ev.amount
    if ev.kind == "capture" and ev.card is not None:  # Æmber on its way to a pool (a replaced "to_pool")
        ev.creature.amber += ev.amount
        g.log(f"{ev.creature.label} captures {ev.amount} Æmber {ev.why} ({ev.creature.amber} on it)")
        _captured(eng, ev)
        return ev.amount
    if not ev.supply:
        g.players[ev.victim].amber -= ev.amount
        if ev.gained is not None:
            ev.gained["gained"] -= ev.amount
    if ev.kind == "steal":
        g.players[ev.player].amber += ev.amount
        if ev.amount > 0:
            g.steals.append((g.turn, ev.player, ev.amount))
        g.log(
            f"{ev.player} steals {ev.amount} Æmber from {where}{' (' + ev.why + ')' if ev.why else ''}: "
            f"{ev.player} {g.players[ev.player].amber}, {ev.victim} {g.players[ev.victim].amber}"
        )
    else:
        ev.creature.amber += ev.amount
        g.log(
            f"{ev.creature.label} captures {ev.amount} Æmber from {where}"
            f"{' (' + ev.why + ')' if ev.why else ''} ({ev.creature.amber} on it, "
            f"{ev.victim} {g.players[ev.victim].amber})"
        )
        _captured(eng, ev)
    return ev.amount


def _captured(eng: "Engine", ev: Event) -> None:
    """ "Each time a creature captures A" (event ``"captured"``: the creature and how much)."""
    if ev.amount > 0:
        eng.emit("captured", card=ev.creature, controller=ev.creature.controller, amount=ev.amount)


def add_to_pool(
    eng: "Engine", player: str, amount: int, why: str, card: "CardInstance | None" = None, leaving: bool = False
) -> int:
    """``amount`` Æmber taken off a card (``card``, when there is one) or out of another player's
    pool is added to ``player``'s pool, replacement effects applied ("Each Æmber that would be
    added to your opponent's pool is captured by Ether Spider instead"); return what reached the
    pool. Not a gain: gained Æmber comes from the common supply (:func:`gain`). The caller has
    already taken the Æmber from where it was."""
    if amount <= 0:
        return 0
    ev = replace(eng, Event("to_pool", player, amount, card=card, why=why, leaving=leaving))
    moved = perform(eng, ev)
    return moved if ev is not None and ev.kind == "to_pool" else 0


def steal(eng: "Engine", thief: str, amount: int, why: str = "") -> tuple[int, bool]:
    """``thief`` steals up to ``amount`` Æmber from their opponent, replacement effects applied.
    Return (Æmber moved, whether it was stolen: a steal replaced by a capture is not one)."""
    ev = replace(eng, Event("steal", thief, amount, victim=eng.game.other(thief), why=why))
    if ev is None:
        eng.game.log(f"{thief} steals nothing ({why})" if why else f"{thief} steals nothing")
    moved = perform(eng, ev)
    stolen = ev is not None and ev.kind == "steal"
    if stolen and moved > 0:  # "after Æmber is stolen from you": the victim and how much
        eng.emit("stolen", player=thief, victim=ev.victim, amount=moved)
    return moved, stolen


def capture(
    eng: "Engine", creature: "CardInstance", amount: int, victim: str, why: str = "", gained: dict | None = None
) -> int:
    """``creature`` captures up to ``amount`` Æmber from ``victim``'s pool, replacement effects
    applied; return the Æmber captured."""
    ev = replace(
        eng, Event("capture", creature.controller, amount, victim=victim, creature=creature, why=why, gained=gained)
    )
    if ev is None:
        eng.game.log(f"{creature.label} captures nothing from {victim}" + (f" ({why})" if why else ""))
    return perform(eng, ev)


def gain(eng: "Engine", player: str, amount: int, why: str) -> int:
    """``player`` gains ``amount`` Æmber, replacement effects applied; return what they gained."""
    ev = replace(eng, Event("gain", player, amount, supply=True, why=why))
    moved = perform(eng, ev)
    return moved if ev is not None and ev.kind == "gain" else 0


def zone_instead(eng: "Engine", card: "CardInstance", zone: str) -> str:
    """Where ``card``, leaving its zone, goes when it would go to its owner's ``zone``."""
    if not in_force(eng):
        return zone
    ev = replace(eng, Event("zone", card.owner, card=card, zone=zone, from_zone=card.zone))
    return ev.zone if ev is not None else zone


# ------------------------------------------------------------------------------ replacements on cards


@dataclass
class TakenFromSupplyInstead(Replacement):
    """ "Æmber (that would be) stolen or captured from your pool is taken from the common supply
    instead" (Po's Pixies): still stolen or captured, only from elsewhere."""

    kinds: tuple[str, ...] = ("steal", "capture")

    def replaces(self, eng, source, controller, event) -> bool:
        return event.kind in self.kinds and event.victim == controller and not event.supply

    def instead(self, eng, source, controller, event) -> Event:
        return copy(event, supply=True, gained=None)


@dataclass
class StolenIsCapturedByActive(Replacement):
    """ "Each Æmber that would be stolen is captured by a creature controlled by the active player
    instead" (Gargantodon): whoever steals; the active player chooses the creature. With no
    creature to capture it, the steal is not replaced."""

    def replaces(self, eng, source, controller, event) -> bool:
        return event.kind == "steal" and bool(eng.game.players[eng.game.active].creatures)

    def instead(self, eng, source, controller, event) -> Event:
        g = eng.game
        line = list(g.players[g.active].creatures)
        creature = eng.chooser.choose(
            f"{g.active}: which creature captures the Æmber {source.name} keeps from being stolen",
            line,
            label=card_label(line),
        )
        return Event(
            "capture",
            g.active,
            event.amount,
            victim=event.victim,
            supply=event.supply,
            creature=creature,
            why=f"instead of being stolen, {source.name}",
        )


@dataclass
class GoesElsewhereInstead(Replacement):
    """ "When a creature would enter a discard pile from play, it is purged instead"."""

    to: str = "purged"
    zone: str = "discard"
    from_zone: str = "battleline"

    def replaces(self, eng, source, controller, event) -> bool:
        return event.kind == "zone" and event.zone == self.zone and event.from_zone == self.from_zone

    def instead(self, eng, source, controller, event) -> Event:
        return copy(event, zone=self.to)


@dataclass
class CapturedInsteadOfOpponentsPool(Replacement):
    """ "Each Æmber that would be added to your opponent's pool is captured by <this creature>
    instead": Æmber they would gain (from the common supply), steal (from your pool), or receive
    from a card or another pool (Word of Returning, even from this creature; the Æmber on a
    creature leaving play, except this creature; Æmber paid or given to them)."""

    def replaces(self, eng, source, controller, event) -> bool:
        return (
            event.kind in ("gain", "steal", "to_pool")
            and event.player != controller
            and source.zone == "battleline"
            and not (event.leaving and event.card is source)
        )

    def instead(self, eng, source, controller, event) -> Event:
        if event.kind == "to_pool":
            return Event(
                "capture",
                controller,
                event.amount,
                victim=event.player,
                creature=source,
                supply=True,
                card=event.card or source,
                why=f"instead of its going to {event.player}'s pool",
            )
        return Event(
            "capture",
            controller,
            event.amount,
            victim=event.victim or event.player,
            supply=event.supply,
            creature=source,
            gained=event.gained,
            why=f"instead of being added to {event.player}'s pool, {source.name}",
        )


# ------------------------------------------------------------------------------ within one ability


@dataclass
class Instead(Effect):
    """ "<original>. If <condition>, <replacement> instead.": the replacement resolves in place of
    the original when the condition holds (the Hyde example)."""

    original: list
    replacement: list
    when: Callable[[Context], bool] = field(default=lambda ctx: False)

    def resolve(self, ctx: Context) -> bool:
        if self.when(ctx):
            ctx.log(f"{ctx.source.name}: the replacement applies instead")
            return resolve_all(self.replacement, ctx)
        return resolve_all(self.original, ctx)


def you_control(name: str) -> Callable[[Context], bool]:
    """ "If you control <card>"."""

    def condition(ctx: Context) -> bool:
        return any(c.name == name and c.controller == ctx.controller for c in ctx.game.in_play())

    condition.__name__ = f"you_control_{name}"
    return condition
