"""Prophetic Visions (PV): Star Alliance cards."""

from __future__ import annotations

from engine.library import (
    amber_on_self_at_least,
    Capture,
    Choose,
    ChooseMostPowerful,
    Destroy,
    ForgeAtNoCost,
    If,
    May,
    MoveAmber,
    MoveUpgrade,
    not_host_of,
    Purge,
)
from engine.cards import card


def _half_of_your_amber(ctx) -> int:
    return ctx.me.amber // 2


# "Action: Move 1 from your opponent's pool to Sample 42-C. If there are 4 or more on Sample 42-C,
# forge a key at no cost and purge Sample 42-C. Fate: The most powerful enemy creature captures half
# of your A (rounding down).": the card data splits "... at no cost. Purge Sample 42-C." in two
# sentences, but the purge is the price of the key (keyteki's copy of the text reads "forge a key at no
# cost and purge Sample 42-C"; purged at every use, no Æmber could ever gather on it). The fate is resolved by the
# opponent of the card's owner: "your" Æmber is theirs, the enemy creature the owner's
card(
    "Sample 42-C",
    action=[
        MoveAmber(1, to="card", to_ref="self", from_pool="opponent"),
        If(amber_on_self_at_least(4), [ForgeAtNoCost(), Purge("self")]),
    ],
    fate=[ChooseMostPowerful(1, name="most powerful", side="enemy"), Capture(_half_of_your_amber, on="most powerful")],
)

# "Play: You may move an upgrade in play to another creature. Fate: Destroy an upgrade attached to a
# friendly creature.": any upgrade, either side's, to any other creature (rule "Upgrades")
card(
    "Refit",
    play=[
        May(
            [
                Choose("upgrade", "any", name="upgrade"),
                Choose("creature", "any", name="new host", where=not_host_of("upgrade")),
                MoveUpgrade("upgrade", "new host"),
            ],
            question="move an upgrade in play to another creature?",
        )
    ],
    fate=[Choose("upgrade", "friendly", name="upgrade"), Destroy("upgrade")],
)
