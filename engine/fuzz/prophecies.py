"""Prophecies in random games (engine.rules.mechanics.prophecies): each player gets up to
:data:`PER_PLAYER` prophecy cards the engine can read, beside their deck, and the active player's
options include activating one with a card from their hand.

Why a module of its own: the deck of a random game is drawn by house (:mod:`engine.fuzz.random_games`),
and prophecies are of no house and not of the deck; they are dealt apart, after the deck.
"""

from __future__ import annotations

import random
import sqlite3

from engine.cards.definitions import definition
from engine.core.errors import IllegalAction, ScenarioError
from engine.core.state import PROPHECIES, CardData, CardInstance, Game
from engine.replay.setup import CardCatalog
from engine.rules.game import Engine
from engine.rules.mechanics.prophecies import PROPHECY_TYPE, check_activate
from engine.rules.rulesets import RuleSet

#: prophecies a Prophetic Visions deck comes with
PER_PLAYER = 4


def prophecy_pool(conn: sqlite3.Connection, rules: RuleSet) -> list[CardData]:
    """The prophecy cards the engine has a definition for under ``rules`` (a card it refuses is
    left out, as in the deck's pool)."""
    catalog = CardCatalog(conn)
    pool = []
    for (name,) in conn.execute("SELECT DISTINCT name FROM cards WHERE type = ? ORDER BY name", (PROPHECY_TYPE,)):
        try:
            data = catalog.get(name)
            text = rules.card_text(data.name, data.text)
            definition(data.name, text, data.type).variant_for(text)
        except ScenarioError:
            continue
        pool.append(data)
    return pool


def deal_prophecies(game: Game, pool: list[CardData], rng: random.Random) -> list[CardInstance]:
    """Up to :data:`PER_PLAYER` different prophecies beside each player's deck; returns them."""
    dealt = []
    for pname, player in game.players.items():
        for i, data in enumerate(rng.sample(pool, min(PER_PLAYER, len(pool)))):
            card = CardInstance(data, owner=pname, controller=pname, label=f"{data.name} #{pname[-1]}.p{i}")
            card.zone = PROPHECIES
            player.zones[PROPHECIES].append(card)
            dealt.append(card)
    return dealt


def prophecy_options(eng: Engine) -> list[tuple[CardInstance, CardInstance]]:
    """(prophecy, card from hand) pairs the active player may activate now."""
    me = eng.game.players[eng.game.active]
    out = []
    for prophecy in me.zone(PROPHECIES):
        for card in me.zone("hand"):
            try:
                check_activate(eng, prophecy, card)
            except IllegalAction:
                continue
            out.append((prophecy, card))
    return out
