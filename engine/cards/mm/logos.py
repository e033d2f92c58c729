"""Mass Mutation (MM): Logos cards."""

from __future__ import annotations

from engine.library import (
    ArchiveTopOfDeck,
    Choose,
    IfYouDo,
    MoveTo,
    NextPlayBonusIconsAgain,
    ResolveIconsAsIfPlayed,
    TakesStatsUntilLeaves,
    ThisWay,
)
from engine.cards import card

# "Enhance R." has no effect during gameplay (glossary "Enhance")
card("Fission Bloom", action=[NextPlayBonusIconsAgain()])

# gigantic (engine.rules.mechanics.gigantic); "Fight/Reap:" (MM) and "After Fight/After Reap:" (MoMu) both resolve
# after the fight or reap
_GRAVITRON = [
    IfYouDo(
        [Choose("archives", "friendly", name="discarded"), MoveTo("discard", on="discarded", from_hidden=True)],
        [Choose("creature", "any", name="purged"), ResolveIconsAsIfPlayed("purged", purge=True)],
    )
]
card("Ultra Gravitron", play=[ArchiveTopOfDeck()] * 5, fight=_GRAVITRON, reap=_GRAVITRON)


# "Play: Purge another creature. Until Cyber-Clone leaves play, it has power equal to the purged
# creature's power, and gains that creature's armor, keywords, and traits." (the purged creature's
# printed values: engine.library.copied_stats; nothing when a ward kept it in play)
card(
    "Cyber-Clone",
    play=[
        Choose("creature", "any", name="cloned", exclude_self=True),
        ThisWay(MoveTo("purged", "cloned"), "cloned", "purged"),
        TakesStatsUntilLeaves("purged this way"),
    ],
)
