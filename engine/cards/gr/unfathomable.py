"""Grim Reminders (GR): Unfathomable cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    cards_in,
    Choose,
    DealDamage,
    Exhaust,
    haunted,
    If,
    KeywordPerCount,
    May,
    NeighborsOf,
    opponent_haunted,
    PowerPerCount,
    PutOnDeck,
    Reaction,
    Stun,
    ThisWay,
    TopOfDiscard,
    Together,
)
from engine.cards import card

# "Play: Deal 1 to a creature, with 1 splash. If your opponent is haunted, stun and exhaust each
# creature damaged in this way." (the creatures still in play that took damage from the shot or
# the splash)
card(
    "Strange Torpedo",
    play=[
        Choose("creature", "any", name="torpedoed"),
        NeighborsOf("torpedoed", "torpedo splash"),
        Together(("torpedoed", "torpedo splash"), "torpedo area"),
        ThisWay(DealDamage(1, "torpedoed", also=((1, "torpedo splash"),)), "torpedo area", "damaged"),
        If(opponent_haunted, [Stun("damaged this way"), Exhaust("damaged this way")]),
    ],
)


# "Assault X. Hazardous X. Splash-attack X. X is the number of cards in your discard pile. Destroyed:
# If you are haunted, archive Xenos Darkshadow." Its power is printed as X too (the card data has
# no number, as for Kaspara's X): the same count, read now, as are the three keywords' values.
_XENOS_X = cards_in("discard")
card(
    "Xenos Darkshadow",
    statics=[
        PowerPerCount(1, _XENOS_X),
        *(KeywordPerCount(keyword, _XENOS_X) for keyword in ("assault", "hazardous", "splash-attack")),
    ],
    destroyed=[If(haunted, [Archive("self")])],
)


def _you_drew_during_your_turn(ctx) -> bool:
    return ctx.event.get("player") == ctx.controller and ctx.game.active == ctx.controller


# "After you draw a card during your turn, you may put the top card of your discard on the bottom of
# your deck." (once per card drawn, the draw step's included: it is still your turn)
card(
    "Ihaka of the Depths",
    reactions=[
        Reaction(
            "drew",
            [
                May(
                    [TopOfDiscard("ihaka top"), PutOnDeck("ihaka top", top=False)],
                    question="Ihaka of the Depths: put the top card of your discard pile on the bottom of your deck?",
                )
            ],
            when=_you_drew_during_your_turn,
        )
    ],
)
