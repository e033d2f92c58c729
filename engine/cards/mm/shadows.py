"""Mass Mutation (MM): Shadows cards."""

from __future__ import annotations

from engine.library.control import TakeControl
from engine.rules.targets import Choose
from engine.cards import card


card("“Borrow”", play=[Choose("artifact", "enemy"), TakeControl(house="shadows")])
