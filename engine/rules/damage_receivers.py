"""Which creatures damage dealt to a creature is placed on, once its armor has prevented what it can
(the Shadow Self FAQ: armor before the redirect):

- "Damage dealt to <its neighbors> is dealt to <this creature> instead" (Shadow Self): the damage
  goes to that creature; with several such abilities, the active player chooses which applies
  (glossary "Replacement Effects").
- "When this creature would be dealt damage, if it has 1 or more neighbors, that damage is divided
  among its neighbors as evenly as possible instead" (Friendship): each neighbor takes an equal
  share; what cannot be shared evenly (1 with 2 neighbors) goes to the neighbor the active player
  chooses. The shares are placed as the redirected damage is, with no further replacement (two
  creatures dividing their damage onto each other would otherwise never stop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.references import card_label

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine


def damage_receivers(eng: "Engine", target: "CardInstance", amount: int) -> list[tuple["CardInstance", int]]:
    """[(creature, damage placed on it)] for ``amount`` damage dealt to ``target``."""
    g = eng.game
    others, divided = [], False
    for s, src, ctl in eng.statics():
        other = s.redirect_damage(eng, src, ctl, target)
        if other is not None and other is not target and other.zone == "battleline" and other not in others:
            others.append(other)
        divided = divided or s.divides_damage(eng, src, ctl, target)
    neighbors = g.neighbors(target) if divided else []
    if neighbors:
        share, left = divmod(amount, len(neighbors))
        extra = (
            eng.chooser.choose(
                f"{g.active}: which of {target.label}'s neighbors takes the damage left over from dividing it",
                neighbors,
                label=card_label(neighbors),
            )
            if left
            else None
        )
        g.log(f"the damage to {target.label} is divided among its neighbors instead")
        return [(n, share + (1 if n is extra else 0)) for n in neighbors]
    if not others:
        return [(target, amount)]
    receiver = (
        others[0]
        if len(others) == 1
        else eng.chooser.choose(
            f"{g.active}: damage to {target.label} is dealt instead to", others, label=card_label(others)
        )
    )
    g.log(f"damage to {target.label} is dealt to {receiver.label} instead")
    return [(receiver, amount)]
