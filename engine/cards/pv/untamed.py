"""Prophetic Visions (PV): Untamed cards."""

from __future__ import annotations

from engine.library import (
    belongs_to,
    Choose,
    ChooseForEach,
    Destroy,
    DiscardCards,
    DiscardFromHand,
    DiscardTopOfDeck,
    EachPlayer,
    Gain,
    If,
    it_test,
    Lose,
    NameEach,
    OneOf,
    PutIntoPlay,
    RepeatPrecedingIf,
    RefillAsInDrawStep,
    Reveal,
    TopOfDeck,
)
from engine.cards import card


def _x(ctx) -> int:
    """ "If there are more enemy creatures than A in your opponent's pool, X is equal to the
    difference" (otherwise X is 0)."""
    return max(0, len(ctx.opponent.creatures) - ctx.opponent.amber)


# "Play: If there are more enemy creatures than A in your opponent's pool, X is equal to the
# difference. Choose one: Destroy X enemy creatures. / Your opponent loses X.": X counted as the
# option resolves; the X creatures are chosen, then destroyed at once
card(
    "Penance of Balance",
    play=[
        OneOf(
            [
                ("destroy x enemy creatures", [ChooseForEach(_x, Choose("creature", "enemy", name="x")), Destroy("x")]),
                ("your opponent loses x", [Lose(_x)]),
            ]
        )
    ],
)


def _of_their_discarded_cards_house(ctx, card) -> bool:
    return any(belongs_to(ctx.eng, card, c.house) for c in ctx.refs("discarded"))


# "Play: Each player discards the top card of their deck and reveals their hand. Discard each card that
# belongs to their discarded card's house. Each player refills their hand as if it were their "draw
# cards" step.": the middle sentence is each player's too ("their"), each card one of their revealed hand
card(
    "Cladogenesis",
    play=[
        EachPlayer(
            [
                DiscardTopOfDeck(1, "discarded"),
                NameEach("hand", "friendly", name="hand"),
                Reveal("hand"),
                NameEach("hand", "friendly", _of_their_discarded_cards_house, "same house"),
                DiscardFromHand("same house"),
            ]
        ),
        EachPlayer([RefillAsInDrawStep()]),
    ],
)


def _of_the_active_house(eng, source, controller, card) -> bool:
    return belongs_to(eng, card, eng.game.active_house)


# "Action: Reveal the top of card of your deck. If the revealed card belongs to the active house,
# discard it and gain 2.": "the top of card" is a misprint of "the top card" (the only card the
# sentence can name); a revealed card of another house stays on top of the deck
card(
    "Lithomancy",
    action=[
        TopOfDeck("revealed"),
        Reveal("revealed"),
        If(it_test("revealed", _of_the_active_house), [DiscardCards("revealed"), Gain(2)]),
    ],
)


def _orb_card_is(where: str):
    def condition(ctx) -> bool:
        return any(c.type == "creature" and c.zone == where for c in ctx.chosen.get("orb card", []))

    return condition


# "After Reap: Discard the top card of your deck. If it is a creature, destroy an enemy creature and
# put the discarded card into play. If you do, repeat the preceding effect." ("if you do": the
# discarded creature was put into play; the preceding effect repeats once, glossary "Preceding":
# the repeat instruction is not part of it)
card(
    "Resonant Orb",
    reap=[
        DiscardTopOfDeck(1, name="orb card"),
        If(
            _orb_card_is("discard"),
            [Choose("creature", "enemy", name="orb enemy"), Destroy("orb enemy"), PutIntoPlay("orb card")],
        ),
        RepeatPrecedingIf(_orb_card_is("battleline")),
    ],
)
