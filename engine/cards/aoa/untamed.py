"""Age of Ascension (AoA): Untamed cards."""
from __future__ import annotations

from ...effects_cards import ReturnToHand
from ...effects_zones import DiscardRandomArchived
from ...entering import EntersPlayReady
from ...replacements import TakenFromSupplyInstead
from ...statics import friendly, OnlyDealsWhenFighting
from ...targets import Choose
from .. import card

# "Æmber (that would be) stolen or captured from your pool is taken from the common supply instead."
card("Po’s Pixies", statics=[TakenFromSupplyInstead()])

# Alpha: a keyword, read from the text
card("Glimmer", play=[Choose("discard", "friendly"), ReturnToHand()])

# Omega and elusive are keywords; "Your creatures enter play ready" includes Duskwitch itself,
# read as it enters (engine.entering)
card("Duskwitch", statics=[EntersPlayReady(friendly)])

card("Tantadlin", statics=[OnlyDealsWhenFighting(2)], fight=[DiscardRandomArchived()])
