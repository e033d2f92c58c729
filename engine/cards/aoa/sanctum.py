"""Age of Ascension (AoA): Sanctum cards."""
from __future__ import annotations

from ...effects import Capture, CaptureGained
from ...effects_cards import DealDamage, Destroy, Ready, UseCreature
from ...effects_lasting import ForTheTurn
from ...fight_timing import NameNeighborsOf
from ...reactions import opponent_reaped, Reaction, self_event
from ...statics import CannotBeDealtDamage, this_card
from ...targets import Choose, NameEach, power_is
from .. import card

card("Sir Marrows", reactions=[Reaction("reaped", [CaptureGained()], when=opponent_reaped)])

card("Opal Knight", play=[NameEach("creature", where=power_is(lambda p: p % 2 == 0)), Destroy()])

card("Hallowed Shield",
     action=[Choose("creature", "any"),
             ForTheTurn(static=lambda target: CannotBeDealtDamage(this_card(target)), on="it")])

card("Maruck the Marked",
     reactions=[Reaction("armor_prevented", [Capture(lambda ctx: ctx.event["amount"])], when=self_event)])

# "the attacked creature's neighbors": those it had immediately before it left play, if it did
# (the 16.0 Smite and Firespitter FAQ; engine.fight_timing)
card("Smite", play=[Choose("creature", "friendly"), Ready(), UseCreature("fight"),
                    NameNeighborsOf("attacked"), DealDamage(2, "its neighbors")])
