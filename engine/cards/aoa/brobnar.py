"""Age of Ascension (AoA): Brobnar cards."""
from __future__ import annotations

from ...effects_cards import ReturnToHand
from ...effects_control import AttacksOnlyFlank
from ...forging import a_player_forged, ForgerLosesRemaining
from ...reactions import Reaction
from ...targets import Choose, has_trait
from .. import card

def _return_another_giant():
    """"Return another friendly Giant creature to your hand" (the 1.3 erratum's text, also the
    text of the card data): the card's owner's hand, as for any card leaving play."""
    return [Choose("creature", "friendly", exclude_self=True, where=has_trait("giant")), ReturnToHand()]


card("Drummernaut", play=_return_another_giant(), fight=_return_another_giant(), reap=_return_another_giant())

card("Forgemaster Og", reactions=[Reaction("key_forged", [ForgerLosesRemaining()], when=a_player_forged)])

card("Groggins", statics=[AttacksOnlyFlank()])
