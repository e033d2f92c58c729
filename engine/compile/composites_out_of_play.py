"""The templates built here from several pieces of the effect library for cards out of play: a deck
(and a discard pile) searched for a card a noun phrase admits, the cards an effect discarded "this
way", the cards of a discard pile counted, a card chosen in your hand or archives. Registered with
``@template`` as :mod:`engine.compile.composites`'s are (whose noun phrase test they share); a new
template on cards out of play that needs several pieces gets its constructor here.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import (
    cards_under_at_least,
    ChooseAnyNumber,
    If,
    PlayIt,
    controlled_by_chosen_player,
    done_this_way,
    NameOutOfPlay,
    OnePile,
    PileEnd,
    PutOnDeck,
    ResolveGraftedPlay,
    RevealUntil,
    SearchFor,
    WithUpgrades,
)

from engine.rules.bonus_icons import bonus_icons
from engine.rules.haunted import is_haunted
from engine.rules.houses import belongs_to
from engine.rules.mechanics.gigantic import is_gigantic
from engine.rules.targets import Choose, Together
from engine.compile.composites import _noun_test
from engine.compile.grammar import Refusal


@template("SearchFor")
def _search_for(noun, to: str, name: str, discard_pile: bool = False):
    """ "Search your deck [and discard pile] for <a card> and <put it into your hand / discard it>":
    one card the noun phrase admits (engine.library.searching)."""
    if noun.quantity != "one" or noun.count != 1 or noun.side != "any":
        raise Refusal("target", noun.what, "one card to search for")
    return SearchFor(("deck", "discard") if discard_pile else ("deck",), _noun_test(noun), to, name)


@template("SearchForAnyNumber")
def _search_for_any_number(noun, to: str, name: str, discard_pile: bool = False):
    """ "Search your deck [and discard pile] for any number of <Niffle creatures>, reveal them, and
    put them into your hand"."""
    if noun.side != "any":
        raise Refusal("target", noun.what, "cards to search for")
    return SearchFor(("deck", "discard") if discard_pile else ("deck",), _noun_test(noun), to, name, most=None)


@template("SearchForGigantic")
def _search_for_gigantic(to: str, name: str, both: bool = True):
    """ "Search your deck and discard pile for two halves (either half) of a gigantic creature"."""
    return SearchFor(
        ("deck", "discard"), lambda eng, source, controller, card: is_gigantic(card), to, name, halves=both
    )


@template("SearchForNamed")
def _search_for_named(
    card: str, card2: str = "", card3: str = "", to: str = "hand", name: str = "it", deck_only: bool = False
):
    """ "Search your deck and discard pile for <A>, <B>, or <C>": one card of any of those names
    (``deck_only``: "search your deck for <A>")."""
    names = {card, card2, card3} - {""}
    zones = ("deck",) if deck_only else ("deck", "discard")
    return SearchFor(zones, lambda eng, source, controller, c: c.name in names, to, name)


@template("DoneThisWay")
def _done_this_way(noun, name: str, verb: str):
    """ "<Each Untamed card / a card> <discarded> this way": all of them named at once, or one chosen
    among them (in the discard pile: "you may put a card discarded this way into your hand")."""
    test = _noun_test(noun)

    def done(eng, source, controller, card) -> bool:
        return test(eng, source, controller, card)

    if noun.quantity == "each":
        return NameOutOfPlay("discard", "any", done, name, verb)
    if verb != "discarded" or noun.quantity != "one":
        raise Refusal("target", noun.what, f"one card {verb} this way")

    def where(ctx, card) -> bool:
        return card in done_this_way(ctx, verb) and test(ctx.eng, ctx.source, ctx.controller, card)

    return Choose("discard", "any", name=name, where=where)


@template("in_discard_pile", kind="count")
def _in_discard_pile(noun=None, house: str = "", what: str = "card"):
    """ "<Untamed creatures / Mars card> in your discard pile": the cards of your discard pile the
    noun phrase admits (or the cards of ``house``, of type ``what``), counted as the effect resolves."""
    if noun is not None:
        test = _noun_test(noun)
    else:

        def test(eng, source, controller, card) -> bool:
            return (what == "card" or card.type == what) and belongs_to(eng, card, house)

    def count(ctx) -> int:
        return sum(1 for c in ctx.me.zone("discard") if test(ctx.eng, ctx.source, ctx.controller, c))

    return count


@template("FromHandOrArchives")
def _from_hand_or_archives(noun, name: str):
    """ "<A Logos card> from your hand or archives": one card chosen in either zone."""
    if noun.quantity != "one" or noun.count != 1 or noun.side != "any":
        raise Refusal("target", noun.what, "one card from your hand or archives")
    test = _noun_test(noun)
    return Choose(
        "hand",
        "friendly",
        name=name,
        where=lambda ctx, card: test(ctx.eng, ctx.source, ctx.controller, card),
        also=(("archives", "friendly"),),
    )


@template("FromZone")
def _from_zone(name: str, zone: str, side: str = "friendly", also: str = "") -> Choose:
    """ "A purged card [you own]": one card chosen in that zone of the side's player(s) (``also``:
    or in that other zone of theirs, "a card in your discard pile or a purged card you own")."""
    return Choose(zone, side, name=name, also=((also, side),) if also else ())


@template("OneOfEachType")
def _one_of_each_type(name: str, n: int = 1) -> list:
    """ "1 card of each type (action, artifact, creature, upgrade) from your discard pile": one of
    each type there is one of, chosen type by type, then named together."""
    if n != 1:
        raise Refusal("target", f"{n} cards of each type", "more than one card of each type")
    kinds = ("action", "artifact", "creature", "upgrade")
    return [
        *(
            Choose("discard", "friendly", name=f"{name}{kind}", where=lambda ctx, card, kind=kind: card.type == kind)
            for kind in kinds
        ),
        Together(tuple(f"{name}{kind}" for kind in kinds), name),
    ]


@template("PileEndOfIts")
def _pile_end_of_its(name: str, of: str, zone: str = "deck", end: str = "top", n: int = 1) -> PileEnd:
    """ "The top card of its controller's deck": the pile of the controller of the card "it" names."""
    return PileEnd(name, zone, f"of:{of}", end, n)


@template("Topmost")
def _topmost(name: str, kind: str, zone: str = "discard", whose: str = "self") -> PileEnd:
    """ "The topmost <action card / creature> from your discard pile": the card of that type nearest
    the top."""
    return PileEnd(name, zone, whose, "top", 1, lambda eng, source, controller, card: card.type == kind)


@template("ControlledByChosenPlayer")
def _controlled_by_chosen_player(name: str) -> Choose:
    """ "A creature controlled by that player": one of the creatures of the player chosen before."""
    return Choose(
        "creature",
        "any",
        name=name,
        where=lambda ctx, card: controlled_by_chosen_player(ctx.eng, ctx.source, ctx.controller, card),
    )


@template("OfDoneThisWay")
def _of_done_this_way(name: str, verb: str, n: int = 1) -> Choose:
    """ "<1> of the <discarded> cards": N chosen among the cards the ability discarded this way
    (they are in a discard pile by then: "Discard the top 3 cards of your opponent's deck. Play 1
    of the discarded cards as if it were yours")."""
    return Choose("discard", "any", name=name, count=n, where=lambda ctx, card: card in done_this_way(ctx, verb))


@template("GraftedPlay")
def _grafted_play(noun) -> ResolveGraftedPlay:
    """ "Resolve the play effect of <an action card> grafted onto SELF": one of the grafted cards
    the noun phrase admits."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("target", noun.what, "one grafted card")
    return ResolveGraftedPlay(_noun_test(noun))


@template("FromOnePile")
def _from_one_pile(name: str, n: int = 1, up_to: bool = False) -> list:
    """ "[Up to] N cards from a discard pile": all from one pile, the controller choosing whose when
    both have cards (as the player then chooses among that pile's cards)."""
    return [
        OnePile(name, "discard"),
        Choose("discard", "any", name=name, count=n, up_to=up_to, where=lambda ctx, card: card in ctx.refs(name)),
    ]


@template("amber_bonus_this_way", kind="count")
def _amber_bonus_this_way(verb: str):
    """ "The number of Æmber bonus icons on the <purged> cards" ("the total Æmber bonus of the
    purged cards"): the Æmber icons of the cards the ability did that to, enhanced ones included."""

    def count(ctx) -> int:
        return sum(bonus_icons(c).count("amber") for c in done_this_way(ctx, verb))

    return count


@template("shuffled_into_your_deck", kind="count")
def _shuffled_into_your_deck():
    """ "Each card shuffled into your deck this way": the cards shuffled this way that went to the
    controller's deck (a card of the opponent's goes to its owner's deck, not yours)."""

    def count(ctx) -> int:
        return sum(1 for c in done_this_way(ctx, "shuffled") if c.owner == ctx.controller and c.zone == "deck")

    return count


@template("TypeOrTraitFromPile")
def _type_or_trait_from_pile(name: str, kind: str, trait: str) -> Choose:
    """ "An upgrade or Robot card from your discard pile": a card of that type, or with that trait."""
    if kind not in ("action", "artifact", "creature", "upgrade"):
        raise Refusal("target", f"{kind} or {trait} card", f'"{kind}" (a card type)')

    def where(ctx, card) -> bool:
        return card.type == kind or trait in (t.lower() for t in card.printed.traits)

    return Choose("discard", "friendly", name=name, where=where)


@template("AndItsUpgrades")
def _and_its_upgrades(of: str, name: str) -> WithUpgrades:
    """ "<A friendly creature> and each upgrade attached to it": the upgrades first, so that they are
    moved off the creature before it leaves play (which would discard them)."""
    return WithUpgrades(of, name)


@template("DifferentFromPile")
def _different_from_pile(name: str, kind: str, other: str) -> Choose:
    """ "A different creature from your discard pile": one other than the cards named before."""
    if other == "it":
        raise Refusal("target", f"a different {kind}", '"different" (nothing named before it)')
    return Choose(
        "discard", "friendly", name=name, where=lambda ctx, card: card.type == kind and card not in ctx.refs(other)
    )


@template("InHauntedPile")
def _in_haunted_pile(noun, name: str) -> Choose:
    """ "A creature in any haunted player's discard pile": one card of the pile of a player who is
    haunted (engine.rules.haunted) as the choice is made."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("target", noun.what, "one card in a haunted player's discard pile")
    test = _noun_test(noun)

    def where(ctx, card) -> bool:
        return is_haunted(ctx.eng, card.owner) and test(ctx.eng, ctx.source, ctx.controller, card)

    return Choose("discard", "any", name=name, where=where)


@template("PlayUnderIf")
def _play_under_if(n: int, exactly: bool = False) -> If:
    """ "If there are N (or more) cards under SELF, play them one at a time as if they were in your
    hand": each card under it, in the order they went there."""
    return If(cards_under_at_least(n, exactly), [PlayIt("beneath")])


@template("RevealUntil")
def _reveal_until(noun, name: str) -> RevealUntil:
    """ "Reveal cards from the top of your deck until you reveal <a Brobnar card> or choose to stop"."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("target", noun.what, "one card to reveal")
    return RevealUntil(_noun_test(noun), name)


@template("FromHandAndPile")
def _from_hand_and_pile(name: str, n: int) -> Choose:
    """ "Up to N cards from your hand and discard pile": chosen among the cards of both zones."""
    return Choose("hand", "friendly", name=name, count=n, up_to=True, also=(("discard", "friendly"),))


@template("SameTypeFromPile")
def _same_type_from_pile(noun, of: str, name: str) -> Choose:
    """ "A card of the same type as the discarded card from a discard pile": one card of either
    player's pile, of a card type of a card named before (``of``: where it is now)."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("target", noun.what, "one card")
    test = _noun_test(noun)

    def where(ctx, card) -> bool:
        return test(ctx.eng, ctx.source, ctx.controller, card) and card.type in {c.type for c in ctx.refs(of)}

    return Choose("discard", "any", name=name, where=where)


@template("AnyNumberOnTopOfDeck")
def _any_number_on_top_of_deck(of: str, name: str) -> list:
    """ "You may put any number of the discarded cards on top of your deck in any order": the player
    picks them one at a time among the cards ``of`` names still in their discard pile (none is a
    number), each put on top as it is picked, so the last picked is the top card."""

    def where(ctx, card) -> bool:
        return card in ctx.refs(of)

    return [ChooseAnyNumber("discard", "friendly", where=where, name=name), PutOnDeck(name)]
