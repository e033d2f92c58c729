"""Winds of Exchange (WoE): Mars cards."""

from __future__ import annotations

from engine.library import (
    CannotBeUsedTo,
    Choose,
    Destroy,
    DestroyIfYouDo,
    ForgeAtNoCost,
    friendly_tokens_named,
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
