"""Dark Tidings (DT): Logos cards."""

from __future__ import annotations

from engine.library import ArchiveTopOfDeck, Gain, Reaction
from engine.cards import card

card("Hydrocataloguer", reactions=[Reaction("tide_raised", [ArchiveTopOfDeck("event")])])

# DT 042 "At the start of each player's turn, if the tide is high for that player, they gain 1."
# (one card prints this shape: the player whose turn starts, and the tide for them)
card(
    "Mechabuoy",
    reactions=[
        Reaction(
            "start_of_turn",
            [Gain(1, who="event_player")],
            when=lambda ctx: ctx.game.tide_high is not None and ctx.game.tide_high == ctx.event.get("player"),
        )
    ],
)
