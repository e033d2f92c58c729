"""Abilities that resolve at another trigger too: "Each friendly creature's play effect is a
play/reap effect" (its "Play:" abilities resolve after it reaps as well), "each friendly creature's
fight effects and reap effects are fight/reap effects" (each resolves after it fights and after it
reaps). The engine gathers a card's abilities for a trigger from those of the other triggers a
constant ability adds (:meth:`engine.rules.game.Engine.abilities`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.statics import Applies, friendly, Static


@template(kind="static")
@dataclass
class EffectsAreAlso(Static):
    """The ``kinds`` effects ("play", "fight", "reap") of the creatures ``applies`` admits are
    "<as_ joined by '/'>" effects: at each trigger of ``as_``, the kinds that are not it resolve too."""

    kinds: tuple[str, ...]
    as_: tuple[str, ...]
    applies: Applies = friendly

    def also_triggers(self, eng, source, controller, creature, trigger: str) -> tuple[str, ...]:
        if trigger not in self.as_ or not self.applies(eng, source, controller, creature):
            return ()
        return tuple(k for k in self.kinds if k != trigger)
