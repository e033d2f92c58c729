"""Mass Mutation (MM): Star Alliance cards."""
from __future__ import annotations

from ...effects_zones import LookAtTopDiscard
from .. import card

card("Survey", play=[LookAtTopDiscard(2, 1)])
