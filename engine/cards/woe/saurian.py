"""Winds of Exchange (WoE): Saurian cards."""

from __future__ import annotations

from engine.library import (
    beside,
    Choose,
    counters_on,
    DestroyIfYouDo,
    DestroysWhile,
    ForTheTurnOnChosen,
    GrantAbility,
    MakeTokens,
    NameGroup,
    OneOf,
    PutCounters,
)
from engine.cards import card

# "Each creature to Phalanx Leader's left gets +2 power for the remainder of the turn.": the creatures
# on its left as the ability resolves (in its controller's battleline) keep the bonus for the turn
_LEFT_GET_2 = [NameGroup(("creature",), "friendly", beside("left"), "left"), ForTheTurnOnChosen(on="left", power=2)]

# "Play: Make a token creature immediately to Phalanx Leader's left. After Fight/After Reap: ..."
card("Phalanx Leader", play=[MakeTokens(1, left_of="self")], fight=_LEFT_GET_2, reap=_LEFT_GET_2)

# "In order to use Rampaging Brutodon, you must destroy a friendly creature. Play: Make a token
# creature.": another friendly creature (destroying itself, it could not be used), destroyed before
# each use, or it is not used (printed by this card alone)
card(
    "Rampaging Brutodon",
    to_use=[Choose("creature", "friendly", name="to destroy", exclude_self=True), DestroyIfYouDo("to destroy")],
    play=[MakeTokens(1)],
)


def _creature(eng, source, controller, card) -> bool:
    return card.type == "creature"


def _counters(kind: str):
    def six(ctx) -> bool:
        return counters_on(ctx, ctx.source, kind) >= 6

    six.__name__ = f"six_{kind}_counters"
    return six


# "Each creature gains, "After Reap: Put a Yea or a Nay counter on Election." If Election has 6 Yea
# counters on it, destroy it and destroy each creature. If Election has 6 Nay counters on it, destroy
# each artifact." (the reaping creature's controller votes; the counts are checked with the state,
# and the destroyed cards of one count go together)
card(
    "Election",
    statics=[
        GrantAbility(
            "reap",
            [
                OneOf(
                    [
                        ("put a yea counter on the giving card", [PutCounters("yea", "giver")]),
                        ("put a nay counter on the giving card", [PutCounters("nay", "giver")]),
                    ]
                )
            ],
            _creature,
        ),
        DestroysWhile(_counters("yea"), itself=True, kinds=("creature",)),
        DestroysWhile(_counters("nay"), kinds=("artifact",)),
    ],
)
