"""Grim Reminders (GR): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    cards_in,
    Choose,
    count_at_least,
    Destroy,
    DiscardFromHand,
    DiscardTopOfDeck,
    Draw,
    Heal,
    May,
    NameGroup,
    PlayUpgradeOn,
    ShuffleIntoDeck,
    houses_among,
    InsteadIfYouDo,
    neighbors_not_of_house,
    power_of,
    ReplacesDestructionIf,
    ShuffleDiscardIntoDeck,
    TriggerAbility,
)
from engine.cards import card


def _non_star_alliance_neighbor(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source) and "staralliance" not in houses_among(ctx.eng, [creature])


# "Destroyed: If Necromorph has a non-Star Alliance neighbor, fully heal Necromorph and destroy that
# neighbor instead." (with two such neighbors, its controller chooses which one is "that neighbor")
card(
    "Necromorph",
    destroyed_instead=[
        ReplacesDestructionIf(
            count_at_least(neighbors_not_of_house("self", "staralliance"), 1),
            [
                Heal(None, "self"),
                Choose("creature", "any", name="necromorph neighbor", where=_non_star_alliance_neighbor),
                Destroy("necromorph neighbor"),
            ],
        )
    ],
)


def _neighboring(ctx, creature) -> bool:
    return creature in ctx.game.neighbors(ctx.source)


# "Deploy. Play/After Reap: Resolve the play effect of a neighboring creature as if you had just
# played it. Scrap: Discard a card from your hand, resolve its play effect as if you had just played
# it." (Deploy is read from the printed keywords; the scrapped card's play effect resolves from the
# discard pile)
_MYERS = [
    Choose("creature", "any", name="myers neighbor", where=_neighboring),
    TriggerAbility("play", "myers neighbor"),
]
card(
    "Missile Officer Myers",
    play=_MYERS,
    reap=_MYERS,
    scrap=[
        Choose("hand", "friendly", name="myers discard"),
        DiscardFromHand("myers discard"),
        TriggerAbility("play", "myers discard", out_of_play=True),
    ],
)


# "This creature gains: "After Fight/After Reap: Shuffle your discard pile into your deck. Draw a
# card. Discard X cards from the top of your deck, where X is the number of cards in your opponent's
# discard pile."" (X read as the last sentence resolves)
_ANACHRONOMETER = [ShuffleDiscardIntoDeck(), Draw(1), DiscardTopOfDeck(cards_in("discard", who="opponent"))]
card("Anachronometer", gains={"fight": _ANACHRONOMETER, "reap": _ANACHRONOMETER})


def _upgrade(ctx, c) -> bool:
    return c.type == "upgrade"


# "Play/After Fight/After Reap: You may play an upgrade from your discard pile on 3LL-I0T. Scrap:
# Shuffle all upgrades from play into their owners' decks." (played as a card effect tells: of any
# house, rule "Using Cards via Other Card Abilities")
_3LL_I0T = [May([Choose("discard", "friendly", name="3ll upgrade", where=_upgrade), PlayUpgradeOn("3ll upgrade")])]
card(
    "3LL-I0T",
    play=_3LL_I0T,
    fight=_3LL_I0T,
    reap=_3LL_I0T,
    scrap=[NameGroup(("upgrade",), "any", any_card, name="upgrades in play"), ShuffleIntoDeck("upgrades in play")],
)


# "This creature gains "Destroyed: Discard cards from the top of your deck equal to this creature's
# power. If you do, fully heal this creature and destroy Paradox Shield instead."": a destruction
# replacement (16.0: it resolves as the creature would be put into the discard pile) whose discard
# happens in any case; with fewer cards in the deck than the power, the creature is destroyed after all
card(
    "Paradox Shield",
    gains={
        "destroyed_instead": [
            InsteadIfYouDo([DiscardTopOfDeck(power_of("self"))], [Heal(None, "self"), Destroy("giver")])
        ]
    },
)
