"""Menagerie (MG2024): Keyraken cards."""

from __future__ import annotations

from engine.library import belongs_to, Choose, PlayAsIfFromHand, PlayIt, Ready, SearchFor
from engine.cards import card


def _keyraken_creature(eng, card) -> bool:
    return card.type == "creature" and belongs_to(eng, card, "keyraken")


# "Play: Search your deck and discard pile for a friendly Keyraken creature and play it." (a card in
# your deck or discard pile is yours: "friendly"; the deck is shuffled when the search is done, 16.0
# "Search", and the card found is played from where it was)
card(
    "Emergence",
    play=[
        SearchFor(
            ("deck", "discard"),
            lambda eng, source, controller, c: _keyraken_creature(eng, c),
            "reveal",
            name="emerging",
        ),
        PlayIt("emerging"),
    ],
)


# "Play: Play a friendly Keyraken creature from a purged zone. Ready a friendly Keyraken creature."
# ("friendly" out of play: a card you own, in whichever player's purged zone it is; played from there,
# the house restriction does not apply, its own restrictions do)
card(
    "Beast of Dark Legend",
    play=[
        Choose(
            "purged",
            "any",
            name="purged keyraken",
            where=lambda ctx, c: c.owner == ctx.controller and _keyraken_creature(ctx.eng, c),
        ),
        PlayAsIfFromHand("purged keyraken", zone="purged"),
        Choose("creature", "friendly", name="ready keyraken", where=lambda ctx, c: belongs_to(ctx.eng, c, "keyraken")),
        Ready("ready keyraken"),
    ],
)
