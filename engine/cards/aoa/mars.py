"""Age of Ascension (AoA): Mars cards."""
from __future__ import annotations

from ...effects import IfYouDo, May
from ...effects_cards import Archive, Stun
from ...effects_naming import TheCreatureItFights
from ...effects_zones import PurgeAnArchivedCard
from ...targets import Choose
from .. import card, Variant

card("Yzphyz Knowdrone",
     play=[Choose("hand", "friendly"), Archive(),
           May([IfYouDo([PurgeAnArchivedCard()], [Choose("creature", "any"), Stun()])],
               question="Yzphyz Knowdrone: purge an archived card to stun a creature?")])

# ---- Collector Worm: printed "Fight: Archive the creature Collector Worm fights." (a creature the
# fight destroyed is archived from its discard pile); 16.0 erratum "After Fight: Put the creature
# Collector Worm fights into your archives. (Both creatures must survive the fight.)"

card("Collector Worm",
     Variant("fight: archive the creature collector worm fights",
             fight=[TheCreatureItFights(), Archive(owner_hand_on_leaving=True)]),
     Variant("put the creature collector worm fights into your archives",
             fight=[TheCreatureItFights(must_survive=True), Archive(owner_hand_on_leaving=True)]))
