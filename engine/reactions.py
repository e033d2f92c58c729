"""Abilities that respond to game events: "After an enemy creature is destroyed fighting ...",
"each time you play another card, ...". A reaction lives on a card in play (its definition's
``reactions``) or in a lasting effect; the engine emits events and resolves every reaction that
matches, with the event in the context (``ref "event"`` is the card the event is about).

Events: ``"played"`` {card}, ``"destroyed"`` {card, fight: (attacker, defender) or None},
``"reaped"`` {card}, ``"fought"`` {card}.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .effects import Context

Match = Callable[["Context"], bool]


@dataclass
class Reaction:
    event: str
    ability: list
    #: does this event concern the reaction? (the context's ``event`` holds the details)
    when: Match = field(default=lambda ctx: True)


# ---------------------------------------------------------------------------- common matches

def own_play_of_another_card(ctx: "Context") -> bool:
    card = ctx.event.get("card")
    return ctx.event.get("player") == ctx.controller and card is not ctx.source


def destroyed_fighting_self(ctx: "Context") -> bool:
    """"After an enemy creature is destroyed fighting <this creature>": the creature was in a fight
    with the source (attacking it or attacked by it) and this card survived to see it."""
    fight = ctx.event.get("fight")
    card = ctx.event.get("card")
    return (fight is not None and ctx.source in fight and card in fight and card is not ctx.source
            and ctx.event.get("controller") != ctx.controller)


def enemy_creature_destroyed(ctx: "Context") -> bool:
    card = ctx.event.get("card")
    return (card is not None and card.type == "creature"
            and ctx.event.get("controller") not in (None, ctx.controller))
