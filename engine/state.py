"""Game state: two players, their zones, Æmber, keys and chains, and every card's status.

State is plain data; the rules that change it live in :mod:`engine.game` and the effect library.
Every change worth reading goes into ``Game.trace`` as a sentence, for the verify page.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

PLAYERS = ("player1", "player2")
ZONES = ("deck", "hand", "discard", "archives", "purged", "battleline", "artifacts")


@dataclass(frozen=True)
class CardData:
    """A printed card, read from the card data in the KB."""
    name: str
    set_code: str
    number: str
    house: str
    type: str
    amber: int = 0
    power: int = 0
    armor: int = 0
    text: str = ""


@dataclass(eq=False)
class CardInstance:
    data: CardData
    owner: str
    controller: str
    label: str
    zone: str = "hand"
    exhausted: bool = False
    damage: int = 0
    stunned: bool = False
    power_counters: int = 0
    amber: int = 0

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def house(self) -> str:
        return self.data.house

    def __repr__(self) -> str:
        return f"<{self.label} ({self.controller}, {self.zone})>"


@dataclass
class Player:
    name: str
    amber: int = 0
    keys: int = 0
    chains: int = 0
    key_cost_modifier: int = 0
    zones: dict[str, list[CardInstance]] = field(default_factory=lambda: {z: [] for z in ZONES})

    def zone(self, name: str) -> list[CardInstance]:
        return self.zones[name]


@dataclass
class LastingEffect:
    """An effect that lasts for a period ("this turn"), created by a card ability."""
    kind: str
    source: str
    controller: str
    params: dict[str, Any] = field(default_factory=dict)
    used: int = 0


@dataclass
class Game:
    players: dict[str, Player]
    active: str
    active_house: str | None = None
    first_turn: bool = False
    step: int = 3
    #: cards played from hand this turn (the First Turn Rule counts these)
    played_from_hand: int = 0
    lasting: list[LastingEffect] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    winner: str | None = None

    @property
    def opponent(self) -> str:
        return PLAYERS[1] if self.active == PLAYERS[0] else PLAYERS[0]

    def other(self, player: str) -> str:
        return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]

    def log(self, line: str) -> None:
        self.trace.append(line)

    def cards(self):
        for p in self.players.values():
            for zone in ZONES:
                yield from p.zones[zone]

    def take(self, card: CardInstance) -> None:
        """Lift a card out of whatever zone holds it (an action card being resolved is in none)."""
        for p in self.players.values():
            for cards in p.zones.values():
                if card in cards:
                    cards.remove(card)
        card.zone = "resolving"

    def move(self, card: CardInstance, zone: str, player: str | None = None, top: bool = True) -> None:
        """Move a card to a zone of ``player`` (default: its controller in play, else its owner)."""
        self.take(card)
        owner = player or (card.controller if zone in ("battleline", "artifacts") else card.owner)
        target = self.players[owner].zones[zone]
        if top and zone in ("deck", "discard"):
            target.insert(0, card)
        else:
            target.append(card)
        card.zone = zone
