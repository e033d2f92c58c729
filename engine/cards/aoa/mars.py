"""Age of Ascension (AoA): Mars cards."""
from __future__ import annotations

from ...effects import IfYouDo, May
from ...effects_cards import Archive, Stun
from ...effects_zones import PurgeAnArchivedCard
from ...targets import Choose
from .. import card

card("Yzphyz Knowdrone",
     play=[Choose("hand", "friendly"), Archive(),
           May([IfYouDo([PurgeAnArchivedCard()], [Choose("creature", "any"), Stun()])],
               question="Yzphyz Knowdrone: purge an archived card to stun a creature?")])
