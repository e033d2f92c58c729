"""Æmber on cards: captured from a pool ("capture 1", "capture 3 from any combination of
players", "each undamaged creature captures 1"), placed from the common supply ("place 2 Æmber on
each friendly creature"), moved between a card and a pool ("move 1 Æmber from one of your cards to
your pool") and discarded from a card or redistributed among creatures.

A capture is a move the replacement effects may change (:func:`engine.rules.replacements.capture`:
"taken from the common supply instead"); Æmber placed from the common supply was nobody's (glossary
"Place"). Æmber in the pools is :mod:`engine.library.amber`. A new effect moving Æmber onto or off
cards goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import CardInstance
from engine.rules.ability import Context, Effect
from engine.rules.references import card_label
from engine.rules.replacements import add_to_pool, capture
from engine.library.this_way import record_this_way


def place_amber(ctx: Context, on: str, amount: int, how: str) -> bool:
    """Put ``amount`` Æmber from the common supply on each card in play ``on`` names (a creature,
    or an artifact: "place 1 on this card"); ``how`` is the trace line ({label}, {amount}, {total}
    filled in)."""
    done = False
    for c in ctx.refs(on):
        if not c.in_play:
            continue
        c.amber += amount
        done = True
        ctx.log(how.format(label=c.label, amount=amount, total=c.amber))
    return done


@template()
@dataclass
class Capture(Effect):
    """The creatures ``on`` names (those ``where`` admits) capture Æmber from the opposing side of
    their controller (or from ``side="own"``), one after another. When a pool cannot cover every
    capture from it, which creature captures next matters, and the active player chooses (16.0
    "Active Player": they make all necessary decisions); otherwise they capture in battleline
    order."""

    amount: object  # int, or Callable[[Context], int]: "capture 1 for each damage just prevented"
    on: str = "self"
    side: str = "opposing"
    #: which of the cards ``on`` names capture ("each damaged enemy non-Mars creature")
    where: Callable[[Context, CardInstance], bool] | None = None

    def resolve(self, ctx: Context) -> bool:
        if self.on == "self":
            return self._one(ctx, self.on)
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline" and (self.where is None or self.where(ctx, c))]
        if len(cards) <= 1:
            ctx.chosen["capturing"] = cards
            return self._one(ctx, "capturing")

        amount = self.amount(ctx) if callable(self.amount) else self.amount
        g = ctx.game
        wanted: dict[str, int] = {}
        for c in cards:
            victim = c.controller if self.side == "own" else g.other(c.controller)
            wanted[victim] = wanted.get(victim, 0) + amount
        ordered = any(n > g.players[v].amber for v, n in wanted.items())
        ok = True
        while cards:
            nxt = (
                cards[0]
                if not ordered or len(cards) == 1
                else ctx.eng.chooser.choose(
                    f"{g.active}: which creature captures next ({ctx.source.name})", cards, label=card_label(cards)
                )
            )
            cards.remove(nxt)
            ctx.chosen["capturing"] = [nxt]
            ok = self._one(ctx, "capturing") and ok
        return ok

    def _one(self, ctx: Context, on: str) -> bool:
        """The creature ``on`` names captures."""
        creature = ctx.ref(on)
        if creature is None or creature.zone != "battleline":
            return False
        amount = self.amount(ctx) if callable(self.amount) else self.amount
        g = ctx.game
        # a creature's own "Capture" used as if another player controlled it (Replicator) takes
        # from that player's opponent
        capturer = ctx.controller if on == "self" else creature.controller
        # side "your opponent": "<the most powerful creature> captures all of your opponent's A",
        # from the ability's controller's opponent, whichever side the creature is on
        victim = (
            creature.controller
            if self.side == "own"
            else ctx.opponent_name
            if self.side == "your opponent"
            else g.other(capturer)
        )

        taken = capture(ctx.eng, creature, amount, victim, ctx.source.name)
        return taken == amount


@template()
@dataclass
class CaptureFromAny(Effect):
    """ "Capture N from any combination of players": as much as there is, up to N (do as much as
    you can: with N or more Æmber in the pools together, N must be captured); the active player
    chooses how much comes from the opponent of the capturing creature's controller."""

    amount: int
    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        creature = ctx.ref(self.on)
        if creature is None or creature.zone != "battleline":
            return False
        g = ctx.game
        own, other = g.players[creature.controller], g.players[g.other(creature.controller)]
        total = min(self.amount, own.amber + other.amber)
        lowest, highest = max(0, total - own.amber), min(total, other.amber)
        from_other = ctx.eng.chooser.choose(
            f"{g.active}: how much of the {total} Æmber {creature.label} captures comes from "
            f"{g.other(creature.controller)}",
            list(range(lowest, highest + 1)),
        )
        other.amber -= from_other
        own.amber -= total - from_other
        creature.amber += total
        ctx.log(
            f"{creature.label} captures {from_other} Æmber from {g.other(creature.controller)} and "
            f"{total - from_other} from {creature.controller} ({creature.amber} on it)"
        )
        return total == self.amount


@dataclass
class CaptureGained(Effect):
    """ "<This creature> captures it": it captures the Æmber the event gained (``event["amber"]``),
    only what is left of it (two Sir Marrows cannot both capture the 1 Æmber one reap gained)."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        gained = ctx.event.get("amber")
        creature = ctx.ref(self.on)
        if not gained or creature is None or creature.zone != "battleline":
            return False
        # replacement effects apply: taken from the common supply instead (Po's Pixies), the
        # Æmber gained stays for the next capture (the Po's Pixies and two Sir Marrows FAQ)

        taken = capture(
            ctx.eng, creature, gained["gained"], ctx.event["player"], "Æmber gained by reaping", gained=gained
        )
        return taken > 0


@dataclass
class EachUndamagedCaptures(Effect):
    """ "Each undamaged creature captures N Æmber from its opponent": one capture per creature, in
    the order the active player chooses (it matters when a pool runs out)."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        pending = [c for c in ctx.game.creatures() if c.damage == 0]
        while pending:
            label = card_label(pending)
            nxt = (
                pending[0]
                if len(pending) == 1
                else ctx.eng.chooser.choose(
                    f"{ctx.game.active}: which undamaged creature captures next ({ctx.source.name})",
                    pending,
                    label=label,
                )
            )
            pending.remove(nxt)
            if nxt.zone == "battleline":
                capture(ctx.eng, nxt, self.amount, ctx.game.other(nxt.controller), ctx.source.name)
        return True


@template()
@dataclass
class PlaceAmber(Effect):
    """ "Place N Æmber from the common supply on <creatures>": Æmber no player had (glossary
    "Exalt" does the same with 1)."""

    amount: int = 1
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        return place_amber(
            ctx,
            self.on,
            self.amount,
            f"{ctx.source.name}: " + "{amount} Æmber from the common supply is placed on {label} ({total} on it)",
        )


@template()
@dataclass
class MoveAmberWithPool(Effect):
    """ "Move N Æmber from your pool to <this card>" (``to_card``), or "from <this card> to your
    pool": as much of N as the side it comes from holds. "From any player's pool" (``any_pool``):
    the player resolving the ability chooses whose pool first."""

    amount: int
    to_card: bool = True
    any_pool: bool = False

    def resolve(self, ctx: Context) -> bool:
        card, pool = ctx.source, ctx.me
        if self.any_pool:
            g = ctx.game
            whose = ctx.eng.chooser.choose(f"{card.name}: move Æmber from whose pool", [g.active, g.other(g.active)])
            pool = g.players[whose]
        moved = min(self.amount, pool.amber if self.to_card else card.amber)
        step = moved if self.to_card else -moved
        pool.amber -= step
        card.amber += step
        where = (
            f"from {'the pool of ' + pool.name if self.any_pool else 'their pool'} to {card.label} ({card.amber} on it)"
            if self.to_card
            else f"from {card.label} to their pool ({pool.amber})"
        )
        ctx.log(f"{ctx.controller} moves {moved} Æmber {where}")
        return moved == self.amount


@dataclass
class MoveAmberFromYourCard(Effect):
    """ "Move N Æmber from one of your cards to your pool": a card in play you control with Æmber on
    it (the controller chooses which; "from a friendly creature" is :class:`MoveAmber`)."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.game.in_play() if c.controller == ctx.controller and c.amber]
        if not cards:
            ctx.log(f"{ctx.source.name}: no card of {ctx.controller}'s has Æmber on it")
            return False
        card = ctx.eng.chooser.choose(f"{ctx.source.name}: move Æmber from which card", cards, label=card_label(cards))

        moved = min(self.amount, card.amber)
        card.amber -= moved
        add_to_pool(ctx.eng, ctx.controller, moved, f"moved from {card.label}", card=card)
        return moved == self.amount


@dataclass
class DiscardAmberFromSelf(Effect):
    """ "Discard N Æmber from <this creature>": back to the common supply."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        gone = min(self.amount, ctx.source.amber)
        ctx.source.amber -= gone
        ctx.log(f"{ctx.source.label} discards {gone} Æmber ({ctx.source.amber} on it)")
        return gone == self.amount


@dataclass
class Redistribute(Effect):
    """ "Redistribute the <Æmber / damage> on <side> creatures among <side> creatures": the total
    stays; the active player sets each creature's share in battleline order (the last takes the
    rest). ``side`` "chosen player": a player chosen first ("Choose a player"); "all": every
    creature in play ("among all creatures"); ``optional``:
    "you may redistribute"."""

    attr: str = "amber"
    side: str = "friendly"
    optional: bool = False

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        if self.side == "chosen player":
            whose = ctx.eng.chooser.choose(f"{ctx.source.name}: choose a player", [g.active, g.other(g.active)])
            line = list(g.players[whose].creatures)
        elif self.side == "all":  # "among all creatures": the active player's battleline first
            line = [*g.players[g.active].creatures, *g.players[g.other(g.active)].creatures]
        else:
            line = list(ctx.me.creatures if self.side == "friendly" else ctx.opponent.creatures)
        total = sum(getattr(c, self.attr) for c in line)
        if len(line) < 2 or not total:
            ctx.log(f"{ctx.source.name}: nothing to redistribute")
            return False
        if self.optional and not ctx.eng.chooser.may(f"{ctx.eng.decider(ctx)}: redistribute the {self.attr}?"):
            return False
        left = total
        for i, c in enumerate(line):
            share = (
                left
                if i == len(line) - 1
                else ctx.eng.chooser.choose(
                    f"{ctx.source.name}: how much {self.attr} on {c.label} ({left} left)", list(range(left + 1))
                )
            )
            setattr(c, self.attr, share)
            left -= share
        ctx.log(
            f"{ctx.source.name}: {self.attr} redistributed: "
            + ", ".join(f"{c.label} {getattr(c, self.attr)}" for c in line)
        )
        if self.attr == "damage":
            ctx.eng.check_state()
        return True


@template()
@dataclass
class MoveAmber(Effect):
    """ "Move N Æmber (``each``: "each Æmber", all there is) from <cards> to <where>" (glossary "Move":
    moving is not capturing, stealing or gaining). From the cards in play ``on`` names (each of
    them in turn) or, with ``from_pool``, from a player's pool ("your opponent's pool"); to ``to``:
    "you" / "opponent" (that player's pool, replacement effects applied), "supply" (the common
    supply), "active" (the active player's pool), "event_player" (the pool of the player the event
    a reaction reacts to is about: "that player's pool"), "controller" (each card's own controller:
    "its controller's pool"), "another" / "another friendly" (a creature other than the one it comes from, chosen
    after it: "from a creature to another creature"), or a reference to the card(s) ``to_ref``
    names ("to SELF", "to an enemy creature"). As much of N as the source holds moves; ``half``:
    "half the Æmber (rounding up)" on each card."""

    amount: int = 1
    each: bool = False
    on: str = "it"
    to: str = "you"
    to_ref: str = ""
    from_pool: str = ""
    half: bool = False

    def resolve(self, ctx: Context) -> bool:
        if self.from_pool:
            pool = ctx.me if self.from_pool == "you" else ctx.opponent
            moved = pool.amber if self.each else min(self.amount, pool.amber)
            dest = self._destination(ctx, None)
            if dest is None or not moved:
                return False
            pool.amber -= moved
            dest.amber += moved
            ctx.log(f"{moved} Æmber moves from {pool.name}'s pool to {dest.label} ({dest.amber} on it)")
            return self.each or moved == self.amount
        full = False
        sources = [c for c in ctx.refs(self.on) if c.in_play]
        for card in sources:
            moved = card.amber if self.each else (card.amber + 1) // 2 if self.half else min(self.amount, card.amber)
            if self.to in ("you", "opponent", "active", "event_player", "controller"):
                card.amber -= moved
                player = {
                    "you": ctx.controller,
                    "opponent": ctx.opponent_name,
                    "active": ctx.game.active,
                    "controller": card.controller,
                }.get(self.to, ctx.event.get("player"))
                add_to_pool(ctx.eng, player, moved, f"moved from {card.label}", card=card)
            elif self.to == "supply":
                card.amber -= moved
                ctx.log(f"{moved} Æmber moves from {card.label} to the common supply")
            else:
                dest = self._destination(ctx, card)
                if dest is None:
                    continue
                card.amber -= moved
                dest.amber += moved
                ctx.log(f"{moved} Æmber moves from {card.label} to {dest.label} ({dest.amber} on it)")
            full = full or moved > 0 and (self.each or self.half or moved == self.amount)
            record_this_way(ctx, "moved", [], amount=moved)  # "For each A moved, deal 2 to a creature"
        return full

    def _destination(self, ctx: Context, source: CardInstance | None) -> CardInstance | None:
        """The creature the Æmber moves onto: another one chosen now, or the one ``to_ref`` names."""
        if self.to.startswith("another"):
            line = ctx.me.creatures if self.to == "another friendly" else ctx.game.creatures()
            options = [c for c in line if c is not source]
            if not options:
                ctx.log(f"{ctx.source.name}: no other creature to move the Æmber to")
                return None
            return ctx.eng.chooser.choose(
                f"{ctx.source.name}: move the Æmber to which creature", options, label=card_label(options)
            )
        dest = ctx.ref(self.to_ref)
        return dest if dest is not None and dest.in_play else None


@template()
@dataclass
class CaptureDistributed(Effect):
    """ "Capture all [but N] of your opponent's Æmber, distributed among any number of friendly
    creatures": the Æmber counted as the effect starts (all but ``keep``), each one captured from
    the opponent's pool by a friendly creature the player resolving it chooses, one at a time
    (any number of them may capture)."""

    keep: int = 0

    def resolve(self, ctx: Context) -> bool:
        amount = ctx.opponent.amber - self.keep
        if amount <= 0 or not ctx.me.creatures:
            ctx.log(f"{ctx.source.name}: nothing is captured")
            return False
        captured = 0
        for _ in range(amount):
            creatures = list(ctx.me.creatures)
            if not creatures or ctx.opponent.amber <= 0:
                break
            creature = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: which friendly creature captures 1 Æmber ({ctx.source.name})",
                creatures,
                label=card_label(creatures),
            )
            captured += capture(ctx.eng, creature, 1, ctx.opponent_name, ctx.source.name)
        return captured == amount
