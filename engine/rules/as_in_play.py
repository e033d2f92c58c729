"""A card's power and armor as they were in play, for the rest of the ability that made it leave.

16.0 glossary "Leaves Play": "If cards leave play while resolving an ability, later instructions in
the same ability refer to the cards as they were immediately prior to leaving play." (Waste Not:
"Destroy a friendly creature. Draw cards equal to half that creature's power": the power it had on
the battleline, its neighbours' and upgrades' bonuses included.) Each card remembers its stats as it
leaves play, stamped from one counter that also stamps each ability's context as it is made; an
ability reads the remembered stats only for a card that left play after its context was made, so a
card that left play before (a creature in a discard pile since an earlier turn) counts as printed.
"""

from __future__ import annotations

from itertools import count

#: one clock for contexts made and cards leaving play (only their order matters)
STAMPS = count()

STATS = ("power", "armor")


def remember_as_in_play(eng, card) -> None:
    """Called as ``card`` leaves play, before it loses what play gave it."""
    if card.zone == "battleline":
        card.memory["as_in_play"] = {"at": next(STAMPS), **{s: getattr(eng, s)(card) for s in STATS}}


def stat_as_it_was(ctx, card, stat: str) -> int | None:
    """``card``'s ``stat`` as it was immediately before it left play during the ability of ``ctx``;
    None when it did not leave play during that ability."""
    known = card.memory.get("as_in_play")
    if known is None or known["at"] < ctx.began:
        return None
    return known[stat]
