"""Worlds Collide (WC): Saurian cards."""
from __future__ import annotations

from ...effects import CaptureFromAny, If
from ...effects_cards import Purge
from .. import card

card("Crassosaurus",
     play=[CaptureFromAny(10), If(lambda ctx: ctx.source.amber < 10, [Purge("self")])])
