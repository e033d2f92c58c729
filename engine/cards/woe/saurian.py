"""Winds of Exchange (WoE): Saurian cards."""

from __future__ import annotations

from engine.library import beside, Choose, DestroyIfYouDo, ForTheTurnOnChosen, MakeTokens, NameGroup
from engine.cards import card

# "Each creature to Phalanx Leader's left gets +2 power for the remainder of the turn.": the creatures
# on its left as the ability resolves (in its controller's battleline) keep the bonus for the turn
_LEFT_GET_2 = [NameGroup(("creature",), "friendly", beside("left"), "left"), ForTheTurnOnChosen(on="left", power=2)]

# "Play: Make a token creature immediately to Phalanx Leader's left. After Fight/After Reap: ..."
card("Phalanx Leader", play=[MakeTokens(1, left_of="self")], fight=_LEFT_GET_2, reap=_LEFT_GET_2)

# "In order to use Rampaging Brutodon, you must destroy a friendly creature. Play: Make a token
# creature.": another friendly creature (destroying itself, it could not be used), destroyed before
# each use, or it is not used (printed by this card alone)
card(
    "Rampaging Brutodon",
    to_use=[Choose("creature", "friendly", name="to destroy", exclude_self=True), DestroyIfYouDo("to destroy")],
    play=[MakeTokens(1)],
)
