"""Game state: two players, their zones, Æmber, keys and chains, and every card's status.

State is plain data; the rules that change it live in the engine modules and the effect library.
Every change worth reading goes into ``Game.trace`` as a sentence, for the verify page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from engine.core.game_random import SeededOnUse
from engine.core.changes import (
    COUNT,
    CARD_FIELDS,
    GAME_FIELDS,
    PLAYER_FIELDS,
    TrackedList,
    TrackedZones,
    quiet_init,
    watching,
)

PLAYERS = ("player1", "player2")
#: a player's prophecy cards, beside the deck, not in play and not of the deck: of no house, never
#: enhanced (engine.rules.mechanics.prophecies)
PROPHECIES = "prophecies"
ZONES = ("deck", "hand", "discard", "archives", "purged", "battleline", "artifacts", PROPHECIES)
IN_PLAY = ("battleline", "artifacts", "upgrade")
#: out-of-play zones whose cards the opponent cannot follow: a pending effect loses track of a
#: card that moves there ("Leaves Play")
HIDDEN = ("deck", "hand", "archives")
#: a card's fields that decide its form (:attr:`CardInstance.printed`)
FORM_FIELDS = frozenset({"data", "copy_of", "token_of"})


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
    traits: tuple[str, ...] = ()


@quiet_init(CARD_FIELDS)
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
    #: Æmber on the card (captured by a creature)
    amber: int = 0
    #: house when it differs from the print (a maverick)
    house_override: str | None = None
    #: upgrades attached to this creature
    upgrades: list["CardInstance"] = field(default_factory=TrackedList)
    #: the creature this upgrade is attached to
    attached_to: "CardInstance | None" = None
    #: cards beneath this one (Masterplan), facedown
    beneath: list["CardInstance"] = field(default_factory=TrackedList)
    #: damage its armor has prevented this turn (armor renews each turn)
    armor_used: int = 0
    #: attacked already this turn (elusive protects only against the first attack)
    attacked_this_turn: bool = False
    #: bonus icons enhance added to the card, top to bottom (amber, capture, damage, draw)
    enhancements: list[str] = field(default_factory=list)
    #: a ward status counter: the next time it would be damaged, destroyed or leave play, the
    #: counter is discarded instead
    ward: bool = False
    #: an enrage status counter: it must be used to fight, if able
    enraged: bool = False
    #: the form the card has taken (engine.rules.copies): a copy (Mimicry while it resolves, Mimic Gel
    #: while in play) or an alternative form (Explo-rover played as an upgrade)
    copy_of: CardData | None = None
    #: the token creature this facedown card is a copy of while in play (glossary "Token
    #: Creatures"); it reverts to its printed card when it leaves play (:mod:`engine.rules.mechanics.tokens`)
    token_of: CardData | None = None
    #: "while under your control, it belongs to house X" effects on the card, latest last:
    #: {"house": X, "while_controller": player}; they expire when it leaves play
    house_changes: list[dict] = field(default_factory=TrackedList)
    #: what a card's own abilities remember: cards purged by Spangler Box, where a card must go
    #: when it leaves archives (Sample Collection), ...
    memory: dict[str, Any] = field(default_factory=dict)
    #: one half of a gigantic creature: "top" (1 of 2: the bonus icons) or "bottom" (2 of 2: power,
    #: armor, text box); None for any other card (engine.rules.mechanics.gigantic)
    half: str | None = None
    #: the top half joined to this bottom half while the gigantic creature is in play (zone "gigantic")
    joined: "CardInstance | None" = None
    #: put into the battleline by the rules (entering play, taking control, "put it on a flank"):
    #: there it is a creature whatever its printed type (:attr:`type`)
    placed_in_battleline: bool = False

    #: the form whose text, power and name the card has now: the copy it is, else the token it is a
    #: copy of, else its print. Stored, not a property: read about 90 times a replay, changed by
    #: an assignment to one of :data:`FORM_FIELDS` (:meth:`_take_form`)
    printed: CardData = field(init=False, repr=False)
    #: the name of that form, stored with it
    name: str = field(init=False, repr=False)

    def _take_form(self) -> None:
        fields = self.__dict__
        form = fields["printed"] = self.copy_of or self.token_of or self.data
        fields["name"] = form.name

    # the fields that decide which abilities are in force count as changes (engine.core.changes);
    # one that decides its form stores the form again
    __setattr__ = watching(CARD_FIELDS, derive=_take_form, derived_from=FORM_FIELDS)
    # a new card takes its form as it is made (quiet_init calls this after storing the fields)
    __post_init__ = _take_form

    @property
    def house(self) -> str:
        for change in reversed(self.house_changes):  # the most recent effect in force
            if change.get("while_controller") in (None, self.controller):
                return change["house"]
        if self.token_of is not None:  # a token is a copy of its token creature, house included
            return self.token_of.house
        return self.house_override or self.printed.house

    @property
    def type(self) -> str:
        # glossary "Battleline": the line of creatures a player controls; a card the rules put there
        # (Auto-Legionary: "While in the battleline, it is considered a creature"; a Mimic Gel
        # copying it) is a creature. A card found there by any other way keeps its printed type, so
        # the fuzzer's invariants still see it out of place.
        return "creature" if self.zone == "battleline" and self.placed_in_battleline else self.printed.type

    @property
    def in_play(self) -> bool:
        return self.zone in IN_PLAY

    def reset(self) -> None:
        """A card leaving play loses everything play gave it (stored at once: one change counted,
        not one assignment through ``__setattr__`` per field)."""
        self.__dict__.update(
            exhausted=False,
            stunned=False,
            attacked_this_turn=False,
            ward=False,
            enraged=False,
            damage=0,
            power_counters=0,
            armor_used=0,
            attached_to=None,
            copy_of=None,
            token_of=None,
            house_changes=TrackedList(),
            placed_in_battleline=False,
        )
        self._take_form()
        COUNT[0] += 1

    def __repr__(self) -> str:
        return f"<{self.label} ({self.controller}, {self.zone})>"


class Zones(TrackedZones):
    """A player's zones. A change to a deck or a hand is no change to what the engine keeps while
    the game does not change (:mod:`engine.core.changes`): the constant abilities in force and the
    reactions listening come from cards in play, prophecies, discard piles, archon powers and
    lasting effects, never from a deck or a hand (a hand's card is read when it is played, a
    "Scrap:" ability when the card is discarded)."""

    __slots__ = ()

    QUIET = frozenset({"deck", "hand"})


@quiet_init(PLAYER_FIELDS)
@dataclass
class Player:
    name: str
    amber: int = 0
    keys: int = 0
    #: the colours of the forged keys whose colour is known (engine.rules.key_colors)
    forged_colors: list[str] = field(default_factory=list)
    chains: int = 0
    key_cost_modifier: int = 0
    #: the houses on the identity card; empty means "the houses of the cards the player owns"
    houses: tuple[str, ...] = ()
    #: the creature on the player's token creature reference card (type "creature"), or None
    token: CardData | None = None
    #: the player's archon power card, in force all game and in no zone (engine.rules.mechanics.archon_powers)
    archon_power: CardInstance | None = None
    zones: dict[str, list[CardInstance]] = field(default_factory=lambda: Zones.empty(ZONES))

    __setattr__ = watching(PLAYER_FIELDS, Zones)

    def zone(self, name: str) -> list[CardInstance]:
        return self.zones[name]

    @property
    def creatures(self) -> list[CardInstance]:
        return self.zones["battleline"]


@dataclass
class LastingEffect:
    """An effect that lasts for a period, created by a card ability: "for the remainder of the
    turn" (cleared at the end of the turn) or "until <card> leaves play" (``until_leaves``)."""

    kind: str
    source: str
    controller: str
    params: dict[str, Any] = field(default_factory=dict)
    used: int = 0
    until_leaves: CardInstance | None = None


def waits_for_a_turn(lasting) -> bool:
    """Does a lasting effect wait for a turn ("during your opponent's next turn": its ``during_turn``,
    engine.rules.next_turns)? Only then can the turn passing change which abilities are in force:
    the engine's kept lists read the turn for those effects alone (engine.rules.game, engine.rules.events)."""
    for effect in lasting:
        if "during_turn" in effect.params:
            return True
    return False


@quiet_init(GAME_FIELDS)
@dataclass
class Game:
    players: dict[str, Player]
    active: str
    active_house: str | None = None
    first_turn: bool = False
    step: int = 3
    turn: int = 1
    #: cards played from hand this turn (the First Turn Rule counts these)
    played_from_hand: int = 0
    #: copies played or used this turn, by card name (the Rule of Six)
    six: dict[str, int] = field(default_factory=dict)
    #: the controllers of the creatures destroyed this turn, one entry per creature
    destroyed_this_turn: list[str] = field(default_factory=list)
    #: those creatures, in the order they were destroyed ("the first Mutant creature destroyed each turn")
    creatures_destroyed_this_turn: list["CardInstance"] = field(default_factory=list)
    #: every key forged in the game: (player, turn number, colour or None) ("forged a key on their
    #: previous turn"; the colour when known: engine.rules.key_colors)
    keys_forged: list[tuple[str, int, str | None]] = field(default_factory=list)
    #: every steal in the game, as (turn number, thief, Æmber stolen) ("if you have stolen at least
    #: 1 this turn", "if your opponent stole Æmber from you on their previous turn")
    steals: list[tuple[int, str, int]] = field(default_factory=list)
    #: every creature exalted in the game, as (turn number, the player whose effect exalted it, its
    #: controller) ("if you exalted a friendly creature this turn")
    exalts: list[tuple[int, str, str]] = field(default_factory=list)
    #: every card played in the game, as (turn number, player, house, type) at the moment it was
    #: played ("if you have played 7 or more Sanctum cards this turn", "on their previous turn")
    plays: list[tuple[int, str, str, str]] = field(default_factory=list)
    #: every active house chosen in the game, as (turn number, player, house) ("the same active
    #: house they chose on their previous turn")
    houses_chosen: list[tuple[int, str, str]] = field(default_factory=list)
    #: extra turns to come: (player, the turn it follows) ("take another turn after this one":
    #: engine.rules.extra_turns)
    extra_turns: list[tuple[str, int]] = field(default_factory=list)
    #: the player the tide is high for (low for the other); None: the tide is neutral
    tide_high: str | None = None
    #: the Tide reference card, when a deck of the game includes one: its "Omni:" is granted to
    #: the active player by the game rules (engine.rules.tide)
    tide_card: CardInstance | None = None
    #: cards used this turn (permissions such as Combat Pheromones count these)
    used_this_turn: list[CardInstance] = field(default_factory=list)
    #: the creatures used this turn to fight or to reap, as (player, "fight" / "reap"), when the use
    #: went through (not a stun removed): "if you have used a creature to fight this turn"
    creature_uses_this_turn: list[tuple[str, str]] = field(default_factory=list)
    lasting: list[LastingEffect] = field(default_factory=TrackedList)
    trace: list[str] = field(default_factory=list)
    rng: Random | SeededOnUse = field(default_factory=SeededOnUse)
    winner: str | None = None
    #: the creature attacking in the fight being resolved, if any
    attacking: CardInstance | None = None
    #: the creature it attacks ("while attacking an enemy flank creature")
    defending: CardInstance | None = None
    #: the controllers of the creatures destroyed in a fight this turn, one entry per creature
    destroyed_in_fights: list[str] = field(default_factory=list)
    #: step 3 is over for the turn (Omega)
    step3_closed: bool = False
    #: cards played, used or discarded this turn (Alpha)
    step3_actions: int = 0
    #: what this run may still spend (:class:`engine.core.limits.Budget`), checked at every recorded
    #: state change; None: no limit
    budget: Any = None

    __setattr__ = watching(GAME_FIELDS, counted_if={"turn": lambda game: waits_for_a_turn(game.lasting)})

    @property
    def opponent(self) -> str:
        return PLAYERS[1] if self.active == PLAYERS[0] else PLAYERS[0]

    def other(self, player: str) -> str:
        return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]

    def log(self, line: str) -> None:
        self.trace.append(line)
        if self.budget is not None:
            self.budget.spend()

    def cards(self) -> list[CardInstance]:
        """Every card in the game, wherever it is (upgrades and cards beneath others included), as a
        list made at once (a generator of generators cost twice as much, asked for every card a
        scenario names)."""
        out: list[CardInstance] = []
        for p in self.players.values():
            zones = p.zones
            for zone in ZONES:
                for card in zones[zone]:
                    out.append(card)
                    if card.upgrades:
                        out += card.upgrades
                    if card.beneath:
                        out += card.beneath
                    if card.joined is not None:  # the other half of a gigantic creature in play
                        out.append(card.joined)
        return out

    def in_play(self) -> list[CardInstance]:
        """Every card in play: each player's creatures and artifacts, each followed by its upgrades
        (an upgrade on an artifact too: Poltergeistoids, Animating Force); a list made at once,
        as :meth:`cards` is (asked about 20 times a replay)."""
        out: list[CardInstance] = []
        for p in self.players.values():
            zones = p.zones
            for zone in ("battleline", "artifacts"):
                for card in zones[zone]:
                    out.append(card)
                    if card.upgrades:
                        out += card.upgrades
        return out

    def creatures(self) -> list[CardInstance]:
        """Every creature in play, the first player's battleline first. A loop, not a comprehension:
        asked about 20 times a replay, and a comprehension is a function made and called each time
        (Python 3.11)."""
        out: list[CardInstance] = []
        for p in self.players.values():
            out += p.zones["battleline"]
        return out

    def take(self, card: CardInstance) -> None:
        """Lift a card out of whatever holds it (an action card being resolved is in none)."""
        if card.attached_to is not None and card in card.attached_to.upgrades:
            card.attached_to.upgrades.remove(card)
        for holder in self.cards() if card.zone == "beneath" else ():  # a card beneath is in zone "beneath"
            if card in holder.beneath:
                holder.beneath.remove(card)
                break
        for p in self.players.values():
            for cards in p.zones.values():
                if card in cards:
                    cards.remove(card)
        card.zone = "resolving"

    def move(self, card: CardInstance, zone: str, player: str | None = None, top: bool = True) -> None:
        """Move a card to a zone of ``player`` (default: its controller in play, else its owner)."""
        self.take(card)
        owner = player or (card.controller if zone in ("battleline", "artifacts") else card.owner)
        if zone not in ("battleline", "artifacts"):
            card.controller = card.owner
        target = self.players[owner].zones[zone]
        if top and zone in ("deck", "discard"):
            target.insert(0, card)
        else:
            target.append(card)
        card.zone = zone

    def neighbors(self, creature: CardInstance) -> list[CardInstance]:
        line = self.players[creature.controller].creatures
        if creature not in line:
            return []
        i = line.index(creature)
        return [c for c in (line[i - 1] if i > 0 else None, line[i + 1] if i + 1 < len(line) else None) if c]
