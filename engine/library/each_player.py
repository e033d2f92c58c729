"""Effects every player does in turn ("Each player draws a card", "Each haunted player gains 2A",
"Each player with 7A or more loses 2A"), or the opponent does ("Your opponent makes a token creature"): the words after "each player" are an effect of its own,
with "you" and "your" being each player in turn, the active player first (as the other "each
player" effects of the library resolve), and a creature capturing from each such player ("It
captures 2A from each haunted player"). A new effect that each player does goes here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core.registry import template
from engine.library.amber_on_cards import Capture
from engine.library.choosing_players import chosen_player
from engine.library.conditions import haunted
from engine.library.player_conditions import not_haunted
from engine.rules.ability import Condition, Context, Effect, resolve_all

#: which players "each <...> player" names, asked of each player in turn (as "you")
WHO: dict[str, Condition] = {"haunted": haunted, "not haunted": not_haunted}


def _players(ctx: Context) -> list[str]:
    return [ctx.game.active, ctx.game.other(ctx.game.active)]


def _as(ctx: Context, player: str) -> Context:
    """The context of the ability with ``player`` as "you" (the cards named so far kept)."""
    return replace(ctx, controller=player, chosen=dict(ctx.chosen))


def _admits(who: str, amber: int, ctx: Context) -> bool:
    if who == "amber":
        return ctx.me.amber >= amber
    return who == "each" or bool(WHO[who](ctx))


@template()
@dataclass
class EachPlayer(Effect):
    """The effects once for each player ``who`` admits ("each", "haunted", "not haunted", "amber":
    with ``amber`` or more in their pool, asked before any player resolves), each as "you";
    ``who="opponent"``: the opponent alone ("Your opponent discards their hand and draws 4 cards");
    ``who="that player"``: the player the ability named before (chosen, or the player of the event
    it reacts to: "After a player chooses an active house, that player destroys an artifact of that
    house")."""

    effects: list = field(default_factory=list)
    who: str = "each"
    amber: int = 0

    def resolve(self, ctx: Context) -> bool:
        if self.who == "opponent":  # "your opponent <does X>": X as their own effect
            players = [ctx.opponent_name]
        elif self.who == "that player":
            players = [p for p in (chosen_player(ctx.source),) if p is not None]
        else:
            players = [p for p in _players(ctx) if _admits(self.who, self.amber, _as(ctx, p))]
        if not players:
            ctx.log(f"{ctx.source.name}: no player is affected")
        ok = bool(players)
        for player in players:
            theirs = _as(ctx, player)
            ok = resolve_all(self.effects, theirs) and ok
            # what they did "this way" is the ability's ("Your opponent discards each card from
            # their archives. You gain 1 for each card discarded this way.")
            ctx.chosen.update({k: v for k, v in theirs.chosen.items() if k.endswith("this way")})
            if ctx.game.winner:
                break
        return ok


@template()
@dataclass
class CaptureFromEachPlayer(Effect):
    """ "<It> captures N from each haunted player": from each player ``who`` admits in turn, the
    creature's own controller included (from their own pool, as "capture from your own side");
    ``amount="all"``: "capture all A from each player", each player's whole pool."""

    amount: int | str
    on: str
    who: str = "each"

    def resolve(self, ctx: Context) -> bool:
        creatures = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        if not creatures:
            return False
        players = [p for p in _players(ctx) if _admits(self.who, 0, _as(ctx, p))]
        ok = bool(players)
        for player in players:
            side = "own" if creatures[0].controller == player else "opposing"
            amount = ctx.game.players[player].amber if self.amount == "all" else self.amount
            ok = Capture(amount, self.on, side).resolve(ctx) and ok
        return ok
