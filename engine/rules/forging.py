"""Forging keys, wherever it happens: in the "forge a key" step or by a card effect ("Forge a key
at current cost"). One function does it all (:func:`forge_key`), so every way of forging pays the
same way and is seen the same way by other cards:

- Æmber a player may spend as if it were in their pool ("You may spend Æmber on Senator Shrix as
  if it were in your pool") counts towards the cost, and forging is not optional when the pool and
  such cards together hold enough (the Keyfrog and Senator Shrix FAQ). The active player makes
  every decision, so they choose how much comes from each card and how much from the pool.
- "When your opponent would forge a key" effects (Keyforgery) may stop the key: no Æmber is spent.
- Every key forged is remembered with the turn it was forged in ("if your opponent forged a key
  on their previous turn", Key Hammer), and "after a key is forged" reactions (Forgemaster Og,
  Interdimensional Graft) resolve at the same timing point: the active player orders them (the
  Interdimensional Graft and Forgemaster Og FAQ).

Timing chart, step 1: "Forge a key"; glossary "Forge a Key", "Unforge", "Active Player".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules.ability import Context, Effect
from engine.rules.reactions import Reaction
from engine.core.state import CardInstance, LastingEffect
from engine.rules.statics import Static
from engine.core.registry import template
from engine.rules.houses import houses_in_game
from engine.rules.key_colors import COLORS, color_to_forge, record_forged, unforge_color, unforged_colors
from engine.rules.next_turns import during_next_turn_of
from engine.rules.replacements import add_to_pool

if TYPE_CHECKING:
    from engine.rules.game import Engine

MAX_KEYS = 3


# ------------------------------------------------------------------------------ statics


class ForgeStatic(Static):
    """Constant abilities about forging keys (each hook neutral by default)."""

    def spendable(self, eng: "Engine", source: CardInstance, controller: str, player: str) -> CardInstance | None:
        """A card whose Æmber ``player`` may spend as if it were in their pool, or None."""
        return None

    def spendable_group(self, eng: "Engine", source: CardInstance, controller: str, player: str) -> list[CardInstance]:
        """Every card whose Æmber ``player`` may spend as if it were in their pool ("on friendly
        creatures"); by default the one :meth:`spendable` gives."""
        card = self.spendable(eng, source, controller, player)
        return [] if card is None else [card]

    def spent_as_amber(self, eng: "Engine", source: CardInstance, controller: str, player: str) -> list[CardInstance]:
        """Cards ``player`` may spend as if each were one Æmber in their pool ("You may spend
        Æmberling as if it were A in your pool. (Discard it, ignoring wards.)")."""
        return []

    def stops_forge(self, eng: "Engine", source: CardInstance, controller: str, player: str) -> bool:
        """ "When <player> would forge a key, ...": True when the key is not forged."""
        return False

    def color_cost(self, eng: "Engine", source: CardInstance, controller: str, player: str, color: str) -> int:
        """ "Red keys cost +1": what forging their key of ``color`` costs ``player`` more."""
        return 0

    def more_keys_to_win(self, eng: "Engine", source: CardInstance, controller: str, player: str) -> int:
        """ "You must forge 1 additional key to win the game": keys ``player`` needs beyond three."""
        return 0


@template(kind="static")
@dataclass
class SpendAmberOnSelf(ForgeStatic):
    """ "You may spend Æmber on <this card> as if it were in your pool"."""

    def spendable(self, eng, source, controller, player) -> CardInstance | None:
        return source if player == controller and source.in_play else None


@template(kind="static")
@dataclass
class SpendSelfAsAmber(ForgeStatic):
    """ "You may spend <this card> as if it were A in your pool. (Discard it, ignoring wards.)":
    when its controller forges, the card may pay 1 of the cost, discarded as it is spent."""

    def spent_as_amber(self, eng, source, controller, player) -> list[CardInstance]:
        return [source] if player == controller and source.in_play else []


@dataclass
class RevealToStopForge(ForgeStatic):
    """ "When your opponent would forge a key [on their turn], that player names a house. Reveal a
    random card from your hand. If that card is not of the named house, destroy <this card> and
    they do not forge that key (no Æmber is spent)." (Keyforgery; its 16.0 erratum adds "on their
    turn": ``own_turn_only``.)"""

    own_turn_only: bool = False

    def stops_forge(self, eng, source, controller, player) -> bool:
        g = eng.game
        if player == controller or not source.in_play or (self.own_turn_only and g.active != player):
            return False

        houses = houses_in_game(g)
        named = eng.chooser.choose(f"{player} names a house ({source.label})", houses)
        hand = g.players[controller].zone("hand")
        revealed = g.rng.choice(hand) if hand else None
        g.log(
            f"{player} names {named}; {controller} reveals "
            f"{revealed.label + ' (' + revealed.house + ')' if revealed else 'no card (empty hand)'}"
        )
        if revealed is not None and revealed.house == named:
            return False
        eng.destroy([source])
        g.log(f"{player} does not forge that key ({source.label}); no Æmber is spent")
        return True


@template(kind="static")
@dataclass
class ColorKeysCost(ForgeStatic):
    """ "Red keys cost +1": each player's key of ``color`` costs ``amount`` more to forge at cost."""

    color: str
    amount: int

    def color_cost(self, eng, source, controller, player, color) -> int:
        return self.amount if color == self.color else 0


@template(kind="static")
@dataclass
class MoreKeysToWin(ForgeStatic):
    """ "You must forge 1 additional key to win the game": its controller wins on forging a fourth."""

    amount: int

    def more_keys_to_win(self, eng, source, controller, player) -> int:
        return self.amount if player == controller else 0


@template(kind="static")
@dataclass
class KeysCost(Static):
    """ "Keys cost +N" (while the static is in force: Sensor Chief Garcia's "during your opponent's
    next turn" is a lasting static for that turn)."""

    amount: int

    def key_cost(self, eng, source, controller, player) -> int:
        return self.amount


def _forge_statics(eng: "Engine"):
    return [(s, src, ctl) for s, src, ctl in eng.statics() if isinstance(s, ForgeStatic)]


def spendable_cards(eng: "Engine", player: str) -> list[CardInstance]:
    """The cards with Æmber ``player`` may spend as if it were in their pool."""
    found = []
    for s, src, ctl in _forge_statics(eng):
        for card in s.spendable_group(eng, src, ctl, player):
            if card.amber and card not in found:
                found.append(card)
    return found


def cards_spent_as_amber(eng: "Engine", player: str) -> list[CardInstance]:
    """The cards ``player`` may spend as if each were one Æmber in their pool."""
    found = []
    for s, src, ctl in _forge_statics(eng):
        found += [c for c in s.spent_as_amber(eng, src, ctl, player) if c not in found]
    return found


def available_amber(eng: "Engine", player: str) -> int:
    """What ``player`` can spend on a key: their pool, the Æmber they may spend on cards, and the
    cards they may spend as Æmber."""
    p = eng.game.players[player]
    return p.amber + sum(c.amber for c in spendable_cards(eng, player)) + len(cards_spent_as_amber(eng, player))


# ------------------------------------------------------------------------------ forging


def keys_to_win(eng: "Engine", player: str) -> int:
    """16.0 "Objective": "The first player to forge three keys wins the game"; a constant ability
    may ask more of a player ("You must forge 1 additional key to win the game")."""
    return MAX_KEYS + sum(s.more_keys_to_win(eng, src, ctl, player) for s, src, ctl in _forge_statics(eng))


def can_forge(eng: "Engine", player: str, cost: int) -> bool:
    return eng.game.players[player].keys < keys_to_win(eng, player) and available_amber(eng, player) >= cost


def _colored_cost(eng: "Engine", player: str, cost: int, color: str | None) -> tuple[str | None, int] | None:
    """Where a key colour costs more ("Red keys cost +1"), the key forged and its cost: the player
    chooses among their unforged keys (``color``: that one) whose cost they can pay; None when they
    can pay for none. Where no colour costs more, ``(color, cost)`` unchanged."""
    extra = {c: sum(s.color_cost(eng, src, ctl, player, c) for s, src, ctl in _forge_statics(eng)) for c in COLORS}
    if not any(extra.values()):
        return color, cost
    amber = available_amber(eng, player)
    options = [c for c in ([color] if color else unforged_colors(eng, player)) if amber >= max(0, cost + extra[c])]
    if not options:
        eng.game.log(f"{player} cannot pay for any of their unforged keys ({amber} Æmber)")
        return None
    chosen = options[0] if len(options) == 1 else eng.chooser.choose(f"{player}: which key to forge", options)
    return chosen, max(0, cost + extra[chosen])


def forge_key(eng: "Engine", player: str, cost: int, why: str, color: str | None = None, at_cost: bool = True) -> bool:
    """``player`` forges a key at ``cost`` if they can (not optional); True when a key is forged.
    ``color``: the key of that colour ("Forge your blue key"), which must be unforged; else the
    player flips any one of their unforged keys (engine.rules.key_colors). ``at_cost``: the cost is
    the current cost, to which a key colour's ("Red keys cost +1") is added (not "at no cost")."""
    g = eng.game
    p = g.players[player]
    if not can_forge(eng, player, cost):
        return False
    for s, src, ctl in _forge_statics(eng):
        if s.stops_forge(eng, src, ctl, player):
            return False
    if not can_forge(eng, player, cost):  # a "would forge" effect changed the board
        return False
    if at_cost:
        colored = _colored_cost(eng, player, cost, color)
        if colored is None:
            return False
        color, cost = colored
    _pay(eng, player, cost)
    color = color_to_forge(eng, player, color)
    p.keys += 1
    record_forged(eng, player, color)
    g.keys_forged.append((player, g.turn, color))
    what = f"their {color} key" if color else "a key"
    g.log(f"{player} forges {what} for {cost} Æmber ({why}; {p.keys} forged, {p.amber} left)")
    if p.keys >= keys_to_win(eng, player):
        g.winner = player
        g.log(f"{player} wins the game")
        return True
    # "spent": the Æmber spent, which the first "you get all Æmber spent" takes (two The Stings
    # do not get it twice)
    eng.emit("key_forged", player=player, cost=cost, spent={"left": cost})
    return True


def _pay(eng: "Engine", player: str, cost: int) -> None:
    """Spend ``cost`` Æmber of ``player``'s from the cards they may spend it from and their pool;
    the active player decides how much comes from each card (one legal split: no question)."""
    g = eng.game
    p = g.players[player]
    left = cost
    cards = spendable_cards(eng, player)
    as_amber = cards_spent_as_amber(eng, player)
    for i, card in enumerate(as_amber):  # each one Æmber; spent by discarding it, ignoring wards
        elsewhere = p.amber + sum(c.amber for c in cards) + len(as_amber) - i - 1
        if not left:
            break
        question = f"{g.active}: spend {card.label} as 1 Æmber on {player}'s key ({left} left)?"
        if elsewhere >= left and not eng.chooser.may(question):
            continue
        eng.leave_play(card, "discard", ward=False)
        left -= 1
        g.log(f"{card.label} is spent as 1 Æmber on {player}'s key")
    for i, card in enumerate(cards):
        elsewhere = p.amber + sum(c.amber for c in cards[i + 1 :])
        low, high = max(0, left - elsewhere), min(card.amber, left)
        take = eng.chooser.choose(
            f"{g.active}: how much of {player}'s key cost ({left} left) is spent "
            f"from {card.label} ({card.amber} on it)",
            list(range(low, high + 1)),
        )
        card.amber -= take
        left -= take
        if take:
            g.log(f"{take} Æmber on {card.label} is spent on {player}'s key")
    p.amber -= left


def keys_forged_on(game, player: str, turn: int) -> int:
    return sum(1 for who, t, _ in game.keys_forged if who == player and t == turn)


# ------------------------------------------------------------------------------ effects


@template(kind="condition", value=True)
def opponent_forged_last_turn(ctx: Context) -> bool:
    """ "If your opponent forged a key on their previous turn" (the turn before this one)."""
    return keys_forged_on(ctx.game, ctx.opponent_name, ctx.game.turn - 1) > 0


@dataclass
class UnforgeOpponentsKey(Effect):
    """ "Unforge it": one key the opponent forged on their previous turn goes back to unforged (one
    only, however many they forged: the Key Hammer FAQ). Keys carry no identity in the state, so
    which of them is chosen makes no difference to the board."""

    def resolve(self, ctx: Context) -> bool:
        g, who = ctx.game, ctx.opponent_name
        turn = g.turn - 1
        if ctx.opponent.keys <= 0 or not keys_forged_on(g, who, turn):
            return False
        forged = [k for k in g.keys_forged if k[0] == who and k[1] == turn]
        g.keys_forged.remove(forged[0])
        ctx.opponent.keys -= 1
        unforge_color(ctx.eng, who, among=[k[2] for k in forged if k[2]] or None)
        ctx.log(f"{ctx.source.name}: {who} unforges a key forged on their previous turn ({ctx.opponent.keys} forged)")
        return True


@dataclass
class ForgerLosesRemaining(Effect):
    """ "<The player who forged> loses all of their remaining Æmber" (Forgemaster Og)."""

    def resolve(self, ctx: Context) -> bool:
        who = ctx.event["player"]
        pool = ctx.game.players[who]
        lost, pool.amber = pool.amber, 0
        ctx.log(f"{ctx.source.name}: {who} loses their remaining {lost} Æmber")
        return True


@dataclass
class ForgerGivesRemaining(Effect):
    """ "They must give (pay) you their remaining Æmber": the player who forged gives the rest of
    their pool to the controller of this ability (not a steal)."""

    def resolve(self, ctx: Context) -> bool:
        who = ctx.event["player"]
        pool = ctx.game.players[who]

        given, pool.amber = pool.amber, 0
        add_to_pool(ctx.eng, ctx.controller, given, f"{who}'s remaining Æmber, given ({ctx.source.name})")
        return True


def a_player_forged(ctx: Context) -> bool:
    return ctx.event.get("player") is not None


@dataclass
class AfterOpponentForgesNextTurn(Effect):
    """ "After your opponent forges a key during their next turn, <ability>" (older wording: "If an
    opponent forges a key on their next turn"): a lasting reaction for that turn only."""

    ability: list

    def resolve(self, ctx: Context) -> bool:
        opponent = ctx.opponent_name
        params = during_next_turn_of(opponent)

        def when(c: Context) -> bool:
            return c.event.get("player") == opponent and c.game.turn == params["during_turn"]

        reaction = Reaction("key_forged", self.ability, when=when)
        params.update(reaction=reaction, card=ctx.source)
        ctx.game.lasting.append(LastingEffect("reaction", ctx.source.name, ctx.controller, params))
        ctx.log(f"{ctx.source.name}: a lasting effect for {opponent}'s next turn")
        return True
