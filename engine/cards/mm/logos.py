"""Mass Mutation (MM): Logos cards."""

from __future__ import annotations

from engine.library import (
    TakesStatsUntilLeaves,
    ThisWay,
    CreatureForTheTurn,
    PutOnFlank,
    ArchivedFaceup,
    ArchiveTopOfDeck,
    ArmorModifier,
    bonus_icons,
    Choose,
    ForTheTurn,
    GrantAbility,
    GrantKeyword,
    IfYouDo,
    itself,
    MoveTo,
    NextPlayBonusIconsAgain,
    OneOf,
    PicksUpAnyNumberOfArchives,
    Reaction,
    ResolveIconsAsIfPlayed,
    Steal,
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


# "Action: Move an artifact to a flank of its controller's battleline. For the remainder of the turn, it
# is a creature with 3 power that belongs to the active house. (It leaves the battleline when it's no
# longer a creature.)" (engine.rules.mechanics.artifact_creatures)
card(
    "Animator",
    action=[
        Choose("artifact", "any", name="animated"),
        CreatureForTheTurn(3, on="animated", house="active"),
        PutOnFlank(on="animated"),
    ],
)


def _you_played_a_card_with_a_bonus_icon(ctx) -> bool:
    """ "After you play a card with a bonus icon": printed (an Æmber bonus) or added by enhance."""
    return ctx.event.get("player") == ctx.controller and bool(bonus_icons(ctx.event["card"]))


# "After you play a card with a bonus icon, for the remainder of the turn, Adaptoid gains (choose
# one): +2 armor, assault 2, or "Fight: Steal 1A."" (MM 099; MoMu 073 prints "After Fight:", the
# same ability, and its data's "Enhance ." lost the icons, which do nothing during the game: glossary
# "Enhance"). The lexer drops "(choose one)" as a reminder, so the compiled reading would be wrong.
card(
    "Adaptoid",
    reactions=[
        Reaction(
            "played",
            [
                OneOf(
                    [
                        ("+2 armor", [ForTheTurn(static=ArmorModifier(2, itself))]),
                        ("assault 2", [ForTheTurn(static=GrantKeyword("assault", itself, 2))]),
                        ("fight: steal 1", [ForTheTurn(static=GrantAbility("fight", [Steal(1)], itself))]),
                    ]
                )
            ],
            when=_you_played_a_card_with_a_bonus_icon,
        )
    ],
)

# "If you archive The Archivist, archive it faceup. While The Archivist is in your archives, instead of
# picking up all of your archives, you may choose to pick up any number of cards in your archives.":
# both read where the card is, in the archives (engine.rules.archives_faceup)
card("The Archivist", statics=[ArchivedFaceup(), PicksUpAnyNumberOfArchives()])
