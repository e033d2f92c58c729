"""A player chosen by an ability ("Choose a player. Return the topmost creature from that player's
discard pile to their hand. Destroy a creature controlled by that player."): the choice, kept on
the card for the rest of the ability as a chosen house is (:mod:`engine.library.houses`), and what
"that player" / "the chosen player" name after it: their cards in play, their piles (the ends of
piles: :mod:`engine.library.pile_ends`), the cards in a zone of theirs counted. A new effect about
a chosen player goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect

CHOSEN_PLAYER = "chosen player"


def chosen_player(source) -> str | None:
    """The player the ability of ``source`` chose last (None before any choice)."""
    return source.memory.get(CHOSEN_PLAYER) if source is not None else None


@template()
@dataclass
class ChoosePlayer(Effect):
    """ "Choose a player": the player resolving the ability picks either player (``choices``)."""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        player = ctx.eng.chooser.choose(f"{ctx.source.name}: choose a player", [g.active, g.other(g.active)])
        ctx.source.memory[CHOSEN_PLAYER] = player
        ctx.log(f"{ctx.source.name}: {ctx.controller} chooses {player}")
        return True


@template()
@dataclass
class ThePlayerOfTheEvent(Effect):
    """Before a reaction to what a player does or to a player's turn ("After a player chooses an
    active house, that player ..."; "At the start of each player's turn, that player ..."): "that
    player" is the player of the event, kept as a chosen player is. An event about a card used
    ("After a player fights with a creature, they ...") names that player as the card's controller."""

    def resolve(self, ctx: Context) -> bool:
        player = ctx.event.get("player", ctx.event.get("controller"))
        if player is None:
            return False
        ctx.source.memory[CHOSEN_PLAYER] = player
        return True


def controlled_by_chosen_player(eng, source, controller, card) -> bool:
    """A noun phrase's test: "<a creature> controlled by that player"."""
    return card.controller == chosen_player(source)


@template(kind="count")
def cards_of_chosen_player(zone: str):
    """ "Each card in the chosen player's <archives / hand / discard pile>", counted as the effect
    resolves."""

    def count(ctx: Context) -> int:
        player = chosen_player(ctx.source)
        return len(ctx.game.players[player].zone(zone)) if player else 0

    return count


@template()
@dataclass
class ItsControllerGains(Effect):
    """ "The player who controls <the most powerful creature> gains N": the controller of the card
    ``on`` names (none named: no one)."""

    amount: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)[:1]
        for card in cards:
            ctx.eng.gain(card.controller, self.amount, ctx.source.name)
        return bool(cards)
