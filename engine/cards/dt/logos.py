"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from ...effects_status import ArchiveTopOfDeck
from ...reactions import Reaction
from .. import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])
