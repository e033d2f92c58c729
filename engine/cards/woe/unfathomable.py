"""Winds of Exchange (WoE): Unfathomable cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    Destroy,
    DestroyIfYouDo,
    DiscardCards,
    IfYouDo,
    MakeTokens,
    named,
    OneOf,
    OpponentsActionPlayEffectReplaced,
    Reaction,
    RepeatCardEffectIf,
    RevealRandomUnrevealed,
    SearchFor,
)
from engine.cards import card


def _your_turn_starts(ctx) -> bool:
    return ctx.event.get("player") == ctx.controller


def _tangaika(eng, source, controller, c) -> bool:
    return c.name == "Tangaika"


# "At the start of your turn, make a Cultist. Action: Destroy 4 friendly Cultists. If you do, search
# your deck and discard pile for Tangaika, reveal it, add it to your hand, and shuffle your deck."
# (with fewer than 4 Cultists they are destroyed all the same, but "if you do" fails: no search)
card(
    "Primordial Vault",
    reactions=[Reaction("start_of_turn", [MakeTokens(1, named="Cultist")], when=_your_turn_starts)],
    action=[
        IfYouDo(
            [Choose("creature", "friendly", count=4, where=named("Cultist")), DestroyIfYouDo()],
            [SearchFor(("deck", "discard"), _tangaika, "hand")],
        )
    ],
)


_REPEAT = "repeat this effect"


# "Play: Reveal a random unrevealed card from your opponent's hand. Then, you may either repeat this
# effect or your opponent discards the last revealed card." (the choice is offered each time, even
# with every card revealed: a repeat then reveals nothing, and the last revealed card stays the one)
card(
    "Plunder",
    play=[
        RevealRandomUnrevealed("enemy", name="plundered"),
        OneOf(
            [(_REPEAT, []), ("your opponent discards the last revealed card", [DiscardCards("plundered")])],
            name="plunder option",
        ),
        RepeatCardEffectIf(lambda ctx: ctx.chosen.get("plunder option") == [_REPEAT]),
    ],
)


def _on_your_left_flank(ctx, creature) -> bool:
    line = ctx.game.players[ctx.controller].creatures
    return bool(line) and creature is line[0]


# "When your opponent plays an action card, instead of resolving its play effect, destroy the
# creature on your left flank." (printed by this card alone)
card(
    "Bryozoarch",
    statics=[
        OpponentsActionPlayEffectReplaced(
            [Choose("creature", "friendly", name="left flank", where=_on_your_left_flank), Destroy("left flank")]
        )
    ],
)
