"""Call of the Archons (CotA): Dis cards."""
from __future__ import annotations

from ...effects import Gain, If, opponent_has_no_amber
from .. import card

card("The Terror", play=[If(opponent_has_no_amber, [Gain(2)])])
