"""Worlds Collide (WC): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    action_card_played,
    all_of,
    attached_to_titled,
    AttachGiver,
    BeforePlayEffect,
    Choose,
    DealDamage,
    May,
    not_giver_host,
    OneOf,
    PlayAs,
    Reaction,
    Steal,
    titled,
    WardHost,
)
from engine.cards import card, Variant


# The gained ability's "Sensor Chief Garcia" is self-referential on a Sensor Chief Garcia: that
# creature only, never another copy (the two Sensor Chief Garcia FAQ; engine.rules.gained_text)
_TO_GARCIA = all_of(titled("Sensor Chief Garcia"), not_giver_host)
_ATTACH = "attach Garcia’s Blaster to Sensor Chief Garcia"
_blaster = [
    May(
        [
            OneOf(
                [
                    ("deal 2 damage to a creature", [Choose("creature", "any"), DealDamage(2)]),
                    (_ATTACH, [Choose("creature", "any", where=_TO_GARCIA), AttachGiver()]),
                ],
                possible={_ATTACH: lambda ctx: any(_TO_GARCIA(ctx, c) for c in ctx.game.creatures())},
            )
        ],
        question="deal 2 damage to a creature, or attach Garcia’s Blaster to Sensor Chief Garcia?",
    )
]
card(
    "Garcia’s Blaster",
    gains={"fight": _blaster, "reap": _blaster},
    reactions=[Reaction("attached", [Steal(1)], when=attached_to_titled("Sensor Chief Garcia"))],
)


# "Skirmish. Explo-rover may be played as an upgrade instead of a creature, with the text: “This
# creature gains skirmish.”": played as an upgrade it has only that text (the keyword it gives is
# read from it: engine.rules.keywords.granted)
card(
    "Explo-rover",
    Variant("may be played as an upgrade", becomes=PlayAs("upgrade")),
    Variant("this creature gains skirmish"),
)

# after the action card's bonus icons, before its "Play:" ability (the 16.0 Encounter Suit FAQ)
card("Encounter Suit", reactions=[BeforePlayEffect("played", [WardHost()], when=action_card_played)])
