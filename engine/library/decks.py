"""Decks: drawing ("draw 2"), the top of a deck ("the top card of your deck", "discard the top 3
cards of your deck", "look at the top 3 cards of your deck: add 1 to your hand and discard the
others", "archive the top card of your deck"), searching a deck, and what the discarded top cards
decide ("for each <house> card discarded, ...").

A card on top of a deck is named where it is (it stays there unless moved); cards discarded this way
are named for the effects after them. Discarding until a card is found is
:mod:`engine.library.this_way`. A new effect on decks goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.zones import shuffle_deck
from engine.rules.ability import Context, Effect, player_ref
from engine.rules.references import card_label
from engine.rules.replacements import capture


@template()
@dataclass
class Draw(Effect):
    """ "Draw N cards"; ``who="opponent"``: "Your opponent draws N cards" (:func:`player_ref`)."""

    n: int = 1
    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        drawn = ctx.eng.draw(player, self.n)
        ctx.log(f"{player} draws {drawn} card(s) from {ctx.source.name}")
        return drawn == self.n


@template()
@dataclass
class TopOfDeck(Effect):
    """ "The top card of your deck": named ``name`` (and "it"); it stays there."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        top = ctx.me.zone("deck")[:1]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(top)
        return bool(top)


@dataclass
class DiscardTopOfDeck(Effect):
    """ "Discard the top card (the top N cards) of your deck", named ``name`` for what follows;
    fully resolved when N cards were discarded."""

    n: int = 1
    name: str = "discarded"

    def resolve(self, ctx: Context) -> bool:
        top = list(ctx.me.zone("deck")[: self.n])
        if not top:
            ctx.chosen[self.name] = []
            ctx.log(f"{ctx.controller} has no card in their deck to discard")
            return False
        for card in top:
            ctx.eng.put_away(card, "discard")
        ctx.chosen[self.name] = [c for c in top if c.zone == "discard"]
        ctx.log(
            f"{ctx.controller} discards the top {len(top)} card(s) of their deck: {', '.join(c.label for c in top)}"
        )
        return len(top) == self.n


def _discard_top(ctx: Context, player: str):
    deck = ctx.game.players[player].zone("deck")
    if not deck:
        ctx.log(f"{ctx.source.name}: {player}'s deck is empty")
        return None
    card = deck[0]
    ctx.eng.put_away(card, "discard")
    ctx.log(f"{ctx.source.name}: {player} discards {card.label} ({card.house}) from the top of their deck")
    return card


@dataclass
class LookAtTopDiscard(Effect):
    """ "Look at the top N cards of your deck. Discard M of them.": the player chooses which to
    discard; the others stay where they were, on top of the deck (the Survey FAQ)."""

    look: int
    discard: int = 1

    def resolve(self, ctx: Context) -> bool:
        top = list(ctx.me.zone("deck")[: self.look])
        ctx.log(f"{ctx.controller} looks at the top {len(top)} card(s) of their deck")
        for n in range(min(self.discard, len(top))):
            left = [c for c in top if c.zone == "deck"]
            pick = ctx.eng.chooser.choose(
                f"{ctx.source.name}: discard which card ({n + 1} of {self.discard})", left, label=lambda c: c.label
            )
            ctx.eng.put_away(pick, "discard")
        return len(top) >= self.discard


@dataclass
class LookAtTopKeepOne(Effect):
    """ "Look at the top N cards of your deck. Add 1 to your hand and discard the others"."""

    n: int = 3

    def resolve(self, ctx: Context) -> bool:
        top = list(ctx.me.zone("deck")[: self.n])
        if not top:
            return False
        keep = ctx.eng.chooser.choose(
            f"{ctx.controller}: which card to add to your hand ({ctx.source.name})", top, label=card_label(top)
        )
        ctx.game.move(keep, "hand")
        for c in top:
            if c is not keep:
                ctx.eng.put_away(c, "discard")
        ctx.log(f"{ctx.controller} adds a card to their hand and discards {len(top) - 1}")
        return True


@dataclass
class SearchDeckAndDiscard(Effect):
    """ "Search your deck and discard pile for a <card>, reveal it, and put it into your hand":
    one card (the controller chooses among the matching ones), or with ``each`` every matching
    card ("put each Ancient Bear from them into your hand"), named ``name``. The searched deck is
    shuffled."""

    where: Callable
    name: str = "it"
    each: bool = False

    def resolve(self, ctx: Context) -> bool:
        found = [c for zone in ("deck", "discard") for c in ctx.me.zone(zone) if self.where(ctx, c)]
        ctx.chosen[self.name] = ctx.chosen["it"] = []
        if not found:
            ctx.log(f"{ctx.source.name}: {ctx.controller} searches and finds nothing")
            shuffle_deck(ctx.game, ctx.controller)
            return False
        picks = (
            found
            if self.each
            else [
                ctx.eng.chooser.choose(
                    f"{ctx.controller}: which card to put into your hand ({ctx.source.name})",
                    found,
                    label=card_label(found),
                )
            ]
        )
        for pick in picks:
            ctx.log(f"{ctx.controller} reveals {pick.label}")
            ctx.game.move(pick, "hand")
        shuffle_deck(ctx.game, ctx.controller)
        ctx.chosen[self.name] = ctx.chosen["it"] = picks
        return True


@dataclass
class EachDiscardsTopAndGainsPerHouse(Effect):
    """ "Each player discards the top N cards of their deck. For each <house> card discarded, its
    owner gains 1"."""

    n: int
    house: str

    def resolve(self, ctx: Context) -> bool:
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            deck = ctx.game.players[player].zone("deck")
            gone = list(deck[: self.n])
            for c in gone:
                ctx.eng.put_away(c, "discard")
            found = sum(1 for c in gone if c.house == self.house)
            ctx.log(f"{player} discards {len(gone)} card(s) from their deck, {found} {self.house.title()}")
            if found:
                ctx.eng.gain(player, found, ctx.source.name)
        return True


@dataclass
class DiscardTopAndCapturePerHouse(Effect):
    """ "Discard the top N cards of your deck. For each <house> card discarded this way, a friendly
    creature captures M"."""

    n: int
    house: str
    amount: int

    def resolve(self, ctx: Context) -> bool:
        gone = list(ctx.me.zone("deck")[: self.n])
        for c in gone:
            ctx.eng.put_away(c, "discard")
        for _ in range(sum(1 for c in gone if c.house == self.house)):
            line = ctx.me.creatures
            if not line:
                break
            who = ctx.eng.chooser.choose(
                f"{ctx.source.name}: which friendly creature captures", line, label=card_label(line)
            )
            capture(ctx.eng, who, self.amount, ctx.opponent_name, ctx.source.name)
        return bool(gone)


@dataclass
class DiscardTopAndGainPerHouseInHand(Effect):
    """ "Discard the top card of <a player>'s deck and reveal their hand. <The other player> gains 1
    for each card of the discarded card's house revealed this way"; ``who``: whose deck and hand
    ("opponent" or "self"), the other player gains."""

    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.who == "opponent" else ctx.controller
        gainer = ctx.game.other(player)
        top = _discard_top(ctx, player)
        hand = ctx.game.players[player].zone("hand")
        ctx.log(f"{player} reveals their hand: {', '.join(c.label for c in hand) or 'no cards'}")
        n = sum(1 for c in hand if top is not None and c.house == top.house)
        if n:
            ctx.eng.gain(gainer, n, ctx.source.name)
        return top is not None


@dataclass
class DiscardTopOfEachAndDestroyOfItsHouse(Effect):
    """ "Discard the top card of each player's deck. For each of those cards, destroy a creature or
    artifact of that card's house, if able. If 2 cards are not destroyed as a result of this,
    destroy <this card>"."""

    def resolve(self, ctx: Context) -> bool:
        tops = [c for c in (_discard_top(ctx, p) for p in (ctx.controller, ctx.opponent_name)) if c is not None]
        destroyed = 0
        for top in tops:
            options = [c for c in ctx.game.in_play() if c.zone in ("battleline", "artifacts") and c.house == top.house]
            if not options:
                ctx.log(f"{ctx.source.name}: no creature or artifact of house {top.house} to destroy")
                continue
            victim = ctx.eng.chooser.choose(
                f"{ctx.source.name}: destroy a {top.house} creature or artifact", options, label=card_label(options)
            )
            ctx.eng.destroy([victim])
            destroyed += not victim.in_play
        if destroyed < 2 and ctx.source.in_play:
            ctx.log(f"{ctx.source.name}: {destroyed} card(s) destroyed, not 2: it destroys itself")
            ctx.eng.destroy([ctx.source])
        return True


@template()
@dataclass
class ArchiveTopOfDeck(Effect):
    """ "<The player> archives the top card of their deck": ``who`` is ``"self"`` or ``"event"``
    (the player the event is about)."""

    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.event["player"] if self.who == "event" else ctx.controller
        deck = ctx.game.players[player].zone("deck")
        if not deck:
            return False
        top = deck[0]
        ctx.game.move(top, "archives", player)
        ctx.log(f"{player} archives the top card of their deck")
        return True
