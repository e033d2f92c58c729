"""Hands and archives: discarding from a hand (chosen, at random, the whole hand; refilling it is
engine.library.turn_steps.RefillAsInDrawStep), looking at a hand, revealing and discarding cards named out of
play, archiving at random from a hand, and discarding archived cards (all of them, or one at
random).

A card discarded from its owner's hand by an effect goes to the discard pile (glossary "Discard");
random choices use the game's seeded generator, so a replay is deterministic. A new effect on hands
or archives goes here; moving a card into them is :mod:`engine.library.zones`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.library.conditions import static_context
from engine.library.this_way import record_this_way
from engine.rules.ability import Context, Effect
from engine.rules.statics import Static
from engine.rules.turn import HandSize


def discard_from_hand(ctx: Context, card) -> None:
    """A card discarded from its owner's hand by an effect: into the discard pile, and the
    "discarded" event (engine.rules.play_timing) for the player who discarded it."""
    house = card.house
    ctx.eng.put_away(card, "discard")
    if card.zone == "discard":  # not when a replacement sent it elsewhere ("instead archive that card")
        ctx.eng.emit("discarded", card=card, player=card.owner, house=house)


@dataclass
class DiscardFromHand(Effect):
    """ "Discard <the chosen cards> (from your hand)"."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        for c in cards:
            discard_from_hand(ctx, c)
        record_this_way(ctx, "discarded", cards)
        return bool(cards)


@template()
@dataclass
class DiscardRandomFromHand(Effect):
    """ "<Your opponent> discards a random card from their hand" (the game's seeded generator)."""

    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent if self.who == "opponent" else ctx.me
        hand = player.zone("hand")
        if not hand:
            ctx.log(f"{ctx.source.name}: no card in {player.name}'s hand to discard")
            return False
        discard_from_hand(ctx, ctx.game.rng.choice(hand))
        return True


@template()
@dataclass
class DiscardHand(Effect):
    """ "Discard your hand": every card in it, one discard each."""

    def resolve(self, ctx: Context) -> bool:
        hand = list(ctx.me.zone("hand"))
        for c in hand:
            discard_from_hand(ctx, c)
        record_this_way(ctx, "discarded", hand)
        return bool(hand)


@dataclass
class OwnerDiscardsRandom(Effect):
    """ "If it is not destroyed, its owner discards a random card from their hand": only while the
    card ``on`` names is still in play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            ctx.log(f"{ctx.source.name}: the creature is no longer in play: nothing is discarded")
            return False
        hand = ctx.game.players[card.owner].zone("hand")
        if not hand:
            ctx.log(f"{ctx.source.name}: no card in {card.owner}'s hand to discard")
            return False
        picked = ctx.game.rng.choice(hand)
        ctx.eng.put_away(picked, "discard")
        ctx.eng.emit("discarded", card=picked, player=card.owner, house=picked.house)
        return True


@template()
@dataclass
class LookAtHand(Effect):
    """ "Look at your opponent's hand": its cards are shown to the player (the trace lists them);
    nothing moves. Names them (and "it") for what follows ("a Sanctum card in it")."""

    name: str = "hand"

    def resolve(self, ctx: Context) -> bool:
        hand = list(ctx.opponent.zone("hand"))
        ctx.chosen[self.name] = ctx.chosen["it"] = hand
        ctx.log(
            f"{ctx.controller} looks at {ctx.opponent_name}'s hand: " + (", ".join(c.label for c in hand) or "no cards")
        )
        return True


@template()
@dataclass
class Reveal(Effect):
    """ "Reveal <cards>": shown to both players (the trace says which); they stay where they are.
    Recorded as revealed this way (engine.library.this_way). ``any_number``: revealing
    none of "any number of" cards is fully resolved."""

    on: str = "it"
    any_number: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        if not cards:
            ctx.log(f"{ctx.source.name}: nothing to reveal")
            return self.any_number
        ctx.log(f"{ctx.controller} reveals {', '.join(c.label for c in cards)}")

        record_this_way(ctx, "revealed", cards)
        return True


@template()
@dataclass
class DiscardCards(Effect):
    """ "Discard <it>": a card named out of play (a revealed top card of a deck, a card under
    another) goes to its owner's discard pile."""

    on: str

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in ctx.refs(self.on):
            if card.zone == "hand":
                discard_from_hand(ctx, card)
            elif card.zone in ("deck", "archives", "beneath"):  # "discard all cards under <this card>"
                was = card.zone
                ctx.eng.put_away(card, "discard")  # where it must go instead when it leaves (archives)
                ctx.log(f"{card.label} is discarded from {card.owner}'s {was}")
            else:
                continue
            record_this_way(ctx, "discarded", [card])
            done = True
        return done


@dataclass
class ArchiveRandomFromHand(Effect):
    """ "Archive N random cards from your hand" (random: the game's seeded generator)."""

    n: int

    def resolve(self, ctx: Context) -> bool:
        hand = ctx.me.zone("hand")
        picked = ctx.game.rng.sample(hand, min(self.n, len(hand)))
        for card in picked:
            ctx.game.move(card, "archives", ctx.controller)
            ctx.log(f"{ctx.source.name}: {card.label} is archived at random from {ctx.controller}'s hand")
        return len(picked) == self.n


@template()
@dataclass
class DiscardArchives(Effect):
    """ "<Player> discards each of their archived cards": a card that must go elsewhere when it
    leaves the archives (Sample Collection) goes there instead and is not discarded. The cards
    discarded are named ``name`` ("for each card discarded this way"). ``whose``: "opponent",
    "self" or "each" ("discard each player's archives": the active player's first)."""

    whose: str = "opponent"
    name: str = "discarded"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        if self.whose == "each":
            players = [g.active, g.other(g.active)]
        else:
            players = [ctx.opponent_name if self.whose == "opponent" else ctx.controller]
        archived, discarded = [], []
        for player in players:
            theirs = list(g.players[player].zone("archives"))
            for card in theirs:
                ctx.eng.put_away(card, "discard")
                if card.zone == "discard":
                    discarded.append(card)
            archived += theirs
            ctx.log(f"{ctx.source.name}: {player} discards their {len(theirs)} archived card(s)")
        ctx.chosen[self.name] = discarded
        return bool(archived) and len(discarded) == len(archived)


@dataclass
class DiscardRandomArchived(Effect):
    """ "Discard a random card from your opponent's archives" (random: the game's seeded generator)."""

    whose: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.whose == "opponent" else ctx.controller
        archived = ctx.game.players[player].zone("archives")
        if not archived:
            return False
        card = ctx.game.rng.choice(archived)
        ctx.eng.put_away(card, "discard")
        ctx.log(f"{ctx.source.name}: {card.label} is discarded at random from {player}'s archives")
        return True


@template(kind="static")
@dataclass
class RefillHandSize(HandSize):
    """ "Refill your hand to N additional cards during your "draw cards" step", "your opponent
    refills their hand to N less card(s)", "each player ...": the general rules' :class:`HandSize`,
    ``while`` a condition holds ("while SELF is in the center of your battleline", "if your opponent
    has more Æmber than you": read at the step) and ``for each`` a count (N for each)."""

    cond: Callable[[Context], bool] | None = None
    per: Callable[[Context], int] | None = None

    def hand_size(self, eng, source, controller, player: str) -> int:
        delta = super().hand_size(eng, source, controller, player)
        if not delta:
            return 0
        ctx = static_context(eng, source, controller)
        if self.cond is not None and not self.cond(ctx):
            return 0
        return delta * self.per(ctx) if self.per is not None else delta


@template()
@dataclass
class LookAt(Effect):
    """ "Look at <a random card in your opponent's hand>": the cards named are shown to the
    controller alone (the trace says which); nothing moves, and unlike "reveal" nothing is
    revealed this way."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        ctx.log(f"{ctx.controller} looks at " + (", ".join(c.label for c in cards) or "no card"))
        return bool(cards)


@dataclass
class OpponentsCardsStayArchived(Static):
    """ "Your opponent's cards cannot leave your archives": a card its controller's opponent owns
    stays in the controller's archives, whatever would move it (taking the archives, purging or
    discarding them; engine.rules.game.Engine.put_away)."""

    def keeps_in_archives(self, eng, source, controller, card) -> bool:
        return card.owner != controller and card in eng.game.players[controller].zones["archives"]
