"""Winds of Exchange (WoE): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    attached_host,
    TokensCopyForTheTurn,
    PlayTopOfDeck,
    belongs_to,
    Choose,
    DealDamage,
    Destroy,
    did_this_way,
    DiscardCards,
    FlipFaceup,
    houses_among,
    If,
    ItsControllerGains,
    MakeTokens,
    MoveTo,
    NameGroup,
    NameEach,
    NeighborsOf,
    PlayAs,
    PowerModifier,
    PileEnd,
    Ready,
    ThisWay,
    Together,
    UpgradeToFlankAsCreature,
)
from engine.cards import card, Variant


# "Play: Deal 2 to a creature, with 1 splash. If this damage destroys 1 or more creatures, make a
# token creature.": one token however many the damage destroyed, the creature and its neighbors
# (the splash) counted alike
card(
    "Photon Blast",
    play=[
        Choose("creature", "any", name="target"),
        NeighborsOf(of="target", name="splash"),
        Together(("target", "splash"), name="hit"),
        ThisWay(DealDamage(2, on="target", also=((1, "splash"),)), on="hit", verb="destroyed"),
        If(did_this_way("destroyed", any_card), [MakeTokens(1)]),
    ],
)


def _discarded_shares_a_house_with_the_chosen_creature(ctx) -> bool:
    chosen, discarded = ctx.refs("chosen"), ctx.refs("discarded")
    return bool(chosen and discarded and houses_among(ctx.eng, discarded) & houses_among(ctx.eng, chosen))


# "After Reap: Choose a creature and discard the top card of its controller's deck. If that card shares
# a house with the chosen creature, its controller gains 1. Otherwise, destroy that creature.": "its
# controller" and "that creature" are the chosen creature's (one shape: the compiler would read "that
# creature" as the card last named, the discarded one)
card(
    "Shakedown Sullivan",
    reap=[
        Choose("creature", "any", name="chosen"),
        PileEnd("discarded", whose="of:chosen"),
        DiscardCards("discarded"),
        If(_discarded_shares_a_house_with_the_chosen_creature, [ItsControllerGains(1, "chosen")], [Destroy("chosen")]),
    ],
)


def _between_two_non_star_alliance_neighbors_of_different_houses(ctx, card) -> bool:
    neighbors = ctx.game.neighbors(card)
    if not belongs_to(ctx.eng, card, "staralliance") or len(neighbors) != 2:
        return False
    if any(belongs_to(ctx.eng, n, "staralliance") for n in neighbors):
        return False
    return not houses_among(ctx.eng, neighbors[:1]) & houses_among(ctx.eng, neighbors[1:])


# "Play: Ready each Star Alliance creature that has 2 non-Star Alliance neighbors of different houses."
# (neighbors of different houses: sharing none)
card(
    "Stronger Together",
    play=[
        NameEach("creature", "any", _between_two_non_star_alliance_neighbors_of_different_houses, "together"),
        Ready("together"),
    ],
)


def _token(eng, source, controller, card) -> bool:
    return card.token_of is not None


# "Play: Flip each token creature faceup. Put each non-creature card flipped this way into its
# owner's discard pile." (a creature flipped faceup stays in play as itself; the others are put in
# the discard pile, not destroyed)
card(
    "Temporal Purge",
    play=[
        NameGroup(("creature",), "any", _token, "tokens"),
        FlipFaceup("tokens", non_creatures="non-creatures"),
        MoveTo("discard", on="non-creatures"),
    ],
)


# "Pupgrade may be played as an upgrade instead of a creature, with the text: "This creature gets +3
# power and gains, 'Destroyed: Put Pupgrade on the right flank of your battleline as a creature,
# ready.'"" (engine.rules.mechanics.played_as_upgrade): as the upgrade, its destroyed creature's
# ability takes it off and puts it, the creature card again, on that creature's controller's right flank
card(
    "Pupgrade",
    Variant(phrase="may be played as an upgrade instead of a creature", becomes=PlayAs("upgrade")),
    Variant(
        phrase="this creature gets +3 power and gains",
        statics=[PowerModifier(3, attached_host)],
        gains={"destroyed": [UpgradeToFlankAsCreature("giver", "right", ready=True)]},
    ),
)


# "Play with the top card of your deck revealed. Omni: Play the top card of your deck as if it belonged
# to the active house and was in your hand." (GR; the WoE printing reads "as is it belonged"). The
# first sentence is information only: the engine keeps nothing hidden (every decision is answered by
# a scenario or the fuzzer), so it changes no state. A card played from the deck by an effect is
# under no house or First Turn restriction (engine.rules.play.PlayRules.play_from).
card("Near-Future Lens", omni=[PlayTopOfDeck()])


# "This creature gains, "After Fight/After Reap: For the remainder of the turn, each friendly token
# creature is a copy of this creature." Play: Make a token creature."
card("Mirror Shell", play=[MakeTokens(1)], gains={"fight": [TokensCopyForTheTurn()], "reap": [TokensCopyForTheTurn()]})
