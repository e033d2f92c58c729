"""Worlds Collide (WC): Shadows cards."""

from __future__ import annotations

from engine.library import (
    ChooseHouse,
    EachPlayer,
    Gain,
    If,
    IfYouDo,
    it_test,
    Lose,
    May,
    of_chosen_house,
    Reaction,
    RevealToStopForge,
    ThePlayerOfTheEvent,
    TopOfDeck,
    Reveal,
)
from engine.cards import Variant, card

card(
    "Keyforgery",
    # printed: "When your opponent would forge a key, ...": on any turn (a Keyfrog destroyed on
    # your turn too)
    Variant("when your opponent would forge a key, that player", statics=[RevealToStopForge()]),
    # 16.0 erratum: "When your opponent would forge a key on their turn, ..."
    Variant("would forge a key on their turn", statics=[RevealToStopForge(own_turn_only=True)]),
)

# "At the start of each player's turn, that player may choose (name) a house. If they do, reveal the
# top card of their deck. If it is of the chosen house, they gain 2A. Otherwise, they lose 2A.": the
# player whose turn starts is "you" of the effect (engine.library.EachPlayer), and decides
card(
    "Gambling Den",
    reactions=[
        Reaction(
            "start_of_turn",
            [
                ThePlayerOfTheEvent(),
                EachPlayer(
                    [
                        IfYouDo(
                            [May([ChooseHouse()], question="Gambling Den: choose a house?")],
                            [
                                TopOfDeck("top card"),
                                Reveal("top card"),
                                If(it_test("top card", of_chosen_house), [Gain(2)], [Lose(2, who="self")]),
                            ],
                        )
                    ],
                    who="that player",
                ),
            ],
        )
    ],
)
