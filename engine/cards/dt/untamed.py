"""Dark Tidings (DT): Untamed cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    Choose,
    ChooseAnyNumber,
    ConsideredCreature,
    Destroy,
    DiscardCards,
    done_this_way,
    Exhaust,
    GivePowerCounters,
    GrantKeyword,
    houses_of,
    If,
    IfYouDo,
    itself_in_battleline,
    NameOutOfPlay,
    PileEnd,
    PlayIt,
    PutOnFlank,
    tide_high,
)
from engine.cards import card, Variant


def _ready_untamed(ctx, creature) -> bool:
    return not creature.exhausted and belongs_to(ctx.eng, creature, "untamed")


def _three_for_each_exhausted(ctx) -> int:
    return 3 * len(done_this_way(ctx, "exhausted"))


# "Action: Exhaust 1 or more friendly Untamed creatures. If you do, give The Mysticeti three +1
# power counters for each creature exhausted this way and move it anywhere in your battleline as a
# creature with 0 power and taunt." (printed by this card alone): the counters go on the artifact,
# which then is a creature of power 0 plus its counters
card(
    "The Mysticeti",
    statics=[ConsideredCreature(0), GrantKeyword("taunt", itself_in_battleline)],
    action=[
        ChooseAnyNumber("creature", "friendly", _ready_untamed, "to exhaust"),
        IfYouDo(
            [Exhaust("to exhaust")],
            [GivePowerCounters(_three_for_each_exhausted, "self", any_card_in_play=True), PutOnFlank(anywhere=True)],
        ),
    ],
)


def _discard_bottom(whose: str) -> list:
    """ "Discard the bottom card of <whose> deck, or the bottom 3 cards instead if the tide is high"
    (the tide high for Ol' Paddy's controller: 16.0 glossary "Tide")."""

    def bottom(n: int) -> list:
        return [PileEnd("discarded", whose=whose, end="bottom", n=n)]

    return [If(tide_high, bottom(3), otherwise=bottom(1)), DiscardCards(on="discarded")]


def _creature(eng, source, controller, card) -> bool:
    return card.type == "creature"


def _shares_a_house_with_a_discarded_card(ctx, creature) -> bool:
    discarded = set().union(*(houses_of(ctx.eng, c) for c in done_this_way(ctx, "discarded")))
    return bool(houses_of(ctx.eng, creature) & discarded)


# Ol' Paddy's two printings (DT 408; DT 371, its Evil Twin) share a name and differ in text: one
# variant each. "Play each creature discarded this way, one at a time": from the discard pile, in
# the order discarded (each played before the next: 16.0 "Using Cards via Other Card Abilities").
card(
    "Ol’ Paddy",
    Variant(
        "discard the bottom card of your opponent's deck",
        reap=[
            *_discard_bottom("opponent"),
            Choose("creature", "any", name="shares", where=_shares_a_house_with_a_discarded_card),
            Destroy("shares"),
        ],
    ),
    Variant(
        "discard the bottom card of your deck",
        reap=[
            *_discard_bottom("self"),
            NameOutOfPlay("discard", "any", _creature, name="creatures", done="discarded"),
            PlayIt("creatures"),
        ],
    ),
)
