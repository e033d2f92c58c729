"""Effects on cards: damage, stun, ready, destroy, moving cards between zones, using creatures
(lasting effects and permissions: :mod:`engine.library.lasting`). Each acts on the cards a reference names (see
:meth:`engine.library.effect.Context.refs`) and returns whether it fully resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules.ability import Context, Effect, player_ref, resolve_all
from engine.core.errors import IllegalAction
from engine.core.state import HIDDEN
from engine.rules.targets import Choose
from engine.core.registry import template
from engine.rules.references import candidates
from engine.rules.references import card_label


def _in_play(cards):
    return [c for c in cards if c.in_play]


@template(this_way="destroyed")
@dataclass
class DealDamage(Effect):
    """Deal ``amount`` damage to each card ``on`` names; ``if_destroyed`` resolves for a creature
    this damage destroys ("If this damage destroys that creature, ...")."""

    amount: object  # int, or Callable[[Context], int]
    on: str = "it"
    if_destroyed: list = field(default_factory=list)
    #: more damage dealt at the same time, as (amount, reference): "Deal 3 to a creature and 3 to
    #: a neighbor of that creature" is one simultaneous instance of damage (the Mighty Lance example)
    also: tuple[tuple[int, str], ...] = ()

    def resolve(self, ctx: Context) -> bool:
        # ``amount`` may be computed when the ability resolves: "1 for each Mars creature in play"
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        hits = [(c, amount) for c in ctx.refs(self.on)]
        hits += [(c, amount) for amount, ref in self.also for c in ctx.refs(ref)]
        hits = [(c, amount) for c, amount in hits if c.zone == "battleline"]
        targets = list(dict.fromkeys(c for c, _ in hits))
        for t, amount in hits:
            ctx.eng.deal_damage(t, amount, ctx.source.label, check=False, dealer=ctx.source)
        before = {t: (t.zone, t.controller) for t in targets}
        lethal = [t for t in targets if t in ctx.eng.lethal()]
        ctx.eng.check_state()
        for t in lethal:
            zone, controller = before[t]
            if self.if_destroyed and zone == "battleline" and t.zone != "battleline":
                ctx.chosen["destroyed"] = [t]
                # the clause is about that creature's destruction: "its controller loses 1" is
                # the player who controlled it (engine.library.groups.EventCardPlayerAmber)
                event, ctx.event = ctx.event, {**ctx.event, "card": t, "controller": controller}
                try:
                    resolve_all(self.if_destroyed, ctx)
                finally:
                    ctx.event = event
        return bool(targets)


@template()
@dataclass
class Stun(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in _in_play(ctx.refs(self.on)):
            if c.stunned:
                ctx.log(f"{c.label} is already stunned: nothing happens")
                continue
            c.stunned = done = True
            ctx.log(f"{c.label} is stunned")
        return done


@template()
@dataclass
class Ready(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in _in_play(ctx.refs(self.on)):
            if not c.exhausted:
                ctx.log(f"{c.label} is already ready")
                continue
            c.exhausted, done = False, True
            ctx.log(f"{c.label} is readied")
        return done


@template()
@dataclass
class Exhaust(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in _in_play(ctx.refs(self.on)) if not c.exhausted]
        for c in cards:
            c.exhausted = True
            ctx.log(f"{c.label} is exhausted")
        return bool(cards)


@dataclass
class Destroy(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = _in_play(ctx.refs(self.on))
        if cards:
            ctx.eng.destroy(cards)
        return bool(cards)


def Sacrifice(on: str = "self") -> Destroy:
    """ "Sacrifice X": destroy X (it is yours)."""
    return Destroy(on)


@template()
@dataclass
class MoveTo(Effect):
    """Put each card ``on`` names into its owner's ``zone`` (hand, archives, purged, discard,
    deck). A card in a hidden zone (hand, deck, archives) cannot be followed there ("Leaves
    Play"), unless the effect picks cards from that zone (``from_hidden``)."""

    zone: str
    on: str = "it"
    from_hidden: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        done = False
        for c in cards:
            if c.zone in HIDDEN and not self.from_hidden:
                ctx.log(f"{c.label} is in a hidden zone now: {ctx.source.name} cannot find it")
                continue
            if c.zone == self.zone:
                continue
            if ctx.eng.remove_from_play_or_zone(c, self.zone):
                done = True
        return done and len(cards) > 0


@template()
def ReturnToHand(on: str = "it") -> MoveTo:
    return MoveTo("hand", on)


@template(this_way="purged")
def Purge(on: str = "it") -> MoveTo:
    return MoveTo("purged", on)


@template()
@dataclass
class Archive(Effect):
    """Put cards into the archives of the ability's controller ("into your archives"), except a
    card in play that has changed control: it goes to its owner's ("If a card that has changed
    control leaves play for any reason, it moves to its owner's appropriate out-of-play zone", 16.0
    "Control"). A card owned by the other player remembers it returns to its owner's hand when it
    leaves them."""

    on: str = "it"
    owner_hand_on_leaving: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        archived = False
        for c in cards:
            if c.in_play:
                to = c.owner if c.controller != c.owner else ctx.controller
                if not ctx.eng.leave_play(c, "archives", to=to):
                    continue  # a ward kept it in play (glossary "Ward")
            else:
                ctx.game.move(c, "archives", ctx.controller)
                ctx.log(f"{c.label} is put into {ctx.controller}'s archives")
            archived = True
            c.controller = c.owner
            if self.owner_hand_on_leaving:
                c.memory["leaves_archives_to"] = "hand"
        return archived


@template()
@dataclass
class Draw(Effect):
    """ "Draw N cards"; ``who="opponent"``: "Your opponent draws N cards" (:func:`player_ref`)."""

    n: int = 1
    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        drawn = ctx.eng.draw(player, self.n)
        ctx.log(f"{player} draws {drawn} card(s) from {ctx.source.name}")
        return drawn == self.n


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


@template(this_way="healed")
@dataclass
class Heal(Effect):
    """Heal ``amount`` damage (``None``: "fully heal", all of it) from each card ``on`` names.
    Healing does not save a creature already tagged for destruction (the Duma the Martyr FAQ)."""

    amount: int | None
    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        if self.amount is None:
            for c in cards:
                ctx.eng.heal(c, c.damage)
            return bool(cards)
        return sum(ctx.eng.heal(c, self.amount) for c in cards) == self.amount * len(cards) and bool(cards)


@dataclass
class DealDamageForEach(Effect):
    """ "Deal 1 damage to a creature for each ...": ``count`` points of damage, each assigned to a
    creature of its own (the same one or different ones: the "For Each" glossary entry), all dealt
    at the same time."""

    count: object  # Callable[[Context], int]
    side: str = "any"
    what: str = "creature"

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        hits: dict = {}
        for i in range(n):
            options = [c for c in candidates_in_play(ctx, self.what, self.side)]
            if not options:
                break

            target = ctx.eng.chooser.choose(
                f"{ctx.source.name}: {self.side} {self.what} for damage point {i + 1} of {n}",
                options,
                label=card_label(options),
            )
            hits[target] = hits.get(target, 0) + 1
        if not hits:
            ctx.log(f"{ctx.source.name}: no damage to deal ({n} point(s))")
        for t, amount in hits.items():
            ctx.eng.deal_damage(t, amount, ctx.source.label, check=False, dealer=ctx.source)
        ctx.eng.check_state()
        return n > 0 and sum(hits.values()) == n


def candidates_in_play(ctx: Context, what: str, side: str):
    return [c for c in candidates(ctx, what, side) if c.in_play]


@dataclass
class PutIntoPlay(Effect):
    """ "Put that creature into play under your control" (from wherever it is now)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.in_play or c.zone in HIDDEN:
                ctx.log(f"{c.label} cannot be put into play by {ctx.source.name} from its {c.zone}")
                continue
            ctx.eng.put_into_play(c, ctx.controller)
            done = done or c.in_play
        return done


@dataclass
class RedirectFightDamage(Effect):
    """ "<This creature> deals damage to that creature rather than the one it is fighting" (a
    "Before Fight:" ability): the attacker's power damage goes to the chosen creature. That
    creature is not attacked, so its elusive does not protect it (the Gabos Longarms FAQ)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        fight = ctx.event.get("fight")
        target = ctx.ref(self.on)
        if not isinstance(fight, dict) or target is None or target.zone != "battleline":
            return False
        fight["damage_to"] = target
        ctx.log(f"{ctx.source.label} will deal its fight damage to {target.label} instead of {fight['defender'].label}")
        return True


@dataclass
class TriggerAbility(Effect):
    """ "Trigger the reap effect of another creature as if you controlled that creature": resolve
    its ability with the controller of this ability as its controller; the creature is not used
    (it does not exhaust).

    Creatures that trigger each other (two Replicators, each the other's only choice) would loop
    forever; the infinite-loop rule lets the active player stop a loop, so a chain longer than
    ``MAX_CHAIN`` stops there, said so in the trace (as :data:`engine.library.effect.MAX_REPEATS` does)."""

    trigger: str
    on: str = "it"

    MAX_CHAIN = 20

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            return False
        chain = ctx.event.get("trigger_chain", 0) + 1
        if chain > self.MAX_CHAIN:
            ctx.log(
                f"{ctx.source.label}: stopped after {self.MAX_CHAIN} abilities triggering each other (infinite loop)"
            )
            return False
        ctx.log(f'{ctx.source.label} triggers {card.label}\'s "{self.trigger.title()}:" ability as {ctx.controller}')
        return ctx.eng.trigger(card, self.trigger, controller=ctx.controller, as_if_yours=True, trigger_chain=chain)


@dataclass
class SwapWith(Effect):
    """ "Swap <this creature> with another friendly creature in your battleline": both must be in
    the battleline of the ability's controller. A swap never moves a creature to the other
    player's battleline, so when this creature is not in that battleline (its reap triggered by
    the opponent's Replicator) the swap fails before any choice (the Sanctum Guardian FAQ)."""

    def resolve(self, ctx: Context) -> bool:
        line = ctx.me.creatures
        if ctx.source not in line:
            ctx.log(f"{ctx.source.label} is not in {ctx.controller}'s battleline: the swap fails, nothing happens")
            ctx.chosen["swap"] = []  # "that creature" of a later sentence names nothing
            return False
        Choose("creature", "friendly", name="swap", exclude_self=True).resolve(ctx)
        other = ctx.ref("swap")
        if other is None or other not in line:
            return False
        i, j = line.index(ctx.source), line.index(other)
        line[i], line[j] = other, ctx.source
        ctx.log(f"{ctx.source.label} swaps places with {other.label} ({', '.join(c.label for c in line)})")
        return True
