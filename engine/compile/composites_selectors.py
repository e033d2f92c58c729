"""The constructors of templates that name cards by a superlative or act on them more than once
("the least powerful friendly creature", "exalt SELF twice"), registered for the templates as those
of :mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import (
    ChooseAnyNumber,
    between_self_and,
    ChooseForEach,
    ChooseLeastPowerful,
    ForEach,
    OpponentGainsControl,
    while_,
)
from engine.rules.damage_statics import CannotBeDealtDamage
from engine.rules.common_statics import CannotBeUsedTo, GrantKeyword
from engine.rules.houses import houses_of
from engine.rules.references import candidates
from engine.rules.targets import Choose, ChooseMostPowerful, NameEach, Together
from engine.compile.phrases import noun


@template("LeastPowerful")
def _least_powerful(side: str, name: str) -> ChooseLeastPowerful:
    """ "The least powerful [friendly / enemy] creature": the creature in play with the lowest
    power; tied, the active player chooses one (glossary "Least Powerful")."""
    return ChooseLeastPowerful(name, side)


@template("Times")
def _times(n: int, effects: list) -> ForEach:
    """ "<clause> twice", "<clause> N times": the clause N times over, each time making its own
    choices (as "for each": glossary "For Each")."""
    return ForEach(lambda ctx: n, effects)


@template("GiveControl")
def _give_control(on: str) -> OpponentGainsControl:
    """ "Give control of <a friendly creature> to your opponent"."""
    return OpponentGainsControl(on)


@template("InTheCenter")
def _in_the_center(side: str, name: str) -> Choose:
    """ "The enemy creature in the center of your opponent's battleline": the one creature there is
    on that side when its battleline has an odd number of creatures (glossary "Center of the
    Battleline"), none otherwise."""
    return Choose("creature", side, name=name, where=lambda ctx, card: ctx.eng.is_center(card))


@template("OneOfNeighbors")
def _one_of_neighbors(name: str) -> Choose:
    """ "One of SELF's neighbors": a choice among the creatures beside it in its battleline."""
    return Choose(
        "creature",
        "any",
        name=name,
        where=lambda ctx, card: ctx.source.zone == "battleline" and card in ctx.game.neighbors(ctx.source),
    )


@template("NeighborOnSide")
def _neighbor_on_side(side: str, name: str) -> Choose:
    """ "SELF's right neighbor" / "left neighbor": the creature immediately beside it on that side in
    its battleline (none on that flank)."""

    def where(ctx, card) -> bool:
        line = ctx.game.players[ctx.source.controller].creatures
        if ctx.source not in line or card not in line:
            return False
        return line.index(card) - line.index(ctx.source) == (1 if side == "right" else -1)

    return Choose("creature", "any", name=name, where=where)


def _this_and_its_neighbors(eng, source, controller, creature) -> bool:
    """ "This creature and each of its neighbors": an upgrade's host (a creature: itself) and the
    creatures beside it in its battleline."""
    host = source.attached_to if source is not None and source.zone == "upgrade" else source
    if host is None or host.zone != "battleline":
        return False
    return creature is host or creature in eng.game.neighbors(host)


@template("KeywordOnThisAndNeighbors", kind="static")
def _keyword_on_this_and_neighbors(keyword: str) -> GrantKeyword:
    """ "This creature and each of its neighbors gains <keyword>"."""
    return GrantKeyword(keyword, _this_and_its_neighbors)


@template("OnFlank")
def _on_flank(side: str, flank: str, name: str) -> Choose:
    """ "The creature on your opponent's left / right flank": the creature at that end of their
    battleline (a lone creature is on both flanks), none in an empty battleline."""

    def where(ctx, card) -> bool:
        line = ctx.game.players[card.controller].creatures
        return bool(line) and card is (line[0] if flank == "left" else line[-1])

    return Choose("creature", side, name=name, where=where)


@template("MostPowerfulNeighbor")
def _most_powerful_neighbor(name: str) -> Choose:
    """ "SELF's most powerful neighbor": the neighbor with the highest power; tied, the active
    player chooses one (glossary "Most Powerful")."""

    def where(ctx, card) -> bool:
        if ctx.source.zone != "battleline":
            return False
        near = ctx.game.neighbors(ctx.source)
        return card in near and ctx.eng.power(card) == max(ctx.eng.power(c) for c in near)

    return Choose("creature", "any", name=name, where=where)


@template("neighbors_of_it_that", kind="count")
def _neighbors_of_it_that(word: str):
    """ "Each of its <house / trait> neighbors": the neighbors of the card "it" names (in a constant
    ability, the creature it is asked about: "each friendly Brobnar creature gets +1 power for each of
    its Brobnar neighbors") that the word admits."""
    found = noun(f"each {word} creature")

    def count(ctx) -> int:
        return sum(
            1
            for c in ctx.chosen.get("it", [])[:1]
            if c.zone == "battleline"
            for n in ctx.game.neighbors(c)
            if found.where(ctx, n)
        )

    return count


@template(kind="count", value=True)
def upgrades_on_it(ctx) -> int:
    """ "Each upgrade attached to it": on the creature "it" names (an upgrade's "this creature gets
    ... for each upgrade attached to it": its host, the upgrade itself among them)."""
    return sum(len(c.upgrades) for c in ctx.chosen.get("it", [])[:1] if c.zone == "battleline")


def _controlled_by_event_player(ctx, card) -> bool:
    return card.controller == ctx.event.get("player")


@template("TheirCreatures")
def _their_creatures(name: str, each: bool = True):
    """ "Each creature they control" / "a creature they control" in an ability that reacts to a
    player's doing ("after your opponent forges a key, exhaust each creature they control"): "they"
    is the player the event is about."""
    if each:
        return NameEach("creature", "any", _controlled_by_event_player, name)
    return Choose("creature", "any", name=name, where=_controlled_by_event_player)


@template("PowerfulGroup")
def _powerful_group(n: int, name: str, least: bool = False, side: str = "any") -> ChooseMostPowerful:
    """ "The N most / least powerful creatures": the group filled from that end of the powers; where
    a tie straddles its edge, the controller chooses among the tied creatures (glossary "Most
    Powerful", "Least Powerful")."""
    return ChooseMostPowerful(n, name, side, least)


@template("UpgradesOn")
def _upgrades_on(name: str, on: str = "self") -> NameEach:
    """ "Each upgrade on SELF": the upgrades attached to it (an upgrade's own host)."""
    return NameEach("upgrade", "any", lambda ctx, card: card.attached_to in ctx.refs(on), name)


@template("OtherUpgradesOnHost")
def _other_upgrades_on_host(name: str) -> NameEach:
    """ "All other upgrades attached to this creature" (an upgrade's text): those on its creature but
    itself."""
    return NameEach(
        "upgrade",
        "any",
        lambda ctx, card: (
            card is not ctx.source and card.attached_to is not None and card.attached_to is ctx.source.attached_to
        ),
        name,
    )


@template("AnyNumberOf")
def _any_number_of(name: str, what: str, side: str, kind: str = "") -> ChooseAnyNumber:
    """ "Any number of friendly creatures", "any number of creatures from your hand": picked one
    at a time (none at all is a choice)."""
    return ChooseAnyNumber(what, side, (lambda ctx, card: card.type == kind) if kind else None, name)


@template("WithSameName")
def _with_same_name(of: str, name: str, what: str = "creature") -> list:
    """ "<a creature> and each other creature with the same name as that creature", "<that card> and
    each card with the same name" (``what="card in play"``: creatures, artifacts and upgrades): one
    group."""

    def same(ctx, card) -> bool:
        named = ctx.refs(of)
        return card not in named and any(card.name == c.name for c in named)

    return [NameEach(what, "any", same, f"{name}s"), Together((of, f"{name}s"), name)]


@template("CardInPlay")
def _card_in_play(name: str) -> Choose:
    """ "Choose a card" in an ability that names no out-of-play area: a card in play (a creature, an
    artifact or an upgrade), for 16.0 glossary "Ability": "Unless an ability explicitly references
    an out-of-play area (such as a hand, deck, archives, or discard pile), that ability can only
    interact with cards that are in play"."""
    return Choose("creature", "any", name=name, also=(("artifact", "any"), ("upgrade", "any")))


def _neighbor_sharing_a_house_with(of: str):
    """A neighbor of a creature ``of`` names that shares a house with it."""

    def sharing(ctx, card) -> bool:
        return any(
            card in ctx.game.neighbors(c) and houses_of(ctx.eng, card) & houses_of(ctx.eng, c)
            for c in ctx.refs(of)
            if c.zone == "battleline"
        )

    return sharing


@template("WithNeighborsSharingAHouse")
def _with_neighbors_sharing_a_house(of: str, name: str) -> list:
    """ "<a creature> and each (of its) neighbor(s) that shares a house with it": one group."""
    return [
        NameEach("creature", "any", _neighbor_sharing_a_house_with(of), f"{name}n"),
        Together((of, f"{name}n"), name),
    ]


@template("NeighborsSharingAHouse")
def _neighbors_sharing_a_house(of: str, name: str) -> list:
    """ "Each of its neighbors that shares a house with it": its neighbors now of a house it has."""
    return [NameEach("creature", "any", _neighbor_sharing_a_house_with(of), name)]


@template("WithSamePower")
def _with_same_power(of: str, name: str) -> list:
    """ "<the chosen creatures> and each creature with the same power as either of them": one group,
    the powers taken as the effect resolves."""

    def same(ctx, card) -> bool:
        named = ctx.refs(of)
        return card not in named and any(ctx.eng.power(card) == ctx.eng.power(c) for c in named)

    return [NameEach("creature", "any", same, f"{name}p"), Together((of, f"{name}p"), name)]


def _a_third_of(side: str):
    def count(ctx) -> int:
        return -(-len(candidates(ctx, "creature", side)) // 3)  # rounding up

    return count


@template("ThirdOfEachSide")
def _third_of_each_side(name: str) -> list:
    """ "One third of all enemy creatures and one third of all friendly creatures (rounding up each
    time)": the controller chooses that many creatures on each side (a third of 4 is 2)."""
    return [
        ChooseForEach(_a_third_of("enemy"), Choose("creature", "enemy", name=f"{name}e")),
        ChooseForEach(_a_third_of("friendly"), Choose("creature", "friendly", name=f"{name}f")),
        Together((f"{name}e", f"{name}f"), name),
    ]


@template("EachCreatureExcept")
def _each_creature_except(of: str, name: str) -> NameEach:
    """ "Each creature except <the most powerful enemy creature and ...>": every other creature,
    those named first (a tie settled by a choice) being spared."""
    return NameEach("creature", "any", lambda ctx, card: card not in ctx.refs(of), name)


@template("WithSharingAHouse")
def _with_sharing_a_house(of: str, name: str) -> list:
    """ "<those creatures> and each creature that shares a house with either of them": one group."""

    def sharing(ctx, card) -> bool:
        named = ctx.refs(of)
        return card not in named and any(houses_of(ctx.eng, card) & houses_of(ctx.eng, c) for c in named)

    return [NameEach("creature", "any", sharing, f"{name}h"), Together((of, f"{name}h"), name)]


@template(kind="count", value=True)
def houses_among_all_creatures(ctx) -> int:
    """ "Each house represented among creatures in play" (a creature of several houses represents
    each of them)."""
    return len(set().union(*(houses_of(ctx.eng, c) for c in ctx.game.creatures())))


@template(kind="count")
def houses_among_friendly_creatures_up_to(most: int):
    """ "Each house represented among friendly creatures (to a maximum of N)"."""

    def count(ctx) -> int:
        return min(most, len(set().union(*(houses_of(ctx.eng, c) for c in ctx.me.creatures))))

    return count


@template(kind="count", value=True)
def power_values_among_friendly_creatures(ctx) -> int:
    """ "Each different power value among friendly creatures"."""
    return len({ctx.eng.power(c) for c in ctx.me.creatures})


@template(kind="count", value=True)
def keys_you_have_forged(ctx) -> int:
    """ "Each forged key you have"."""
    return ctx.me.keys


@template("creatures_to_the_left_of_it", kind="count")
def _creatures_to_the_left_of_it(word: str):
    """ "Each <exhausted> creature to its left": in the battleline of the card "it" names, the
    creatures between its left flank and it that the word admits."""
    found = noun(f"each {word} creature")

    def count(ctx) -> int:
        total = 0
        for c in ctx.chosen.get("it", [])[:1]:
            if c.zone == "battleline":
                line = ctx.game.players[c.controller].creatures
                total += sum(1 for other in line[: line.index(c)] if found.where(ctx, other))
        return total

    return count


def _the_card_or_its_creature(eng, source, controller, card) -> bool:
    """The "it" of "while ..., it ...": the card itself, or an upgrade's creature."""
    if source is not None and source.zone == "upgrade":
        return card is source.attached_to
    return card is source


@template("KeywordWhileIt", kind="static")
def _keyword_while_it(keyword: str, cond, value: int = 1) -> GrantKeyword:
    """ "While SELF is not on a flank, it gains elusive" ("... splash-attack 3": ``value``)."""
    return GrantKeyword(keyword, while_(_the_card_or_its_creature, cond), value)


@template("CannotBeDealtDamageWhileIt", kind="static")
def _cannot_be_dealt_damage_while_it(cond) -> CannotBeDealtDamage:
    """ "While SELF is not on a flank / this creature is ready, it cannot be dealt damage"."""
    return CannotBeDealtDamage(while_(_the_card_or_its_creature, cond))


@template("CannotBeUsedToWhile", kind="static")
def _cannot_be_used_to_while(how: str, cond, applies) -> CannotBeUsedTo:
    """ "While <condition>, <a group> cannot <reap>"."""
    return CannotBeUsedTo(how, while_(applies, cond))


@template("EachCreatureNotChosen")
def _each_creature_not_chosen(of: str, name: str) -> list:
    """ "Each creature not chosen": every creature in play but those ``of`` names (chosen before)."""

    def not_chosen(ctx, card) -> bool:
        return card not in ctx.refs(of)

    return [NameEach("creature", "any", not_chosen, name)]


@template("UpToFromHandOfDifferentHouses")
def _up_to_from_hand_of_different_houses(n: int, name: str) -> list:
    """ "Up to N cards of different houses from your hand": chosen one at a time, none sharing a
    house with one chosen before."""
    return [Choose("hand", "friendly", name=name, count=n, up_to=True, different=_house_of)]


def _house_of(card) -> str:
    return card.house


@template("EachBetweenSelfAnd")
def _each_between_self_and(card: str, name: str) -> NameEach:
    """ "Each creature between <a card named so> and SELF": every creature strictly between the two
    in SELF's battleline, at once (none when either is not there)."""
    return NameEach("creature", "any", name=name, where=lambda ctx, c: c in between_self_and(ctx, card))
