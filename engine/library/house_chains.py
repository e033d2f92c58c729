"""Effects that go through creatures by their houses: repeated along a battleline while neighbors
share a house ("Choose a friendly creature. If its left neighbor shares a house with it, gain 1 and
repeat this effect on that creature."), and a creature chosen of each house ("Choose a creature of
each house. Destroy each creature not chosen.").

Why a module of its own: the repetition moves from creature to creature (each time to the left
neighbor of the last), which neither "for each" (:mod:`engine.library.flow`) nor the neighbors of
one creature (:mod:`engine.library.naming`) say; sharing a house is read as
:func:`engine.library.houses.houses_among` reads it (a creature of several houses shares each).
A new effect of that kind goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.houses import houses_among
from engine.rules.ability import Context, Effect, resolve_all


@template()
@dataclass
class RepeatLeftWhileSharingAHouse(Effect):
    """ "If its left neighbor shares a house with it, <effects> and repeat this effect on that
    creature": from the creature ``on`` names, leftwards in its controller's battleline, the effects
    once per step while the left neighbor shares a house with the creature before it."""

    effects: list
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card, done, steps = ctx.ref(self.on), False, 0
        while card is not None and card.zone == "battleline":
            line = ctx.game.players[card.controller].creatures
            i = line.index(card)
            if i == 0 or not houses_among(ctx.eng, [card]) & houses_among(ctx.eng, [line[i - 1]]):
                break
            steps += 1
            done = resolve_all(self.effects, ctx) or done
            card = line[i - 1]
        ctx.log(f"{ctx.source.name}: {steps} left neighbor(s) in a row share a house")
        return done


@template()
@dataclass
class ChooseOneOfEachHouse(Effect):
    """ "Choose a creature of each house": for each house represented among creatures in play
    (alphabetical order), one creature of that house, chosen by the player deciding (a house with one
    creature needs no decision); all named ``name``. A creature of several houses may be chosen
    for each of them."""

    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        chosen: list = []
        for house in sorted(houses_among(ctx.eng, ctx.game.creatures())):
            options = [c for c in ctx.game.creatures() if house in houses_among(ctx.eng, [c])]
            decision = f"{ctx.eng.decider(ctx)}: {ctx.source.name}: a creature of house {house}"
            card = ctx.eng.chooser.choose(decision, options, label=lambda c: c.label)
            ctx.log(f"{ctx.source.name}: {card.label} is chosen for house {house}")
            if card not in chosen:
                chosen.append(card)
        ctx.chosen[self.name] = ctx.chosen["it"] = chosen
        return bool(chosen)
