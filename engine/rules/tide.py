"""The Tide reference card's "Omni:" (16.0 "Tide"): "During the active player's turn, they may use the
ability "Omni: Raise the tide. Gain 3 chains." This ability is granted by the game rules and not by a
card ability. Unlike most "Omni:" abilities, this ability does not require a player to exhaust any
card. A player can use this ability any number of times in a turn." It is there when "one or more
KeyForge decks used in a game include a Tide reference card" (``tide: true`` in a scenario's turn).

The reference card is in no zone (no card effect touches it, as an archon power's); its "High Tide" and
"Low Tide" sides show the tide, which is the game's state (``Game.tide_high``); its "Omni:" is read
from the card's definition and resolved for the active player, in step 3 (``raise_tide`` in a
scenario). It uses no card: no "after you use" ability sees it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.rules.ability import resolve_ability

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: the reference card's name and type in the card data
TIDE_CARD = "The Tide"
TIDE_TYPE = "the tide"
#: the pseudo-zone the reference card sits in (no card effect names it)
ZONE = "the tide"


def raise_tide(eng: "Engine") -> None:
    """The active player uses the Tide reference card's "Omni:" (raise the tide, gain 3 chains)."""
    g = eng.game
    if g.tide_card is None:
        raise IllegalAction("no deck of this game includes the Tide reference card")
    if g.step != 3 or g.step3_closed:
        raise IllegalAction(f'the tide\'s "Omni:" is used in step 3 (the turn is at step {g.step})')
    g.tide_card.controller = g.active
    g.log(f'{g.active} uses the tide\'s "Omni:" ability')
    resolve_ability(eng.variant(g.tide_card).omni, eng.context(g.tide_card, g.active))
    eng.check_state()
