"""Effects on zones and decks, playing cards from elsewhere, copies, control and houses.

- Playing a card from somewhere other than hand (the top of a deck, beneath Masterplan) goes
  through :meth:`engine.rules.play.PlayRules.play_from`: house and First Turn restrictions do not
  apply, the card's own restrictions do, and a card that cannot be played stays where it was.
- Putting a card into play is not playing it (:meth:`~engine.rules.play.PlayRules.put_into_play`).
- A card that remembers what it did ("all cards purged by Spangler Box") keeps it in its
  ``memory``; a card archived by an opponent remembers where it goes when it leaves the archives.
- Shuffles use the game's seeded generator, so a replay is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.rules.ability import Context, Effect
from engine.core.errors import IllegalAction
from engine.core.state import Game, LastingEffect
from engine.rules.statics import CannotChooseHouse
from engine.rules.targets import Choose
from engine.rules.references import card_label
from engine.core.registry import template
from engine.rules.houses import houses_in_game
from engine.rules.hooks import cannot_pay, pay_costs, use_costs


def shuffle_deck(game: Game, player: str) -> None:
    deck = game.players[player].zone("deck")
    game.rng.shuffle(deck)
    game.log(f"{player} shuffles their deck ({len(deck)} cards)")


# ------------------------------------------------------------------------------ playing from elsewhere


@template()
@dataclass
class PlayTopOfDeck(Effect):
    """ "Play the top card of your deck" (Wild Wormhole)."""

    def resolve(self, ctx: Context) -> bool:
        deck = ctx.me.zone("deck")
        if not deck:
            ctx.log(f"{ctx.source.name}: {ctx.controller}'s deck is empty, nothing to play")
            return False
        return ctx.eng.play_from(deck[0], "the top of the deck")


@dataclass
class PutBeneath(Effect):
    """ "Put a card from your hand facedown beneath <this card>" (Masterplan)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        if not cards or not ctx.source.in_play:
            return False
        for card in cards:
            ctx.game.take(card)
            card.zone = "beneath"
            ctx.source.beneath.append(card)
            ctx.log(f"{ctx.controller} puts a card facedown beneath {ctx.source.label}")
        return True


@dataclass
class PlayBeneath(Effect):
    """ "Play the card beneath <this card>" (Masterplan's "Omni:")."""

    def resolve(self, ctx: Context) -> bool:
        under = list(ctx.source.beneath)
        if not under:
            ctx.log(f"{ctx.source.label}: no card beneath it to play")
            return False
        card = ctx.eng.chooser.choose(f"{ctx.source.name}: play which card beneath it", under, label=card_label(under))
        return ctx.eng.play_from(card, f"beneath {ctx.source.label}")


# copies (Mimicry's CopyOf): engine.rules.copies


# ------------------------------------------------------------------------------ purge, control


@dataclass
class PurgeRemembered(Effect):
    """Purge the cards ``on`` names and remember them on this card ("all cards purged by
    Spangler Box")."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in ctx.refs(self.on):
            if card.in_play and ctx.eng.remove_from_play_or_zone(card, "purged"):
                ctx.source.memory.setdefault("purged", []).append(card)
                done = True
        return done


@dataclass
class ReturnPurgedToPlay(Effect):
    """ "Return to play all cards purged by <this card>" (Spangler Box): each is put into play (not
    played: no play restriction applies, the Spangler Box FAQ) under its owner's control; True when
    any came back. ``creatures_only``, ``exhausted``: "return to play each creature purged this way,
    exhausted" (General Sherman): only cards that are creatures now come back (a token creature
    purged this way has reverted to its printed card, and a card that is not a creature stays
    purged: the General Sherman and Grunt FAQ)."""

    creatures_only: bool = False
    exhausted: bool = False

    def resolve(self, ctx: Context) -> bool:
        back = False
        for card in [c for c in ctx.source.memory.pop("purged", []) if c.zone == "purged"]:
            if self.creatures_only and card.type != "creature":
                ctx.log(f"{card.label} is not a creature now (its type is {card.type}): it stays purged")
                continue
            ctx.eng.put_into_play(card, card.owner)
            if card.in_play:
                card.exhausted = card.exhausted or self.exhausted
                back = True
        return back


@dataclass
class OpponentGainsControl(Effect):
    """ "Your opponent gains control of <card>"."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            return False
        ctx.eng.take_control(card, ctx.opponent_name)
        return True


# ------------------------------------------------------------------------------ decks and archives


@dataclass
class ChooseForEach(Effect):
    """Choose as many cards as ``per`` counts now ("an enemy creature for each key your opponent
    has forged")."""

    per: Callable[[Context], int]
    choose: Choose

    def resolve(self, ctx: Context) -> bool:
        return replace(self.choose, count=self.per(ctx)).resolve(ctx)


def opponent_keys(ctx: Context) -> int:
    return ctx.opponent.keys


@dataclass
class DiscardArchives(Effect):
    """ "<Player> discards each of their archived cards": a card that must go elsewhere when it
    leaves the archives (Sample Collection) goes there instead and is not discarded. The cards
    discarded are named ``name`` ("for each card discarded this way")."""

    whose: str = "opponent"
    name: str = "discarded"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.whose == "opponent" else ctx.controller
        archived = list(ctx.game.players[player].zone("archives"))
        discarded = []
        for card in archived:
            ctx.eng.put_away(card, "discard")
            if card.zone == "discard":
                discarded.append(card)
        ctx.chosen[self.name] = discarded
        ctx.log(f"{ctx.source.name}: {player} discards {len(discarded)} of {len(archived)} archived card(s)")
        return bool(archived) and len(discarded) == len(archived)


@dataclass
class GainForEach(Effect):
    """ "Gain 1 Æmber for each card <...> this way": per card an earlier effect named ``ref``."""

    ref: str
    per: int = 1

    def resolve(self, ctx: Context) -> bool:
        n = len(ctx.chosen.get(self.ref, []))
        if not n:
            ctx.log(f"{ctx.source.name}: no card counted, no Æmber gained")
            return False
        ctx.eng.gain(ctx.controller, n * self.per, ctx.source.name)
        return True


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


# ------------------------------------------------------------------------------ using others' cards


@dataclass
class UseAsIfYours(Effect):
    """ "Use an artifact ... as if it were yours": its "Action:" or "Omni:" ability resolves for the
    controller of this ability, with the requirements of using it (ready, the Rule of Six, what
    must be paid in order to use it: 16.0 "Using cards via other card abilities"). An
    artifact without such an ability cannot be used; the rest of the card still resolves ("resolve
    as much as you can": the Poltergeist FAQ)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        eng = ctx.eng
        if card is None or not card.in_play:
            return False
        kinds = [k for k in ("action", "omni") if eng.abilities(card, k)]
        why = 'it has no "Action:" or "Omni:" ability' if not kinds else "it is exhausted" if card.exhausted else None
        if why is None:
            try:
                eng.check_rule_of_six(card.name)
            except IllegalAction as exc:
                why = str(exc)
        if why:
            ctx.log(f"{card.label} cannot be used: {why}")
            return False
        how = eng.chooser.choose(f"{ctx.source.name}: use {card.label} how", kinds)

        costs = use_costs(eng, card, how)  # "must pay you 1 in order to use an artifact" (Tentacus)
        why = cannot_pay(eng, costs, f"use {card.label}")
        if why:
            ctx.log(f"{card.label} cannot be used: {why}")
            return False
        eng._start_use(card, None)  # exhausts it and counts the use (Rule of Six)
        pay_costs(eng, costs, f"to use {card.label}")
        ctx.log(f"{ctx.controller} uses {card.label} as if it were theirs ({how})")
        try:
            eng.trigger(card, how, controller=ctx.controller, as_if_yours=True, one=how in ("action", "omni"))
        finally:  # "each time you use an artifact" (Veylan Analyst): the player using it used it
            eng.emit("used", card=card, player=ctx.controller, how=how)
        return True


# ------------------------------------------------------------------------------ houses


@dataclass
class OpponentCannotChooseAHouse(Effect):
    """ "Choose a house. Your opponent cannot choose that house as their active house until
    <this card> leaves play" (Restringuntus)."""

    def resolve(self, ctx: Context) -> bool:
        if not ctx.source.in_play:
            ctx.log(f"{ctx.source.name} is no longer in play: its restriction ends at once")
            return False
        house = ctx.eng.chooser.choose(f"{ctx.source.name}: choose a house", houses_in_game(ctx.game))
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": CannotChooseHouse(house, ctx.opponent_name), "card": ctx.source},
                until_leaves=ctx.source,
            )
        )
        ctx.log(f"{ctx.source.label}: {ctx.opponent_name} cannot choose {house} until it leaves play")
        return True


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
class PurgeAnArchivedCard(Effect):
    """ "Purge an archived card": from any player's archives. The player chooses whose archives;
    the opponent's archives are hidden information, so the card taken from them is chosen at
    random (seeded), the chooser is never offered their identities (the Yzphyz Knowdrone FAQ)."""

    name: str = "purged"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        whose = [p for p in (ctx.controller, ctx.opponent_name) if g.players[p].zone("archives")]
        if not whose:
            ctx.log(f"{ctx.source.name}: no archived card to purge")
            return False
        player = ctx.eng.chooser.choose(f"{ctx.source.name}: purge a card from whose archives", whose)
        archived = g.players[player].zone("archives")
        if player == ctx.controller:
            card = ctx.eng.chooser.choose(
                f"{ctx.source.name}: purge which of your archived cards",
                list(archived),
                label=card_label(list(archived)),
            )
        else:
            card = g.rng.choice(list(archived))
            ctx.log(f"{ctx.source.name}: a card is taken at random from {player}'s archives")
        ctx.eng.put_away(card, "purged")
        ctx.chosen[self.name] = [card]
        return card.zone == "purged"


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
