"""Tokens of Change (ToC): Geistoid cards."""

from __future__ import annotations

from engine.library import Choose, PutIntoPlayAsToken
from engine.cards import card

# "Play: Choose a card in your hand and put it into play as a token creature." (facedown, a copy of
# the creature on its controller's token creature reference card, exhausted on a flank: glossary
# "Token Creatures")
card("Sidekick", play=[Choose("hand", "friendly", name="sidekick card"), PutIntoPlayAsToken("sidekick card")])
