"""Constant abilities the card-text compiler (:mod:`engine.compile`) builds that the library has no
form for, and the counts and conditions its templates read.

- Constant abilities whose size or being in force depends on the game state: "<SELF> gets +3 power
  for each unforged key you have", "<SELF> gets +2 power while it is on a flank", "your opponent's
  keys cost +1 for each friendly damaged Brobnar creature". A constant ability is asked about the
  state as it is now, so the count or the condition is read each time the engine asks (there is no
  resolution to count at), in a context of the card with the ability where "it" is that card.
- Forging ("players cannot forge their first key") and using ("<creatures> may fight", "... can
  only fight") restrictions, through the engine's hooks for them (``stops_forge``, ``cannot_use``,
  ``usable_as_active_house``).
- Counts (``(ctx) -> int``: "each creature you have in excess of your opponent") and conditions
  (``(ctx) -> bool``: "if your opponent has exactly 1") for statics and effects alike.

Kept apart from :mod:`engine.library.groups` (one module, one job: statics, counts, conditions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.ability import Context
from engine.rules.forging import ForgeStatic
from engine.rules.statics import Applies, itself, Static
from engine.core.registry import template
from engine.rules.houses import belongs_to


def static_context(eng, source, controller, it=None) -> Context:
    """The context a constant ability's count or condition is read in: the card with the ability,
    its controller, and "it" naming the card the ability is asked about (the creature whose power
    it gives: "each friendly creature gets +2 power for each Æmber on it"), else the card itself."""
    return Context(eng, source, controller, chosen={"it": [it if it is not None else source]})


def while_(applies: Applies, condition: Callable[[Context], bool]) -> Applies:
    """A group, only while ``condition`` holds ("while it is on a flank": "it" is the card the
    ability is asked about)."""

    def test(eng, source, controller, card) -> bool:
        return applies(eng, source, controller, card) and bool(condition(static_context(eng, source, controller, card)))

    return test


@template(kind="static")
@dataclass
class PowerPerCount(Static):
    """ "<group> gets +N power for each <X>": N times the count, read now."""

    amount: int
    count: Callable[[Context], int]
    applies: Applies = itself

    def power(self, eng, source, controller, creature) -> int:
        if not self.applies(eng, source, controller, creature):
            return 0
        return self.amount * self.count(static_context(eng, source, controller, creature))


@template(kind="static")
@dataclass
class OpponentKeysCostPerCount(Static):
    """ "Your opponent's keys cost +N for each <X>" (``whose="self"``: "your keys cost ...")."""

    amount: int
    count: Callable[[Context], int]
    whose: str = "opponent"

    def key_cost(self, eng, source, controller, player: str) -> int:
        if (player == controller) != (self.whose == "self"):
            return 0
        return self.amount * self.count(static_context(eng, source, controller))


# ------------------------------------------------------------------------------ counts


@template(kind="count", value=True)
def unforged_keys(ctx: Context) -> int:
    """ "Each unforged key you have": of the three keys, those not forged."""
    return max(0, 3 - ctx.me.keys)


@template(kind="count", value=True)
def amber_on_self(ctx: Context) -> int:
    return ctx.source.amber


@template(kind="count", value=True)
def amber_on_it(ctx: Context) -> int:
    """ "Each Æmber on it": on the card "it" names (in a constant ability, the card it is about)."""
    return sum(c.amber for c in ctx.chosen.get("it", [])[:1])


@template(kind="count", value=True)
def damage_on_it(ctx: Context) -> int:
    return sum(c.damage for c in ctx.chosen.get("it", [])[:1])


@template(kind="count", value=True)
def amber_in_pool(ctx: Context) -> int:
    return ctx.me.amber


@template(kind="count", value=True)
def neighbors_of_self(ctx: Context) -> int:
    return len(ctx.game.neighbors(ctx.source)) if ctx.source.zone == "battleline" else 0


@template(kind="count", value=True)
def neighbors_of_it(ctx: Context) -> int:
    return sum(len(ctx.game.neighbors(c)) for c in ctx.chosen.get("it", [])[:1] if c.zone == "battleline")


@template(kind="count", value=True)
def damage_on_self(ctx: Context) -> int:
    return ctx.source.damage


# ------------------------------------------------------------------------------ conditions


@template(kind="condition")
def amber_compare(who: str, op: str, n: int = 0) -> Callable[[Context], bool]:
    """ "If <you / your opponent> <have / has> exactly N / N or fewer / more Æmber than <the other>"
    (``op``: "exactly", "at_most", "more")."""

    def condition(ctx: Context) -> bool:
        mine, theirs = (ctx.me.amber, ctx.opponent.amber) if who == "self" else (ctx.opponent.amber, ctx.me.amber)
        return mine == n if op == "exactly" else mine <= n if op == "at_most" else mine > theirs

    condition.__name__ = f"{who}_amber_{op}_{n}"
    return condition


@template(kind="condition")
def count_at_least(count: Callable[[Context], int], n: int) -> Callable[[Context], bool]:
    """ "If <a player> has N or more <cards> in play"."""

    def condition(ctx: Context) -> bool:
        return count(ctx) >= n

    return condition


# ------------------------------------------------------------------------------ forging


@template(kind="static")
@dataclass
class CannotForgeKey(ForgeStatic):
    """ "Players cannot forge their first / second / third key" (``nth``); "each player cannot
    forge keys while they have more forged keys than their opponent" (``while_ahead``): the key is
    not forged, and no Æmber is spent (engine.rules.forging)."""

    nth: int = 0
    while_ahead: bool = False

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        g = eng.game
        keys = g.players[player].keys
        if self.nth and keys + 1 == self.nth:
            g.log(f"{source.label}: {player} cannot forge their key number {self.nth}")
            return True
        if self.while_ahead and keys > g.players[g.other(player)].keys:
            g.log(f"{source.label}: {player} has more forged keys than their opponent and cannot forge")
            return True
        return False


# ------------------------------------------------------------------------------ effect counts


@template(kind="count")
def creatures_in_excess(who: str) -> Callable[[Context], int]:
    """ "Each creature <you have / your opponent controls> in excess of <your opponent / you>"."""

    def count(ctx: Context) -> int:
        mine, theirs = len(ctx.me.creatures), len(ctx.opponent.creatures)
        return max(0, mine - theirs) if who == "self" else max(0, theirs - mine)

    return count


def opponent_amber_but(n: int) -> Callable[[Context], int]:
    """ "All but N of <your opponent's Æmber>"."""

    def amount(ctx: Context) -> int:
        return max(0, ctx.opponent.amber - n)

    return amount


@template(kind="count", value=True)
def copies_in_discard(ctx: Context) -> int:
    """ "Each copy of <this card> in your discard pile": cards of its name there."""
    return sum(1 for c in ctx.me.zone("discard") if c.name == ctx.source.name)


@template(kind="static")
@dataclass
class HostOpponentKeysCost(Static):
    """An upgrade's "This creature gains, "Your opponent's keys cost +N."": the opponent of the
    creature's controller pays more, while the upgrade is attached."""

    amount: int

    def key_cost(self, eng, source, controller, player: str) -> int:
        host = source.attached_to if source is not None and source.zone == "upgrade" else None
        return self.amount if host is not None and player != host.controller else 0


# ------------------------------------------------------------------------------ using


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
        if others or eng._use_permission(card) is not None:
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


@template(kind="static")
@dataclass
class SkipsForgeStep(ForgeStatic):
    """ "<Your opponent> skips the "forge a key" step": no key is forged in step 1 (a key forged by
    a card effect later in the turn is not the step, so it is not skipped)."""

    whose: str = "opponent"

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        if eng.game.step != 1 or (player == controller) != (self.whose == "self"):
            return False
        eng.game.log(f'{source.name}: {player} skips the "forge a key" step')
        return True
