"""The templates whose constructor is built here from several pieces of the effect library
(``build = "ReadyAnd"``: ready, then fight; ``"Splash"``: the neighbors named, then one instance of
damage; ``"PowerWhile"``: a power modifier in force while a condition holds), registered under their
names with ``@template`` as the library's own effects are (:mod:`engine.core.registry`).

A template whose words name one effect of the library builds that effect directly: it is registered
beside its class. A new template that needs several pieces, or arguments rearranged, gets its
constructor here.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import (
    ChooseAmongNamed,
    amber_compare,
    amber_on_it,
    amber_on_self,
    damage_on_it,
    damage_on_self,
    Archive,
    Capture,
    ChooseAnyNumber,
    ChooseOneAtATime,
    count_this_way,
    creatures_in_excess,
    DealDamage,
    DealDamageForEach,
    did_this_way,
    DiscardFromHand,
    DiscardTopOfDeck,
    DiscardUntil,
    Draw,
    DuringOpponentsNextTurn,
    ForEach,
    ForgeAtCost,
    Heal,
    If,
    it_test,
    MayForgeAtCost,
    more_creatures,
    MoveAmber,
    NameGroup,
    NameOutOfPlay,
    NeighborsOf,
    of_chosen_house,
    of_type,
    opponent_amber,
    opponent_amber_but,
    Purge,
    Ready,
    self_test,
    SkipsForgeStep,
    Steal,
    that_amount,
    ThisWay,
    UseAsIfYours,
    UseCreature,
    while_,
)
from engine.rules import common_statics as cs
from engine.rules import statics as st
from engine.rules.entering import EntersPlayReady
from engine.rules.gained_text import OneOf
from engine.rules.houses import belongs_to
from engine.rules.key_colors import COLORS
from engine.rules.mechanics.tokens import MakeTokens
from engine.rules.targets import Choose, ChooseMostPowerful, Together
from engine.compile.grammar import Refusal
from engine.compile.phrases import noun


@template("Use")
def _use(how: str, on: str) -> list:
    return [UseCreature(how, on)]


@template("ReadyAnd")
def _ready_and(how: str, on: str) -> list:
    """ "Ready and fight with <a creature>": one creature, readied then used."""
    return [Ready(on), UseCreature(how, on)]


@template("ArchiveFromHand")
def _archive_from_hand(name: str, count: int = 1) -> list:
    """ "Archive a card" ("archive N cards"): from your hand (all of them when there are no more)."""
    return [Choose("hand", "friendly", name=name, count=count), Archive(name)]


@template("PurgeSelf")
def _purge_self() -> list:
    return [Purge("self")]


@template("Splash")
def _splash(amount: int, on: str, splash: int, name: str) -> list:
    """ "Deal N to <a creature> with M splash": M to each of its neighbors at the same time."""
    return [NeighborsOf(on, name), DealDamage(amount, on, also=((splash, name),))]


@template("WithNeighbors")
def _with_neighbors(of: str, name: str) -> list:
    """ "<a creature> and each of its neighbors": one group."""
    return [NeighborsOf(of, f"{name}n"), Together((of, f"{name}n"), name)]


@template("FromEachPile")
def _from_each_pile(name: str, count: int = 1, up_to: bool = False) -> list:
    """ "Up to 2 cards from each discard pile": a choice in the controller's pile, then one in the
    opponent's, named together."""
    mine, theirs = f"{name}f", f"{name}e"
    return [
        Choose("discard", "friendly", name=mine, count=count, up_to=up_to),
        Choose("discard", "enemy", name=theirs, count=count, up_to=up_to),
        Together((mine, theirs), name),
    ]


@template("MostPowerful")
def _most_powerful(side: str, name: str) -> ChooseMostPowerful:
    return ChooseMostPowerful(1, name, side)


@template("FromPile")
def _from_pile(
    name: str, side: str = "friendly", kind: str = "", count: int = 1, up_to: bool = False, different: str = ""
) -> Choose:
    """ "A <creature> from <your / a> discard pile"; ``different="type"``: "2 cards of different
    types from your discard pile" (no two of one card type)."""
    return Choose(
        "discard",
        side,
        name=name,
        count=count,
        up_to=up_to,
        where=of_type(kind) if kind else None,
        different=(lambda card: card.type) if different == "type" else None,
    )


@template("ForEach")
def _for_each(count, effects: list) -> ForEach:
    """ "<effect> for each <X> on it": "it" is what the effect acts on ("Deal 1 to The Corpulent
    Collector for each A on it" counts the Æmber on the card itself); a count on "it" with the card
    itself as the effect's only object reads the card itself."""
    if _object_of(effects) == "self":
        count = ON_SELF.get(count, count)
    return ForEach(count, effects)


#: the counts on "it" and the same counts on the card itself
ON_SELF = {amber_on_it: amber_on_self, damage_on_it: damage_on_self}


def _object_of(effects: list) -> str | None:
    """The one card reference the effects act on ("self", "it", ...), else None."""
    found = set()
    for effect in effects:
        while hasattr(effect, "effect"):  # a wrapper ("this way", "if you do") acts on its effect's object
            effect = effect.effect
        found.add(getattr(effect, "on", None))
    return found.pop() if len(found) == 1 else None


@template("Forge")
def _forge(
    extra: int = 0,
    may: bool = False,
    per: int = 0,
    count=None,
    maximum: int = 0,
    minimum: int = 0,
    color: str = "",
    who: str = "self",
):
    """ "Forge a key at [+N] current cost[, reduced by M (to a maximum of R) for each <X> (to a
    minimum of C)]"; "you may ...": asked only when it can be forged; "forge your blue key ..."
    (``color``: a key colour, engine.rules.key_colors); ``who="opponent"``: "your opponent forges
    a key at current cost"."""

    def reduction(ctx) -> int:
        by = per * count(ctx)
        return min(by, maximum) if maximum else by

    if color and color not in COLORS:
        raise Refusal("sentence", f"forge your {color} key", f'"{color}" (a key colour)')
    forge = ForgeAtCost(extra, minimum=minimum) if count is None else ForgeAtCost(extra, reduction, minimum)
    forge.color, forge.who = color or None, who
    return MayForgeAtCost(forge) if may else forge


@template("DiscardFromHand")
def _discard_from_hand(name: str, count: int = 1) -> list:
    """ "Discard a card", "choose and discard N cards from your hand": from your hand (all of them
    when there are no more than N)."""
    return [Choose("hand", "friendly", name=name, count=count), DiscardFromHand(name)]


@template("OpponentCannotUseNextTurn")
def _opponent_cannot_use_next_turn(how: str):
    """ "Your opponent cannot use creatures to <how> on their next turn"."""
    return DuringOpponentsNextTurn(cs.CannotBeUsedTo(how, applies=st.enemy))


@template("Together")
def _together(first: str, second: str, name: str) -> Together:
    """ "<a card> and <another card>": both at once."""
    return Together((first, second), name)


@template("MakeTokens")
def _make_tokens(count: int = 1, name: str = "made", named: str | None = None, flank: str | None = None):
    """ "Make a token creature": the tokens made are what "it" names after it ("Ward it.");
    ``named``: "make a Niffle Brute", only that token creature; ``flank``: "... on your left flank"."""
    return MakeTokens(count, named=named, name=name, flank=flank)


@template("DiscardTopOfDeck")
def _discard_top(n: int = 1, name: str = "discarded", whose: str = "self"):
    return DiscardTopOfDeck(n, name, whose)


@template("OneOf")
def _one_of(first: list, second: list, first_text: str, second_text: str):
    """ "Choose one: <A>, or <B>" / "<A> or <B>": the player picks an option by its words, among
    the options whose first choice of a card has a card to choose (one such option resolves
    without asking)."""
    return one_of([(first_text, first), (second_text, second)])


def one_of(options: list[tuple[str, list]], every_option: bool = False) -> OneOf:
    """The player picks one of ``options`` (words, effects) by its words, among the options whose
    first choice of a card has a card to choose (one such option resolves without asking); with
    ``every_option`` ("Choose one:"), among all of them once one has (:class:`OneOf`)."""
    return OneOf(options, possible={text: _can_start(effects) for text, effects in options}, every_option=every_option)


def _can_start(effects: list):
    chooser = next((e for e in effects if isinstance(e, Choose)), None)
    if chooser is None or effects.index(chooser) != 0:
        return lambda ctx: True
    return lambda ctx: bool(chooser.options(ctx))


@template("UseAsIfYours")
def _use_as_if_yours(on: str):
    return UseAsIfYours(on)


@template("CaptureAll")
def _capture_all(on: str = "self") -> Capture:
    """ "<A creature> captures all of your opponent's A": from the opponent of the ability's
    controller, whichever side the creature is on."""
    return Capture(opponent_amber, on, side="your opponent")


@template("FullyHeal")
def _fully_heal(on: str):
    return ThisWay(Heal(None, on), on, "healed")


@template("this_way", kind="count")
def _count_this_way(
    verb: str, what: str = "card", house: str | None = None, of_house: bool = True, trait: str | None = None
):
    """ "For each <noun> <verb> this way": the cards done this way, or for "damage" ("for each
    damage healed this way") the points of damage, what "that amount" reads (Guardian Demon)."""
    if what == "damage":
        return that_amount(verb)
    return count_this_way(
        verb, {"creature": "creature", "artifact": "artifact"}.get(what, "card"), house, of_house, trait
    )


@template("AnyNumberFromHand")
def _any_number_from_hand(name: str, house: str | None = None):
    """ "Any number of [<house>] cards from your hand"."""

    def where(ctx, card) -> bool:
        return belongs_to(ctx.eng, card, house)

    return ChooseAnyNumber("hand", "friendly", where=where if house else None, name=name)


@template("StealIfExactly")
def _steal_if_exactly(amount: int) -> If:
    """ "If your opponent has exactly N, steal it": "it" is that Æmber."""
    return If(amber_compare("opponent", "exactly", amount), [Steal(amount)])


@template("DamageForEach")
def _damage_for_each(amount: int, count) -> DealDamageForEach:
    """ "Deal N damage for each <X>. You may divide this damage among any number of creatures.":
    N points for each, each point assigned to a creature (glossary "For Each")."""
    return DealDamageForEach(lambda ctx: amount * count(ctx))


def _noun_test(found):
    """A noun phrase as a test on a card out of play (its type and its tests)."""
    kinds = {"creature or artifact": ("creature", "artifact"), "card": None}.get(found.what, (found.what,))

    def test(eng, source, controller, card) -> bool:
        return (kinds is None or card.type in kinds) and all(t(eng, source, controller, card) for t in found.tests)

    return test


@template("OutOfPlay")
def _out_of_play(noun, name: str, zone: str, side: str = "friendly", done: str = ""):
    """ "<cards> from your discard pile", "<cards> in your opponent's hand", "<cards> revealed this
    way": each of them named at once, or a choice among them."""
    test = _noun_test(noun)
    if done and noun.quantity != "each":  # "purge a card revealed this way": one of them
        if noun.quantity != "one" or noun.count != 1:
            raise Refusal("target", noun.what, f"some of the cards {done} this way")
        return [NameOutOfPlay(zone, side, test, f"{name} among", done), ChooseAmongNamed(f"{name} among", name)]
    if noun.quantity == "each" or done:
        return NameOutOfPlay(zone, side, test, name, done)
    return Choose(
        zone,
        side,
        name=name,
        count=noun.count,
        up_to=noun.quantity == "up_to",
        where=lambda ctx, card: test(ctx.eng, ctx.source, ctx.controller, card),
    )


@template("EachAmongIt")
def _each_among_it(noun, name: str, zone: str, among: str):
    """ "Each <card> from it" after a whole zone was named ("reveal your hand and put each creature
    from it into play", said of each player or of the opponent): the cards of that zone, whoever's
    it is; refused (so the next reading is tried) when nothing was named or not each card is meant."""
    if among == "it" or noun.quantity != "each":
        raise Refusal("target", noun.what, '"from it" with no zone named before it')
    return NameOutOfPlay(zone, "any", _noun_test(noun), name, among=among)


@template("ChooseOneAtATime")
def _choose_one_at_a_time(how: str, noun, ready: bool = False):
    """ "[Ready and] <fight> with <up to N / each> <creatures>, one at a time"."""
    each = noun.quantity == "each"
    choose = Choose(
        noun.what,
        noun.side,
        name="one at a time",
        count=1,
        up_to=noun.quantity == "up_to",
        where=noun.where if (noun.tests or noun.other) else None,
        exclude_self=noun.other,
    )
    return ChooseOneAtATime(how, choose, None if each else noun.count, ready)


@template("Seq")
def _seq(first: list, then: list = ()) -> list:
    """ "<clause> and <clause>", "then, <clause>": one after the other."""
    return [*first, *then]


@template("Nothing")
def _nothing(**_) -> list:
    """A sentence the general rules carry out (an upgrade's "This creature gains skirmish.")."""
    return []


@template("EntersPlayReady", kind="static")
def _enters_ready(applies=st.itself):
    """ "<Creatures> enter play ready": the rules ask it of creatures only (engine.rules.entering)."""
    if getattr(applies, "what", "creature") != "creature":
        raise Refusal("static", f"{applies.what}s entering play ready", "entering play ready for a card not a creature")
    return EntersPlayReady(applies)


@template("OpponentSkipsForgeStep")
def _opponent_skips_forge_step():
    return DuringOpponentsNextTurn(SkipsForgeStep())


@template("CaptureAllBut")
def _capture_all_but(n):
    return Capture(opponent_amber_but(n))


@template("DiscardUntil")
def _discard_until(noun, name):
    return DiscardUntil(_noun_test(noun), name)


@template("WholeZone")
def _whole_zone(name, zone, side):
    return NameOutOfPlay(zone, side, lambda *_: True, name)


@template("DealThatAmount")
def _deal_that_amount(verb, on):
    return DealDamage(that_amount(verb), on)


@template("PowerWhile", kind="static")
def _power_while(amount, cond, applies=st.itself):
    return cs.PowerModifier(amount, while_(applies, cond))


@template("KeywordWhile", kind="static")
def _keyword_while(keyword, cond, applies=st.itself):
    return cs.GrantKeyword(keyword, while_(applies, cond))


@template("it_is", kind="condition")
def _it_is(ref, noun, present: bool = True):
    """ "If it is a creature", "if it is a Logos card", "if it is not a Mutant creature": a test of
    the card named before by what the noun phrase says (one card: "a", "an")."""
    if noun.quantity != "one" or noun.count != 1:
        raise Refusal("condition", noun.what, "one card")
    test = _noun_test(noun)
    return it_test(ref, lambda eng, source, controller, card: test(eng, source, controller, card) == present)


@template("self_on_flank", kind="condition")
def _self_on_flank():
    return self_test(lambda eng, source, controller, card: eng.is_flank(card))


@template("it_of_chosen_house", kind="condition")
def _it_of_chosen_house(ref):
    return it_test(ref, of_chosen_house)


@template("MoveAmberFromOne")
def _move_amber_from_one(noun, name: str, amount: int = 1, each: bool = False, to: str = "you"):
    """ "Move N Æmber from a <friendly / enemy> creature to <your pool, the common supply, another
    creature>": the creature is chosen among those with Æmber on it (a creature with none has none
    to move; the AoA Mother Northelle scenarios), named for "that creature" after it."""
    if noun.what != "creature" or noun.quantity != "one" or noun.count != 1:
        raise Refusal("target", noun.what, "one creature to move Æmber from")

    def where(ctx, card) -> bool:
        return card.amber > 0 and noun.where(ctx, card)

    return [
        Choose("creature", noun.side, name=name, where=where, exclude_self=noun.other),
        MoveAmber(amount, each, on=name, to=to),
    ]


@template("neighbors_of_self_that", kind="count")
def _neighbors_of_self_that(word: str):
    """ "Each of <this creature>'s <house / trait> neighbors": its neighbors the words admit."""
    found = noun(f"each {word} creature")

    def count(ctx) -> int:
        if ctx.source.zone != "battleline":
            return 0
        return sum(1 for c in ctx.game.neighbors(ctx.source) if found.where(ctx, c))

    return count


@template("did_this_way", kind="condition")
def _did_this_way(verb, noun):
    return did_this_way(verb, _noun_test(noun))


@template("self_not_on_flank", kind="condition")
def _self_not_on_flank():
    return self_test(lambda eng, source, controller, card: not eng.is_flank(card))


@template("it_on_flank", kind="condition")
def _it_on_flank(ref, present=True):
    return it_test(
        ref, lambda eng, source, controller, card: card.zone == "battleline" and eng.is_flank(card) == present
    )


@template("ByTheDifference")
def _by_the_difference(then: str, name: str) -> If:
    """ "If there are more enemy creatures than friendly creatures, <draw cards / make a number of
    token creatures / deal damage to each enemy creature> equal to the difference": the enemy
    creatures in excess of the friendly ones, counted as the effect resolves; cards drawn and tokens
    made one at a time, the damage one instance of that amount to each enemy creature."""
    difference = creatures_in_excess("opponent")
    if then == "draw":
        effects = [ForEach(difference, [Draw(1)])]
    elif then == "tokens":
        effects = [ForEach(difference, [MakeTokens(1)])]
    else:
        effects = [NameGroup(("creature",), "enemy", lambda *_: True, name), DealDamage(difference, name)]
    return If(more_creatures("opponent"), effects)
