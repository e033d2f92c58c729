"""Grafting a card onto another (16.0 glossary "Graft"; Infomancer, Memolith, Antanagoge).

"If a card ability instructs you to graft a card onto another card, the card being grafted is
placed faceup under the other card. The grafted card is not considered to be in play. If the card
onto which it is grafted leaves play, the grafted card is placed in its owner's discard pile." So:

- a grafted card lies under its host with the host's other cards underneath
  (:attr:`engine.core.state.CardInstance.beneath`, which the general rules already empty into
  their owners' discard piles as the host leaves play: engine.rules.damage.leave_play); it is told
  from a card put facedown there (Masterplan) by what it remembers: the host it was grafted onto;
- only a card in play can be grafted onto: an ability of a card that has left play grafts nothing;
- "the play effect of a card grafted onto <host>" is that card's own "Play:" ability, resolved
  by the player whose ability says so, with the grafted card as its source; it stays grafted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


def put_under(eng: "Engine", card: "CardInstance", host: "CardInstance") -> bool:
    """Place ``card`` under ``host`` (from a hand, a deck, a pile or play: a card in play leaves play
    first, as any card does); False when ``host`` is not in play or a card in play stays there (a
    ward: glossary "Ward")."""
    if not host.in_play or card is host:
        return False
    if card.in_play and not eng.leave_play(card, "discard"):
        return False
    eng.game.take(card)  # lifted from the zone it is in (the pile it went to on leaving play)
    card.zone = "beneath"
    host.beneath.append(card)
    return True


def graft(eng: "Engine", card: "CardInstance", host: "CardInstance") -> bool:
    """Graft ``card`` onto ``host``: faceup under it (:func:`put_under`), remembered as grafted."""
    if not put_under(eng, card, host):
        return False
    card.memory["grafted_onto"] = host
    eng.game.log(f"{card.label} is grafted onto {host.label} (faceup under it)")
    return True


def grafted(host: "CardInstance") -> list["CardInstance"]:
    """The cards grafted onto ``host`` now."""
    return [c for c in host.beneath if c.memory.get("grafted_onto") is host]
