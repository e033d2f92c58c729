"""Abilities that respond to game events: "After an enemy creature is destroyed fighting ...",
"each time you play another card, ...". A reaction lives on a card in play (its definition's
``reactions``) or in a lasting effect; the engine emits events and resolves every reaction that
matches, with the event in the context (``ref "event"`` is the card the event is about).

Events: ``"played"`` {card, player, from: the zone it was played from, "hand" unless a card effect
played it from elsewhere}, ``"destroyed"`` {card, controller, fight: (attacker, defender) or
None, creature: it was a creature when destroyed, damage_by: (the card, the keyword or None) that
placed the last of the damage that destroyed it, None when its damage did not}, ``"reaped"`` {card, player, amber: {"gained": n} (what is left of the Æmber reaping gained)},
``"fought"`` {card, controller, neighbors (the attacker's neighbors when it was used)}, ``"entered_play"`` {card, controller},
``"house_chosen"`` {player, house}, ``"armor_prevented"`` {card, controller, amount},
``"discarded"`` {card, player, house} (discarded from hand, engine.rules.play_timing),
``"damaged"`` {card, controller, amount} (after the instance of damage and the destructions it
caused), ``"bonus_icon_damage"`` {card, controller}, ``"bonus_icon_resolved"`` {player, icon, card}, ``"tide_raised"`` {player}, ``"end_of_turn"`` {player}
(after the draw of step 5), ``"key_forged"`` {player, cost} (engine.rules.forging), ``"attached"`` {card: the
upgrade, to, player} (engine.rules.gained_text), ``"left_play"`` {card, controller} (engine.rules.leaves_play),
``"start_of_turn"`` {player} (engine.rules.turn), ``"discard_shuffled_into_deck"`` {player} (a discard pile
shuffled into its deck: by an effect, or to reset an empty deck to draw, engine.rules.game.Engine.draw), ``"deck_shuffled"`` {player} (a player's deck shuffled,
engine.library.zones.shuffle_deck), ``"stolen"`` {player: the thief, victim,
amount} (engine.rules.replacements.steal), ``"before_fight"`` {card, controller, defender, outcome}
(engine.rules.hooks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.ability import Context

Match = Callable[["Context"], bool]


@dataclass
class Reaction:
    event: str
    ability: list
    #: does this event concern the reaction? (the context's ``event`` holds the details)
    when: Match = field(default=lambda ctx: True)
    #: where its card listens: "play", or the pile its ability takes the card out of, which the text
    #: names as where it works ("After you choose Dis ..., you may return <this card> from your
    #: discard pile to your hand"): :func:`pile_listeners`
    zone: str = "play"


def pile_listeners(eng) -> list[tuple]:
    """The reactions of cards in their owner's discard pile that work there (``zone="discard"``), as
    the listener tuples of :meth:`engine.rules.game.Engine.listeners` (their controller is the owner).
    Only a card whose text names itself in your discard pile, as where its ability takes it from or
    asks it to be ("return <this card> from your discard pile", "if <this card> is in your discard
    pile"), can have one: no other card of a pile is read (one not playable yet may lie there, as it
    may in a deck)."""
    return [
        (r, card, card.owner, False)
        for player in eng.game.players.values()
        for card in list(player.zones["discard"])
        if _works_in_discard(card)
        for r in eng.variant(card).reactions
        if r.zone == "discard"
    ]


def _works_in_discard(card) -> bool:
    text, name = card.printed.text.lower(), card.name.lower()
    return f"{name} from your discard pile" in text or f"{name} is in your discard pile" in text


# ---------------------------------------------------------------------------- common matches


def own_play_of_another_card(ctx: "Context") -> bool:
    card = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and card is not ctx.source


def destroyed_fighting_self(ctx: "Context") -> bool:
    """ "After an enemy creature is destroyed fighting <this creature>": the creature was in a fight
    with the source (attacking it or attacked by it) and this card survived to see it."""
    fight = ctx.event.get("fight")
    card = ctx.event.get("card")
    return (
        fight is not None
        and ctx.source in fight
        and card in fight
        and card is not ctx.source
        and ctx.event.get("controller") != ctx.controller
    )


def _was_creature(ctx: "Context", card) -> bool:
    """The destroyed card was a creature when destroyed (a token creature has reverted to its
    printed card by the time "after ... destroyed" reactions look: engine.rules.mechanics.tokens)."""
    return ctx.event["creature"] if "creature" in ctx.event else card.type == "creature"


def enemy_creature_destroyed(ctx: "Context") -> bool:
    card = ctx.event.get("card")
    return card is not None and _was_creature(ctx, card) and ctx.event.get("controller") not in (None, ctx.controller)


def creature_destroyed(ctx: "Context") -> bool:
    """ "Each time a creature is destroyed": any creature, friendly or enemy."""
    card = ctx.event.get("card")
    return card is not None and _was_creature(ctx, card)


def enemy_creature_entered_play(ctx: "Context") -> bool:
    card = ctx.event.get("card")
    return (
        card is not None
        and card.type == "creature"
        and card.zone == "battleline"
        and ctx.event.get("controller") != ctx.controller
    )


def you_chose_house(house: str, anyone: bool = False) -> Match:
    """ "After you choose <house> as your active house" (``anyone``: "after a player chooses <house>
    as their active house", either player)."""

    def match(ctx: "Context") -> bool:
        return (anyone or ctx.event.get("player") == ctx.controller) and ctx.event.get("house") == house

    match.__name__ = f"{'a_player' if anyone else 'you'}_chose_{house}"
    return match


def neighbor_fought(ctx: "Context") -> bool:
    """ "After a neighbor of <this creature> fights": a neighbor when the fight began, whether or
    not it survived."""
    return ctx.source in ctx.event.get("neighbors", ())


def opponent_reaped(ctx: "Context") -> bool:
    """ "After your opponent gains Æmber by reaping"."""
    return ctx.event.get("player") not in (None, ctx.controller)


def your_turn(ctx: "Context") -> bool:
    """ "At the start of your turn": the event is about the controller's turn."""
    return ctx.event.get("player") == ctx.controller


def self_event(ctx: "Context") -> bool:
    """The event is about this card ("After Maruck the Marked prevents damage with its armor")."""
    return ctx.event.get("card") is ctx.source


def opponent_played_creature_on_flank(side: str) -> Match:
    """ "After your opponent plays a creature on their left (right) flank": the creature is at that
    end of its battleline once played; a creature alone is on both flanks (the Sinestra and Dexus
    FAQ)."""

    def match(ctx: "Context") -> bool:
        card = ctx.event.get("card")
        if card is None or card.type != "creature" or ctx.event.get("player") in (None, ctx.controller):
            return False
        line = ctx.game.players[card.controller].creatures
        return card in line and card is (line[0] if side == "left" else line[-1])

    match.__name__ = f"opponent_played_creature_on_{side}_flank"
    return match
