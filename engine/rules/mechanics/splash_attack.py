"""Splash-attack (X): the damage a creature used to fight deals to the fought creature's neighbors.

Glossary "Splash-attack (X)" (16.0): "When a creature with the splash-attack (X) keyword is used to
fight, it deals pending damage equal to the splash-attack (X) value to each of the opposing
creature's neighbors. This damage is dealt simultaneously with the pending damage dealt by the
fighting creature's power. Creatures that are destroyed by Splash-Attack damage are considered to
have been destroyed in a fight." Timing chart "Fight with a Creature", step 2: "Splash-attack X
resolves", then step 3 prevents/reduces pending damage per the Damage Chart (ward, armor) and deals
it all at once.

So the splash is part of the fight's damage step (:meth:`engine.rules.use.UseRules._exchange_damage`):
its amount and the neighbors are fixed together with the power damage, before any of it is dealt,
each neighbor's ward and armor apply to it as to any damage, and whatever the step destroys is
destroyed together, in the fight. It is keyword damage, not power damage: elusive does not stop
it (glossary "Elusive": "damage dealt by keywords ... still applies") and poison does not apply
to it (glossary "Poison": "refers only to damage that would be dealt by the creature's power").
The values of two instances add up (engine.rules.game ``keywords``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


def splash_blows(
    eng: "Engine", attacker: "CardInstance", defender: "CardInstance"
) -> list[tuple["CardInstance", "CardInstance", int]]:
    """(attacker, neighbor, X) for each neighbor of the fought creature, when the attacker has
    splash-attack X; empty otherwise."""
    x = eng.has(attacker, "splash-attack")
    if x <= 0 or defender.zone != "battleline":
        return []
    neighbors = eng.game.neighbors(defender)
    if neighbors:
        eng.game.log(
            f"Splash-attack {x}: {attacker.label} also deals {x} damage to each of "
            f"{defender.label}'s neighbors ({', '.join(n.label for n in neighbors)})"
        )
    return [(attacker, n, x) for n in neighbors]
