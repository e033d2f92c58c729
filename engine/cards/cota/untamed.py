"""Call of the Archons (CotA): Untamed cards."""

from __future__ import annotations

from engine.library import (
    all_of,
    CannotUseAnyCard,
    Choose,
    CopyOf,
    creatures_used_this_turn,
    DamageByAmberThenTake,
    Exhaust,
    Gain,
    happened_this_turn,
    has_trait,
    Heal,
    If,
    IfYouDo,
    IgnoreWhileAttacking,
    named,
    NameEach,
    NameEachIn,
    of_type,
    OnlyFightsStunned,
    played_on_previous_turn,
    Reaction,
    RememberTurn,
    ReturnToHand,
    SearchDeckAndDiscard,
    ShuffleIntoDeck,
    ShuffleZonesIntoDeck,
    Steal,
    Stun,
    Together,
    you_discarded_during_your_turn,
)
from engine.cards import card


card(
    "Lost in the Woods",
    why="a text of it, 'Choose 2 friendly creatures and 2 enemy creatures. Shuffle each chosen creature into its owner's deck.', has no template",
    play=[
        Choose("creature", "friendly", name="friendly", count=2),
        Choose("creature", "enemy", name="enemy", count=2),
        ShuffleIntoDeck(("friendly", "enemy"), from_zones=()),
    ],
)

card("Mimicry", becomes=CopyOf("action"))


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Screaming Cave", action=[ShuffleZonesIntoDeck(("hand", "discard"))])

_NIFFLE = all_of(of_type("creature"), has_trait("niffle"))

card(
    "Troop Call",
    play=[
        NameEachIn("discard", "friendly", where=_NIFFLE, name="discarded"),
        NameEach("creature", "friendly", where=has_trait("niffle"), name="in play"),
        Together(("discarded", "in play")),
        ReturnToHand(),
    ],
)

card("Bigtwig", statics=[OnlyFightsStunned()], reap=[Choose("creature", "any"), Stun(), Exhaust()])

card("Stampede", play=[If(lambda ctx: creatures_used_this_turn(ctx) >= 3, [Steal(2)])])

card(
    "Word of Returning",
    play=[DamageByAmberThenTake("enemy")],
    why="compiled, the damage destroys creatures before 'move each Æmber from those creatures' (their Æmber goes "
    "to the opponent as they leave play); the Æmber of every creature dealt damage moves before destruction is checked",
)


def _no_ancient_bear_in_play(ctx) -> bool:
    return not any(c.name == "Ancient Bear" for c in ctx.game.creatures())


card(
    "Bear Flute",
    action=[
        Choose("creature", "any", where=named("Ancient Bear")),
        Heal(None, "it"),
        If(
            _no_ancient_bear_in_play,
            [IfYouDo([SearchDeckAndDiscard(named("Ancient Bear"), each=True)], [ShuffleZonesIntoDeck(("discard",))])],
        ),
    ],
)


def _not_after_an_untamed_discard(eng, source, controller, card) -> bool:
    return card is source and not happened_this_turn("discarded untamed")(eng, source, controller, card)


# "You cannot use this card unless you have discarded an Untamed card from your hand this turn":
# it remembers the discards it sees (from the moment it is in play)
card(
    "Giant Sloth",
    statics=[CannotUseAnyCard(_not_after_an_untamed_discard)],
    action=[Gain(3)],
    reactions=[
        Reaction("discarded", [RememberTurn("discarded untamed")], when=you_discarded_during_your_turn("untamed"))
    ],
)

card(
    "Lifeweb", play=[If(lambda ctx: played_on_previous_turn(ctx.game, ctx.opponent_name, "creature") >= 3, [Steal(2)])]
)

# ---- general hooks (engine.rules.hooks)

card("Niffle Ape", statics=[IgnoreWhileAttacking(("taunt", "elusive"))])
