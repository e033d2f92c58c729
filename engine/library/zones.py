"""Moving cards between zones: to a hand, the archives, the discard pile, the purge or a deck
("return it to its owner's hand", "archive it", "purge it", "shuffle it into its owner's deck"),
into another player's archives, into play ("put that creature into play under your control"),
purged cards remembered and returned to play (Spangler Box), purges from discard piles and
archives, and whole zones shuffled or swapped.

A card in play leaving goes through the general rules (:meth:`engine.rules.game.Engine.leave_play`:
a ward keeps it in play; a card that changed control goes to its owner's zone). Putting a card into
play is not playing it (:meth:`engine.rules.play.PlayRules.put_into_play`). A card that remembers
what it did ("all cards purged by Spangler Box") keeps it in its ``memory``; a card archived by an
opponent remembers where it goes when it leaves the archives. Shuffles use the game's seeded
generator, so a replay is deterministic. The top of a deck is :mod:`engine.library.decks`, hands
and archives as such :mod:`engine.library.hands_and_archives`. A new effect moving cards between
zones goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.archives_faceup import hidden
from engine.library.this_way import record_this_way
from engine.rules.ability import Context, Effect
from engine.rules.references import card_label


def shuffle_deck(eng, player: str) -> None:
    """``player`` shuffles their deck: the "deck_shuffled" event ("after your opponent shuffles their
    deck") follows every shuffle of a deck, by an effect or to reset an empty deck
    (:meth:`engine.rules.game.Engine.draw`)."""
    game = eng.game
    deck = game.players[player].zone("deck")
    game.rng.shuffle(deck)
    game.log(f"{player} shuffles their deck ({len(deck)} cards)")
    eng.emit("deck_shuffled", player=player)


@template()
@dataclass
class MoveTo(Effect):
    """Put each card ``on`` names into its owner's ``zone`` (hand, archives, purged, discard,
    deck). A card in a hidden zone (hand, deck, archives) cannot be followed there ("Leaves
    Play"), unless the effect picks cards from that zone (``from_hidden``)."""

    zone: str
    on: str = "it"
    from_hidden: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        done = False
        for c in cards:
            if hidden(ctx.eng, c) and not self.from_hidden:
                ctx.log(f"{c.label} is in a hidden zone now: {ctx.source.name} cannot find it")
                continue
            if c.zone == self.zone:
                continue
            if ctx.eng.remove_from_play_or_zone(c, self.zone):
                done = True
        return done and len(cards) > 0


@template()
def ReturnToHand(on: str = "it") -> MoveTo:
    return MoveTo("hand", on)


@template(this_way="purged")
def Purge(on: str = "it") -> MoveTo:
    return MoveTo("purged", on)


@template()
@dataclass
class Archive(Effect):
    """Put cards into the archives of the ability's controller ("into your archives"), except a
    card in play that has changed control: it goes to its owner's ("If a card that has changed
    control leaves play for any reason, it moves to its owner's appropriate out-of-play zone", 16.0
    "Control"). A card owned by the other player remembers it returns to its owner's hand when it
    leaves them. ``owner_hand_on_leaving``: "if it leaves your archives, put it into its owner's
    hand instead", for each card archived or (``hand_on_leaving_only``) only for the cards "not
    owned" by the controller ("if you are not the owner of that card and it leaves ...") or that
    were "enemy" cards ("if that enemy creature would leave your archives, ...")."""

    on: str = "it"
    owner_hand_on_leaving: bool = False
    hand_on_leaving_only: str = ""

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        archived = False
        for c in cards:
            remembered = self.owner_hand_on_leaving and (
                not self.hand_on_leaving_only
                or (self.hand_on_leaving_only == "not owned" and c.owner != ctx.controller)
                or (self.hand_on_leaving_only == "enemy" and c.in_play and c.controller != ctx.controller)
            )
            if c.in_play:
                to = c.owner if c.controller != c.owner else ctx.controller
                if not ctx.eng.leave_play(c, "archives", to=to):
                    continue  # a ward kept it in play (glossary "Ward")
            else:
                ctx.game.move(c, "archives", ctx.controller)
                ctx.log(f"{c.label} is put into {ctx.controller}'s archives")
            archived = True
            c.controller = c.owner
            if remembered:
                c.memory["leaves_archives_to"] = "hand"
        return archived


@template()
@dataclass
class ArchiveIntoOpponents(Effect):
    """ "Put <an enemy creature> into your opponent's archives" (``owner_hand_on_leaving``: "if that
    card leaves their archives, put it into its owner's hand instead", as :class:`Archive`'s)."""

    on: str = "it"
    owner_hand_on_leaving: bool = False
    hand_on_leaving_only: str = ""

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.in_play and ctx.eng.leave_play(c, "archives", to=ctx.opponent_name):
                c.controller = c.owner
                if self.owner_hand_on_leaving:
                    c.memory["leaves_archives_to"] = "hand"
                done = True
        return done


@template()
@dataclass
class PutOnDeck(Effect):
    """ "Put <cards> on top of (on the bottom of) its owner's deck": a card in play leaves play
    (a ward keeps a creature in play instead: glossary "Ward"); a card out of play is moved there
    from where it is: a discard pile, or a hand the effect picked it from (``from_hidden``, as
    :class:`MoveTo`: "put a random card from your opponent's hand on top of their deck").
    ``random_order``: "put each creature on top of its owner's deck in a random order": the cards
    go in an order the game's seeded generator draws, so no player chooses it; ``any_order``: the
    controller chooses it."""

    on: str = "it"
    top: bool = True
    from_hidden: bool = False
    random_order: bool = False
    #: "put them on top of your deck in any order": the controller picks the card that ends on top
    #: first, then the next (each put in turn, so the last put is the top card)
    any_order: bool = False

    def resolve(self, ctx: Context) -> bool:
        done = False
        cards = list(ctx.refs(self.on))
        if self.random_order:
            ctx.game.rng.shuffle(cards)
        if self.any_order and len(cards) > 1:
            ordered, left = [], list(cards)
            while len(left) > 1:
                pick = ctx.eng.chooser.choose(
                    f"{ctx.controller}: {ctx.source.name}: which card goes on top next", left, label=card_label(left)
                )
                left.remove(pick)
                ordered.append(pick)
            cards = list(reversed(ordered + left))
        for c in cards:
            if c.in_play:
                done = ctx.eng.leave_play(c, "deck", top=self.top) or done
            elif not hidden(ctx.eng, c) or c.zone == "deck" or self.from_hidden:
                ctx.eng.put_away(c, "deck", top=self.top)
                done = True
        return done


@template()
@dataclass
class PutIntoPlay(Effect):
    """ "Put that creature into play under your control" (from wherever it is now; ``ready``: "put
    each creature from your discard pile into play ready"). The cards put into play are recorded
    "put into play" this way ("destroy each creature put into play this way")."""

    on: str = "it"
    ready: bool = False
    #: the cards were named in a hand by this ability ("puts each creature from their hand into
    #: play"): found there, as :class:`MoveTo`'s
    from_hidden: bool = False
    #: "put it into play under its owner's control"
    under_owner: bool = False

    def resolve(self, ctx: Context) -> bool:
        done = []
        for c in ctx.refs(self.on):
            if c.in_play or (hidden(ctx.eng, c) and not (self.from_hidden and c.zone == "hand")):
                ctx.log(f"{c.label} cannot be put into play by {ctx.source.name} from its {c.zone}")
                continue
            ctx.eng.put_into_play(c, c.owner if self.under_owner else ctx.controller)
            if c.in_play:
                if self.ready and c.exhausted:
                    c.exhausted = False
                    ctx.log(f"{c.label} enters play ready ({ctx.source.name})")
                done.append(c)
        record_this_way(ctx, "put into play", done)
        return bool(done)


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
class PurgeFromEachDiscardOwnersGain(Effect):
    """ "Purge each <kind> from each player's discard pile. For each card purged this way, its owner
    gains 1"."""

    where: object

    def resolve(self, ctx: Context) -> bool:
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            found = [c for c in ctx.game.players[player].zone("discard") if self.where(ctx, c)]
            for c in found:
                ctx.eng.put_away(c, "purged")
            if found:
                ctx.eng.gain(player, len(found), ctx.source.name)
        return True


@template(this_way="shuffled")
@dataclass
class ShuffleIntoDeck(Effect):
    """ "Shuffle <cards> into their owner's deck": a card in play leaves play to its owner's deck
    (a warded creature stays; leaving play says so in the trace), a card in one of ``from_zones``
    is moved there (a purged card too: "shuffle a purged card into its owner's deck"); then each of
    those decks is shuffled, once. ``on``: one reference or several
    ("each chosen friendly and enemy creature"). An action card shuffling itself does so as it
    resolves ("Lose 2A. If you do not, shuffle Training Costs into your deck.")."""

    on: str | tuple[str, ...] = "it"
    from_zones: tuple = ("discard", "purged", "resolving")

    def resolve(self, ctx: Context) -> bool:
        moved, out_of_play = [], []
        for ref in (self.on,) if isinstance(self.on, str) else self.on:
            for c in ctx.refs(ref):
                if c.in_play:
                    if ctx.eng.leave_play(c, "deck"):
                        moved.append(c)
                elif c.zone in self.from_zones:
                    ctx.game.move(c, "deck", c.owner)
                    moved.append(c)
                    out_of_play.append(c)
        for owner in sorted({c.owner for c in moved}):
            shuffle_deck(ctx.eng, owner)
        if out_of_play:
            ctx.log(f"{ctx.source.name}: {', '.join(c.label for c in out_of_play)} shuffled into their owner's deck")
        return bool(moved)


@dataclass
class ShuffleChosenIntoDeck(ShuffleIntoDeck):
    """ "Shuffle <the chosen cards, from hand, discard pile or play> back into your deck": each goes
    to its owner's deck (a warded creature stays in play), then those decks are shuffled."""

    on: str = "it"
    from_zones: tuple = ("hand", "discard")


@dataclass
class ShuffleZonesIntoDeck(Effect):
    """ "Shuffle your hand and discard pile into your deck"."""

    zones: tuple[str, ...] = ("hand", "discard")

    def resolve(self, ctx: Context) -> bool:
        moved = 0
        for zone in self.zones:
            for c in list(ctx.me.zone(zone)):
                ctx.game.move(c, "deck", ctx.controller)
                moved += 1
        shuffle_deck(ctx.eng, ctx.controller)
        ctx.log(f"{ctx.source.name}: {ctx.controller} shuffles {moved} card(s) into their deck")
        if "discard" in self.zones:
            ctx.eng.emit("discard_shuffled_into_deck", player=ctx.controller)
        return True


@template()
@dataclass
class SwapDeckAndDiscard(Effect):
    """ "Swap your deck and your discard pile. Then, shuffle your deck" (``each``: "swap each
    player's deck with their discard pile", the active player's first; ``shuffle=False`` where the
    text shuffles in a sentence of its own)."""

    each: bool = False
    shuffle: bool = True

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        for player in [g.active, g.other(g.active)] if self.each else [ctx.controller]:
            p = g.players[player]
            p.zones["deck"], p.zones["discard"] = p.zones["discard"], p.zones["deck"]
            for zone in ("deck", "discard"):
                for c in p.zones[zone]:
                    c.zone = zone
            if self.shuffle:
                shuffle_deck(ctx.eng, player)
            ctx.log(f"{ctx.source.name}: {player} swaps their deck ({len(p.zone('deck'))} cards) and discard pile")
        return True


@template()
@dataclass
class Swap(Effect):
    """ "Swap <an artifact from your discard pile> with <a card in your hand>": each of the two cards
    goes to the zone the other was in (its owner's), both or neither: a swap with no second card
    does not happen. Neither is discarded (no "discarded" event): the card leaving the hand is
    swapped into the pile, which the text does not call discarding."""

    first: str
    second: str

    def resolve(self, ctx: Context) -> bool:
        one, other = ctx.refs(self.first)[:1], ctx.refs(self.second)[:1]
        if not one or not other or one[0].in_play or other[0].in_play:
            ctx.log(f"{ctx.source.name}: nothing to swap")
            return False
        a, b = one[0], other[0]
        zone_a, zone_b = a.zone, b.zone
        ctx.game.move(a, zone_b, a.owner)
        ctx.game.move(b, zone_a, b.owner)
        ctx.log(f"{ctx.source.name}: {a.label} ({zone_a}) and {b.label} ({zone_b}) are swapped")
        return True


@template()
@dataclass
class SelfFromZone(Effect):
    """ "Archive <this card> from your discard pile", "return <this card> from your discard pile to
    your hand": only while it is there (a card gone from that pile is not moved from elsewhere)."""

    zone: str
    to: str

    def resolve(self, ctx: Context) -> bool:
        if ctx.source.zone != self.zone or ctx.source not in ctx.me.zone(self.zone):
            ctx.log(f"{ctx.source.name} is not in {ctx.controller}'s {self.zone}: nothing happens")
            return False
        if self.to == "archives":
            return Archive("self").resolve(ctx)
        return MoveTo(self.to, "self").resolve(ctx)
