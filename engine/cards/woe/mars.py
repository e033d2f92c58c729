"""Winds of Exchange (WoE): Mars cards."""

from __future__ import annotations

from engine.library import (
    attached_host,
    CannotBeUsedTo,
    Choose,
    DealDamage,
    Destroy,
    DestroyIfYouDo,
    ForgeAtNoCost,
    GainCounted,
    cards_in,
    OpponentsCardsStayArchived,
    friendly_tokens_named,
    GrantAbility,
    If,
    IfYouDo,
    MakeTokens,
    MoveTo,
    named,
)
from engine.cards import Variant, card

# "Omni: Destroy a friendly creature. If you do, make 2 Blorbs. Then, if you control 10 or more
# Blorbs, destroy Blorb Hive and forge a key at no cost." Under the control of a player whose deck
# has no Blorb reference card it makes nothing (the "Borrow" and Blorb Hive example).
card(
    "Blorb Hive",
    omni=[
        IfYouDo([Choose("creature", "friendly"), DestroyIfYouDo()], [MakeTokens(2, named="Blorb")]),
        If(lambda ctx: friendly_tokens_named("Blorb")(ctx) >= 10, [Destroy("self"), ForgeAtNoCost()]),
    ],
)

# token creature "Blorb": "Elusive. Blorb cannot reap." (the card data of some printings adds
# "Destroyed: Return Blorb Hive from your discard pile to your hand.")
card(
    "Blorb",
    Variant(statics=[CannotBeUsedTo("reap")]),
    Variant(
        "return blorb hive from your discard pile",
        statics=[CannotBeUsedTo("reap")],
        destroyed=[Choose("discard", "friendly", where=named("Blorb Hive")), MoveTo("hand")],
    ),
)


def _host_or_same_name(eng, source, controller, creature) -> bool:
    """The upgrade's creature, and each creature (either side) sharing its name."""
    host = source.attached_to if source is not None and source.zone == "upgrade" else None
    return host is not None and (attached_host(eng, source, controller, creature) or creature.name == host.name)


# upgrade: "This creature and each creature with the same name as it gain, "After Reap: Deal 2D to an
# enemy creature."" ("each creature": enemy creatures of that name too; "enemy" is the reaper's)
card(
    "R-Evolution",
    statics=[
        GrantAbility("reap", [Choose("creature", "enemy", name="t"), DealDamage(2, on="t")], applies=_host_or_same_name)
    ],
)


# "Your opponent's cards cannot leave your archives. Action: Gain 1A for each card in your archives."
# (one gain of N, the For Each rule)
card("Memrox the Red", statics=[OpponentsCardsStayArchived()], action=[GainCounted(cards_in("archives"))])
