"""Winds of Exchange (WoE): Ekwidon cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    amount_this_way,
    AttachGiver,
    Choose,
    Destroy,
    DestroyIfYouDo,
    Draw,
    EachPlayerGainsPer,
    FlipFacedown,
    ForTheTurn,
    NameGroup,
    opponent_has_more_amber,
    RepeatCardEffectIf,
    Steal,
    ThisWay,
    TokensInsteadOfAmber,
)
from engine.cards import card


def _stole_and_opponent_still_ahead(ctx) -> bool:
    """ "If you do (steal 1) and your opponent still has more A than you": this resolution's steal
    (its record "stolen this way" starts anew each time the effect repeats)."""
    return amount_this_way(ctx, "stolen") >= 1 and opponent_has_more_amber(ctx)


# "Play: Your opponent draws a card. Steal 1. If you do and your opponent still has more A than
# you, repeat this effect." (glossary "Repeat": the whole effect again, the draw included)
card(
    "Closed-Door Negotiation",
    play=[Draw(1, who="opponent"), Steal(1), RepeatCardEffectIf(_stole_and_opponent_still_ahead)],
)


# "Play: Destroy each creature. Each player gains A equal to half the number of creatures they
# controlled that were destroyed this way (rounded up)." (a creature counts for its controller as it
# was destroyed: engine.library.this_way.ThisWay)
card(
    "Mass Buyout",
    play=[
        NameGroup(("creature",), "any", any_card, "all"),
        ThisWay(DestroyIfYouDo(on="all"), on="all", verb="destroyed"),
        EachPlayerGainsPer(1, "destroyed", halved=True),
    ],
)

# "Action: Steal 2. Flip Gĕzdrutyŏ the Arcane facedown (it becomes a token creature)."
card("Gĕzdrutyŏ the Arcane", action=[Steal(2), FlipFacedown("self")])


# "This creature gains, "After Reap: Destroy this creature and attach Niffle Paw to another
# creature."": Niffle Paw, discarded with its creature, comes back into play on the creature chosen
# then (still on a creature a ward kept in play, it moves) (printed by this card alone)
card(
    "Niffle Paw",
    gains={
        "reap": [
            Destroy("self"),
            Choose("creature", "any", name="new host", exclude_self=True),
            AttachGiver("new host", from_discard=True),
        ]
    },
)


# "Play: For the remainder of the turn, when any amount of A would be added to your pool, make that
# many token creatures instead."
card("Staff Up", play=[ForTheTurn(static=TokensInsteadOfAmber())])
