"""Mass Mutation (MM): Star Alliance cards."""

from __future__ import annotations

from ...effects_zones import LookAtTopDiscard
from ...bonus_icons import ResolveIconsAsIfPlayed
from ...targets import Choose
from .. import card

card("Survey", play=[LookAtTopDiscard(2, 1)])

# "Enhance RRR." has no effect during gameplay (glossary "Enhance")
card("Ensign El-Samra", action=[Choose("hand", "friendly"), ResolveIconsAsIfPlayed("it")])
