"""The constructors templates may name (``build = "..."`` in ``templates/*.toml``): the effect library's
effects, constant abilities, conditions and reaction matches, each under the name a template uses.

Only what is listed here can be built from a template, so a template cannot reach anything else in
the engine; the arguments come from the template's ``args`` (slots and literals).
"""

from __future__ import annotations

from engine.library import effect as fx
from engine.library import on_cards as cards
from engine.library import groups as compiled
from engine.library import chosen_house as houses
from engine.library import creatures as creatures
from engine.library import counts as dyn
from engine.library import this_way as thisway
from engine.rules import statics as st
from engine.library.control import at_end_of_your_turn, TakeControl
from engine.library.lasting import DuringOpponentsNextTurn, ForTheTurn
from engine.library.naming import DestroyIfYouDo, TheCreatureItFights
from engine.library.status import Enrage, Exalt
from engine.library.zones import PlayTopOfDeck
from engine.rules.entering import EntersPlayReady, EntersPlayStunned
from engine.rules.forging import KeysCost, opponent_forged_last_turn, SpendAmberOnSelf
from engine.rules.houses import belongs_to, BelongsToAllHouses, ThisCreature, UsableAsActiveHouse
from engine.rules.power_armor import GivePowerCounters
from engine.rules.reactions import destroyed_fighting_self, Reaction
from engine.library.status import ArchiveTopOfDeck
from engine.rules.targets import Choose, ChooseMostPowerful, Together


def _use(how: str, on: str) -> list:
    return [cards.UseCreature(how, on)]


def _ready_and(how: str, on: str) -> list:
    """ "Ready and fight with <a creature>": one creature, readied then used."""
    return [cards.Ready(on), cards.UseCreature(how, on)]


def _archive_from_hand(name: str) -> list:
    """ "Archive a card": a card from your hand."""
    return [Choose("hand", "friendly", name=name), cards.Archive(name)]


def _purge_self() -> list:
    return [cards.Purge("self")]


def _splash(amount: int, on: str, splash: int, name: str) -> list:
    """ "Deal N to <a creature> with M splash": M to each of its neighbors at the same time."""
    return [compiled.NeighborsOf(on, name), cards.DealDamage(amount, on, also=((splash, name),))]


def _with_neighbors(of: str, name: str) -> list:
    """ "<a creature> and each of its neighbors": one group."""
    return [compiled.NeighborsOf(of, f"{name}n"), Together((of, f"{name}n"), name)]


def _most_powerful(side: str, name: str) -> ChooseMostPowerful:
    return ChooseMostPowerful(1, name, side)


def _from_pile(name: str, side: str = "friendly", kind: str = "", count: int = 1, up_to: bool = False) -> Choose:
    """ "A <creature> from <your / a> discard pile"."""
    from engine.library.naming import of_type

    return Choose("discard", side, name=name, count=count, up_to=up_to, where=of_type(kind) if kind else None)


def _for_each(count, effects: list) -> compiled.ForEach:
    return compiled.ForEach(count, effects)


def _forge(extra: int = 0, may: bool = False):
    """ "Forge a key at [+N] current cost"; "you may ...": asked only when it can be forged."""
    from engine.library.keys import ForgeAtCost, MayForgeAtCost

    return MayForgeAtCost(ForgeAtCost(extra)) if may else ForgeAtCost(extra)


def _discard_from_hand(name: str, count: int = 1) -> list:
    """ "Discard a card", "choose and discard N cards from your hand": from your hand (all of them
    when there are no more than N)."""
    return [Choose("hand", "friendly", name=name, count=count), compiled.DiscardFromHand(name)]


def _opponent_cannot_use_next_turn(how: str):
    """ "Your opponent cannot use creatures to <how> on their next turn"."""
    return DuringOpponentsNextTurn(st.CannotBeUsedTo(how, applies=st.enemy))


def _together(first: str, second: str, name: str) -> Together:
    """ "<a card> and <another card>": both at once."""
    return Together((first, second), name)


def _make_tokens(count: int = 1):
    from engine.rules.mechanics.tokens import MakeTokens

    return MakeTokens(count)


def _discard_top(n: int = 1, name: str = "discarded"):
    from engine.library.zones import DiscardTopOfDeck

    return DiscardTopOfDeck(n, name)


def _one_of(first: list, second: list, first_text: str, second_text: str):
    """ "Choose one: <A>, or <B>" / "<A> or <B>": the player picks an option by its words, among
    the options whose first choice of a card has a card to choose (one such option resolves
    without asking)."""
    from engine.rules.gained_text import OneOf

    return OneOf(
        [(first_text, first), (second_text, second)],
        possible={first_text: _can_start(first), second_text: _can_start(second)},
    )


def _can_start(effects: list):
    chooser = next((e for e in effects if isinstance(e, Choose)), None)
    if chooser is None or effects.index(chooser) != 0:
        return lambda ctx: True
    return lambda ctx: bool(chooser.options(ctx))


def _use_as_if_yours(on: str):
    from engine.library.zones import UseAsIfYours

    return UseAsIfYours(on)


def _capture_all(on: str = "self") -> fx.Capture:
    return fx.Capture(compiled.opponent_amber, on)


def _fully_heal(on: str):
    return thisway.ThisWay(cards.Heal(None, on), on, "healed")


def _this_way(make, verb: str):
    """An effect whose doings a later "this way" reads (engine.library.this_way)."""

    def build(on: str = "it", **kwargs):
        return thisway.ThisWay(make(on=on, **kwargs), on, verb)

    return build


def _count_this_way(verb: str, what: str = "card", house: str | None = None):
    """ "For each <noun> <verb> this way": the cards done this way, or for "damage" ("for each
    damage healed this way") the points of damage, what "that amount" reads (Guardian Demon)."""
    if what == "damage":
        return thisway.that_amount(verb)
    return thisway.count_this_way(verb, {"creature": "creature", "artifact": "artifact"}.get(what, "card"), house)


def _any_number_from_hand(name: str, house: str | None = None):
    """ "Any number of [<house>] cards from your hand"."""

    def where(ctx, card) -> bool:
        return belongs_to(ctx.eng, card, house)

    return houses.ChooseAnyNumber("hand", "friendly", where=where if house else None, name=name)


def _steal_if_exactly(amount: int) -> fx.If:
    """ "If your opponent has exactly N, steal it": "it" is that Æmber."""
    return fx.If(dyn.amber_compare("opponent", "exactly", amount), [fx.Steal(amount)])


def _damage_for_each(amount: int, count) -> cards.DealDamageForEach:
    """ "Deal N damage for each <X>. You may divide this damage among any number of creatures.":
    N points for each, each point assigned to a creature (glossary "For Each")."""
    return cards.DealDamageForEach(lambda ctx: amount * count(ctx))


def _noun_test(found):
    """A noun phrase as a test on a card out of play (its type and its tests)."""
    kinds = {"creature or artifact": ("creature", "artifact"), "card": None}.get(found.what, (found.what,))

    def test(eng, source, controller, card) -> bool:
        return (kinds is None or card.type in kinds) and all(t(eng, source, controller, card) for t in found.tests)

    return test


def _out_of_play(noun, name: str, zone: str, side: str = "friendly", done: str = ""):
    """ "<cards> from your discard pile", "<cards> in your opponent's hand", "<cards> revealed this
    way": each of them named at once, or a choice among them."""
    test = _noun_test(noun)
    if noun.quantity == "each" or done:
        return houses.NameOutOfPlay(zone, side, test, name, done)
    return Choose(
        zone,
        side,
        name=name,
        count=noun.count,
        up_to=noun.quantity == "up_to",
        where=lambda ctx, card: test(ctx.eng, ctx.source, ctx.controller, card),
    )


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
    return creatures.ChooseOneAtATime(how, choose, None if each else noun.count, ready)


def _seq(first: list, then: list = ()) -> list:
    """ "<clause> and <clause>", "then, <clause>": one after the other."""
    return [*first, *then]


def _nothing(**_) -> list:
    """A sentence the general rules carry out (an upgrade's "This creature gains skirmish.")."""
    return []


EFFECTS = {
    "Gain": fx.Gain,
    "GainChains": fx.GainChains,
    "Lose": fx.Lose,
    "Steal": fx.Steal,
    "Capture": fx.Capture,
    "DealDamage": _this_way(cards.DealDamage, "destroyed"),
    "Stun": cards.Stun,
    "Ready": cards.Ready,
    "Exhaust": cards.Exhaust,
    "Destroy": _this_way(DestroyIfYouDo, "destroyed"),
    "ReturnToHand": cards.ReturnToHand,
    "Purge": _this_way(cards.Purge, "purged"),
    "PurgeSelf": _purge_self,
    "Archive": cards.Archive,
    "ArchiveFromHand": _archive_from_hand,
    "MoveTo": cards.MoveTo,
    "Draw": cards.Draw,
    "Heal": _this_way(cards.Heal, "healed"),
    "HealUpTo": thisway.HealUpTo,
    "Use": _use,
    "ReadyAnd": _ready_and,
    "PowerCounters": GivePowerCounters,
    "Enrage": Enrage,
    "Exalt": Exalt,
    "May": fx.May,
    "If": fx.If,
    "IfYouDo": fx.IfYouDo,
    "RepeatPreceding": fx.RepeatPrecedingIf,
    "RepeatCardEffect": fx.RepeatCardEffectIf,
    "ForTheTurn": ForTheTurn,
    "DuringOpponentsNextTurn": DuringOpponentsNextTurn,
    "ShuffleIntoDeck": _this_way(compiled.ShuffleIntoDeck, "shuffled"),
    "TheCreatureItFights": TheCreatureItFights,
    "ThisCreature": ThisCreature,
    "PlayTopOfDeck": PlayTopOfDeck,
    "TakeControl": TakeControl,
    "NeighborsOf": compiled.NeighborsOf,
    "Nothing": _nothing,
    "FullyHeal": _fully_heal,
    "Seq": _seq,
    "Splash": _splash,
    "WithNeighbors": _with_neighbors,
    "MostPowerful": _most_powerful,
    "FromPile": _from_pile,
    "Forge": _forge,
    "DiscardFromHand": _discard_from_hand,
    "DiscardRandomFromHand": compiled.DiscardRandomFromHand,
    "MoveAmberWithPool": compiled.MoveAmberWithPool,
    "LoseAll": compiled.LoseAll,
    "EventCardPlayerAmber": compiled.EventCardPlayerAmber,
    "OpponentCannotUseNextTurn": _opponent_cannot_use_next_turn,
    "Together": _together,
    "OneOf": _one_of,
    "UseAsIfYours": _use_as_if_yours,
    "CaptureAll": _capture_all,
    "DiscardHand": compiled.DiscardHand,
    "Ward": compiled.Ward,
    "MakeTokens": _make_tokens,
    "DiscardTopOfDeck": _discard_top,
    "ForEach": _for_each,
    "ArchiveTopOfDeck": ArchiveTopOfDeck,
    "TheAttacked": compiled.TheAttacked,
    "StealIfExactly": _steal_if_exactly,
    "MayPlayOrUseOneOfHouse": houses.MayPlayOrUseOneOfHouse,
    "GainForgeCost": compiled.GainForgeCost,
    "OpponentSkipsForgeStep": lambda: DuringOpponentsNextTurn(dyn.SkipsForgeStep()),
    "ForTheTurnOnChosen": creatures.ForTheTurnOnChosen,
    "UseOneAtATime": creatures.UseOneAtATime,
    "ChooseOneAtATime": _choose_one_at_a_time,
    "EachPlayerGainsPer": thisway.EachPlayerGainsPer,
    "CaptureAllBut": lambda n: fx.Capture(dyn.opponent_amber_but(n)),
    "OutOfPlay": _out_of_play,
    "MoveToFlank": creatures.MoveToFlank,
    "DiscardUntil": lambda noun, name: thisway.DiscardUntil(_noun_test(noun), name),
    "WholeZone": lambda name, zone, side: houses.NameOutOfPlay(zone, side, lambda *_: True, name),
    "LookAtHand": houses.LookAtHand,
    "PlaceAmber": compiled.PlaceAmber,
    "AnyNumberFromHand": _any_number_from_hand,
    "DamageForEach": _damage_for_each,
    "DealThatAmount": lambda verb, on: cards.DealDamage(thisway.that_amount(verb), on),
    "ChooseHouse": houses.ChooseHouse,
    "OpponentChosenHouseNextTurn": houses.OpponentChosenHouseNextTurn,
    "TopOfDeck": houses.TopOfDeck,
    "Reveal": houses.Reveal,
    "PlayIt": houses.PlayIt,
    "DiscardCards": houses.DiscardCards,
}


def _enters_ready(applies=st.itself):
    """ "<Creatures> enter play ready": the rules ask it of creatures only (engine.rules.entering)."""
    if getattr(applies, "what", "creature") != "creature":
        from engine.compile.grammar import Refusal

        raise Refusal("static", f"{applies.what}s entering play ready", "entering play ready for a card not a creature")
    return EntersPlayReady(applies)


STATICS = {
    "PowerModifier": st.PowerModifier,
    "ArmorModifier": st.ArmorModifier,
    "GrantKeyword": st.GrantKeyword,
    "CannotBeUsedTo": st.CannotBeUsedTo,
    "EntersPlayReady": _enters_ready,
    "EntersPlayStunned": EntersPlayStunned,
    "DealsNoFightDamage": st.DealsNoFightDamage,
    "OnlyDealsWhenFighting": st.OnlyDealsWhenFighting,
    "CannotBeDealtDamage": st.CannotBeDealtDamage,
    "KeysCost": KeysCost,
    "MustChooseHouse": st.MustChooseHouse,
    "UsableAsActiveHouse": UsableAsActiveHouse,
    "BelongsToAllHouses": BelongsToAllHouses,
    "OpponentKeysCost": compiled.OpponentKeysCost,
    "SpendAmberOnSelf": SpendAmberOnSelf,
    "PowerPerCount": dyn.PowerPerCount,
    "OpponentKeysCostPerCount": dyn.OpponentKeysCostPerCount,
    "MayFight": dyn.MayFight,
    "UsableOnlyToFight": dyn.UsableOnlyToFight,
    "HostOpponentKeysCost": dyn.HostOpponentKeysCost,
    "CannotForgeKey": dyn.CannotForgeKey,
    "SkipsForgeStep": dyn.SkipsForgeStep,
    "PowerWhile": lambda amount, cond, applies=st.itself: st.PowerModifier(amount, dyn.while_(applies, cond)),
    "KeywordWhile": lambda keyword, cond, applies=st.itself: st.GrantKeyword(keyword, dyn.while_(applies, cond)),
}

CONDITIONS = {
    "opponent_has_more_amber": lambda: fx.opponent_has_more_amber,
    "opponent_has_no_amber": lambda: fx.opponent_has_no_amber,
    "amber_at_least": compiled.amber_at_least,
    "more_creatures": compiled.more_creatures,
    "no_creatures": compiled.no_creatures,
    "self_test": compiled.self_test,
    "it_test": compiled.it_test,
    "opponent_forged_last_turn": lambda: opponent_forged_last_turn,
    "haunted": lambda: compiled.haunted,
    "self_on_flank": lambda: compiled.self_test(lambda eng, source, controller, card: eng.is_flank(card)),
    "it_of_chosen_house": lambda ref: compiled.it_test(ref, houses.of_chosen_house),
    "amber_compare": dyn.amber_compare,
    "count_at_least": dyn.count_at_least,
    "amount_this_way": thisway.amount_at_least,
    "did_this_way": lambda verb, noun: thisway.did_this_way(verb, _noun_test(noun)),
    "self_not_on_flank": lambda: compiled.self_test(lambda eng, source, controller, card: not eng.is_flank(card)),
    "it_on_flank": lambda ref, present=True: compiled.it_test(
        ref, lambda eng, source, controller, card: card.zone == "battleline" and eng.is_flank(card) == present
    ),
}

COUNTS = {
    "opponent_keys_forged": lambda: compiled.opponent_keys_forged,
    "unforged_keys": lambda: dyn.unforged_keys,
    "amber_on_self": lambda: dyn.amber_on_self,
    "amber_in_pool": lambda: dyn.amber_in_pool,
    "neighbors_of_self": lambda: dyn.neighbors_of_self,
    "damage_on_self": lambda: dyn.damage_on_self,
    "amber_on_it": lambda: dyn.amber_on_it,
    "damage_on_it": lambda: dyn.damage_on_it,
    "neighbors_of_it": lambda: dyn.neighbors_of_it,
    "this_way": _count_this_way,
    "creatures_in_excess": dyn.creatures_in_excess,
    "copies_in_discard": lambda: dyn.copies_in_discard,
}


# ------------------------------------------------------------------------------ reactions


def _about(group):
    """The event's card is one the phrase names, on the side the event saw it on when the event
    says (a destroyed card no longer in play; a creature taken from its owner that died in the
    fight it fought: "each time a friendly creature fights")."""

    def match(ctx) -> bool:
        card = ctx.event.get("card")
        if card is None:
            return False
        return group.admits(ctx.eng, ctx.source, ctx.controller, card, ctx.event.get("controller"))

    return match


def _destroyed_about(group):
    creature = _about(group)

    def match(ctx) -> bool:
        was_creature = ctx.event.get("creature", True)
        return was_creature and creature(ctx)

    return match


def _destroyed_fighting(group):
    about = _about(group)

    def match(ctx) -> bool:
        fight = ctx.event.get("fight")
        card = ctx.event.get("card")
        return fight is not None and ctx.source in fight and card in fight and card is not ctx.source and about(ctx)

    return match


def _you(ctx) -> bool:
    return ctx.event.get("player") == ctx.controller


def _you_played(group):
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("player") == ctx.controller and about(ctx)

    return match


def _opponent_played(group):
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("player") not in (None, ctx.controller) and about(ctx)

    return match


def _opponent(ctx) -> bool:
    return ctx.event.get("player") not in (None, ctx.controller)


def _self_event(ctx) -> bool:
    return ctx.event.get("card") is ctx.source


MATCHES = {
    "about": _about,
    "destroyed": _destroyed_about,
    "destroyed_fighting": _destroyed_fighting,
    "destroyed_fighting_self": lambda: destroyed_fighting_self,
    "you": lambda: _you,
    "opponent": lambda: _opponent,
    "you_played": _you_played,
    "opponent_played": _opponent_played,
    "end_of_your_turn": lambda: at_end_of_your_turn,
    "self": lambda: _self_event,
}


def reaction(event: str, ability: list, when) -> Reaction:
    return Reaction(event, ability, when)
