"""Destruction replacements: "Destroyed: ... instead" (an ability under the ``destroyed_instead``
trigger, the card's own or one an upgrade gives it).

Since 16.0 they do not resolve with the "Destroyed:" abilities: when the card would be put into the
discard pile, its destroyed tag is removed and the replacement resolves instead (the Commander
Remiel and Armageddon Cloak example; the active player picks one when the card has several): see
:func:`replace_destruction`. Before 16.0 (switch ``destruction_replacement_waits_for_discard`` off)
such an ability is one of the card's "Destroyed:" abilities, ordered with them
(:func:`early_replacements`). The other replacement effects are :mod:`engine.rules.replacements`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.registry import template
from engine.rules.ability import Condition, Context, Effect, resolve_ability, resolve_all

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


@template("ReplacesDestructionIf")
@dataclass
class ReplacesDestructionIf(Effect):
    """ "Destroyed: If <condition>, <effects> instead" / "If <condition>, instead of destroying
    <this card>, <effects>": a destruction replacement that applies only while the condition holds
    (asked when the card would be put into the discard pile; else it is destroyed as usual)."""

    condition: Condition
    then: list

    def resolve(self, ctx: Context) -> bool:
        return resolve_all(self.then, ctx)


#: the card's memory: its destruction replacement is resolving, with the state check it ends with
_REPLACING = "replacing_destruction"
#: the card's memory: its destruction replacement did not replace the destruction (InsteadIfYouDo)
_STANDS = "destruction_stands"
#: ... and so the destruction goes on when the card would be put into the discard pile
_NOT_REPLACED = "destruction_not_replaced"


@dataclass
class InsteadIfYouDo(Effect):
    """ "Destroyed: <A>. If you do, <B> instead.": a destruction replacement whose first effects
    resolve in any case; only when they resolve completely (glossary "If you do") does <B> happen in
    place of the destruction, else the card is destroyed after all (:class:`ReplaceDestruction`)."""

    first: list
    then: list

    def resolve(self, ctx: Context) -> bool:
        if resolve_all(self.first, ctx):
            return resolve_all(self.then, ctx)
        ctx.source.memory[_STANDS] = True
        return False


def _applies(eng: "Engine", card: "CardInstance", ability: list, giver) -> bool:
    first = ability[0] if ability else None
    return not isinstance(first, ReplacesDestructionIf) or bool(first.condition(eng.context(card, giver=giver)))


class replacing:  # noqa: N801 - used as a function: ``with replacing(card):``
    """While a destruction replacement of ``card`` and the state check it ends with run, the card
    is being replaced: destroyed again meanwhile, it is destroyed (:func:`replace_destruction`).
    ``ability``, when given, is an ability resolving among the "Destroyed:" abilities (before 16.0:
    :func:`early_replacements`): only a replacement's marks the card."""

    __slots__ = ("card", "on")

    def __init__(self, card: "CardInstance", ability: list | None = None) -> None:
        self.card = card
        is_replacement = ability is None or (bool(ability) and isinstance(ability[0], ReplaceDestruction))
        self.on = is_replacement and not card.memory.get(_REPLACING)

    def __enter__(self) -> None:
        if self.on:
            self.card.memory[_REPLACING] = True

    def __exit__(self, *exc) -> None:
        if self.on:
            self.card.memory.pop(_REPLACING, None)


def replace_destruction(eng: "Engine", card: "CardInstance") -> bool:
    """When a destroyed card would be put into the discard pile: if it has a destruction
    replacement ("Destroyed: ... instead"), remove its destroyed tag and resolve that instead
    (the active player picks one when it has several); return True when one resolved (or, before
    16.0, one already resolved among the "Destroyed:" abilities: :func:`early_replacements`)."""
    if card.memory.get(_REPLACING):
        # destroyed again by the state check its own replacement ends with (Reassembling Automaton
        # healed at 0 power under Plague Wind): applying it again would loop for ever; no rulebook
        # text settles it, and the engine's reading is that the second destruction stands (before
        # 16.0 too, where the replacement resolved among the "Destroyed:" abilities: :func:`replacing`)
        return False
    if card.memory.pop("destruction_replaced", False):
        return True
    if card.memory.pop(_NOT_REPLACED, False):  # before 16.0: its replacement resolved and did not replace
        return False
    found = [(a, giver) for a, giver in eng.abilities(card, "destroyed_instead") if _applies(eng, card, a, giver)]
    if not found or not card.in_play:
        return False
    g = eng.game
    ability, giver = (
        found[0]
        if len(found) == 1
        else eng.chooser.choose(
            f"{g.active}: which replacement of {card.label}'s destruction resolves",
            found,
            label=lambda f: (f[1] or card).label,
        )
    )
    g.log(
        f"{card.label} would be put into the discard pile: its destroyed tag is removed and "
        f"{(giver or card).label}'s replacement effect resolves instead"
    )
    with replacing(card):
        replaced = ReplaceDestruction(ability).resolve(eng.context(card, giver=giver))
        card.memory.pop("destruction_replaced", None)
        card.memory.pop(_NOT_REPLACED, None)
        if replaced:
            eng.check_state()
    if not replaced and card.in_play:
        g.log(f"{card.label}'s destruction was not replaced: it is destroyed")
        return False
    return True


@dataclass
class ReplaceDestruction(Effect):
    """Remove the source's destroyed tag and resolve ``ability`` in place of its destruction; the
    ability names the card that gives it (an upgrade: "destroy Armageddon Cloak") ``"giver"``."""

    ability: list

    def resolve(self, ctx: Context) -> bool:
        card = ctx.source
        if not card.in_play:
            return False
        tag = card.memory.pop("destroyed", None)
        ctx.chosen["giver"] = [ctx.giver or card]
        resolve_ability(self.ability, ctx)
        if card.memory.pop(_STANDS, False):  # "If you do, ... instead" and it did not (InsteadIfYouDo)
            if tag is not None:
                card.memory["destroyed"] = tag
            card.memory[_NOT_REPLACED] = True
            return False
        # set after the ability: a destruction of the card while it resolves (Tireless Crocag
        # destroying itself as the Armageddon Cloak that saved it leaves play) is not replaced again
        if card.in_play:
            card.memory["destruction_replaced"] = True
        return True


def early_replacements(eng: "Engine", doomed: list) -> list[tuple]:
    """Before 16.0 (switch ``destruction_replacement_waits_for_discard`` off) a "Destroyed: ...
    instead" is one of the card's "Destroyed:" abilities (1.x glossary "Destroyed": they resolve
    "immediately before the card would be destroyed"): (card, ability, giver) to order with them.
    A card destroyed again while its replacement is resolving gets none (the second destruction
    stands: :func:`replace_destruction`)."""
    found = [
        (c, [ReplaceDestruction(ability)], giver)
        for c in doomed
        if not c.memory.get(_REPLACING)
        for ability, giver in eng.abilities(c, "destroyed_instead")
        if _applies(eng, c, ability, giver)
    ]
    if not found or eng.rules.switch("destruction_replacement_waits_for_discard"):
        return []  # the switch is consulted only when a replacement is there to order
    return found
