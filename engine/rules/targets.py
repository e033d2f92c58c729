"""Choosing the cards an ability acts on, and the filters choices and groups take ("an Urchin",
"a flank creature", "each creature with even power"); the references naming them are
:mod:`engine.rules.references`.

``Choose`` asks the chooser (a single legal option resolves without asking) and stores the choice
under a name for later effects of the same ability ("that creature", "its neighbor"). Groups
("each enemy creature") need no choice. Friendly and enemy are relative to the controller of the
ability.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.core.state import CardInstance
from engine.rules.houses import belongs_to
from engine.rules.references import candidates, card_label
from engine.rules.traits import has_trait as card_has_trait

Filter = Callable[[Context, CardInstance], bool]


#: the option that ends an "up to" or "any number of" choice early
DONE = "done"


def choose_or_done(ctx: Context, decision: str, left: list[CardInstance]) -> CardInstance | None:
    """One card of ``left``, or None when the player answers "done" (an "up to N" or "any number
    of" choice, where stopping early is legal)."""
    label = card_label(left)
    choice = ctx.eng.chooser.choose(decision, [*left, DONE], label=lambda o: o if o == DONE else label(o))
    return None if choice == DONE else choice


@dataclass
class Choose(Effect):
    """Choose ``count`` cards (``up_to``: 0..count) among ``what`` on ``side``, name them ``name``."""

    what: str = "creature"
    side: str = "any"
    name: str = "it"
    count: int = 1
    up_to: bool = False
    where: Filter | None = None
    exclude_self: bool = False
    #: further places to choose from, as (what, side): "from play or from your discard pile"
    also: tuple[tuple[str, str], ...] = ()
    #: "2 cards of different types": what the cards chosen must differ in (``card -> key``); no
    #: card is offered whose key one chosen before has
    different: Callable[[CardInstance], object] | None = None

    def options(self, ctx: Context) -> list[CardInstance]:
        pool = candidates(ctx, self.what, self.side)
        for what, side in self.also:
            pool += [c for c in candidates(ctx, what, side) if c not in pool]
        return [
            c
            for c in pool
            if not (self.exclude_self and c is ctx.source) and (self.where is None or self.where(ctx, c))
        ]

    def resolve(self, ctx: Context) -> bool:
        options = self.options(ctx)
        picked: list[CardInstance] = []
        decision = f"{ctx.source.name}: choose {'up to ' if self.up_to else ''}{self.side} {self.what}"
        want = min(self.count, len(options))
        distinct = self.different is None or len({self.different(c) for c in options}) == len(options)
        if not self.up_to and len(options) <= self.count and distinct:
            picked = list(options)  # every option must be chosen: there is nothing to decide
            want = 0  # recorded all the same: what was offered can be checked (engine.core.decision_checks)
            ctx.eng.chooser.record(decision, list(map(card_label(options), options)), every=True)
        for n in range(want):
            left = [c for c in options if c not in picked]
            if self.different is not None:
                left = [c for c in left if self.different(c) not in {self.different(p) for p in picked}]
                if not left:
                    break
            if self.up_to:
                choice = choose_or_done(ctx, f"{decision} ({n + 1} of up to {self.count})", left)
                if choice is None:
                    break
            else:
                choice = ctx.eng.chooser.choose(
                    f"{decision} ({n + 1} of {self.count})" if self.count > 1 else decision,
                    left,
                    label=card_label(left),
                )
            picked.append(choice)
        ctx.chosen[self.name] = picked
        ctx.chosen["it"] = picked
        if picked:
            ctx.log(f"{ctx.source.name} chooses {', '.join(c.label for c in picked)}")
        else:
            ctx.log(f"{ctx.source.name}: no {self.side} {self.what} to choose")
        return len(picked) == self.count or (self.up_to and bool(picked or not options))


@dataclass
class ChooseMostPowerful(Effect):
    """ "The N most powerful creatures": fill the group from the top down; where a tie straddles
    the group's edge, the controller chooses among the tied creatures (Groups of Most Powerful)."""

    count: int
    name: str = "it"
    #: "the most powerful enemy creature": only creatures on that side (default: every creature)
    side: str = "any"
    #: "the N least powerful creatures": filled from the bottom up, ties settled the same way
    least: bool = False

    def resolve(self, ctx: Context) -> bool:
        eng = ctx.eng
        pool = sorted(
            candidates(ctx, "creature", self.side), key=lambda c: eng.power(c) if self.least else -eng.power(c)
        )
        picked: list[CardInstance] = []
        while pool and len(picked) < self.count:
            top = eng.power(pool[0])
            tied = [c for c in pool if eng.power(c) == top]
            room = self.count - len(picked)
            if len(tied) <= room:
                picked += tied
            else:
                for _ in range(room):
                    left = [c for c in tied if c not in picked]
                    picked.append(
                        eng.chooser.choose(
                            f"{ctx.source.name}: choose a {'least' if self.least else 'most'} powerful creature ({top} power)",
                            left,
                            label=card_label(left),
                        )
                    )
            pool = [c for c in pool if eng.power(c) != top]
        ctx.chosen[self.name] = ctx.chosen["it"] = picked
        which = "least" if self.least else "most"
        ctx.log(
            f"{ctx.source.name}: the {self.count} {which} powerful creatures are {', '.join(c.label for c in picked)}"
        )
        return len(picked) == self.count


@dataclass
class NameEach(Effect):
    """ "Each creature with even power": name every card of ``what`` on ``side`` that ``where``
    admits (no choice), as ``name``."""

    what: str = "creature"
    side: str = "any"
    where: Filter | None = None
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        found = [c for c in candidates(ctx, self.what, self.side) if self.where is None or self.where(ctx, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class Together(Effect):
    """Name the cards several earlier references name, as one group ``name`` ("destroy an enemy
    creature and a friendly creature": both at once)."""

    refs: tuple[str, ...]
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        found = [c for ref in self.refs for c in ctx.refs(ref)]
        ctx.chosen[self.name] = list(dict.fromkeys(found))
        return bool(found)


# ------------------------------------------------------------------------------ filters


def power_is(test: Callable[[int], bool]) -> Filter:
    """ "each creature with even power": a test on the creature's current power."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return test(ctx.eng.power(card))

    return where


def named(name: str) -> Filter:
    """ "an Urchin": cards of that name."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return card.name == name

    return where


def has_trait(trait: str, present: bool = True) -> Filter:
    """ "a Giant creature" (``present=False``: "a non-Agent creature")."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return card_has_trait(ctx.eng, card, trait) == present

    return where


def of_house(house: str) -> Filter:
    def where(ctx: Context, card: CardInstance) -> bool:
        return belongs_to(ctx.eng, card, house)

    return where


def all_of(*filters: Filter) -> Filter:
    def where(ctx: Context, card: CardInstance) -> bool:
        return all(f(ctx, card) for f in filters)

    return where


def on_flank(ctx: Context, card: CardInstance) -> bool:
    """ "a flank creature": at either end of its battleline, or considered one (Spectral Tunneler)."""
    return ctx.eng.is_flank(card)


def among(ref: str) -> Filter:
    """Cards an earlier effect of the ability named (``NameNeighbors``)."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return card in ctx.chosen.get(ref, [])

    return where


def has_ability(trigger: str) -> Filter:
    """ "the reap effect of another creature": cards with an ability for ``trigger``."""

    def where(ctx: Context, card: CardInstance) -> bool:
        return bool(ctx.eng.abilities(card, trigger))

    return where


@dataclass
class RememberLine(Effect):
    """Remember the battleline of the card ``of`` names, as it is now, under ``name``: "its
    neighbor" and "the second creature's other neighbor" are the creatures next to it before
    damage destroys any of them (Positron Bolt)."""

    of: str
    name: str = "line"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.of)
        ctx.chosen[self.name] = list(ctx.game.players[card.controller].creatures) if card is not None else []
        return card is not None


@dataclass
class NameNeighbors(Effect):
    """Name the neighbors of the card ``of`` names in the remembered battleline ``line`` (less
    the cards ``exclude`` names, and those no longer in play) as ``name``."""

    of: str
    name: str
    line: str = "line"
    exclude: str | None = None

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.of)
        line = ctx.chosen.get(self.line, [])
        left_out = ctx.refs(self.exclude) if self.exclude else []
        found = []
        if card in line:
            i = line.index(card)
            found = [
                n for n in line[max(0, i - 1) : i] + line[i + 1 : i + 2] if n not in left_out and n.zone == "battleline"
            ]
        ctx.chosen[self.name] = found
        return bool(found)
