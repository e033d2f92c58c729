"""Effects that name cards for the effects after them, and effects whose success "if you do"
looks at: "the creature <this creature> fights", "each creature that shares a trait with the
purged creature", "reveal a Mars creature from your hand", "destroy a friendly creature. If you
do, ...". Each stores what it names under ``name`` (and "it") in the ability's context.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.core.state import HIDDEN, CardInstance
from engine.core.registry import template
from engine.library.effect import May


def of_type(kind: str):
    """A :class:`~engine.rules.targets.Choose` filter: cards of a card type ("a creature from your hand")."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return card.type == kind

    return where


def _traits(card: CardInstance) -> set[str]:
    return {t.strip().lower() for t in card.printed.traits if t.strip()}


@template()
@dataclass
class TheCreatureItFights(Effect):
    """ "The creature <this creature> fights", in its "Fight:"/"After Fight:" ability (glossary
    "Fight": the ability resolves after the fight, if the attacker survived). With
    ``must_survive`` that creature must still be in play too ("Both creatures must survive the
    fight": the Collector Worm erratum); without it, a creature the fight destroyed is still named
    in the discard pile it went to (a public zone; a hidden one loses track of it, "Leaves Play")."""

    name: str = "it"
    must_survive: bool = False

    def resolve(self, ctx: Context) -> bool:
        fight = ctx.event.get("fight") or {}
        defender = fight.get("defender")
        if defender is None:
            found = []
        elif defender.in_play:
            found = [defender]
        elif self.must_survive:
            ctx.log(f"{defender.label} is no longer in play: {ctx.source.name}'s ability does nothing")
            found = []
        elif defender.zone in HIDDEN:
            ctx.log(f"{defender.label} is in a hidden zone now: {ctx.source.name} cannot find it")
            found = []
        else:
            found = [defender]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class NameSharingTrait(Effect):
    """ "Each creature that shares a trait with <the card ``with_ref`` names>": every creature in
    play with at least one trait in common with it (a card without traits shares none)."""

    with_ref: str
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        wanted = set().union(*(_traits(c) for c in ctx.refs(self.with_ref)))
        found = [c for c in ctx.game.creatures() if _traits(c) & wanted]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        if wanted:
            ctx.log(
                f"{ctx.source.name}: creatures sharing a trait ({', '.join(sorted(wanted))}): "
                + (", ".join(c.label for c in found) or "none")
            )
        return bool(found)


@template("Destroy", this_way="destroyed")
@dataclass
class DestroyIfYouDo(Effect):
    """ "Destroy <cards>" whose success a following "If you do" looks at: fully resolved when the
    cards were destroyed, not when a ward (or another effect) kept them in play (glossary
    "Destroyed": a card tagged for destruction that an effect moves elsewhere still counts)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if not cards:
            return False
        ctx.eng.destroy(cards)
        return all(not c.in_play for c in cards)


@dataclass
class MayChoose(Effect):
    """ "You may <purge / reveal> a <card> from your hand. If you do, ...": the optional choice is
    offered only when there is a card to choose (with none there is no decision to make, so the
    player is not asked); fully resolved when a card was chosen and ``then`` resolved."""

    choose: object  # an engine.rules.targets.Choose
    then: list
    question: str = ""

    def resolve(self, ctx: Context) -> bool:
        if not self.choose.options(ctx):
            ctx.log(f"{ctx.source.name}: no {self.choose.side} {self.choose.what} card to choose; nothing to decide")
            ctx.chosen[self.choose.name] = ctx.chosen["it"] = []
            return False
        return May([self.choose, *self.then], question=self.question).resolve(ctx)


@template()
@dataclass
class ThisCreature(Effect):
    """ "This creature" in an upgrade's ability: names the creature the upgrade is attached to
    (as ``name``) for the effects after it."""

    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else None
        ctx.chosen[self.name] = ctx.chosen["it"] = [host] if host else []
        return host is not None
