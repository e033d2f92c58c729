"""Cards taken at random from a hidden zone: "a random card from your hand", "2 random cards from your
opponent's hand", "a random card from a player's hand", "each player discards a random card from their
hand", "a random card from your opponent's archives".

:class:`RandomCards` names the cards (under ``name`` and "it") for the effect that follows in the same
sentence ("discard", "purge", "reveal"), and for the sentences after it ("If you do, ...", "that
card"). A random choice uses the game's seeded generator, so a replay is deterministic. A player
with fewer cards than asked gives all they have, and the effect is then not fully resolved (what "if
you do" reads). A new effect that picks cards at random goes here; discarding a hand as such is
:mod:`engine.library.hands_and_archives`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.choosing_players import chosen_player
from engine.library.hands_and_archives import DiscardCards, discard_from_hand
from engine.library.naming import NameOutOfPlay
from engine.library.zones import MoveTo
from engine.rules.ability import Context, Effect


@dataclass
class RandomCards(NameOutOfPlay):
    """Name ``n`` cards at random in each ``zone`` ("hand", "archives") of the players ``side``
    says: "friendly" (yours), "enemy" (your opponent's), "chosen" ("a player's": the controller
    picks the player first), "each" ("each player ... from their hand": ``n`` from each, the active
    player's first), "owner" (``of`` names a card: "its owner archives a random card from their
    hand"), "that player" (the player the ability chose before: "Choose a player. Put a random card
    from that player's hand into their archives"). A hand is hidden: the cards named are told in the log as they are picked."""

    n: int = 1
    of: str = ""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        if self.side == "owner":
            players = [c.owner for c in ctx.refs(self.of)[:1]]
        elif self.side == "friendly":
            players = [ctx.controller]
        elif self.side == "enemy":
            players = [ctx.opponent_name]
        elif self.side == "that player":  # "a random card from that player's hand": the player chosen before
            players = [p for p in (chosen_player(ctx.source),) if p is not None]
        elif self.side == "chosen":
            players = [
                ctx.eng.chooser.choose(
                    f"{ctx.controller}: a random card from which player's {self.zone} ({ctx.source.name})",
                    [g.active, g.other(g.active)],
                )
            ]
        else:
            players = [g.active, g.other(g.active)]
        picked, complete = [], True
        for player in players:
            pool = [c for c in g.players[player].zone(self.zone) if self.test(ctx.eng, ctx.source, ctx.controller, c)]
            # one card: the generator's choice, as the library's other random effects draw it
            some = [g.rng.choice(pool)] if self.n == 1 and pool else g.rng.sample(pool, min(self.n, len(pool)))
            complete = complete and len(some) == self.n
            picked += some
            ctx.log(
                f"{ctx.source.name}: at random from {player}'s {self.zone}: "
                + (", ".join(c.label for c in some) or "no card")
            )
        ctx.chosen[self.name] = ctx.chosen["it"] = picked
        return complete


def _any_card(eng, source, controller, card) -> bool:
    return True


@template()
def RandomCardsFrom(zone: str, side: str, name: str, n: int = 1, of: str = "") -> RandomCards:
    """ "N random cards from <your / your opponent's / a player's> <hand / archives>"."""
    return RandomCards(zone, side, _any_card, name, n=n, of=of)


@template()
def RandomCardsTo(to: str, side: str, n: int = 1, name: str = "random", zone: str = "hand", of: str = "") -> list:
    """ "<Your opponent / each player / its owner> <discards / purges / archives> N random cards
    from their <hand>": the cards named at random, then discarded (the "discarded" event of a card
    discarded from a hand) or moved to their owner's ``to`` zone."""
    pick = RandomCardsFrom(zone, side, name, n, of)
    if to == "discard":
        return [pick, DiscardCards(name)]
    return [pick, MoveTo(to, name, from_hidden=True)]


@template()
@dataclass
class DiscardRandomDownTo(Effect):
    """ "Each player discards random cards from their hand until they have N or fewer cards in
    hand": the active player first, each card picked at random and discarded (its "discarded"
    event) one at a time, until the hand is down to N."""

    n: int

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        for player in (g.active, g.other(g.active)):
            hand = g.players[player].zone("hand")
            while len(hand) > self.n:
                card = g.rng.choice(list(hand))
                ctx.log(f"{ctx.source.name}: at random from {player}'s hand: {card.label}")
                discard_from_hand(ctx, card)
        return True


@template()
@dataclass
class DiscardRandomShareOfHand(Effect):
    """ "Randomly discard half of the cards from your hand (rounding down)", "each player randomly
    discards one third of their cards from their hand (rounding down)": the hand's size divided by
    ``divisor``, rounded down, counted as the effect resolves; each card picked at random and
    discarded (its "discarded" event) one at a time."""

    divisor: int

    def resolve(self, ctx: Context) -> bool:
        hand = ctx.me.zone("hand")
        picked = ctx.game.rng.sample(list(hand), len(hand) // self.divisor)
        for card in picked:
            ctx.log(f"{ctx.source.name}: at random from {ctx.controller}'s hand: {card.label}")
            discard_from_hand(ctx, card)
        return True


@template()
@dataclass
class DiscardRandomUntil(Effect):
    """ "<Your opponent> discards a random card from their hand until they discard <a card ``test``
    admits> or run out of cards": one random card at a time (``test`` read as the card is picked,
    in hand); fully resolved when a card stopped it."""

    test: object  # (eng, source, controller, card) -> bool
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent if self.who == "opponent" else ctx.me
        hand = player.zone("hand")
        while hand:
            card = ctx.game.rng.choice(hand)
            stops = self.test(ctx.eng, ctx.source, ctx.controller, card)
            discard_from_hand(ctx, card)
            ctx.log(f"{ctx.source.name}: {player.name} discards {card.label} at random")
            if stops:
                return True
            if card in hand:  # not discarded after all: nothing more would be
                break
        return False
