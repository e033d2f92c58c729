"""Damage a creature has survived: "Gron Nine-Toes gets +4 power while it is damaged. (Gron Nine-Toes
gets the power bonus only if he survives the damage.)" (WC 009; Mega Gron Nine-Toes, WC 058, prints the
same). The 16.0 rulebook does not say when a power bonus that depends on the creature's own damage
counts; the reminder text does: not for the damage that first makes it damaged, which destroys it if it
reaches the power it had before (glossary "Damage"). So damage placed on an undamaged creature is marked
until the destruction check that follows it (:meth:`engine.rules.damage.DamageRules.check_state`); a
creature still in play then has survived it.
"""

from __future__ import annotations

_MARK = "damage_not_yet_survived"


def mark_first_damage(card) -> None:
    """``card`` had no damage and is being dealt some: not survived until the destruction check."""
    if card.damage == 0:
        card.memory[_MARK] = True


def survived(creatures) -> None:
    """The destruction check is over: the creatures still in play survived their damage."""
    for card in creatures:
        card.memory.pop(_MARK, None)


def damaged_and_survived(eng, source, controller, card) -> bool:
    """ "While it is damaged", for a power bonus: damaged, by damage it has survived."""
    return card.damage > 0 and not card.memory.get(_MARK)
