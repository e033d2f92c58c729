"""Worlds Collide (WC): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    action_card_played,
    ActiveHouseBecomes,
    BeforePlayEffect,
    belongs_to,
    Choose,
    Destroy,
    EachPlayer,
    EndYourTurn,
    Gain,
    houses_among,
    If,
    NameEach,
    own_house,
    Reaction,
    Reveal,
    ThePlayerOfTheEvent,
    TriggerAbility,
    TopOfDeck,
    WardHost,
)
from engine.cards import card


# after the action card's bonus icons, before its "Play:" ability (the 16.0 Encounter Suit FAQ)
card("Encounter Suit", reactions=[BeforePlayEffect("played", [WardHost()], when=action_card_played)])


def _of_the_chosen_creatures_house(ctx, card) -> bool:
    """ "Each creature of the chosen creature's house": its own house (as effects now see it)."""
    return any(belongs_to(ctx.eng, card, own_house(ctx.eng, c)) for c in ctx.refs("chosen creature"))


def _has_no_creatures(ctx) -> bool:
    return not ctx.me.creatures


# "At the start of each player's turn, they must choose a creature they control and destroy each
# creature of the chosen creature's house. If that player has no creatures in play, destroy General
# Order 24 instead.": the player whose turn starts is "you" of the effect (engine.library.EachPlayer)
card(
    "General Order 24",
    reactions=[
        Reaction(
            "start_of_turn",
            [
                ThePlayerOfTheEvent(),
                EachPlayer(
                    [
                        If(
                            _has_no_creatures,
                            [Destroy("self")],
                            [
                                Choose("creature", "friendly", name="chosen creature"),
                                NameEach("creature", "any", _of_the_chosen_creatures_house, "of that house"),
                                Destroy("of that house"),
                            ],
                        )
                    ],
                    who="that player",
                ),
            ],
        )
    ],
)


def _houses_among_creatures(ctx) -> int:
    return len(houses_among(ctx.eng, ctx.game.creatures()))


# "Play: If there are exactly 3 or exactly 4 houses represented among creatures in play, gain 1A. If
# there are exactly 5, gain 2A. If there are 6 or more, gain 3A.": the later sentences count the same
# houses (one shape: "exactly 5" names no noun of its own)
card(
    "Galactic Census",
    play=[
        If(lambda ctx: _houses_among_creatures(ctx) in (3, 4), [Gain(1)]),
        If(lambda ctx: _houses_among_creatures(ctx) == 5, [Gain(2)]),
        If(lambda ctx: _houses_among_creatures(ctx) >= 6, [Gain(3)]),
    ],
)


def _you_played_creature_with_play_effect(ctx) -> bool:
    played = ctx.event.get("card")
    return (
        ctx.event.get("player") == ctx.controller
        and played is not None
        and played.type == "creature"
        and bool(ctx.eng.abilities(played, "play"))
    )


# "After you play a creature with a play effect, trigger its play effect an additional time."
# (printed by this card alone; the creature must still be in play, as its own "Play:" must)
card(
    "Sci. Officer Morpheus",
    reactions=[Reaction("played", [TriggerAbility("play", "event")], when=_you_played_creature_with_play_effect)],
)


def _revealed_not_star_alliance(ctx) -> bool:
    revealed = ctx.ref("revealed")
    return revealed is not None and not belongs_to(ctx.eng, revealed, "staralliance")


# "Action: Reveal the top card of your deck. If it is a non-Star Alliance card, its house becomes
# your active house. Otherwise, end your turn." (no card to reveal: not a non-Star Alliance card,
# so the turn ends)
card(
    "Book of leQ",
    action=[
        TopOfDeck("revealed"),
        Reveal("revealed"),
        If(_revealed_not_star_alliance, [ActiveHouseBecomes(of="revealed")], otherwise=[EndYourTurn()]),
    ],
)
