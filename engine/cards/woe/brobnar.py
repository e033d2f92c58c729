"""Winds of Exchange (WoE): Brobnar cards."""

from __future__ import annotations

from engine.library import (
    card_has_trait,
    Choose,
    DestroyIfYouDo,
    ForEach,
    ForTheTurn,
    GainChains,
    IfYouDo,
    MakeTokens,
    May,
    PlaceAmber,
    PutIntoPlay,
    Reaction,
    SearchFor,
    TokenFightsEachEnemy,
)
from engine.cards import card

# "Each time a player exalts a creature or a creature captures A, put 1A on that creature from the
# common supply.": after each exalt that placed Æmber on a creature, and each capture of 1 or more
card(
    "Kretchee",
    reactions=[Reaction("exalted", [PlaceAmber(1, "event")]), Reaction("captured", [PlaceAmber(1, "event")])],
)


def _brakken(eng, source, controller, c) -> bool:
    return card_has_trait(eng, c, "bräkken")


# "Play: Search your deck and discard pile for up to 4 Bräkken cards with different names. Reveal
# those cards and put them into your hand. Shuffle your deck. Gain chains equal to the number of
# cards put into your hand in this way." (the search is over when the player answers "done" or no
# Bräkken card of another name is left; the deck is shuffled once they are in hand)
card(
    "Hallafest",
    play=[
        SearchFor(("deck", "discard"), _brakken, "hand", name="hallafest", most=4, different=lambda c: c.name),
        ForEach(lambda ctx: len([c for c in ctx.refs("hallafest") if c.zone == "hand"]), [GainChains(1)]),
    ],
)


def _enemy_creature_destroyed_in_a_fight(ctx) -> bool:
    """The destroyed card was a creature of the other player, destroyed in a fight (the event's
    ``fight``: the two creatures of the fight it died in)."""
    event = ctx.event
    return bool(event.get("fight")) and event.get("creature", True) and event.get("controller") != ctx.controller


# "Play: For the remainder of the turn, each time an enemy creature is destroyed in a fight, make a
# token creature." (a lasting reaction of the player who played it: one token per creature)
card(
    "Feats of Strength",
    play=[ForTheTurn(reaction=Reaction("destroyed", [MakeTokens(1)], when=_enemy_creature_destroyed_in_a_fight))],
)


def _your_turn_starts(ctx) -> bool:
    return ctx.event.get("player") == ctx.controller


# "At the start of your turn, if Nirbor Flamewing is in your discard pile, you may destroy a friendly
# creature. If you do, put Nirbor Flamewing into play ready. Destroyed: Make a token creature." (the
# reaction works in its owner's discard pile: engine.rules.reactions.pile_listeners)
card(
    "Nirbor Flamewing",
    reactions=[
        Reaction(
            "start_of_turn",
            [IfYouDo([May([Choose("creature", "friendly"), DestroyIfYouDo()])], [PutIntoPlay("self", ready=True)])],
            when=_your_turn_starts,
            zone="discard",
        )
    ],
    destroyed=[MakeTokens(1)],
)


# "Play: For each enemy creature, make a token creature, ready it, and have it fight that enemy
# creature, ignoring taunt. Resolve these fights one at a time." (engine.library.fights_made)
card("Endless Hordes", play=[TokenFightsEachEnemy(("taunt",))])
