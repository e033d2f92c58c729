"""Mass Mutation (MM): Star Alliance cards."""

from __future__ import annotations

from engine.library import Choose, ResolveIconsAsIfPlayed
from engine.cards import card


# "Enhance RRR." has no effect during gameplay (glossary "Enhance")
card("Ensign El-Samra", action=[Choose("hand", "friendly"), ResolveIconsAsIfPlayed("it")])
