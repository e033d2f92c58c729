"""Keys: forging during the turn ("forge a key at +6 current cost, reduced by 1 for each creature
destroyed this way", "you may forge a key at ... If you do", "forge a key at no cost"), what stops
forging ("players cannot forge their first key", "skips the forge a key step"), the Æmber spent
forging, and key costs ("your opponent's keys cost +N", "+N for each <X>", "while <condition>, each
key costs N", an upgrade's "your opponent's keys cost +N").

Forging is the general rules' (:mod:`engine.rules.forging`: every way of forging goes through
:func:`engine.rules.forging.forge_key`); the constant abilities answer the engine's ``key_cost`` and
``stops_forge`` hooks. A new effect or constant ability about keys goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.registry import template
from engine.library.conditions import static_context
from engine.library.flow import May
from engine.library.houses import houses_among
from engine.rules.ability import Context, Effect, player_ref, resolve_all
from engine.rules.forging import can_forge, forge_key, ForgeStatic, keys_forged_on
from engine.rules.key_colors import unforge_color, unforged_colors
from engine.rules.statics import Applies, itself, Static
from engine.rules.turn import key_cost


@dataclass
class ForgeAtCost(Effect):
    """ "Forge a key at +N current cost, reduced by ...": the current cost (every modifier in force)
    plus ``extra`` minus ``reduction``, never below 0, nor below ``minimum`` ("(to a minimum of
    6)"). Fully resolved only if a key is forged."""

    extra: int
    reduction: Callable[[Context], int] = field(default=lambda ctx: 0)
    minimum: int = 0
    #: "Forge your blue key": that key only, which must still be unforged (engine.rules.key_colors)
    color: str | None = None
    #: who forges (:func:`player_ref`): "Your opponent forges a key at current cost" (their cost)
    who: str = "self"

    def cost(self, ctx: Context) -> int:
        return max(0, self.minimum, key_cost(ctx.eng, player_ref(ctx, self.who)) + self.extra - self.reduction(ctx))

    def possible(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        if self.color is not None and self.color not in unforged_colors(ctx.eng, player):
            return False
        return can_forge(ctx.eng, player, self.cost(ctx))

    def resolve(self, ctx: Context) -> bool:
        cost, player = self.cost(ctx), player_ref(ctx, self.who)
        if not self.possible(ctx):
            what = f"their {self.color} key" if self.color else "a key"
            amber = ctx.game.players[player].amber
            ctx.log(f"{ctx.source.name}: {player} cannot forge {what} at {cost} Æmber ({amber})")
            return False
        return forge_key(ctx.eng, player, cost, ctx.source.name, self.color)


@dataclass
class MayForgeAtCost(Effect):
    """ "You may forge a key at ... If you do, <then>": asked only when the key can be forged."""

    forge: ForgeAtCost
    then: list = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        if not self.forge.possible(ctx):
            ctx.log(f"{ctx.source.name}: {ctx.controller} cannot forge a key at {self.forge.cost(ctx)} Æmber")
            return False
        ok = May([self.forge], question=f"forge a key at {self.forge.cost(ctx)} Æmber?").resolve(ctx)
        return resolve_all(self.then, ctx) if ok else False


@template()
@dataclass
class ForgeAtNoCost(Effect):
    """ "Forge a key at no cost" (glossary "Forge a Key": every way of forging goes through
    :func:`engine.rules.forging.forge_key`); ``who="opponent"``: "your opponent forges a key at no
    cost"."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        return forge_key(ctx.eng, player_ref(ctx, self.who), 0, f"{ctx.source.name}, at no cost", at_cost=False)


@template(kind="static")
@dataclass
class CannotForgeKey(ForgeStatic):
    """ "Players cannot forge keys" (``every``), "their first / second / third key" (``nth``); "each player cannot
    forge keys while they have more forged keys than their opponent" (``while_ahead``): the key is
    not forged, and no Æmber is spent (engine.rules.forging)."""

    nth: int = 0
    while_ahead: bool = False
    #: "Players cannot forge keys": no key at all, by either player
    every: bool = False
    #: "While you control a token creature, your opponent cannot forge keys": only the opponent of
    #: the card's controller (``opponent``), only while the condition holds (``cond``)
    opponent: bool = False
    cond: Callable[[Context], bool] | None = None

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        g = eng.game
        keys = g.players[player].keys
        if self.opponent and player == controller:
            return False
        if self.cond is not None and not self.cond(static_context(eng, source, controller)):
            return False
        if self.opponent and not self.nth:
            g.log(f"{source.label}: {player} cannot forge keys")
            return True
        if self.every:
            g.log(f"{source.label}: players cannot forge keys")
            return True
        if self.nth and keys + 1 == self.nth:
            g.log(f"{source.label}: {player} cannot forge their key number {self.nth}")
            return True
        if self.while_ahead and keys > g.players[g.other(player)].keys:
            g.log(f"{source.label}: {player} has more forged keys than their opponent and cannot forge")
            return True
        return False


@template(kind="static")
@dataclass
class InsteadOfForging(ForgeStatic):
    """ "When you would forge a key, purge <this card> and do not forge that key (no Æmber is
    spent)": a replacement of the forge of ``whose`` player ("self": the controller of the card, who
    for a treachery card is the opponent of the player who played it): the effects resolve, and the
    key is not forged, nothing spent (glossary "Replacement Effects")."""

    effects: list = field(default_factory=list)
    whose: str = "self"

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        if not source.in_play or (player == controller) != (self.whose == "self"):
            return False
        resolve_all(self.effects, eng.context(source, controller))
        eng.game.log(f"{player} does not forge that key ({source.label}); no Æmber is spent")
        return True


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


@dataclass
class CannotForgeMoreEachTurn(ForgeStatic):
    """ "You cannot forge more than 2 keys each turn": its controller's key past ``most`` forged
    this turn is not forged (no Æmber spent)."""

    most: int

    def stops_forge(self, eng, source, controller, player: str) -> bool:
        if player != controller or keys_forged_on(eng.game, player, eng.game.turn) < self.most:
            return False
        eng.game.log(f"{source.name}: {player} cannot forge more than {self.most} keys this turn")
        return True


def forged_in_own_forge_step(ctx: Context) -> bool:
    """ "After you forge a key during your "forge a key" step" (step 1 of your turn, as
    :class:`SkipsForgeStep` reads it)."""
    g = ctx.game
    return ctx.event.get("player") == ctx.controller == g.active and g.step == 1


def first_key_of_a_forge_step(ctx: Context) -> bool:
    """A player's first key of their "forge a key" step ("Players may forge 1 additional key during
    their "forge a key" step": after it, the one additional key)."""
    g, player = ctx.game, ctx.event.get("player")
    return player == g.active and g.step == 1 and keys_forged_on(g, player, g.turn) == 1


@template(kind="count", value=True)
def amber_spent_on_the_key(ctx: Context) -> int:
    """ "For each A spent to forge that key": the cost the forging player paid (event ``key_forged``)."""
    return ctx.event.get("cost", 0)


@template()
@dataclass
class GainForgeCost(Effect):
    """ "You get all Æmber spent by your opponent when forging keys": in reaction to a key forged
    (event ``key_forged`` {player, cost, spent}), the Æmber spent comes to you rather than the
    supply: once, to the first such ability that resolves."""

    def resolve(self, ctx: Context) -> bool:
        spent = ctx.event.get("spent") or {"left": ctx.event.get("cost", 0)}
        cost, spent["left"] = spent["left"], 0
        if cost:
            ctx.eng.gain(ctx.controller, cost, f"{ctx.source.name} (the Æmber {ctx.event.get('player')} spent)")
        return bool(cost)


@template(kind="static")
@dataclass
class OpponentKeysCost(Static):
    """ "Your opponent's keys cost +N": added to what the opponent of the controller pays."""

    amount: int

    def key_cost(self, eng, source, controller, player: str) -> int:
        return self.amount if player != controller else 0


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


@template(kind="static")
@dataclass
class HostOpponentKeysCost(Static):
    """An upgrade's "This creature gains, "Your opponent's keys cost +N."": the opponent of the
    creature's controller pays more, while the upgrade is attached."""

    amount: int

    def key_cost(self, eng, source, controller, player: str) -> int:
        host = source.attached_to if source is not None and source.zone == "upgrade" else None
        return self.amount if host is not None and player != host.controller else 0


@dataclass
class KeysCostUnlessHouses(Static):
    """ "While your opponent does not control creatures from N different houses, their keys cost +X"."""

    amount: int
    houses: int = 3

    def key_cost(self, eng, source, controller, player) -> int:
        if player == controller:
            return 0
        return self.amount if len(houses_among(eng, eng.game.players[player].creatures)) < self.houses else 0


@dataclass
class KeysCostWhile(Static):
    """ "While <condition>, each key costs N" (Titan Mechanic: while it is on a flank)."""

    amount: int
    condition: Callable

    def key_cost(self, eng, source, controller, player) -> int:
        return self.amount if self.condition(eng, source) else 0


@template(kind="static")
@dataclass
class PlayersKeysCost(Static):
    """ "Your keys cost -1", "each player's keys cost +1", "while <condition>, keys cost +1", "keys
    cost +1 for each <X>": ``amount`` (times the count ``per``, read now) added to the key cost of
    ``whose`` ("you", "opponent", "each"), while ``cond`` holds."""

    amount: int
    whose: str = "each"
    cond: Callable[[Context], bool] | None = None
    per: Callable[[Context], int] | None = None

    def key_cost(self, eng, source, controller, player: str) -> int:
        if self.whose != "each" and (player == controller) != (self.whose == "you"):
            return 0
        ctx = static_context(eng, source, controller)
        if self.cond is not None and not self.cond(ctx):
            return 0
        return self.amount * self.per(ctx) if self.per is not None else self.amount


@template(kind="static")
@dataclass
class SpendAmberOn(ForgeStatic):
    """ "You may spend Æmber on friendly creatures as if it were in your pool" (``whose="you"``;
    "your opponent may spend ...": ``"opponent"``), while ``cond`` holds. An ability a creature
    gains (an upgrade's "This creature gains, 'You may spend Æmber on this creature ...'"):
    ``of_card``, "you" is that creature's controller, not the giver's. Spent when forging keys, as
    :class:`engine.rules.forging.SpendAmberOnSelf`."""

    applies: Applies = itself
    whose: str = "you"
    cond: Callable[[Context], bool] | None = None
    of_card: bool = False

    def spendable_group(self, eng, source, controller, player: str) -> list:
        if not source.in_play or (self.cond is not None and not self.cond(static_context(eng, source, controller))):
            return []
        found = []
        for card in eng.game.creatures():
            if not self.applies(eng, source, controller, card):
                continue
            you = card.controller if self.of_card else controller
            if (player == you) == (self.whose == "you"):
                found.append(card)
        return found


@template()
@dataclass
class UnforgeOpponentKey(Effect):
    """ "Unforge an opponent's key" (glossary "Unforge": the key is flipped to its unforged side and
    must be forged again): any one of their forged keys, not only one forged on their last turn
    (which is :class:`engine.rules.forging.UnforgeOpponentsKey`'s "unforge it"). Keys carry no
    identity in the state, so which one makes no difference to the board; the record of keys forged
    in past turns stays, as those forgings happened. Fully resolved only if they had a key."""

    def resolve(self, ctx: Context) -> bool:
        if ctx.opponent.keys <= 0:
            ctx.log(f"{ctx.source.name}: {ctx.opponent_name} has no forged key to unforge")
            return False
        ctx.opponent.keys -= 1
        unforge_color(ctx.eng, ctx.opponent_name)
        ctx.log(f"{ctx.source.name}: {ctx.opponent_name} unforges a key ({ctx.opponent.keys} forged)")
        return True
