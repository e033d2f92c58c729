"""Age of Ascension (AoA): Logos cards."""

from __future__ import annotations

from engine.library import (
    amber_on_self_at_least,
    Archive,
    ArchiveTopOfDeck,
    ArtifactsEnterPlayReady,
    Choose,
    ForEachTraitDamageAndGain,
    ForgeAtNoCost,
    If,
    MayChoose,
    OneOf,
    PlaceAmber,
    playable,
    PlayAsIfFromHand,
    PlayBeneath,
    PutBeneath,
    Reaction,
    Sacrifice,
    SwapTwoInABattleline,
    you_chose_house,
)
from engine.cards import card


def _your_turn(ctx) -> bool:
    return ctx.game.active == ctx.controller


card(
    "Jargogle",
    play=[Choose("hand", "friendly"), PutBeneath()],
    destroyed=[If(_your_turn, [PlayBeneath()], otherwise=[Archive("beneath")])],
)

# one ability: the "forge a key" part resolves only as part of it, after choosing Logos (the
# [REDACTED] FAQ), not whenever 4 Æmber happen to be on it
card(
    "[REDACTED]",
    reactions=[
        Reaction(
            "house_chosen",
            [PlaceAmber(1, "self"), If(amber_on_self_at_least(4), [Sacrifice("self"), ForgeAtNoCost()])],
            when=you_chose_house("logos"),
        )
    ],
)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)


card("Entropic Swirl", play=[Choose("creature", "any"), ForEachTraitDamageAndGain(2)])


card("Quantum Fingertrap", action=[SwapTwoInABattleline()])


def _top_of_discard(ctx, c) -> bool:
    pile = ctx.me.zone("discard")
    return bool(pile) and c is pile[0]


card(
    "Z.Y.X. Researcher",
    play=[
        OneOf(
            [
                ("the top card of your deck", [ArchiveTopOfDeck()]),
                (
                    "the top card of your discard pile",
                    [Choose("discard", "friendly", where=_top_of_discard), Archive()],
                ),
            ],
            possible={
                "the top card of your deck": lambda ctx: bool(ctx.me.zone("deck")),
                "the top card of your discard pile": lambda ctx: bool(ctx.me.zone("discard")),
            },
        )
    ],
)

# ---- general hooks (engine.rules.hooks, engine.rules.turn)

card("The Curator", statics=[ArtifactsEnterPlayReady()])

_PROJECT_ZYX = [
    MayChoose(
        Choose("archives", "friendly", where=playable),
        [PlayAsIfFromHand()],
        question="Project Z.Y.X.: play one of your archived cards?",
    )
]

card("Project Z.Y.X.", fight=list(_PROJECT_ZYX), reap=list(_PROJECT_ZYX))
