"""Call of the Archons (CotA): Shadows cards."""

from __future__ import annotations

from engine.library import (
    CannotPlay,
    Choose,
    DealDamage,
    DealsNoFightDamage,
    DestroyIfYouDo,
    DiscardTopOfFightersDeck,
    ForgeAtCost,
    ForTheTurn,
    Gain,
    If,
    IfThisLeavesPlay,
    IfYouDo,
    MoveAmberFromYourCard,
    named,
    OfHouseUnlessYours,
    opponent_has_no_amber,
    OpponentPaysToPlay,
    OpponentSteals,
    PlayBeneath,
    plays_this_turn,
    PutBeneath,
    Reaction,
    ReturnToHand,
    Sacrifice,
    Steal,
    StealAllBut,
    TakeControl,
    TakesNeighborsDamage,
)
from engine.cards import card, Variant


card("Shadow Self", statics=[DealsNoFightDamage(), TakesNeighborsDamage("specter")])


card("Faygin", reap=[Choose("creature", "any", where=named("Urchin"), also=(("discard", "friendly"),)), ReturnToHand()])


card("Masterplan", play=[Choose("hand", "friendly"), PutBeneath()], omni=[PlayBeneath(), Sacrifice("self")])


card(
    "Magda the Rat",
    # printed: "Leaves Play: Your opponent steals 2": an ability Magda has whenever she is in play
    Variant("leaves play: your opponent steals 2", play=[Steal(2)], leaves_play=[OpponentSteals(2)]),
    # 16.0 erratum: "Play: Steal 2. If Magda the Rat leaves play, your opponent steals 2": set up
    # by her "Play:" ability only (put into play without being played, she never sets it up)
    Variant("if magda the rat leaves play", play=[Steal(2), IfThisLeavesPlay([OpponentSteals(2)])]),
    why="its 16.0 erratum ('If Magda the Rat leaves play, your opponent steals 2', set up by her Play: "
    "ability) has no template; one definition holds the printed text and the erratum's",
)


# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)

card("Too Much to Protect", play=[StealAllBut(6)])

card(
    "Pawn Sacrifice",
    play=[
        IfYouDo(
            [Choose("creature", "friendly", name="pawn"), DestroyIfYouDo("pawn")],
            [Choose("creature", "any", count=2), DealDamage(3)],
        )
    ],
)

card(
    "Selwyn the Fence",
    fight=[MoveAmberFromYourCard(1)],
    reap=[MoveAmberFromYourCard(1)],
    why="compiled, the ToC text's 'a friendly card' offers a card with no Æmber on it to move Æmber from",
)

card("Sneklifter", play=[Choose("artifact", "enemy"), TakeControl(), OfHouseUnlessYours("shadows")])

card(
    "Key of Darkness",
    play=[If(opponent_has_no_amber, [ForgeAtCost(2)], otherwise=[ForgeAtCost(6)])],
    why="a printing's card data puts 'If your opponent has no A, forge a key at +2A current cost instead.' on a line of "
    "its own, which the compiler reads as an ability apart from the forge it replaces",
)


card(
    "Treasure Map",
    play=[
        If(lambda ctx: plays_this_turn(ctx.game, ctx.controller) == 1, [Gain(3)]),
        ForTheTurn(static=CannotPlay(None)),
    ],
)

# ---- general hooks (engine.rules.hooks)

card("Evasion Sigil", reactions=[Reaction("before_fight", [DiscardTopOfFightersDeck()])])

card("Customs Office", statics=[OpponentPaysToPlay("artifact")])
