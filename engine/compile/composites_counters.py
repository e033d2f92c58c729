"""Templates of counters of a named kind (:mod:`engine.library.counters`): "put a time counter on
...", "remove each scheme counter from ...", "<kind> counters on SELF" (registered with
``@template`` as the library's own effects are). The word of the kind is any word but those of the
counters the rules define (ward, enrage, stun, power, doom), each read by its own template: such a
text is refused here, never read as a counter of no effect.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import (
    BlankWhileHasCounters,
    Enrage,
    NameNeighborsOf,
    counters_on_card,
    WhileHasCounters,
    GivePowerCounters,
    negate,
    opponent_amber,
    power_of,
    self_test,
    DuringOpponentsNextTurn,
    has_counters,
    PutCounters,
    RemoveCounters,
    RULES_COUNTERS,
)
from engine.compile.composites_for_the_turn import about_itself
from engine.compile.grammar import Refusal
from engine.rules.damage_survived import damaged_and_survived

#: what the ability destroyed "this way" (engine.library.this_way)
DESTROYED = "destroyed this way"


def _kind(word: str) -> str:
    if word in RULES_COUNTERS:
        raise Refusal("counter", word, f'"{word}" (a counter the rules define)')
    return word


@template("PutNamedCounters")
def _put(word: str, on: str, n: int = 1) -> PutCounters:
    return PutCounters(_kind(word), on, n)


@template("RemoveNamedCounters")
def _remove(word: str, on: str, n: int | None = None) -> RemoveCounters:
    return RemoveCounters(_kind(word), on, n)


@template("named_counters_on", kind="count")
def _on(word: str, on: str):
    return counters_on_card(_kind(word), on)


@template("has_named_counters", kind="condition")
def _has(word: str, on: str, present: bool = True):
    return has_counters(_kind(word), on, present)


@template("DuringTheirNextTurn")
def _during_their_next_turn(static, words: str) -> DuringOpponentsNextTurn:
    """ "Your opponent's keys cost +3A during their next turn": "their" is the opponent's only when
    the constant ability is said of the opponent; anything else is refused."""
    if not words.startswith(("your opponent ", "your opponent's ")):
        raise Refusal("sentence", f"{words} during their next turn", '"their" (whose next turn)')
    return DuringOpponentsNextTurn(static)


@template("PowerCountersEqualToPowerOf")
def _counters_equal_to_power(on: str, of: str) -> GivePowerCounters:
    """ "Give SELF a number of +1 power counters equal to a neighboring creature's power": the
    creature whose power counts is named first (a choice, asked before any counter is given), its
    power read as the counters are given."""
    return GivePowerCounters(power_of(of), on)


@template("self_enraged", kind="condition")
def _self_enraged():
    """ "While SELF is enraged": it has an enrage counter (glossary "Enrage")."""
    return self_test(lambda eng, source, controller, card: card.enraged)


@template("negated", kind="condition")
def _negated(cond):
    """ "Otherwise, ..." after a constant ability held while a condition: while it does not hold
    (engine.compile.abilities.read_ability reads the sentence so)."""
    return negate(cond)


@template("half_power_of", kind="count")
def _half_power_of(ref: str, up: bool):
    """ "Half that creature's power (rounding up)" / "(rounding down the gain)": its power (as
    :func:`engine.library.power_of` reads it), halved and rounded as the text says."""
    power = power_of(ref)

    def count(ctx) -> int:
        n = power(ctx)
        return (n + 1) // 2 if up else n // 2

    return count


@template("half_of", kind="count")
def _half_of(count, up: bool):
    """ "Half the number of friendly token creatures (rounded up)": that count, halved and rounded
    as the text says."""

    def half(ctx) -> int:
        n = count(ctx)
        return (n + 1) // 2 if up else n // 2

    return half


@template("power_of_that_neighbor", kind="count")
def _power_of_that_neighbor():
    """ "That neighbor's power" after "choose one of SELF's neighbors" (with another card named
    since: "deal damage to an enemy creature equal to that neighbor's power"): the power of the
    latest card the ability named that is beside the card with the ability."""

    def count(ctx) -> int:
        beside = ctx.game.neighbors(ctx.source) if ctx.source.zone == "battleline" else []
        for name in reversed(list(ctx.chosen)):
            found = [c for c in ctx.chosen[name] if c in beside] if isinstance(ctx.chosen[name], list) else []
            if found:
                return power_of(name)(ctx)
        return 0

    return count


@template("self_damaged", kind="condition")
def _self_damaged():
    """ "While SELF is damaged": damage it has survived (engine.rules.damage_survived, as for a power
    bonus while damaged)."""
    return self_test(damaged_and_survived)


@template("WhileCounters")
def _while_counters(word: str, on: str, statics: list, words: str) -> WhileHasCounters:
    """ "While those creatures have a mutation counter, they gain the Mutant trait": what the words
    say of the cards (read of SELF), while each has a counter of that kind."""
    return WhileHasCounters(_kind(word), on, about_itself(statics, words))


@template("BlankWhileCounters")
def _blank_while_counters(word: str, on: str) -> BlankWhileHasCounters:
    """ "As long as that creature has an ignorance counter, its text box is considered blank
    (except for traits)"."""
    return BlankWhileHasCounters(_kind(word), on)


@template("power_of_destroyed", kind="count")
def _power_of_destroyed(ref: str):
    """ "The destroyed creature's power": of the creature the ability destroyed this way (read after
    another card is named: "deal damage to an enemy creature equal to the destroyed creature's
    power"), else of the card named before."""
    destroyed, named = power_of(DESTROYED), power_of(ref)

    def count(ctx) -> int:
        return destroyed(ctx) if ctx.chosen.get(DESTROYED) else named(ctx)

    return count


@template("amber_in_opponents_pool", kind="count")
def _amber_in_opponents_pool():
    """ "For each A in your opponent's pool"."""
    return opponent_amber


@template("armor_on_creatures", kind="count")
def _armor_on_creatures(side: str):
    """ "For each point of armor on enemy creatures": their armor now, added up."""

    def count(ctx) -> int:
        player = ctx.opponent_name if side == "enemy" else ctx.controller
        return sum(ctx.eng.armor(c) for c in ctx.game.players[player].creatures)

    return count


@template("EnrageItsNeighborsAfterItLeaves")
def _enrage_neighbors_after_it_leaves(of: str, name: str) -> list:
    """ "Enrage each of its neighbors after it leaves play" (after "If this damage destroys that
    creature"): the creatures beside it immediately before it left play, still in play."""
    return [NameNeighborsOf(of, name), Enrage(name)]
