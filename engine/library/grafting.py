"""Grafting cards onto a card and resolving what is grafted (the general rules of grafting are
:mod:`engine.rules.mechanics.graft`): "Graft an action card from your hand onto Infomancer",
"Resolve (trigger) the play effect of an action card grafted onto Memolith". A new effect on
grafted cards goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.mechanics.graft import graft, grafted
from engine.rules.references import card_label


@template()
@dataclass
class Graft(Effect):
    """ "Graft <the cards ``on`` names> onto <this card>"."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        done = [c for c in cards if graft(ctx.eng, c, ctx.source)]
        return bool(done) and len(done) == len(cards)


@template()
@dataclass
class ResolveGraftedPlay(Effect):
    """ "Resolve the play effect of <an action card> grafted onto <this card>": one grafted card
    ``test`` admits (``(eng, source, controller, card) -> bool``), chosen when several are, its
    "Play:" ability resolved by this ability's controller."""

    test: object

    def resolve(self, ctx: Context) -> bool:
        options = [c for c in grafted(ctx.source) if self.test(ctx.eng, ctx.source, ctx.controller, c)]
        if not options:
            ctx.log(f"{ctx.source.name}: no card grafted onto it has a play effect to resolve")
            return False
        card = ctx.eng.chooser.choose(
            f"{ctx.source.name}: resolve the play effect of which grafted card", options, label=card_label(options)
        )
        return ctx.eng.trigger(card, "play", controller=ctx.controller)


@template(kind="count")
def grafted_power(kind: str = "creature"):
    """ "The power of a creature grafted onto <this card>": as printed (a grafted card is not in
    play, so nothing modifies it); 0 with none grafted; with several, the controller chooses whose."""

    def count(ctx: Context) -> int:
        options = [c for c in grafted(ctx.source) if c.printed.type == kind]
        if not options:
            return 0
        card = options[0]
        if len(options) > 1:
            card = ctx.eng.chooser.choose(
                f"{ctx.source.name}: the power of which grafted {kind}", options, label=card_label(options)
            )
        return int(card.printed.power or 0)

    return count
