"""Reactions at the edges of playing and discarding cards.

- "After an action card is played, but before resolving its play effect, <ability>" (Encounter
  Suit): it resolves at the timing point of the other "after ... is played" effects, after the
  card's bonus icons, but the active player must resolve it before the card's "Play:" ability
  (the 16.0 Encounter Suit FAQ; timing chart "Play a Card"). :class:`BeforePlayEffect` marks such
  a reaction; :func:`before_play_first` keeps the "Play:" ability out of the choice while one is
  pending.
- Discarding a card from hand emits ``"discarded"`` {card, player, house} ("each time you discard
  a Brobnar card from your hand": Rock-Hurling Giant).
"""
from __future__ import annotations

from dataclasses import dataclass

from .effects import Context, Effect
from .reactions import Reaction


@dataclass
class BeforePlayEffect(Reaction):
    """A reaction to ``"played"`` that resolves before the played card's "Play:" ability."""
    before_play = True


def before_play_first(pending: list) -> list:
    """The items of a play's timing point that may resolve next: ("play", card) waits while a
    :class:`BeforePlayEffect` reaction is pending."""
    waiting = any(kind == "reaction" and getattr(what[0], "before_play", False) for kind, what in pending)
    return [item for item in pending if item[0] != "play"] if waiting else pending


def action_card_played(ctx: Context) -> bool:
    """"After an action card is played" (by either player)."""
    card = ctx.event.get("card")
    return card is not None and card.type == "action"


def you_played_creature_with_trait(trait: str):
    """"After you play a <trait> creature"."""
    def match(ctx: Context) -> bool:
        card = ctx.event.get("card")
        return (card is not None and card.type == "creature" and ctx.event.get("player") == ctx.controller
                and trait in (t.lower() for t in card.printed.traits))
    match.__name__ = f"you_played_{trait}_creature"
    return match


def you_discarded_during_your_turn(house: str):
    """"During your turn, each time you discard a <house> card from your hand"."""
    def match(ctx: Context) -> bool:
        card = ctx.event.get("card")
        return (card is not None and ctx.event.get("player") == ctx.controller == ctx.game.active
                and ctx.event.get("house") == house)
    match.__name__ = f"you_discarded_{house}"
    return match


@dataclass
class WardHost(Effect):
    """An upgrade's "ward this creature": a ward counter on the creature it is attached to (a
    creature already warded cannot be warded again: glossary "Ward")."""

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else ctx.host
        if host is None or host.zone != "battleline":
            return False
        if host.ward:
            ctx.log(f"{host.label} is already warded")
            return False
        host.ward = True
        ctx.log(f"{host.label} is warded ({ctx.source.name})")
        return True
