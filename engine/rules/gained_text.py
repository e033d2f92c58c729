"""Text a card gains from another card, and the references in it (glossary "Self-Referential
Text"): when an ability refers to its own card's title, it refers only to that card, never to
other copies; this applies to abilities gained from other cards too. A creature with Garcia's
Blaster gains "... attach Garcia's Blaster to Sensor Chief Garcia": on a Sensor Chief Garcia,
"Sensor Chief Garcia" is that creature alone (the two Sensor Chief Garcia FAQ); on any other
creature it names any Sensor Chief Garcia.

The context of a gained ability knows the card that gave it (``Context.giver``, set by
``Engine.trigger``), so the ability can act on it ("attach Garcia's Blaster to ...").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from engine.rules.ability import Context, Effect, resolve_all
from engine.core.state import CardInstance


def same_title(name: str, title: str) -> bool:
    """Is ``name`` the title ``title``, case and typographic apostrophes aside (the compiler reads
    titles from normalised text: "sensor chief garcia")?"""
    return _plain(name) == _plain(title)


def _plain(title: str) -> str:
    return title.lower().replace("’", "'").replace("‘", "'")


def titled(title: str) -> Callable[[Context, CardInstance], bool]:
    """A filter: cards called ``title``; when the ability's own card is so called, only itself."""

    def where(ctx: Context, card: CardInstance) -> bool:
        if same_title(ctx.source.name, title):
            return card is ctx.source
        return same_title(card.name, title)

    where.__name__ = f"titled_{title}"
    return where


def not_giver_host(ctx: Context, card: CardInstance) -> bool:
    """Not the creature the giving upgrade is already attached to (attaching it there is no move)."""
    return ctx.giver is None or ctx.giver.attached_to is not card


@dataclass
class AttachGiver(Effect):
    """ "Attach <the upgrade giving this ability> to <the creature ``to`` names>": the upgrade moves
    from its creature to that one; then "after you attach ..." reactions see it (event
    ``"attached"`` {card: the upgrade, to: the creature, player}). In an upgrade's own ability
    ("After this creature is used, ... attach <this upgrade> to ...") the upgrade is the card whose
    ability it is."""

    to: str = "it"
    #: "Destroy this creature and attach <the giver> to another creature": the upgrade, discarded with
    #: its creature, is put back into play attached to that creature
    from_discard: bool = False

    def resolve(self, ctx: Context) -> bool:
        upgrade, host = ctx.giver if ctx.giver is not None else ctx.source, ctx.ref(self.to)
        if self.from_discard and upgrade is not None and upgrade.zone == "discard" and host is not None:
            upgrade.memory["attach_to"] = host
            ctx.eng.put_into_play(upgrade, ctx.controller)
            upgrade.memory.pop("attach_to", None)
            return upgrade.attached_to is host
        if upgrade is None or upgrade.zone != "upgrade" or host is None or host.zone != "battleline":
            return False
        if not ctx.eng.may_attach(upgrade, host, ctx.controller):
            return False
        ctx.eng.attach(upgrade, host, ctx.controller)
        return True


@dataclass
class OneOf(Effect):
    """ "<effect A>, or <effect B>": the player chooses one of the options whose first effect has
    something to act on (``possible``); one possible option resolves without asking.

    "Choose one:" and its option lines (``every_option``): once any option can act, every option is
    offered, and one that can do nothing may be chosen and does nothing (16.0 "Resolve As Much As
    You Can": "ignore any parts of the ability that cannot be resolved"; no rule takes an option
    away; keyteki's Corrode "does not force you to destroy something"). When none can act, nothing
    is asked: every choice would do nothing."""

    options: list[tuple[str, list]] = field(default_factory=list)
    #: per option label: can it do anything now? (default: yes)
    possible: dict[str, Callable[[Context], bool]] = field(default_factory=dict)
    #: the label chosen is named so ("Then, you may either repeat this effect or ...": the repeat
    #: instruction reads which option was chosen)
    name: str = ""
    #: "Choose one:": every option is offered once one can act (see above)
    every_option: bool = False

    def resolve(self, ctx: Context) -> bool:
        open_ = [(label, effects) for label, effects in self.options if self.possible.get(label, lambda c: True)(ctx)]
        if not open_:
            ctx.log(f"{ctx.source.name}: none of the options can resolve")
            return False
        if self.every_option:
            open_ = list(self.options)
        # a compiled option names the card giving the ability "the giving card" (engine.compile.abilities)
        giver = ctx.giver.name if ctx.giver is not None else "the giving card"
        label = ctx.eng.chooser.choose(
            f"{ctx.eng.decider(ctx)}: {ctx.source.name}: choose one",
            [lab for lab, _ in open_],
            label=lambda lab: lab.replace("the giving card", giver),
        )
        ctx.log(f"{ctx.source.name}: {label}")
        if self.name:
            ctx.chosen[self.name] = [label]
        return resolve_all(dict(open_)[label], ctx)


def attached_to_titled(title: str) -> Callable[[Context], bool]:
    """ "After you attach <this upgrade> to <title>": this upgrade, attached by its controller."""

    def when(ctx: Context) -> bool:
        to = ctx.event.get("to")
        return (
            ctx.event.get("card") is ctx.source
            and to is not None
            and same_title(to.name, title)
            and ctx.event.get("player") == ctx.controller
        )

    return when


def gained_by_creatures(eng, field: str) -> Iterator[tuple[object, CardInstance]]:
    """The constant abilities (``field`` "gained_statics") or reactions ("gained_reactions") each
    creature in play gains from its upgrades ("This creature gains, "While this creature is
    exhausted, your keys cost +6A.""), each with that creature: the ability is the creature's own,
    so "this creature" is it and "you" its controller, whoever controls the upgrade (an upgrade
    may be played on an enemy creature: glossary "Upgrade")."""
    for creature in eng.game.creatures():
        for upgrade in creature.upgrades:
            for item in getattr(eng.variant(upgrade), field):
                yield item, creature
