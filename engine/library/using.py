"""Using creatures and fighting: "fight with / reap with / use a creature" as a card effect (the
house restriction does not apply; the creature must still be ready), several creatures used one at
a time, fights repeated against different creatures, triggering another creature's ability, and
the constant abilities about using and fighting ("<creatures> may fight", "can only fight", "can
only fight stunned creatures", "<player> cannot use any cards", "can only attack flank creatures",
"creatures not on a flank cannot fight this creature", "deals no damage when attacked").

Using is the general rules' (:meth:`engine.rules.game.Engine.use`; the constant abilities answer its
hooks: ``cannot_use``, ``usable_as_active_house``, ``can_attack``). Permissions to use cards "this
turn" are lasting effects (:mod:`engine.library.lasting`). A new effect or constant ability about
using or fighting goes here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.errors import IllegalAction
from engine.core.registry import template
from engine.core.state import CardInstance, LastingEffect
from engine.library.creatures import Ready
from engine.rules.ability import Context, Effect
from engine.rules.houses import belongs_to
from engine.rules.reactions import Reaction
from engine.rules.references import card_label
from engine.rules.statics import Applies, itself, Static
from engine.rules.turn import kept_exhausted, readied


@dataclass
class UseCreature(Effect):
    """ "Fight with / reap with / use a creature" as a card effect: the house restriction does not
    apply; the creature must still be ready, and using a stunned one removes the stun. When the
    effect names the way ("reap with"), that way is imposed: an enraged creature is not forced to
    fight (the 16.0 Ghosthawk FAQ); "use" leaves the way to the player, and enrage applies."""

    how: str
    on: str = "it"
    imposed: bool = True

    def resolve(self, ctx: Context) -> bool:
        creature = ctx.ref(self.on)
        if creature is None or not creature.in_play:
            return False
        eng = ctx.eng
        how = self.how
        if how == "use":
            # "Use a creature": reap, fight or use its "Action:" ability, as the player chooses
            ways = ["reap"] + (["fight"] if creature.stunned or eng.fight_targets(creature) else [])
            ways += ["action"] if eng.abilities(creature, "action") else []
            if creature.enraged and "fight" in ways and eng._can_fight(creature):
                ways = ["fight"]  # enrage: it must be used to fight, if able
            how = eng.chooser.choose(f"{ctx.source.name}: use {creature.label} to", ways)
            return UseCreature(how, self.on, imposed=False).resolve(ctx)
        if self.how == "fight" and not creature.stunned and not eng.fight_targets(creature):
            ctx.log(f"{creature.label} cannot fight: no enemy creature can be attacked")
            return False
        try:
            attacked = eng.use(creature, self.how, ignore_house=True, imposed=self.imposed)
        except IllegalAction as exc:
            ctx.log(f"{creature.label} cannot {self.how}: {exc}")
            return False
        if attacked is not None:
            ctx.chosen["attacked"] = [attacked]  # "the attacked creature"
        return True


@template()
@dataclass
class UseOneAtATime(Effect):
    """ "Fight with those creatures one at a time": in the order they were chosen (the player's
    picks), each used as a card effect uses it, the next once the one before has resolved."""

    how: str
    on: str
    #: "ready and fight with ... one at a time": each is readied just before it is used
    ready: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = list(ctx.refs(self.on))
        ok = bool(cards)
        for card in cards:
            if not card.in_play:
                ok = False
                continue
            ctx.chosen["one at a time"] = [card]
            if self.ready:
                Ready("one at a time").resolve(ctx)
            ok = UseCreature(self.how, "one at a time").resolve(ctx) and ok
            if ctx.game.winner:
                break
        return ok


@dataclass
class ChooseOneAtATime(Effect):
    """ "[Ready and] fight with up to 3 different friendly creatures, one at a time": a creature is
    chosen, [readied and] used, then the next is chosen (never one chosen before), up to
    ``times`` (None: every card the choice admits); an "up to" choice may stop early ("done")."""

    how: str
    choose: object  # an engine.rules.targets.Choose of one card, named "one at a time"
    times: int | None = None
    ready: bool = False

    def resolve(self, ctx: Context) -> bool:
        base = self.choose.where
        picked: list = []

        def fresh(c, card) -> bool:
            return card not in picked and (base is None or base(c, card))

        choose = replace(self.choose, where=fresh)
        ok = False
        for _ in range(self.times if self.times is not None else len(self.choose.options(ctx))):
            choose.resolve(ctx)
            got = ctx.chosen.get(choose.name, [])
            if not got:
                break
            picked += got
            if self.ready:
                Ready(choose.name).resolve(ctx)
            ok = UseCreature(self.how, choose.name).resolve(ctx) or ok
            if ctx.game.winner:
                break
        return ok


@dataclass
class ReadyAndFightAgainstDifferent(Effect):
    """ "Ready and fight with <it> N times, each time against a different enemy creature. Resolve
    these fights one at a time": each time the creature is readied, then fights an enemy creature
    it has not fought in this effect; it stops when the creature has left play or has no such
    creature to attack. A stunned creature's fight removes its stun instead (glossary "Stun"):
    that is one of the times."""

    times: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creature, eng = ctx.ref(self.on), ctx.eng
        fought: list[CardInstance] = []
        done = 0
        for n in range(self.times):
            if creature is None or creature.zone != "battleline" or creature.controller != ctx.controller:
                break
            if creature.exhausted and kept_exhausted(eng, creature):
                ctx.log(f"{creature.label} cannot ready")
                break
            was_exhausted, creature.exhausted = creature.exhausted, False
            ctx.log(f"{ctx.source.name}: {creature.label} is readied to fight ({n + 1} of {self.times})")
            if was_exhausted:
                readied(eng, [creature], ctx.controller)
            target = None
            if not creature.stunned:
                options = [c for c in eng.fight_targets(creature) if c not in fought]
                if not options:
                    ctx.log(f"{creature.label} has no different enemy creature to fight")
                    break
                target = eng.chooser.choose(
                    f"{ctx.source.name}: {creature.label} fights", options, label=card_label(options)
                )
            try:
                eng.use(creature, "fight", target=target, ignore_house=True, imposed=True)
            except IllegalAction as exc:
                ctx.log(f"{creature.label} cannot fight: {exc}")
                break
            if target is not None:
                fought.append(target)
            done += 1
            eng.check_state()
        return done == self.times


@template()
@dataclass
class TriggerAbility(Effect):
    """ "Trigger the reap effect of another creature as if you controlled that creature": resolve
    its ability with the controller of this ability as its controller; the creature is not used
    (it does not exhaust).

    Creatures that trigger each other (two Replicators, each the other's only choice) would loop
    forever; the infinite-loop rule lets the active player stop a loop, so a chain longer than
    ``MAX_CHAIN`` stops there, said so in the trace (as :data:`engine.rules.ability.MAX_REPEATS` does)."""

    trigger: str
    on: str = "it"
    #: "discard a card from your hand, resolve its play effect as if you had just played it": the
    #: card's ability resolves from where it is now, out of play
    out_of_play: bool = False

    MAX_CHAIN = 20

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not (card.in_play or self.out_of_play):
            return False
        chain = ctx.event.get("trigger_chain", 0) + 1
        if chain > self.MAX_CHAIN:
            ctx.log(
                f"{ctx.source.label}: stopped after {self.MAX_CHAIN} abilities triggering each other (infinite loop)"
            )
            return False
        ctx.log(f'{ctx.source.label} triggers {card.label}\'s "{self.trigger.title()}:" ability as {ctx.controller}')
        return ctx.eng.trigger(card, self.trigger, controller=ctx.controller, as_if_yours=True, trigger_chain=chain)


@template(kind="static")
@dataclass
class MayFight(Static):
    """ "<Creatures> may fight" / "... may fight as though they belonged to the active house": a
    creature of the group not of the active house may be used, but only to fight (unless
    something else lets it be used: another constant ability, a use permission)."""

    applies: Applies

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        return card.type == "creature" and self.applies(eng, source, controller, card)

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        g = eng.game
        if how == "fight" or not self.applies(eng, source, controller, card) or belongs_to(eng, card, g.active_house):
            return None
        others = any(
            s.usable_as_active_house(eng, src, ctl, card) or s.belongs_to(eng, src, ctl, card, g.active_house)
            for s, src, ctl in eng.statics()
            if not isinstance(s, MayFight)
        )
        if others or eng._use_permission(card, how) is not None:
            return None
        return f"{card.label} may only fight ({source.name}): it is not of the active house ({g.active_house})"


@dataclass
class OnlyFight(Static):
    """ "<Creatures> can only fight": used any other way is refused."""

    applies: Applies

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        if how != "fight" and card.type == "creature" and self.applies(eng, source, controller, card):
            return f"{card.label} can only fight this turn ({source.name})"
        return None


@template(kind="static")
@dataclass
class UsableOnlyToFight(OnlyFight):
    """ "<Creatures> can be used as if they were in the active house, but can only fight"."""

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        return card.type == "creature" and self.applies(eng, source, controller, card)


@dataclass
class OnlyFightsStunned(Static):
    """ "<This creature> can only fight stunned creatures"."""

    applies: Applies = itself

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if self.applies(eng, source, controller, attacker) and not target.stunned:
            return f"{attacker.label} can only fight stunned creatures ({source.name})"
        return None


@dataclass
class CannotUseAnyCard(Static):
    """ "<Player> cannot use any cards": every use by the player ``applies`` admits is refused."""

    applies: Applies

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        if self.applies(eng, source, controller, card):
            return f"{card.label} cannot be used ({source.name})"
        return None


@dataclass
class CannotBeAttacked(Static):
    """ "<This creature> cannot be attacked [while <its controller ...>]": no creature may fight it
    while ``while_`` (asked of the engine and the creature) holds; ``None``: always."""

    applies: Applies = itself
    while_: object = None  # (eng, creature) -> bool

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if not self.applies(eng, source, controller, target):
            return None
        if self.while_ is not None and not self.while_(eng, target):
            return None
        return f"{target.label} cannot be attacked ({source.name})"


def controller_has_token(eng, creature: CardInstance) -> bool:
    """ "While its controller controls a token creature"."""
    return any(c.token_of is not None for c in eng.game.players[creature.controller].creatures)


@dataclass
class AttacksOnlyFlank(Static):
    """ "When <this creature> is used to fight, it can only attack flank creatures" (Groggins)."""

    applies: object = itself

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if self.applies(eng, source, controller, attacker) and not eng.is_flank(target):
            return f"{attacker.label} can only attack flank creatures, and {target.label} is not one"
        return None


@dataclass
class FlankOnlyAttackers(Static):
    """ "Creatures not on a flank cannot fight this creature" (an upgrade: the creature it is on)."""

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if source.attached_to is target and not eng.is_flank(attacker):
            return f"{attacker.label} is not on a flank: it cannot fight {target.label} ({source.name})"
        return None


@dataclass
class DealsNoDamageWhenAttacked(Static):
    """ "<This creature> deals no damage when attacked"."""

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        return 0 if attacker is source and eng.game.attacking is not source else amount


@dataclass(eq=False)
class _NextCreatureUsedCannot(Static):
    """The constant ability :class:`NextCreatureUsedCannot` starts: until a creature is used (the
    use that started it aside), no creature may be used to ``how``."""

    how: str
    shared: dict

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        if self.shared["done"] or how != self.how or card.type != "creature":
            return None
        return f"{card.label} cannot {how}: it is the next creature used this turn ({source.name})"


@template()
@dataclass
class NextCreatureUsedCannot(Effect):
    """ "After a creature reaps, the next time a creature is used that turn, it cannot reap": the
    next use of a creature this turn (after the use in progress, the one reaping) may not be to
    ``how``; any use of a creature, the refused way aside, ends it."""

    how: str

    def resolve(self, ctx: Context) -> bool:
        shared = {"done": False, "in_progress": ctx.event.get("card")}

        def ends(c: Context) -> bool:
            # a watch, never a reaction that resolves: asked again for the same event while other
            # reactions to it resolve, it counts each use once (the event's details kept)
            card = c.event.get("card")
            if card is None or card.type != "creature" or shared["done"] or c.event is shared.get("seen"):
                return False
            shared["seen"] = c.event
            if card is shared["in_progress"]:  # the use that started it ends first
                shared["in_progress"] = None
                return False
            shared["done"] = True
            return False

        params = {"static": _NextCreatureUsedCannot(self.how, shared), "card": ctx.source}
        ctx.game.lasting.append(LastingEffect("static", ctx.source.name, ctx.controller, params))
        watch = {"reaction": Reaction("used", [], when=ends), "card": ctx.source}
        ctx.game.lasting.append(LastingEffect("reaction", ctx.source.name, ctx.controller, watch))
        ctx.log(f"{ctx.source.name}: the next creature used this turn cannot {self.how}")
        return True
