"""Mass Mutation (MM): Sanctum cards."""

from __future__ import annotations

from engine.library import (
    CannotBeDealtDamageBy,
    CannotResolveBonusIcons,
    Choose,
    DiscardUntil,
    If,
    IfYouDo,
    MoveTo,
    PutIntoPlay,
    ThisWay,
    card_has_trait,
)
from engine.cards import card

card("Master of the Grey", statics=[CannotResolveBonusIcons()])


def _mutant_or_power_5_or_more(eng, dealer) -> bool:
    """ "Mutant creatures or creatures with power 5 or higher" (power when the damage is dealt)."""
    return dealer.type == "creature" and (card_has_trait(eng, dealer, "mutant") or eng.power(dealer) >= 5)


card("Ardent Hero", statics=[CannotBeDealtDamageBy(_mutant_or_power_5_or_more)])


def _non_mutant_creature(eng, source, controller, card) -> bool:
    return card.type == "creature" and not card_has_trait(eng, card, "mutant")


# "Play: Purge a Mutant creature. If you do, discard cards from the top of its controller's deck
# until you discard a non-Mutant creature or run out of cards. If you discard a non-Mutant creature
# this way, put it into play under its owner's control.": the deck is of the purged creature's
# controller as it was in play (one card prints "its controller's deck until")
card(
    "Purify",
    play=[
        IfYouDo(
            first=[
                Choose("creature", "any", name="mutant", where=lambda ctx, c: card_has_trait(ctx.eng, c, "mutant")),
                ThisWay(MoveTo("purged", on="mutant"), on="mutant", verb="purged"),
            ],
            then=[DiscardUntil(_non_mutant_creature, "stopped", deck_of="purged")],
        ),
        If(lambda ctx: bool(ctx.chosen.get("stopped")), [PutIntoPlay("stopped", under_owner=True)]),
    ],
)
