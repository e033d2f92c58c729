"""Sentences that replace or qualify the sentence before them ("If you do not, <B>.", "This damage
cannot be prevented by armor."), and first those that replace it: "<A>. If <condition>, <B> instead." (City Gates:
"A friendly creature captures 1A. If that creature is a Dinosaur, it captures 2A instead."), and
"<A>. Deal 6D instead if <condition>." (Guji Dinosaur Hunter), read after the sentence they replace.

"Instead" is a replacement (16.0 glossary "Instead": the original effect does not happen, the new
one happens in its place), so the condition is asked before A resolves ("Exhaust a creature. If it
was already exhausted, destroy it instead": the creature is not exhausted first), and A resolves
only when the condition does not hold. What A chose is kept ahead of the test only when the new
sentence names it ("it", "that creature", "its"): then the choice is made once, and the condition
asks about the chosen card; otherwise the new sentence replaces the whole of A, its choices included
("Return a creature to its owner's hand. If the tide is high, return 4 creatures ... instead").
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.library import (
    EachPlayerLosesHalf,
    DealDamage,
    DealDamageArmorCannotPrevent,
    If,
    IfYouDo,
    NameGroup,
    NameOutOfPlay,
    TakeControl,
    ThisWay,
)
from engine.rules.targets import Choose

#: words of the new sentence that name what the sentence before chose
_BACK = re.compile(r"\b(it|its|that creature|that card|that artifact|the same creature)\b")
#: effects that only name cards ("a creature", "each creature") for the effects after them
_NAMING = (Choose, NameGroup, NameOutOfPlay)


def _split(previous: list, words: str) -> tuple[list, list]:
    """(the choices kept ahead of the test, the effects replaced)."""
    if not _BACK.search(words):
        return [], list(previous)
    i = 0
    while i < len(previous) and isinstance(previous[i], _NAMING):
        i += 1
    return list(previous[:i]), list(previous[i:])


def instead(previous: list, condition, then: list, words: str) -> list | None:
    """The effects of "<previous>. If <condition>, <then> instead." (``words``: the condition and
    the new effect as printed), or None when there is nothing before to replace."""
    kept, replaced = _split(previous, words)
    if not replaced:
        return None
    return kept + [If(condition, then, otherwise=replaced)]


def instead_amount(previous: list, condition, amount: int, words: str) -> list | None:
    """ "<deal N damage to a creature>. Deal <amount> instead if <condition>.": the same damage to
    the same creature, of the other amount; None when the sentence before deals no damage."""
    kept, replaced = _split(previous, "it " + words)
    damage = [e for e in replaced if isinstance(getattr(e, "effect", e), DealDamage)]
    if len(damage) != 1 or len(replaced) != 1:
        return None
    first = replaced[0]
    inner = getattr(first, "effect", first)
    more = replace(inner, amount=amount)
    then = [ThisWay(more, first.on, first.verb) if isinstance(first, ThisWay) else more]
    return kept + [If(condition, then, otherwise=replaced)]


def instead_amount_each(previous: list, condition, amount: int) -> list | None:
    """ "Deal 1 to each chosen creature. If that creature was already damaged, deal 3 instead.":
    the damage of the sentence before, of the other amount to each card the condition holds for
    (asked of each alone, before the damage: "already"), dealt at the same time; None when that
    sentence ends in no plain damage."""
    last = previous[-1] if previous else None
    damage = getattr(last, "effect", last)
    if not isinstance(damage, DealDamage) or damage.also or damage.instead or not isinstance(damage.amount, int):
        return None
    damage.instead = (condition, amount)
    return previous


def if_you_do_not(previous: list, then: list) -> list | None:
    """ "<A>. If you do not, <B>.": B when A did not fully resolve (Training Costs: "Lose 2A. If
    you do not, shuffle Training Costs into your deck.")."""
    if not previous:
        return None
    return [IfYouDo(list(previous), [], otherwise=then)]


def armor_cannot_prevent(previous: list) -> list | None:
    """ "Deal N to <cards>. This damage cannot be prevented by armor.": the damage of the sentence
    before, dealt with no armor to prevent it; None when that sentence deals no plain damage."""
    last = previous[-1] if previous else None
    damage = getattr(last, "effect", last)
    if not isinstance(damage, DealDamage) or damage.if_destroyed or damage.also or not isinstance(damage.amount, int):
        return None
    return [*previous[:-1], DealDamageArmorCannotPrevent(damage.amount, damage.on)]


def belongs_while_yours(previous: list, house: str) -> list | None:
    """ "Take control of <it>. While under your control, it belongs to house <house>.": the control
    taken by the sentence before, with the house the creature belongs to while its taker controls
    it; None when that sentence takes control of nothing."""
    taken = [i for i, e in enumerate(previous) if isinstance(e, TakeControl) and e.house is None]
    if len(taken) == 1:
        made = list(previous)
        made[taken[0]] = replace(previous[taken[0]], house=house)
        return made
    # "If you do (If there was at least 1A on that creature), take control of <it>. While under your
    # control, ...": the control taken inside the sentence before's condition
    last = previous[-1] if previous and not taken else None
    if last is not None and isinstance(getattr(last, "then", None), list) and not getattr(last, "otherwise", None):
        inner = belongs_while_yours(last.then, house)
        return None if inner is None else [*previous[:-1], replace(last, then=inner)]
    return None


def does(effects: list, kind: str) -> bool:
    """Is an effect of class ``kind`` among ``effects`` (inside conditions and choices too)? "If you
    unforge an opponent's key this way" reads as "If you do" only after an unforging."""
    for e in effects:
        if type(e).__name__ == kind:
            return True
        for inner in (getattr(e, "then", None), getattr(e, "first", None), [getattr(e, "effect", None)]):
            if isinstance(inner, list) and does([i for i in inner if i is not None], kind):
                return True
    return False


#: the sentence templates' ``acts_on_previous`` kinds read here, each from the slots' values
INSTEAD = {
    "instead": lambda previous, values, text: instead(
        previous, values["cond"], values["clause"] + values.get("clause2", []), text
    ),
    # "If the tide is high, each player loses half their A instead (rounding down the loss)": the
    # rounding printed after "instead"
    "instead_each_loses_half": lambda previous, values, text: instead(
        previous, values["cond"], [EachPlayerLosesHalf()], text
    ),
    "instead_amount": lambda previous, values, text: instead_amount(previous, values["cond"], values["n"], text),
    "instead_amount_each": lambda previous, values, text: instead_amount_each(previous, values["cond"], values["n"]),
    "if_you_do_not": lambda previous, values, text: if_you_do_not(previous, values["clause"]),
    "armor_cannot_prevent": lambda previous, values, text: armor_cannot_prevent(previous),
    "belongs_while_yours": lambda previous, values, text: belongs_while_yours(previous, values["house"]),
}


# ------------------------------------------------------------------------------ destruction replaced

#: "Destroyed: [If <cond>,] instead of destroying SELF, <effects>." (its "If you do, ..." after it is
#: the replacement having happened)
_INSTEAD_OF_DESTROYING = re.compile(
    r"^(?:if (?P<cond>.+?), )?instead of destroying (?:SELF|it|this creature), (?P<rest>.+)$"
)
#: "Destroyed: [If <cond>,] <effects> instead.", the ability's one sentence: there is nothing else
#: for it to replace than the destruction
_ENDS_INSTEAD = re.compile(r"^(?:if (?P<cond>.+?), )?(?P<rest>.+) instead$")


def destruction_replaced(sentences) -> tuple[str | None, list[str]] | None:
    """A "Destroyed:" ability that replaces the destruction (engine.rules.destroyed_instead): (the
    condition's words or None, the sentences of what happens instead); None for any other."""
    texts = [s.strip().rstrip(".").strip() for s in sentences]
    if not texts:
        return None
    m = _INSTEAD_OF_DESTROYING.match(texts[0])
    if m is None and len(texts) == 1:
        m = _ENDS_INSTEAD.match(texts[0])
    if m is None:
        return None
    rest = [m["rest"]] + texts[1:]
    if len(rest) > 1 and rest[1].startswith("if you do, "):  # if the destruction was replaced
        rest[1] = rest[1][len("if you do, ") :]
    return m["cond"], rest
