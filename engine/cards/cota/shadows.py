"""Call of the Archons (CotA): Shadows cards."""

from __future__ import annotations

from engine.library.effect import Gain, If, IfYouDo, opponent_has_no_amber, Steal
from engine.library.on_cards import DealDamage, ReturnToHand, Sacrifice
from engine.library.control import TakeControl
from engine.library.keys import ForgeAtCost
from engine.library.lasting import ForTheTurn
from engine.library.one_of_a_kind import StealAllBut, you_forged_this_turn
from engine.library.control_until_and_armor import MayUseThisTurn, MoveAmberFromYourCard, OfHouseUnlessYours
from engine.library.play_restrictions import CannotPlay, plays_this_turn
from engine.library.naming import DestroyIfYouDo
from engine.library.zones import PlayBeneath, PutBeneath
from engine.rules.leaves_play import IfThisLeavesPlay, OpponentSteals
from engine.rules.statics import DealsNoFightDamage, TakesNeighborsDamage
from engine.rules.targets import Choose, named, on_flank
from engine.rules.hooks import DiscardTopOfFightersDeck, OpponentPaysToPlay
from engine.rules.reactions import Reaction
from engine.library.entering_and_hand_size import FirstCreaturePlayedEntersReady
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
)


# ---- irregular texts (engine.library.one_of_a_kind)

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

card("Smiling Ruth", reap=[If(you_forged_this_turn, [Choose("creature", "enemy", where=on_flank), TakeControl()])])

card("Selwyn the Fence", fight=[MoveAmberFromYourCard(1)], reap=[MoveAmberFromYourCard(1)])

card("Sneklifter", play=[Choose("artifact", "enemy"), TakeControl(), OfHouseUnlessYours("shadows")])

card("Key of Darkness", play=[If(opponent_has_no_amber, [ForgeAtCost(2)], otherwise=[ForgeAtCost(6)])])

card("Deipno Spymaster", omni=[Choose("creature", "friendly"), MayUseThisTurn()])

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

card("Speed Sigil", statics=[FirstCreaturePlayedEntersReady()])
