"""Mass Mutation (MM): Logos cards."""

from __future__ import annotations

from ...bonus_icons import NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from ...effects import IfYouDo
from ...effects_cards import MoveTo
from ...effects_status import ArchiveTopOfDeck
from ...targets import Choose
from .. import card

# "Enhance R." has no effect during gameplay (glossary "Enhance")
card("Fission Bloom", action=[NextPlayBonusIconsAgain()])

# gigantic (engine.gigantic); "Fight/Reap:" (MM) and "After Fight/After Reap:" (MoMu) both resolve
# after the fight or reap
_GRAVITRON = [
    IfYouDo(
        [Choose("archives", "friendly", name="discarded"), MoveTo("discard", on="discarded", from_hidden=True)],
        [Choose("creature", "any", name="purged"), ResolveIconsAsIfPlayed("purged", purge=True)],
    )
]
card("Ultra Gravitron", play=[ArchiveTopOfDeck()] * 5, fight=_GRAVITRON, reap=_GRAVITRON)
