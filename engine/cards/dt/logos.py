"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from engine.library import ArchiveTopOfDeck, cards_of_types, GrantKeyword, Reaction
from engine.cards import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])


# "Your opponent's creatures and artifacts gain omega. (After they play that card, end the current
# step.)": the cards as they are played (omega is asked of the card played: engine.rules.play)
card("Chronophage", statics=[GrantKeyword("omega", cards_of_types("creature", "artifact", side="enemy"))])
