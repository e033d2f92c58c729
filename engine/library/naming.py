"""Choosing and naming cards for the effects after them: groups named by a noun phrase's tests
("each enemy Mars creature"), the neighbors of a card as they are now, another name for what an
earlier effect named, exceptions ("except the chosen creature"), "this creature" of an upgrade (its
host), the creature <this creature> fights or attacked, creatures sharing a trait, cards named in a
zone out of play (a hand, a discard pile), "any number of" cards, the least and most powerful
creatures, and the optional choice "you may <purge> a <card> from your hand. If you do, ...".

Each stores what it names under ``name`` (and "it") in the ability's context, which
:meth:`engine.rules.ability.Context.refs` reads (:mod:`engine.rules.references`); choosing one card
is :class:`engine.rules.targets.Choose`, with its filters. A new way of choosing or naming cards
goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core.registry import template
from engine.core.state import CardInstance
from engine.rules.archives_faceup import hidden
from engine.library.flow import May
from engine.library.this_way import done_this_way
from engine.rules.ability import Context, Effect
from engine.rules.references import candidates, card_label
from engine.rules.targets import Choose
from engine.rules.traits import traits


#: a test on a card, in the engine's Applies form (engine.rules.statics): (eng, source, controller, card)
CardTest = Callable[..., bool]


def any_card(eng, source, controller, card) -> bool:
    """A :data:`CardTest` every card passes ("each card", "a random card": no filter)."""
    return True


def of_type(kind: str):
    """A :class:`~engine.rules.targets.Choose` filter: cards of a card type ("a creature from your hand")."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return card.type == kind

    return where


@dataclass
class NameGroup(Effect):
    """ "Each <noun phrase>": every card of the kinds ``whats`` on ``side`` that ``test`` admits,
    named ``name`` (no choice); with ``other``, never the card with the ability."""

    whats: tuple[str, ...]
    side: str
    test: CardTest
    name: str
    other: bool = False

    def resolve(self, ctx: Context) -> bool:
        found = [
            c
            for what in self.whats
            for c in candidates(ctx, what, self.side)
            if not (self.other and c is ctx.source) and self.test(ctx.eng, ctx.source, ctx.controller, c)
        ]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@template()
@dataclass
class NeighborsOf(Effect):
    """ "Each of <that creature>'s neighbors": the creatures next to the card ``of`` names, now."""

    of: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        found = [n for c in ctx.refs(self.of) if c.zone == "battleline" for n in ctx.game.neighbors(c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(dict.fromkeys(found))
        return bool(found)


@dataclass
class Named(Effect):
    """Name the cards an earlier reference names under another name (for "it" after a group)."""

    ref: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        ctx.chosen[self.name] = ctx.chosen["it"] = list(ctx.refs(self.ref))
        return bool(ctx.chosen[self.name])


@dataclass
class ExceptRef(Effect):
    """Name every card ``group`` names except those ``keep`` names ("each enemy creature except the
    most powerful enemy creature"), as ``name``."""

    group: str
    keep: str
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        kept = ctx.refs(self.keep)
        ctx.chosen[self.name] = [c for c in ctx.refs(self.group) if c not in kept]
        return bool(ctx.chosen[self.name])


def not_among(ref: str):
    """A filter: cards an earlier effect did not name ("a different creature")."""

    def where(ctx: Context, card) -> bool:
        return card not in ctx.chosen.get(ref, [])

    return where


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


@dataclass
class NameHost(Effect):
    """Name the creature this upgrade is attached to ("this creature" in a reaction an upgrade
    gives), as ``name``."""

    name: str = "this creature"

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else None
        ctx.chosen[self.name] = [host] if host is not None else []
        return host is not None


@dataclass
class NameUpgrade(Effect):
    """Choose an upgrade in play (any creature's), as ``name``."""

    name: str = "upgrade"

    def resolve(self, ctx: Context) -> bool:
        options = [c for c in candidates(ctx, "card in play", "any") if c.zone == "upgrade"]
        ctx.chosen[self.name] = []
        if not options:
            return False
        pick = ctx.eng.chooser.choose(f"{ctx.source.name}: choose an upgrade", options, label=card_label(options))
        ctx.chosen[self.name] = [pick]
        return True


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
        elif hidden(ctx.eng, defender):
            ctx.log(f"{defender.label} is in a hidden zone now: {ctx.source.name} cannot find it")
            found = []
        else:
            found = [defender]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@template()
@dataclass
class TheAttacked(Effect):
    """ "The attacked creature": the creature an earlier "fight with" of this ability attacked, or,
    in a "Fight:" / "Before Fight:" ability, the creature this one fights."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        if "attacked" in ctx.chosen:
            found = list(ctx.chosen["attacked"])
        else:
            fight = ctx.event.get("fight") or {}
            defender = fight.get("defender") if isinstance(fight, dict) else None
            found = [defender] if defender is not None and defender.in_play else []
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class NameSharingTrait(Effect):
    """ "Each creature that shares a trait with <the card ``with_ref`` names>": every creature in
    play with at least one trait in common with it (a card without traits shares none)."""

    with_ref: str
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        wanted = set().union(*(traits(ctx.eng, c) for c in ctx.refs(self.with_ref)))
        found = [c for c in ctx.game.creatures() if traits(ctx.eng, c) & wanted]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        if wanted:
            ctx.log(
                f"{ctx.source.name}: creatures sharing a trait ({', '.join(sorted(wanted))}): "
                + (", ".join(c.label for c in found) or "none")
            )
        return bool(found)


@dataclass
class NameEachIn(Effect):
    """Name every card in ``zone`` on ``side`` that ``where`` admits ("each Horseman creature from
    your discard pile"), as ``name``."""

    zone: str
    side: str = "friendly"
    where: Callable | None = None
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        found = [c for c in candidates(ctx, self.zone, self.side) if self.where is None or self.where(ctx, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class NameOutOfPlay(Effect):
    """Name every card of ``zone`` ("hand", "discard") on ``side`` that ``test`` admits (``done``:
    only among the cards the ability ``done`` this way, "each creature ... revealed this way")."""

    zone: str
    side: str
    test: object  # (eng, source, controller, card) -> bool
    name: str
    done: str = ""
    #: name one of them ("if Shadys is in your discard pile, return it": one copy, not each)
    one: bool = False
    #: only among the cards of the zone named before ("your opponent reveals their hand and puts
    #: each creature from it into play": "it" is the hand that player revealed, whoever's it is)
    among: str = ""

    def resolve(self, ctx: Context) -> bool:
        if self.among:
            pool = [c for c in ctx.refs(self.among) if c.zone == self.zone]
        else:
            pool = done_this_way(ctx, self.done) if self.done else candidates(ctx, self.zone, self.side)
        found = [c for c in pool if self.test(ctx.eng, ctx.source, ctx.controller, c)]
        found = found[:1] if self.one else found
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class ChooseAnyNumber(Effect):
    """ "Any number of <cards>" (``what`` on ``side`` that ``where`` admits: "from your hand",
    "friendly creatures"): the player picks them one at a time, "done" when finished, named
    ``name`` (none at all is a legal choice: fully resolved either way)."""

    what: str = "creature"
    side: str = "friendly"
    where: object = None  # (ctx, card) -> bool
    name: str = "it"

    @property
    def choose(self):
        """The choice of one card among those offered (its count set when it resolves)."""
        return Choose(self.what, self.side, name=self.name, up_to=True, where=self.where)

    def resolve(self, ctx: Context) -> bool:
        options = self.choose.options(ctx)
        replace(self.choose, count=max(1, len(options))).resolve(ctx)
        return True


@dataclass
class ChooseForEach(Effect):
    """Choose as many cards as ``per`` counts now ("an enemy creature for each key your opponent
    has forged")."""

    per: Callable[[Context], int]
    choose: Choose

    def resolve(self, ctx: Context) -> bool:
        return replace(self.choose, count=self.per(ctx)).resolve(ctx)


@dataclass
class ChooseLeastPowerful(Effect):
    """ "The least powerful creature": the controller chooses among those tied for lowest power;
    ``among``: only the creatures in play that reference names ("the chosen creature with the
    lowest power")."""

    name: str = "it"
    side: str = "any"
    among: str = ""

    def resolve(self, ctx: Context) -> bool:
        if self.among:
            pool = [c for c in ctx.refs(self.among) if c.zone == "battleline"]
        else:
            pool = candidates(ctx, "creature", self.side)
        ctx.chosen[self.name] = ctx.chosen["it"] = []
        if not pool:
            return False
        low = min(ctx.eng.power(c) for c in pool)
        tied = [c for c in pool if ctx.eng.power(c) == low]
        pick = (
            tied[0]
            if len(tied) == 1
            else ctx.eng.chooser.choose(
                f"{ctx.source.name}: choose a least powerful creature ({low} power)", tied, label=card_label(tied)
            )
        )
        ctx.chosen[self.name] = ctx.chosen["it"] = [pick]
        return True


@dataclass
class NameLowestAndHighest(Effect):
    """ "Each creature with the lowest power and each creature with the highest power", as ``name``."""

    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creatures = ctx.game.creatures()
        powers = [ctx.eng.power(c) for c in creatures]
        found = [c for c, p in zip(creatures, powers) if p in (min(powers), max(powers))] if creatures else []
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


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


@dataclass
class WithUpgrades(Effect):
    """ "<The creature ``of`` names> and each upgrade attached to it", named ``name``: the upgrades
    first, so that an effect moving them all moves each upgrade before its creature leaves play
    (which would discard it)."""

    of: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        creatures = ctx.refs(self.of)
        ctx.chosen[self.name] = [u for c in creatures for u in c.upgrades] + list(creatures)
        return bool(creatures)


@dataclass
class ChooseAmongNamed(Effect):
    """One card chosen among those ``among`` names (wherever they are: "purge a card revealed this
    way", the revealed cards still on a deck), named ``name`` (and "it")."""

    among: str
    name: str

    def resolve(self, ctx: Context) -> bool:
        options = list(ctx.refs(self.among))
        picked = []
        if options:
            label = card_label(options)
            picked = [ctx.eng.chooser.choose(f"{ctx.source.name}: choose one of {len(options)}", options, label=label)]
        ctx.chosen[self.name] = ctx.chosen["it"] = picked
        return bool(picked)
