"""Draws replaced by a card in its owner's discard pile: "While <this card> is in your discard pile,
if you would draw a card during your turn, you may <do something> instead" (Scooboo).

16.0 glossary "Replacement Effects": "When that effect (or part of an effect) or game step would
occur, it does not occur and the replacement effect happens in its place." Each card drawn is one
draw: the owner, drawing during their own turn, is asked before each card whether the card in
their discard pile replaces it (once it has left the pile, it replaces no more). The replacing
effects are the card's ``draw_instead`` (:class:`engine.cards.Variant`). Only the cards whose
printed text says so are ever read, found once per game, so a draw with none of them in the game
costs one look at an empty list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.ability import resolve_ability

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine

#: the words a card that may replace a draw prints
_WOULD_DRAW = "if you would draw a card"


def _replacers(eng: "Engine") -> list["CardInstance"]:
    if eng.draw_replacers is None:
        eng.draw_replacers = [c for c in eng.game.cards() if _WOULD_DRAW in c.data.text.lower()]
    return eng.draw_replacers


def draw_replaced(eng: "Engine", player: str) -> bool:
    """Is the next card ``player`` would draw replaced (the replacement resolved)?"""
    replacers = _replacers(eng)
    if not replacers or player != eng.game.active:
        return False
    for card in replacers:
        if card.zone != "discard" or card.owner != player:
            continue
        effects = eng.variant(card).draw_instead
        if not effects:
            continue
        if not eng.chooser.may(f"{player}: {card.name}: replace drawing a card?"):
            eng.game.log(f"{player} draws as usual ({card.name} stays in their discard pile)")
            continue
        eng.game.log(f"{card.name} replaces {player}'s draw")
        resolve_ability(effects, eng.context(card, player))
        return True
    return False
