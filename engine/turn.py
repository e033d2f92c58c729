"""The turn sequence around step 3: ready cards (4), draw cards with chains (5), and the next
player's turn up to its step 3 (1: forge a key, 2: choose a house).
"""
from __future__ import annotations

from .choices import Chooser
from .rulesets import RuleSet
from .state import Game

HAND_SIZE = 6
KEY_COST = 6


def chain_penalty(chains: int) -> int:
    """Cards fewer drawn when refilling: chains 1–6 draw 1 fewer, 7–12 two fewer, and so on."""
    return 0 if chains <= 0 else (chains - 1) // 6 + 1


def draw(game: Game, player: str, n: int) -> int:
    """Draw ``n`` cards, shuffling the discard pile into the deck when the deck runs out."""
    p = game.players[player]
    drawn = 0
    for _ in range(n):
        if not p.zone("deck"):
            if not p.zone("discard"):
                break
            p.zones["deck"], p.zones["discard"] = p.zone("discard"), []
            game.rng.shuffle(p.zones["deck"])
            for c in p.zone("deck"):
                c.zone = "deck"
            game.log(f"{player} shuffles their discard pile into a new deck")
        card = p.zone("deck")[0]
        game.move(card, "hand")
        drawn += 1
    return drawn


def ready_step(game: Game) -> None:
    for card in game.players[game.active].zone("battleline") + game.players[game.active].zone("artifacts"):
        card.exhausted = False
    game.log(f"{game.active} readies their cards")


def draw_step(game: Game) -> None:
    p = game.players[game.active]
    wanted = max(0, HAND_SIZE - len(p.zone("hand")))
    penalty = min(chain_penalty(p.chains), wanted)
    drawn = draw(game, game.active, wanted - penalty)
    game.log(f"{game.active} draws {drawn} card(s) to refill their hand ({len(p.zone('hand'))} in hand)")
    if penalty:
        p.chains -= 1
        game.log(f"{game.active}'s chains prevent {penalty} draw(s); they shed a chain ({p.chains} left)")


def forge_step(game: Game) -> None:
    p = game.players[game.active]
    cost = KEY_COST + p.key_cost_modifier
    if p.amber >= cost:
        p.amber -= cost
        p.keys += 1
        game.log(f"{game.active} forges a key for {cost} Æmber ({p.keys} forged)")
        if p.keys >= 3:
            game.winner = game.active
            game.log(f"{game.active} wins the game")


def end_turn(game: Game, rules: RuleSet, chooser: Chooser, to_step: int = 3) -> None:
    """Steps 4–5 of the active player, then the next player's turn up to (not including) ``to_step``."""
    ready_step(game)
    draw_step(game)
    game.log(f"{game.active}'s turn ends")
    game.active = game.opponent
    game.first_turn = False
    game.played_from_hand = 0
    game.lasting.clear()
    game.active_house = None
    game.step = 1
    if to_step > 1 and game.winner is None:
        forge_step(game)
        game.step = 2
    if to_step > 2 and game.winner is None:
        houses = sorted({c.house for c in game.cards() if c.controller == game.active})
        game.active_house = chooser.choose(f"{game.active} chooses a house", houses)
        game.log(f"{game.active} chooses {game.active_house}")
        game.step = 3
