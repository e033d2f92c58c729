"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from engine.library.status import ArchiveTopOfDeck
from engine.rules.reactions import Reaction
from engine.cards import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])
