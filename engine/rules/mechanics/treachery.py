"""The treachery keyword (later sets: Æmber Skies, Grim Reminders, Prophetic Visions, ...).

The 16.0 Master Rulebook does not define it; this reading is from its reminder text, printed on the
cards that have it (Curse of Forgery, Elenya the Charming): "(This card enters play under your
opponent's control.)" So a card with treachery enters play under the control of the opponent of
the player putting it into play, every time it enters play, as a card whose own text says "<This
card> enters play under your opponent's control" does (the Scowly Caper and Spangler Box FAQ,
engine.library.control). Its owner does not change: it leaves play to its owner's zones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


def enters_under_opponent(eng: "Engine", card: "CardInstance") -> bool:
    """Does ``card`` enter play under the opponent's control: treachery, or its own text saying so?"""
    return bool(eng.variant(card).enters_under_opponent or eng.has(card, "treachery"))
