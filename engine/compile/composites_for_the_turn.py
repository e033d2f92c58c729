"""The constructors of templates of lasting effects a constant ability of the library makes ("You
may use friendly Mars creatures this turn": that permission for the remainder of the turn),
registered for the templates as those of :mod:`engine.compile.composites` are; split from it by
subject.
"""

from __future__ import annotations

from dataclasses import fields, replace

from engine.core.registry import template
from engine.library import ForTheTurn, UsableAsActiveHouse, while_
from engine.rules.common_statics import GrantKeyword, PowerModifier
from engine.rules.statics import itself, this_card
from engine.compile.qualifiers import extreme_power
from engine.compile.composites_gained import _grant_keyword_list, _group_gains
from engine.compile.grammar import Refusal
from engine.compile.phrases import Fixed


@template("UsableThisTurn")
def _usable_this_turn(applies) -> ForTheTurn:
    """ "You may use <friendly Mutant creatures> this turn": each may be used as if it belonged to
    the active house, for the remainder of the turn (the group asked as each is used)."""
    return ForTheTurn(static=UsableAsActiveHouse(applies))


@template("ForTheTurnOnNamed")
def _for_the_turn_on_named(on: str, statics: list, words: str, target: str) -> list:
    """ "For the remainder of the turn, that creature loses elusive and all of its armor", "until the
    end of the turn, that creature is considered to have 1 power and 0 armor", "it gets -2 power until
    the end of the turn": what the words say of a card, as constant abilities of the card itself
    (read of SELF), each lasting the turn on the card ``on`` names as it starts. A group ("each
    creature") is refused: for the remainder of the turn it takes in creatures entering play later
    too (glossary "Lasting Effects"; the Pale Star FAQ), which cards named now would not."""
    if target.split()[0] in ("each", "all") or target.endswith("s"):
        raise Refusal("target", target, f'"{target}" (a group, for the remainder of the turn)')
    return [ForTheTurn(static=lambda card, s=s: s(this_card(card)), on=on) for s in about_itself(statics, words)]


def about_itself(statics: list, words: str) -> list:
    """Constant abilities read of SELF ("SELF gains the Mutant trait"), as factories of the same
    abilities about whatever cards a test admits (``make(applies)``); one about anything else is
    refused."""
    out = []
    for static in statics:
        applies = getattr(static, "applies", None)
        if not (isinstance(applies, Fixed) and applies.test is itself) or "applies" not in {
            f.name for f in fields(static)
        }:
            raise Refusal("static", words, "a constant ability not about the card named")
        out.append(lambda test, s=static: replace(s, applies=test))
    return out


@template("KeywordListWhile", kind="static")
def _keyword_list_while(keywords: str, cond, applies):
    """ "While <condition>, <group> gains skirmish, elusive, poison, and <an ability>": the keywords."""
    return _grant_keyword_list(keywords, while_(applies, cond))


@template("GroupGainsWhile", kind="static")
def _group_gains_while(ability: dict, words: str, cond, applies):
    """ "While <condition>, <group> gains <keywords>, and <"Destroyed: ...">": the ability given."""
    return _group_gains(ability, words, while_(applies, cond))


@template("ForTheTurnGroupPower")
def _for_the_turn_group_power(amount: int, applies) -> ForTheTurn:
    """ "For the remainder of the turn, <each friendly Strange Shell> gets +3 power": the group as a
    constant ability asks it (a card entering it later gets the bonus too)."""
    return ForTheTurn(static=PowerModifier(amount, applies))


@template("MostPowerfulGainForTheTurn")
def _most_powerful_gain_for_the_turn(keyword: str, side: str) -> ForTheTurn:
    """ "Until the end of your turn, the most powerful enemy creatures gain taunt" (a fate, resolved
    in the turn of the player it names "you"): the creatures of that side no other there is more
    powerful than, as the turn goes on (ties: each of them)."""
    return ForTheTurn(static=GrantKeyword(keyword, extreme_power("highest", side)))


@template("ForTheTurnIncludingThisOne")
def _for_the_turn_including_this_one(reaction) -> list:
    """ "For the remainder of the turn, gain 1 each time you play an action card (including this
    one)": the card being played is one of them, so its ability resolves once now, then for each
    later one this turn."""
    return [*reaction.ability, ForTheTurn(reaction=reaction)]
