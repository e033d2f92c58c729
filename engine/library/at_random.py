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
from engine.library.naming import any_card, NameOutOfPlay
from engine.library.this_way import record_this_way
from engine.library.zones import MoveTo
from engine.rules.ability import Context, Effect


@dataclass
class RandomCards(NameOutOfPlay):
    """Name ``n`` cards at random in each ``zone`` ("hand", "archives", "hand or archives") of the players ``side``
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
            both = [g.active, g.other(g.active)]
            question = f"{ctx.controller}: a random card from which player's {self.zone} ({ctx.source.name})"
            # no player has a card there: every answer leads to the same game, so none is asked
            players = [ctx.eng.chooser.choose(question, both)] if any(self._pool(ctx, p) for p in both) else []
        else:
            players = [g.active, g.other(g.active)]
        picked, complete = [], bool(players) or self.side != "chosen"
        for player in players:
            pool = self._pool(ctx, player)
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

    def _pool(self, ctx: Context, player: str) -> list:
        return [  # "from their hand or archives": the cards of both zones, one pool
            c
            for zone in self.zone.split(" or ")
            for c in ctx.game.players[player].zone(zone)
            if self.test(ctx.eng, ctx.source, ctx.controller, c)
        ]


@template()
def RandomCardsFrom(zone: str, side: str, name: str, n: int = 1, of: str = "") -> RandomCards:
    """ "N random cards from <your / your opponent's / a player's> <hand / archives>"."""
    return RandomCards(zone, side, any_card, name, n=n, of=of)


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


@dataclass
class RevealRandomUnrevealed(Effect):
    """ "Reveal a random unrevealed card from your opponent's hand" (``side`` "enemy" or "friendly"):
    one card at random among those this ability has not revealed yet, its repeats included (a
    repeat keeps what it revealed before: "Then, you may either repeat this effect or ..."). The
    card is named ``name`` (and "it"); with none left unrevealed nothing is revealed, and ``name``
    still names the last card revealed ("the last revealed card")."""

    side: str = "enemy"
    zone: str = "hand"
    name: str = "revealed"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.side == "enemy" else ctx.controller
        shown = ctx.chosen.setdefault(f"{self.name}, each so far", [])
        pool = [c for c in ctx.game.players[player].zone(self.zone) if c not in shown]
        if not pool:
            ctx.log(f"{ctx.source.name}: no unrevealed card in {player}'s {self.zone}")
            return False
        card = ctx.game.rng.choice(pool)
        shown.append(card)
        ctx.chosen[self.name] = ctx.chosen["it"] = [card]
        ctx.log(f"{ctx.controller} reveals {card.label} at random from {player}'s {self.zone}")
        record_this_way(ctx, "revealed", [card])
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
