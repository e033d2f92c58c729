"""Mass Mutation (MM): Shadows cards."""

from __future__ import annotations

from engine.library import Choose, TakeControl
from engine.cards import card


card("“Borrow”", play=[Choose("artifact", "enemy"), TakeControl(house="shadows")])
