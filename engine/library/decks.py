"""Decks: drawing ("draw 2"), the top of a deck ("the top card of your deck", "discard the top 3
cards of your deck", "look at the top 3 cards of your deck. Add 1 to your hand and discard the
others": :class:`LookAtTop`, "archive the top card of your deck"), searching a deck, and what the discarded top cards
decide ("for each <house> card discarded, ...").

A card on top of a deck is named where it is (it stays there unless moved); cards discarded this way
are named for the effects after them. Discarding until a card is found is
:mod:`engine.library.this_way`. A new effect on decks goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.choosing_players import CHOSEN_PLAYER
from engine.library.this_way import record_this_way
from engine.library.zones import shuffle_deck
from engine.rules.ability import Context, Effect, player_ref
from engine.rules.haunted import is_haunted
from engine.rules.references import card_label
from engine.rules.replacements import capture


@template()
@dataclass
class Draw(Effect):
    """ "Draw N cards"; ``who="opponent"``: "Your opponent draws N cards" (:func:`player_ref`); ``n``
    a number, or a count read as the effect resolves ("draw cards equal to half that creature's
    power")."""

    n: object = 1  # int | Callable[[Context], int]
    who: str = "self"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        n = self.n(ctx) if callable(self.n) else self.n
        drawn = ctx.eng.draw(player, n) if n > 0 else 0
        ctx.log(f"{player} draws {drawn} card(s) from {ctx.source.name}")
        return drawn == n


@template()
@dataclass
class TopOfDeck(Effect):
    """ "The top card of your deck": named ``name`` (and "it"); it stays there."""

    name: str

    def resolve(self, ctx: Context) -> bool:
        top = ctx.me.zone("deck")[:1]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(top)
        return bool(top)


@template()
@dataclass
class TopOfDiscard(Effect):
    """ "The top card (the top N cards) of your discard pile": named ``name`` (and "it"); they stay
    there. Fully resolved when there were N."""

    name: str
    n: int = 1

    def resolve(self, ctx: Context) -> bool:
        top = ctx.me.zone("discard")[: self.n]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(top)
        return len(top) == self.n


@dataclass
class DiscardTopOfDeck(Effect):
    """ "Discard the top card (the top N cards) of <whose> deck", named ``name`` for what follows;
    fully resolved when N cards were discarded from each deck. ``whose``: "self" (your deck),
    "opponent", "chosen" ("a player's deck", "any player's deck": the controller picks the player
    first; "that player" names them after it) or "each" ("each player's deck": the active
    player's first); each card goes to its owner's discard pile. ``n`` may be a count read as the
    effect resolves ("discard X cards ..., where X is ...")."""

    n: int = 1  # or a count (Callable[[Context], int])
    name: str = "discarded"
    whose: str = "self"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        n = self.n(ctx) if callable(self.n) else self.n
        if self.whose == "chosen":
            players = [
                ctx.eng.chooser.choose(
                    f"{ctx.controller}: discard from which player's deck ({ctx.source.name})",
                    [g.active, g.other(g.active)],
                )
            ]
            ctx.source.memory[CHOSEN_PLAYER] = players[0]
        elif self.whose == "each":
            players = [g.active, g.other(g.active)]
        else:
            players = [ctx.controller if self.whose == "self" else ctx.opponent_name]
        gone, full = [], True
        for player in players:
            top = list(g.players[player].zone("deck")[:n])
            if not top:
                ctx.log(f"{player} has no card in their deck to discard")
            for card in top:
                ctx.eng.put_away(card, "discard")
            if top:
                ctx.log(
                    f"{player} discards the top {len(top)} card(s) of their deck: {', '.join(c.label for c in top)}"
                )
            gone += [c for c in top if c.zone == "discard"]
            full = full and len(top) == n
        ctx.chosen[self.name] = gone
        record_this_way(ctx, "discarded", gone)
        return full


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
            shuffle_deck(ctx.eng, ctx.controller)
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
        shuffle_deck(ctx.eng, ctx.controller)
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
    """ "<The player> archives the top card (the top N cards) of their deck": ``who`` is
    ``"self"``, ``"opponent"`` or ``"event"`` (the player the event is about); fully resolved when N
    were archived."""

    who: str = "self"
    n: int = 1

    def resolve(self, ctx: Context) -> bool:
        player = {"event": ctx.event.get("player"), "opponent": ctx.opponent_name}.get(self.who, ctx.controller)
        deck = ctx.game.players[player].zone("deck")
        top = list(deck[: self.n])
        for card in top:
            ctx.game.move(card, "archives", player)
        ctx.log(f"{player} archives the top {len(top)} card(s) of their deck")
        return bool(top) and len(top) == self.n


#: where "look at the top N cards" may put the cards looked at, in the words of the text
_LOOKED_TO = {
    "hand": "into your hand",
    "bottom": "on the bottom of the deck",
    "discard": "into the discard pile",
    "archives": "into your archives",
}


@template()
@dataclass
class LookAtTop(Effect):
    """ "Look at the top N cards of <your / your opponent's> deck", and what the sentence after it
    does with them, ``steps`` in the order the text gives them: ("hand", 1) "put 1 into your hand",
    ("bottom", 1) "(put) 1 on the bottom of your deck", ("discard", 1) "discard 1", ("archives", 1)
    "archive 1" (each card chosen
    by the controller among those looked at and not yet moved; a count of 0: "discard the others",
    every card left). The rest stay on top of the deck
    as they were ("put 1 on top of their deck": the one left), or with ``reorder`` "put them (the
    others) back in any order": the controller picks the new top card first. ``may``: "You may
    discard it" (asked once, before anything moves). A discarded card goes to its owner's discard
    pile, a card put on the bottom under its owner's deck."""

    n: int = 1
    whose: str = "self"
    steps: tuple = ()
    reorder: bool = False
    may: bool = False

    def resolve(self, ctx: Context) -> bool:
        player = ctx.game.players[player_ref(ctx, "opponent" if self.whose == "opponent" else "self")]
        top = list(player.zone("deck")[: self.n])
        ctx.log(f"{ctx.controller} looks at the top {len(top)} card(s) of {player.name}'s deck ({ctx.source.name})")
        ctx.chosen["it"] = list(top)
        if not top:
            return False
        if (self.steps or self.reorder) and self.may:
            question = " and ".join(f"put {n} {_LOOKED_TO[where]}" for where, n in self.steps) or "reorder them"
            if not ctx.eng.chooser.may(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: {question}?"):
                ctx.log(f"{ctx.controller} leaves the card(s) where they are")
                return False
        left = list(top)
        moved_all = True
        for where, count in self.steps:
            for _ in range(count or len(left)):
                if not left:
                    moved_all = False
                    break
                pick = (
                    left[0]
                    if count == 0
                    else ctx.eng.chooser.choose(
                        f"{ctx.controller}: which card to put {_LOOKED_TO[where]} ({ctx.source.name})",
                        left,
                        label=card_label(left),
                    )
                )
                left.remove(pick)
                if where == "hand":
                    ctx.game.move(pick, "hand", ctx.controller)
                elif where == "archives":
                    ctx.game.move(pick, "archives", ctx.controller)
                elif where == "discard":
                    ctx.eng.put_away(pick, "discard")
                else:
                    ctx.game.move(pick, "deck", pick.owner, top=False)
                ctx.log(f"{ctx.controller} puts {pick.label} {_LOOKED_TO[where]}")
        if self.reorder and len(left) > 1:
            order = []
            while len(left) > 1:
                pick = ctx.eng.chooser.choose(
                    f"{ctx.controller}: which card goes on top next ({ctx.source.name})", left, label=card_label(left)
                )
                left.remove(pick)
                order.append(pick)
            order += left
            deck = player.zones["deck"]
            for card in order:
                deck.remove(card)
            deck[:0] = order
            ctx.log(f"{ctx.controller} puts back {', '.join(c.label for c in order)} on top, in that order")
        return moved_all


@template()
@dataclass
class DiscardUntilHaunted(Effect):
    """ "Discard cards from the top of your deck until you are haunted" (16.0 glossary "Haunted":
    10 or more cards in your discard pile, or another ability's terms: engine.rules.haunted): one
    at a time, asking after each card; the deck running out stops it. Every card discarded is
    recorded as discarded this way; fully resolved when the player ends haunted."""

    def resolve(self, ctx: Context) -> bool:
        deck, discarded = ctx.me.zone("deck"), []
        while deck and not is_haunted(ctx.eng, ctx.controller):
            card = deck[0]
            ctx.eng.put_away(card, "discard")
            discarded.append(card)
        ctx.log(
            f"{ctx.controller} discards {', '.join(c.label for c in discarded) or 'nothing'} from the top of their deck"
        )
        record_this_way(ctx, "discarded", discarded)
        return is_haunted(ctx.eng, ctx.controller)
