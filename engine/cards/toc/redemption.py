"""Tokens of Change (ToC): Redemption cards."""

from __future__ import annotations

from engine.library import Archive, card_has_trait, If, MakeTokens
from engine.cards import card


def _made_beside_a_mutant(ctx) -> bool:
    """Is the token creature made this way (still in play) a neighbor of a Mutant creature?"""
    return any(
        card_has_trait(ctx.eng, neighbor, "mutant")
        for token in ctx.chosen.get("induced", [])
        if token.zone == "battleline"
        for neighbor in ctx.game.neighbors(token)
    )


# "Play: Make a token creature. If that token creature enters play adjacent to a Mutant creature,
# archive Swift Induction." (its neighbors as it enters play, read once it has)
card("Swift Induction", play=[MakeTokens(name="induced"), If(_made_beside_a_mutant, [Archive("self")])])
