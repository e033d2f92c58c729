"""Cards a player discards from their hand archived for a turn: "During your opponent's next turn,
..., each time they discard a card from their hand, they may instead archive that card" (a
replacement: the card goes to its owner's archives instead of the discard pile, and so is not
discarded), and the earlier printing "..., they may archive that card from their discard pile" (a
reaction: discarded first, then archived from the pile).

Why a module of its own: the replacement is of where a card goes from a hand
(:func:`engine.rules.replacements.zone_instead`, asked for a discard from hand by
:meth:`engine.rules.game.Engine.put_away`), which no other library subject holds. A new effect on
the discards of a player goes here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.library.flow import May
from engine.library.zones import MoveTo
from engine.rules.ability import Context, Effect
from engine.rules.next_turns import during_next_turn_of
from engine.rules.reactions import Reaction
from engine.rules.replacements import Event, Replacement


@dataclass
class ArchivedInsteadOfDiscarded(Replacement):
    """The opponent of the controller may archive a card they would discard from their hand."""

    optional = True

    def replaces(self, eng, source, controller, event: Event) -> bool:
        return (
            event.kind == "zone"
            and event.zone == "discard"
            and event.from_zone == "hand"
            and event.card.owner == eng.game.other(controller)
        )

    def instead(self, eng, source, controller, event: Event) -> Event:
        return replace(event, zone="archives")


def _their_discard_in_pile(ctx: Context) -> bool:
    card = ctx.event.get("card")
    return ctx.event.get("player") == ctx.opponent_name and card is not None and card.zone == "discard"


@template()
@dataclass
class OpponentMayArchiveDiscardsNextTurn(Effect):
    """ "During your opponent's next turn, each time they discard a card from their hand, they may
    instead archive that card" (``instead``), "... they may archive that card from their discard
    pile" (not ``instead``: after it is discarded)."""

    instead: bool = True

    def resolve(self, ctx: Context) -> bool:
        window = during_next_turn_of(ctx.opponent_name)
        if self.instead:
            params = {"static": ArchivedInsteadOfDiscarded(), "card": ctx.source, **window}
            ctx.game.lasting.append(LastingEffect("static", ctx.source.name, ctx.controller, params))
        else:
            reaction = Reaction("discarded", [May([MoveTo("archives", "event")])], when=_their_discard_in_pile)
            params = {"reaction": reaction, "card": ctx.source, **window}
            ctx.game.lasting.append(LastingEffect("reaction", ctx.source.name, ctx.controller, params))
        ctx.log(f"{ctx.source.name}: {ctx.opponent_name} may archive the cards they discard from hand next turn")
        return True
