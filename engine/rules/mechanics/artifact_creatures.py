"""Cards that are put into the battleline and considered creatures there (Auto-Legionary: "Action:
Put Auto-Legionary on a flank of your battleline. While in the battleline, it is considered a
creature with 5 power and belongs to all houses" / 16.0 erratum "... and may be used as if it
belonged to the active house").

Glossary "Battleline": the battleline is the line of creatures a player controls, so a card in it
is a creature (:attr:`engine.core.state.CardInstance.type`); its power is the one its text gives it.
The text works wherever the card is in the battleline, whoever's text it is: a Mimic Gel that
copied Auto-Legionary stands in the battleline and so is a 5-power creature that may be used as
if it belonged to the active house (16.0 Mimic Gel FAQ).

Its house: the printed "belongs to all houses" and the erratum's "may be used as if it belonged to
the active house" are :mod:`engine.rules.houses`' constant abilities, applying to the card itself while
it is in the battleline (:func:`itself_in_battleline`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.as_if_yours import cannot_join
from engine.rules.ability import Context, Effect
from engine.rules.references import choose_place
from engine.rules.statics import Static


def _in_battleline(source) -> bool:
    return source.zone == "battleline"


def itself_in_battleline(eng, source, controller, card) -> bool:
    """ "While in the battleline, it ...": the card with the ability, while it is there."""
    return card is source and _in_battleline(source)


@dataclass
class ConsideredCreature(Static):
    """ "While in the battleline, it is considered a creature with N power"."""

    power_value: int

    def power(self, eng, source, controller, creature) -> int:
        if creature is source and _in_battleline(source):
            return self.power_value - source.printed.power
        return 0


@dataclass
class PutOnFlank(Effect):
    """ "Put <this card> on a flank of your battleline": it moves there from wherever it is in play,
    keeping its state (exhausted: it was just used). It does not enter play: it is already in play.
    Only its controller's battleline can take it: a player using it as if it were theirs (Nexus)
    does not control it, so it stays where it is (:func:`engine.rules.as_if_yours.cannot_join`).
    ``anywhere``: "move it anywhere in your battleline" (a flank, or between two creatures)."""

    anywhere: bool = False

    def resolve(self, ctx: Context) -> bool:
        card, g = ctx.source, ctx.game
        if not card.in_play or card.zone == "upgrade":
            return False
        why = cannot_join(ctx, card, ctx.controller)
        if why:
            ctx.log(f"{ctx.source.name}: {why}; nothing happens")
            return False
        line = g.players[ctx.controller].creatures
        others = [c for c in line if c is not card]
        if self.anywhere:
            where = choose_place(ctx, f"{card.name}: put it where", others)
        else:
            flank = ctx.eng.chooser.choose(
                f"{card.name}: put it on which flank", ["left", "right"] if others else ["right"]
            )
            where = 0 if flank == "left" else len(others)
        g.take(card)
        line.insert(where, card)
        card.zone, card.placed_in_battleline = "battleline", True
        ctx.log(f"{card.label} is put in {ctx.controller}'s battleline ({', '.join(c.label for c in line)})")
        ctx.eng.check_state()
        return True
