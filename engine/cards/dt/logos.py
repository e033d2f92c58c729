"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from engine.library import ArchiveTopOfDeck, Reaction
from engine.cards import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])
