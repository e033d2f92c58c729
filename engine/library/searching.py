"""Searching a deck (and a discard pile) for a card, and shuffling a deck or a discard pile into it:
"Search your deck for a card and put it into your hand", "search your deck and discard pile for a
Giant creature, reveal it, and put it into your hand", "search your deck for a card and discard
it", "search your deck and discard pile for any number of Niffle creatures" (several cards), "for two
halves of a gigantic creature" (found together), "shuffle your deck", "shuffle your discard pile
into your deck", "each player shuffles their discard pile into their deck".

16.0 glossary "Search": the player looks through the area without showing it, "may choose to fail to
find the object of a search", and "if an entire deck is searched, the deck must be adequately shuffled
upon completion of the search"; the card found is revealed. So the searching player picks among the
matching cards or answers "done" (nothing found: the effect did not fully resolve, which "if you do"
reads), and the deck is shuffled once the found card has gone where the text puts it. Shuffles use
the game's seeded generator. The ("Help from Future Self") search that always finds is
:class:`engine.library.decks.SearchDeckAndDiscard`; a new effect on searching goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.this_way import done_this_way
from engine.library.zones import shuffle_deck
from engine.rules.ability import Context, Effect
from engine.rules.mechanics.gigantic import other_halves
from engine.rules.references import card_label
from engine.rules.targets import choose_or_done


@dataclass
class SearchFor(Effect):
    """Search the controller's ``zones`` ("deck", or "deck" and "discard") for a card ``test``
    admits (``(eng, source, controller, card) -> bool``), reveal it and put it into its owner's
    ``to`` zone ("hand", "archives", "discard"; "play": into play under the controller's control;
    "reveal": left where they are, for the sentence after it), then shuffle the deck. The card is named ``name``
    (and "it") for the sentences after it. ``most``: how many cards may be found (None: "any
    number of", the player answering "done" when finished); ``halves``: "two halves of a gigantic
    creature", a half found with its other half (engine.rules.mechanics.gigantic), never alone."""

    zones: tuple[str, ...]
    test: object
    to: str
    name: str = "found"
    most: int | None = 1
    halves: bool = False
    #: "up to 4 Bräkken cards with different names": what the cards found must differ in
    #: (``card -> key``); a card whose key one found before has is no longer offered
    different: object = None

    def resolve(self, ctx: Context) -> bool:
        found = [
            c for zone in self.zones for c in ctx.me.zone(zone) if self.test(ctx.eng, ctx.source, ctx.controller, c)
        ]
        if self.halves:
            found = [c for c in found if other_halves(c, found)]
        where = " and ".join(self.zones).replace("discard", "discard pile")
        picked: list = []
        while found and (self.most is None or len(picked) < self.most):
            pick = choose_or_done(ctx, f"{ctx.controller}: {ctx.source.name}: search your {where}: which card", found)
            if pick is None:
                break
            found.remove(pick)
            picked.append(pick)
            if self.different is not None:
                found = [c for c in found if self.different(c) != self.different(pick)]
            if self.halves:  # its other half (one of them, where the pile holds several)
                others = other_halves(pick, found)
                other = (
                    others[0]
                    if len(others) == 1
                    else ctx.eng.chooser.choose(
                        f"{ctx.controller}: {ctx.source.name}: the other half of {pick.label}",
                        others,
                        label=card_label(others),
                    )
                )
                picked.append(other)
                break
        ctx.chosen[self.name] = ctx.chosen["it"] = picked
        if not picked:
            ctx.log(f"{ctx.controller} searches their {where} and finds nothing")
        else:
            ctx.log(f"{ctx.controller} searches their {where} and reveals {', '.join(c.label for c in picked)}")
            for pick in picked:
                if self.to == "play":  # "put it into play": not played (engine.rules.play)
                    ctx.eng.put_into_play(pick, ctx.controller)
                elif self.to == "reveal":  # "... and reveal them": they stay where they were found
                    continue
                else:
                    ctx.eng.put_away(pick, self.to)
        if "deck" in self.zones:
            shuffle_deck(ctx.eng, ctx.controller)
        return bool(picked)


@template()
@dataclass
class ShuffleDeck(Effect):
    """ "Shuffle your deck" (``each``: "shuffle each player's deck", the active player's first)."""

    each: bool = False

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        for player in [g.active, g.other(g.active)] if self.each else [ctx.controller]:
            shuffle_deck(ctx.eng, player)
        return True


@template()
@dataclass
class ShuffleDiscardIntoDeck(Effect):
    """ "Shuffle your discard pile into your deck" (``each``: "each player shuffles their discard
    pile into their deck", the active player first): every card of the pile into its owner's deck,
    then the deck is shuffled."""

    each: bool = False

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        for player in [g.active, g.other(g.active)] if self.each else [ctx.controller]:
            pile = list(g.players[player].zone("discard"))
            for c in pile:
                g.move(c, "deck", c.owner)
            shuffle_deck(ctx.eng, player)
            ctx.log(f"{ctx.source.name}: {player} shuffles {len(pile)} card(s) from their discard pile into their deck")
            ctx.eng.emit("discard_shuffled_into_deck", player=player)
        return True


@template()
@dataclass
class ShuffleOthersIntoDeck(Effect):
    """ "Shuffle the other revealed cards into that deck" (after "Reveal the top 5 cards of a
    player's deck. Purge a card revealed this way."): the cards ``verb`` this way other than those
    ``other`` names, still on their deck, are shuffled into it: that deck is shuffled, once."""

    other: str
    verb: str = "revealed"

    def resolve(self, ctx: Context) -> bool:
        others = [c for c in done_this_way(ctx, self.verb) if c not in ctx.refs(self.other)]
        owners = sorted({c.owner for c in others if c.zone == "deck"})
        for owner in owners:
            shuffle_deck(ctx.eng, owner)
        return bool(owners)


@template()
@dataclass
class ShuffleArchivesIntoDeck(Effect):
    """ "Shuffle your opponent's archives into their deck" (``whose``: "opponent" or "self"): every
    archived card goes to its owner's deck (a card another player archived goes to its owner's, as
    a card leaving archives does), then each deck that received one is shuffled."""

    whose: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.whose == "opponent" else ctx.controller
        # a card that cannot leave the archives stays ("Your opponent's cards cannot leave your archives")
        archived = [c for c in ctx.game.players[player].zone("archives") if not ctx.eng.kept_in_archives(c)]
        for c in archived:
            ctx.game.move(c, "deck", c.owner)
        for owner in sorted({c.owner for c in archived} | {player}):
            shuffle_deck(ctx.eng, owner)
        ctx.log(f"{ctx.source.name}: {player} shuffles {len(archived)} archived card(s) into their deck")
        return bool(archived)
