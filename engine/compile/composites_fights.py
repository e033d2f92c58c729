"""The constructors of constant abilities about a fight in progress ("while attacking SELF, enemy
creatures gain, "Before Fight: Exalt this creature.""), registered for the templates as those of
:mod:`engine.compile.composites` are; split from it by subject.

A creature is attacking from the moment it is used to fight until the fight is over
(``Game.attacking`` / ``Game.defending``, set by :meth:`engine.rules.use.UseRules.fight` before its
"Before Fight:" abilities are collected), so an ability given "while attacking" is there for them.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import while_
from engine.rules import gained_and_lost as gl
from engine.library import NameOutOfPlay
from engine.compile.composites_gained import _group_gains
from engine.compile.grammar import Refusal
from engine.compile.phrases import Noun
from engine.rules.hooks import IgnoreWhileAttacking


@template("GroupGainsWhileAttackingSelf", kind="static")
def _gains_while_attacking_self(ability: dict, words: str, applies):
    """ "While attacking SELF, enemy creatures gain, "<Trigger>: ..."": the ability, on each creature
    of the group while it is the one attacking this card."""
    if not isinstance(applies, Noun) or applies.what != "creature":
        raise Refusal("static", words, "an ability given to attackers that are not creatures")

    def attacking_self(eng, source, controller, creature) -> bool:
        g = eng.game
        return g.attacking is creature and g.defending is source and applies(eng, source, controller, creature)

    return _group_gains(ability, words, attacking_self)


@template("IgnoreWhileAttacking", kind="static")
def _ignore_while_attacking(keyword: str) -> IgnoreWhileAttacking:
    """ "While SELF is attacking, ignore <taunt>": the keyword of the creatures it could attack."""
    return IgnoreWhileAttacking((keyword,))


@template("OneDoneThisWay")
def _one_done_this_way(side: str, verb: str, name: str) -> NameOutOfPlay:
    """ "The friendly creature exalted in this way": the one on that side among the creatures the
    ability did that to (the others it did it to are of the other side)."""

    def test(eng, source, controller, card) -> bool:
        return card.zone == "battleline" and (card.controller == controller) == (side == "friendly")

    return NameOutOfPlay("battleline", side, test, name, verb, one=True)


@template("KeywordPerCountWhile", kind="static")
def _keyword_per_count_while(keyword: str, count, cond, applies):
    """ "While it is damaged, SELF gains splash-attack X, where X is the amount of damage on SELF":
    the valued keyword X, while the condition holds."""
    if keyword not in ("assault", "hazardous", "splash-attack"):
        raise Refusal("keyword", keyword, f'"{keyword} X" (not a valued keyword)')
    return gl.KeywordPerCount(keyword, count, while_(applies, cond))


@template("LosesTriggered", kind="static")
def _loses_triggered(trigger: str, applies):
    """ "Each friendly Berserker loses all after fight effects": its "Fight:" / "After Fight:"
    abilities, its own and those it gains, do not resolve (as "Destroyed effects cannot resolve");
    "loses each of its destroyed abilities": the destruction replacements too."""
    triggers = (trigger, f"{trigger}_instead") if trigger == "destroyed" else (trigger,)
    return gl.BlockTrigger(triggers, applies)


@template("KeywordTimesCount", kind="static")
def _keyword_times_count(keyword: str, n: int, count, applies):
    """ "SELF gets +2 assault for each of its Redemption neighbors": the valued keyword, N for each."""
    if keyword not in ("assault", "hazardous", "splash-attack"):
        raise Refusal("keyword", keyword, f'"+N {keyword}" (not a valued keyword)')

    def times(ctx) -> int:
        return n * count(ctx)

    return gl.KeywordPerCount(keyword, times, applies)
