"""Age of Ascension (AoA): Dis cards."""
from __future__ import annotations

from ...copies import PlayChosen
from ...effects import May
from ...effects_cards import DealDamage, DealDamageForEach, Destroy, Stun
from ...effects_naming import of_type
from ...reactions import Reaction
from ...targets import Choose, ChooseMostPowerful, NameNeighbors, RememberLine
from ...text_in_force import BlankEnemyTextBoxesUntilYourNextTurn
from .. import card

card("Unlocked Gateway", play=[Destroy("each creature")])

card("Æmber Imp", reactions=[Reaction("reaped", [Stun("event")])])


def _friendly_shards(ctx) -> int:
    return sum(1 for c in ctx.game.in_play() if c.controller == ctx.controller
               and "shard" in (t.lower() for t in c.printed.traits))


card("Shard of Pain", action=[DealDamageForEach(_friendly_shards, side="enemy")])


card("Soulkeeper", gains={"destroyed": [ChooseMostPowerful(1, side="enemy"), Destroy()]})

# the neighbors are those the creature had immediately before it left play (the Pain Reaction FAQ)
card("Pain Reaction",
     play=[Choose("creature", "enemy", name="target"), RememberLine("target"),
           DealDamage(2, "target", if_destroyed=[NameNeighbors("destroyed", "its neighbors"),
                                                 DealDamage(2, "its neighbors")])])

# the text boxes of the creatures the opponent controls while it lasts, in play only (engine.text_in_force)
card("Shadow of Dis", play=[BlankEnemyTextBoxesUntilYourNextTurn()])

# "Choose a creature in your discard pile. You may play that creature as if it belonged to the
# active house and was in your hand." (what it is played as is free: the Exhume/Explo-rover FAQ)
card("Exhume", play=[Choose("discard", "friendly", where=of_type("creature")),
                     May([PlayChosen()], question="play the chosen creature?")])
