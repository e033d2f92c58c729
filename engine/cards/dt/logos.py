"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from engine.library import ArchiveTopOfDeck, GrantKeyword, Reaction
from engine.cards import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])


def _enemy_creature_or_artifact(eng, source, controller, card) -> bool:
    return card.controller != controller and card.type in ("creature", "artifact")


# "Your opponent's creatures and artifacts gain omega. (After they play that card, end the current
# step.)": the cards as they are played (omega is asked of the card played: engine.rules.play)
card("Chronophage", statics=[GrantKeyword("omega", _enemy_creature_or_artifact)])
