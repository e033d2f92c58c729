"""Conditions (``(ctx) -> bool``) on a player and their turn: whose turn it is, how many cards are in
a player's hand or deck, their forged keys, being haunted or not, the creatures destroyed this turn
on either side, and whether a card an earlier effect named is still in play ("if it is not
destroyed").

They are read by the ``[[condition]]`` templates, as :mod:`engine.library.conditions`'s are; that
module holds the conditions on Æmber, creatures in play and the cards' own state. A new condition on
a player's zones, keys or turn goes here.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.rules.ability import Condition, Context
from engine.library.choosing_players import chosen_player
from engine.library.conditions import refs_named
from engine.library.playing import plays_this_turn
from engine.rules.haunted import is_haunted
from engine.rules.houses import belongs_to
from engine.rules.turn import key_cost


@template(kind="condition", value=True)
def is_your_turn(ctx: Context) -> bool:
    """ "If it is your turn": the ability's controller is the active player."""
    return ctx.game.active == ctx.controller


@template(kind="condition", value=True)
def not_haunted(ctx: Context) -> bool:
    """ "If you are not haunted" (engine.rules.haunted)."""
    return not is_haunted(ctx.eng, ctx.controller)


@template(kind="condition")
def chosen_player_haunted(present: bool = True) -> Condition:
    """ "If that player is (not) haunted": the player the ability chose last ("Discard the top card
    from a player's deck. If that player is not haunted, repeat this effect";
    engine.library.choosing_players); no player chosen yet: false."""

    def condition(ctx: Context) -> bool:
        player = chosen_player(ctx.source)
        return player is not None and is_haunted(ctx.eng, player) == present

    condition.__name__ = f"chosen_player_haunted_{present}"
    return condition


@template(kind="condition")
def cards_in_zone(zone: str, op: str, n: int, who: str = "self") -> Condition:
    """ "If you have no cards in your hand" (``op`` "at_most", 0), "3 or fewer cards in your hand"
    ("at_most", 3), "fewer than 4 cards" ("fewer", 4), "5 or fewer cards in your deck"."""

    def condition(ctx: Context) -> bool:
        count = len((ctx.me if who == "self" else ctx.opponent).zone(zone))
        return count <= n if op == "at_most" else count < n if op == "fewer" else count >= n

    condition.__name__ = f"{who}_cards_in_{zone}_{op}_{n}"
    return condition


@template(kind="condition")
def forged_keys(compare: str) -> Condition:
    """ "If you have no forged keys" (``compare`` "none"), "if you and your opponent have the same
    number of forged keys" ("same")."""

    def condition(ctx: Context) -> bool:
        return ctx.me.keys == 0 if compare == "none" else ctx.me.keys == ctx.opponent.keys

    condition.__name__ = f"forged_keys_{compare}"
    return condition


@template(kind="condition")
def destroyed_this_turn(side: str, n: int = 1) -> Condition:
    """ "If a friendly (an enemy) creature was destroyed this turn", "if N or more enemy creatures
    have been destroyed this turn": the creatures destroyed this turn, by their controller as they
    were destroyed."""

    def condition(ctx: Context) -> bool:
        player = ctx.controller if side == "friendly" else ctx.opponent_name
        return ctx.game.destroyed_this_turn.count(player) >= n

    condition.__name__ = f"{n}_{side}_destroyed_this_turn"
    return condition


@template(kind="condition")
def still_in_play(ref: str) -> Condition:
    """ "If it (that creature) is not destroyed": the card an earlier effect named is still in play
    (a creature a ward kept in play was not destroyed)."""

    def condition(ctx: Context) -> bool:
        cards = refs_named(ctx, ref)
        return bool(cards) and all(c.in_play for c in cards)

    return condition


@template(kind="condition")
def used_creature_to(how: str, present: bool = True) -> Condition:
    """ "If you have used a creature to fight (reap) this turn" (``present`` False: "if you did not
    use any creatures to fight this turn"): a use that went through as a fight or a reap (using a
    stunned creature only removes its stun, glossary "Stun": it neither fights nor reaps)."""

    def condition(ctx: Context) -> bool:
        return ((ctx.controller, how) in ctx.game.creature_uses_this_turn) == present

    condition.__name__ = f"used_creature_to_{how}_{present}"
    return condition


@template(kind="condition", value=True)
def used_no_creatures(ctx: Context) -> bool:
    """ "If you did not use any creatures this turn" (a stunned creature used to remove its stun is
    used)."""
    return not any(c.type == "creature" and c.controller == ctx.controller for c in ctx.game.used_this_turn)


@template(kind="condition", value=True)
def opponent_can_pay_key_cost(ctx: Context) -> bool:
    """ "If they have Æmber in their pool equal to or greater than the current key cost" (your
    opponent, at the end of their turn: a prophecy's): their pool against their own current cost."""
    return ctx.opponent.amber >= key_cost(ctx.eng, ctx.opponent_name)


@template(kind="condition", value=True)
def same_number_of_creatures(ctx: Context) -> bool:
    """ "If each player has the same number of creatures" (in play, in their battlelines)."""
    return len(ctx.me.creatures) == len(ctx.opponent.creatures)


@template(kind="condition")
def stolen_this_turn(n: int = 1) -> Condition:
    """ "If you have stolen at least N Æmber this turn": the Æmber the ability's controller stole
    this turn (a steal replaced by a capture is no steal: engine.rules.replacements)."""

    def condition(ctx: Context) -> bool:
        g = ctx.game
        return sum(a for turn, thief, a in g.steals if turn == g.turn and thief == ctx.controller) >= n

    condition.__name__ = f"stolen_{n}_this_turn"
    return condition


@template(kind="condition", value=True)
def opponent_stole_last_turn(ctx: Context) -> bool:
    """ "If your opponent stole Æmber from you on their previous turn" (the turn before this one, as
    "if your opponent forged a key on their previous turn" reads it: engine.rules.forging)."""
    return any(turn == ctx.game.turn - 1 and thief == ctx.opponent_name for turn, thief, _ in ctx.game.steals)


@template(kind="condition")
def exalted_this_turn(side: str = "friendly") -> Condition:
    """ "If you exalted a friendly creature this turn": a creature of that side exalted by an effect
    of the ability's controller this turn."""

    def condition(ctx: Context) -> bool:
        g = ctx.game
        whose = ctx.controller if side == "friendly" else ctx.opponent_name
        return any(turn == g.turn and by == ctx.controller and owner == whose for turn, by, owner in g.exalts)

    condition.__name__ = f"exalted_{side}_this_turn"
    return condition


@template(kind="condition")
def pools_total_at_least(n: int) -> Condition:
    """ "If there is a combined total of N Æmber or more between both players' pools"."""

    def condition(ctx: Context) -> bool:
        return ctx.me.amber + ctx.opponent.amber >= n

    condition.__name__ = f"pools_total_at_least_{n}"
    return condition


@template(kind="condition")
def its_controller_haunted(ref: str, present: bool = True) -> Condition:
    """ "If that creature's controller is haunted" (``present`` False: "is not haunted"): the
    controller of the card an earlier effect named."""

    def condition(ctx: Context) -> bool:
        cards = refs_named(ctx, ref)
        return bool(cards) and all(is_haunted(ctx.eng, c.controller) == present for c in cards)

    return condition


@template(kind="condition", value=True)
def first_reap_this_turn(ctx: Context) -> bool:
    """ "If it is the first time a creature has reaped this turn" (after it reaps): one reap this
    turn so far (a stunned creature used only removes its stun: it did not reap)."""
    return sum(1 for _, how in ctx.game.creature_uses_this_turn if how == "reap") == 1


@template(kind="condition", value=True)
def fought_was_destroyed(ctx: Context) -> bool:
    """ "If the creature <this creature> fought was destroyed" (in its "After Fight:" ability): the
    creature of the fight is no longer in play, gone to a discard pile."""
    defender = (ctx.event.get("fight") or {}).get("defender")
    return defender is not None and defender.zone == "discard"


@template(kind="condition")
def played_this_turn(kind: str | None = None, present: bool = True) -> Condition:
    """ "If you did not play a creature this turn" (``present`` False, ``kind`` "creature"): the
    cards the ability's controller has played this turn (engine.library.playing.plays_this_turn)."""

    def condition(ctx: Context) -> bool:
        return (plays_this_turn(ctx.game, ctx.controller, kind=kind) > 0) == present

    condition.__name__ = f"{'' if present else 'no_'}{kind or 'card'}_played_this_turn"
    return condition


@template(kind="condition")
def used_of_house_this_turn(house: str, n: int = 1) -> Condition:
    """ "If you have used N or more friendly <house> creatures this turn": the distinct creatures of
    that house the ability's controller has used this turn (as they belong now)."""

    def condition(ctx: Context) -> bool:
        used = {
            id(c)
            for c in ctx.game.used_this_turn
            if c.type == "creature" and c.controller == ctx.controller and belongs_to(ctx.eng, c, house)
        }
        return len(used) >= n

    condition.__name__ = f"used_{n}_{house}_creatures_this_turn"
    return condition


@template(kind="condition", value=True)
def self_fighting(ctx: Context) -> bool:
    """ "While fighting, <this creature> ...": it is the attacker or the creature attacked in the
    fight resolving now (16.0, Stealer of Souls FAQ: "the Stealer of Souls and the creature it is
    fighting")."""
    return ctx.source in (ctx.game.attacking, ctx.game.defending)


@template(kind="condition")
def chosen_player_creatures(n: int, stat: str = "amber") -> Condition:
    """ "If that player controls 4 or more creatures with A on them" (``stat`` "amber": how many of
    their creatures hold Æmber), "if they control creatures with total power 20 or higher" (``stat``
    "power": the total power of their creatures): asked of the player a reaction is about (the
    chosen player), at least ``n``."""

    def test(ctx: Context) -> bool:
        player = chosen_player(ctx.source)
        if player is None:
            return False
        creatures = ctx.game.players[player].creatures
        if stat == "power":
            return sum(ctx.eng.power(c) for c in creatures) >= n
        return sum(1 for c in creatures if c.amber > 0) >= n

    return test
