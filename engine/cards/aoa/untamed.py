"""Age of Ascension (AoA): Untamed cards."""

from __future__ import annotations

from engine.library import (
    all_of,
    beside,
    CannotUseAnyCard,
    Choose,
    ChooseAnyNumber,
    DestroyAndGainItsBonus,
    DestroyMostPowerfulOfPlayersWithout,
    EachDiscardsHandAndRefills,
    FlankOnlyAttackers,
    Gain,
    GrantKeyword,
    happened_this_turn,
    of_house,
    of_type,
    opponent_reaped,
    PowerModifier,
    Reaction,
    RememberPlayerTurn,
    ShuffleChosenIntoDeck,
    TakenFromSupplyInstead,
    Together,
)
from engine.cards import card

# "Æmber (that would be) stolen or captured from your pool is taken from the common supply instead."
card("Po’s Pixies", statics=[TakenFromSupplyInstead()])


# Omega and elusive are keywords; "Your creatures enter play ready" includes Duskwitch itself,
# read as it enters (engine.rules.entering)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)


card("Camouflage", statics=[FlankOnlyAttackers()])


def _host_not_after_a_discard(eng, source, controller, card) -> bool:
    return source.attached_to is card and not happened_this_turn(f"discarded {card.controller}")(
        eng, source, controller, card
    )


# "This creature cannot be used unless its controller has discarded a card this turn": the upgrade
# remembers the discards it sees (from the moment it is in play)
card(
    "Earthbind",
    statics=[CannotUseAnyCard(_host_not_after_a_discard)],
    reactions=[Reaction("discarded", [RememberPlayerTurn("discarded")])],
)


card("Panpaca, Anga", statics=[PowerModifier(2, beside("right"))])

card("Panpaca, Jaga", statics=[GrantKeyword("skirmish", beside("left"))])

card("Punctuated Equilibrium", play=[EachDiscardsHandAndRefills()])

card("Quicksand", play=[DestroyMostPowerfulOfPlayersWithout("untamed")])

card("Rustgnawer", fight=[Choose("artifact", "any"), DestroyAndGainItsBonus()])

card(
    "Æmberspine Mongrel",
    why="its AoA text 'after your opponent uses a creature to reap' has no target phrase",
    reactions=[Reaction("reaped", [Gain(1)], when=opponent_reaped)],
)

_UNTAMED_CREATURE = all_of(of_type("creature"), of_house("untamed"))


card(
    "Song of Spring",
    play=[
        ChooseAnyNumber("hand", "friendly", where=_UNTAMED_CREATURE, name="in hand"),
        ChooseAnyNumber("discard", "friendly", where=_UNTAMED_CREATURE, name="discarded"),
        ChooseAnyNumber("creature", "friendly", where=of_house("untamed"), name="in play"),
        Together(("in hand", "discarded", "in play")),
        ShuffleChosenIntoDeck(),
    ],
)
