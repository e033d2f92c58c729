"""Naming a card ("Name a card. Until Etan's Jar leaves play, cards with that name cannot be
played."): the player resolving the ability names a card by its name, among the names of the cards
in the game (a name no card in the game has would change nothing), kept in the card's ``memory``
as a chosen house is (:mod:`engine.library.houses`), for what the ability says of "that name"
after it. A new effect about a named card goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.lasting import ForTheTurn
from engine.rules.ability import Context, Effect
from engine.rules.statics import Static

#: the key of a card's ``memory`` holding the card name its ability named last
NAMED_CARD = "named card"
#: the names its ability named last, in order ("name 2 cards")
NAMED_CARDS = "named cards"


@template()
@dataclass
class NameACard(Effect):
    """ "Name a card" ("name N cards": ``n`` names, one decision each, a name may be named again):
    a decision of the player resolving the ability, among the names of the cards in the game."""

    n: int = 1

    def resolve(self, ctx: Context) -> bool:
        names = sorted({c.name for c in ctx.game.cards()})
        if not names:
            return False
        named = [
            ctx.eng.chooser.choose(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: name a card", names)
            for _ in range(self.n)
        ]
        ctx.source.memory[NAMED_CARD] = named[-1]
        ctx.source.memory[NAMED_CARDS] = named
        ctx.log(f"{ctx.source.name}: {ctx.eng.decider(ctx)} names {', '.join(named)}")
        return True


@template(kind="condition")
def are_the_named_cards(ref: str):
    """ "If they are the named cards" (after "Name 2 cards. Discard the bottom 2 cards of ..."):
    the cards ``ref`` names are, name for name, the cards named (as many, each name as often)."""

    def holds(ctx: Context) -> bool:
        named = ctx.source.memory.get(NAMED_CARDS, [])
        return bool(named) and sorted(c.name for c in ctx.refs(ref)) == sorted(named)

    return holds


@dataclass
class NamedCardCannotBePlayed(Static):
    """ "Cards with that name cannot be played": by either player, the name this card named."""

    def forbids_play(self, eng, source, controller, card) -> str | None:
        named = source.memory.get(NAMED_CARD) if source is not None else None
        if named is not None and card.name == named:
            return f"cards named {named} cannot be played ({source.name})"
        return None


@template("NamedCardCannotBePlayedUntilLeaves")
def named_card_cannot_be_played_until_leaves() -> ForTheTurn:
    """ "Until <this card> leaves play, cards with that name cannot be played"."""
    return ForTheTurn(static=NamedCardCannotBePlayed(), until_leaves=True)
