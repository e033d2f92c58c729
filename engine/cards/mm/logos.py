"""Mass Mutation (MM): Logos cards."""

from __future__ import annotations

from engine.rules.bonus_icons import NextPlayBonusIconsAgain, ResolveIconsAsIfPlayed
from engine.library.effect import IfYouDo
from engine.library.on_cards import MoveTo
from engine.library.status import ArchiveTopOfDeck
from engine.rules.targets import Choose
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
