"""A card's permission to return it from its owner's discard pile to their hand, with no timing of
its own: "While you are haunted, you may return Singing Scythe from your discard pile to your hand."

The text names no moment, and a player acts on their own only in step 3 of their turn (16.0 "Step 3:
Play, Discard, and Use Cards"): so the card's owner may return it then, as an action of their own
(``return_from_discard`` in a scenario), any number of times, while the condition holds. It is not
playing, discarding or using a card (the First Turn Rule and "after you use" do not count it). The
permission is the card's constant ability read where the card is, in the discard pile: the
engine's constant abilities in force are those of cards in play, so this one is asked only by the
action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from engine.core.errors import IllegalAction
from engine.rules.ability import Context
from engine.rules.statics import Static

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


@dataclass
class ReturnableFromDiscard(Static):
    """ "While <cond>, you may return <this card> from your discard pile to your hand" (``cond``
    asked of its owner; None: always)."""

    cond: Callable[[Context], bool] | None = None


def return_from_discard(eng: "Engine", card: "CardInstance") -> None:
    """The active player returns ``card``, theirs, from their discard pile to their hand, as its
    permission allows; an :class:`IllegalAction` says why not."""
    g = eng.game
    if g.step != 3 or g.step3_closed:
        raise IllegalAction(f"a card is returned from a discard pile in step 3 only (the turn is at step {g.step})")
    if card.zone != "discard" or card.owner != g.active:
        raise IllegalAction(f"{card.label} is not in {g.active}'s discard pile")
    found = [s for s in eng.variant(card).statics if isinstance(s, ReturnableFromDiscard)]
    if not found:
        raise IllegalAction(f"{card.label} gives no permission to return it from the discard pile")
    ctx = eng.context(card, g.active)
    if not any(s.cond is None or s.cond(ctx) for s in found):
        raise IllegalAction(f"{card.label} cannot be returned to hand now (its condition does not hold)")
    eng.put_away(card, "hand")
    g.log(f"{g.active} returns {card.label} from their discard pile to their hand")
