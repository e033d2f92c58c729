"""Seeded random games: legal random actions with decks drawn from the cards the engine can play,
and the invariants of :mod:`engine.fuzz.invariants` checked after every step.

A game is reproducible from ``(seed, game number, version)``: the deck draw, the shuffles (the
game's own generator) and every decision (a :class:`RandomChooser`) come from generators seeded
with them. Findings are recorded, not raised:

- an invariant broken after a step;
- an exception other than :class:`~engine.core.errors.IllegalAction` (a ``ChoiceError`` included: the
  random chooser answers every decision that has an option, so one means the engine asked a
  decision with none);
- a contradiction: an action the engine's own checks (``check_play``, ``check_use``,
  ``check_attack``, ``fight_targets``) call legal, refused when taken, or any refusal that left
  the state changed (a refused action must change nothing).

Discarding has no side-effect-free check in the engine, so discards are offered tentatively: a
refusal that changed nothing just removes the option. A game that reaches ``max_turns`` is a draw.
"""

from __future__ import annotations

import random
import sqlite3
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from engine.cards import implemented
from engine.cards.definitions import definition
from engine.core.choices import Chooser
from engine.core.errors import IllegalAction, ScenarioError
from engine.fuzz.invariants import invariant_breaks
from engine.fuzz.prophecies import deal_prophecies, prophecy_options, prophecy_pool
from engine.rules.game import Engine
from engine.rules.mechanics.prophecies import activate
from engine.rules.mechanics.gigantic import gigantic_text, is_gigantic
from engine.rules.rulesets import RuleSet, ruleset_from_kb
from engine.replay.setup import CardCatalog
from engine.core.state import PLAYERS, PROPHECIES, CardData, CardInstance, Game, Player
from engine.rules.statics import reads_statics_once
from engine.rules.turn import archives_forbidden, choose_house, end_turn, take_archives

DECK_SIZE = 36
HOUSES_PER_DECK = 3
FIRST_HAND, SECOND_HAND = 7, 6
MAX_TURNS = 200
#: a turn that takes more actions than this is stuck (every action uses up a card)
MAX_STEPS_PER_TURN = 400
PLAYABLE_TYPES = ("creature", "action", "artifact", "upgrade")
#: how likely an option is picked, relative to playing or using a card: ending the turn and
#: discarding are rarer so that games progress
WEIGHTS = {"end_turn": 0.25, "discard": 0.3, "activate_prophecy": 0.05}
TRACE_TAIL = 20


class RandomChooser(Chooser):
    """Answers every decision with a seeded random legal option; a decision with exactly one
    option resolves without asking, and one with none is the engine's error, as for any chooser."""

    def __init__(self, rng: random.Random):
        super().__init__()
        self.rng = rng
        self.asked = 0

    def pick(self, decision: str, names: list[str]) -> int:
        self.asked += 1
        return self.rng.randrange(len(names))


# ------------------------------------------------------------------------------ decks


def card_pool(conn: sqlite3.Connection, rules: RuleSet) -> dict[str, list[CardData]]:
    """Cards the engine can play, by house: every card the engine has a definition for under
    ``rules`` (hand-defined, keyword-only, or compiled from its text in force by
    :mod:`engine.compile`), each as the catalog prints it; a card the engine refuses is left out."""
    names = set(implemented())
    for (name,) in conn.execute(
        f"SELECT DISTINCT name FROM cards WHERE type IN ({','.join('?' * len(PLAYABLE_TYPES))})", PLAYABLE_TYPES
    ):
        names.add(name)
    catalog = CardCatalog(conn)
    pool: dict[str, list[CardData]] = {}
    for name in sorted(names):
        try:
            data = catalog.get(name)
            text = rules.card_text(data.name, data.text)
            definition(data.name, text, data.type).variant_for(text)
        except ScenarioError:
            continue  # not in the card data, or a printing the engine has no definition for
        if data.type in PLAYABLE_TYPES and data.house:
            pool.setdefault(data.house, []).append(data)
    prophecies = prophecy_pool(conn, rules)  # of no house: dealt beside the deck (engine.fuzz.prophecies)
    if prophecies:
        pool[PROPHECIES] = prophecies
    return pool


def draw_deck(pool: dict[str, list[CardData]], rng: random.Random) -> tuple[tuple[str, ...], list[CardData]]:
    """Three houses (fewer if the pool has fewer) and an even share of the deck from each."""
    named = sorted(h for h in pool if h != PROPHECIES)
    houses = sorted(rng.sample(named, min(HOUSES_PER_DECK, len(named))))
    deck: list[CardData] = []
    size = 0  # a gigantic creature takes two of the deck's cards, its two halves
    while size < DECK_SIZE:
        options = pool[houses[len(deck) % len(houses)]]
        data = rng.choice(options)
        if gigantic_text(data.text) and size + 2 > DECK_SIZE:
            data = rng.choice([d for d in options if not gigantic_text(d.text)] or options)
        deck.append(data)
        size += 2 if gigantic_text(data.text) else 1
    return tuple(houses), deck


def new_game(pool: dict[str, list[CardData]], rules: RuleSet, game_seed: str) -> tuple[Engine, list[CardInstance]]:
    """Two players with random decks; the first player has drawn 7 and is at step 2 of the first
    turn (the First Turn Rule applies), the second has drawn 6."""
    rng = random.Random(game_seed)
    players = {}
    roster: list[CardInstance] = []
    for n, pname in enumerate(PLAYERS, start=1):
        houses, deck = draw_deck(pool, rng)
        player = players[pname] = Player(pname, houses=houses)
        for i, data in enumerate(deck):
            card = CardInstance(data, owner=pname, controller=pname, label=f"{data.name} #{n}.{i}", zone="deck")
            cards = [card]
            if is_gigantic(card):  # a gigantic creature comes as both its halves (engine.rules.mechanics.gigantic)
                card.half = "bottom"
                cards.append(
                    CardInstance(
                        data, owner=pname, controller=pname, label=f"{data.name} #{n}.{i}t", zone="deck", half="top"
                    )
                )
            player.zones["deck"] += cards
            roster += cards
    game = Game(players=players, active=PLAYERS[0], first_turn=True, step=2, rng=random.Random(rng.getrandbits(64)))
    roster += deal_prophecies(game, pool.get(PROPHECIES, []), rng)
    for player in players.values():
        game.rng.shuffle(player.zones["deck"])
    eng = Engine(game, rules, RandomChooser(random.Random(rng.getrandbits(64))))
    eng.draw(PLAYERS[0], FIRST_HAND)
    eng.draw(PLAYERS[1], SECOND_HAND)
    game.log(
        f"setup: {PLAYERS[0]} ({', '.join(players[PLAYERS[0]].houses)}) draws {FIRST_HAND} and goes first; "
        f"{PLAYERS[1]} ({', '.join(players[PLAYERS[1]].houses)}) draws {SECOND_HAND}"
    )
    return eng, roster


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True)
class Option:
    kind: str
    card: CardInstance | None = None
    target: CardInstance | None = None
    #: offered without a pure legality check: a clean refusal is not a finding
    tentative: bool = False

    def __str__(self) -> str:
        parts = [self.kind] + [c.label for c in (self.card, self.target) if c is not None]
        return " ".join(parts)


def _allowed(check, *args) -> bool:
    try:
        check(*args)
        return True
    except IllegalAction:
        return False


@reads_statics_once
def legal_options(eng: Engine) -> list[Option]:
    """The active player's options at step 3, by the engine's own checks."""
    g = eng.game
    me = g.players[g.active]
    options = [Option("end_turn")]
    if me.zone("archives") and not g.step3_actions and not archives_forbidden(eng, g.active):
        options.append(Option("take_archives"))
    for card in me.zone("hand"):
        if _allowed(eng.check_play, card):
            options.append(Option("play", card))
        if card.house == g.active_house:
            options.append(Option("discard", card, tentative=True))
    for card in me.creatures + me.zone("artifacts"):
        for how in ("reap", "action", "omni"):
            if _allowed(eng.check_use, card, how):
                options.append(Option(how, card))
        if not _allowed(eng.check_use, card, "fight"):
            continue
        if card.stunned:  # using a stunned creature only removes the stun, target or not
            options.append(Option("fight", card))
            continue
        for target in eng.fight_targets(card):
            if _allowed(eng.check_attack, card, target):
                options.append(Option("fight", card, target))
    options += [Option("activate_prophecy", prophecy, card) for prophecy, card in prophecy_options(eng)]
    return options


def take(eng: Engine, option: Option) -> None:
    if option.kind == "end_turn":
        end_turn(eng)
    elif option.kind == "take_archives":
        take_archives(eng, True)
    elif option.kind == "play":
        eng.play(option.card)
    elif option.kind == "discard":
        eng.discard_from_hand(option.card)
    elif option.kind == "activate_prophecy":
        activate(eng, option.card, option.target)
    else:
        eng.use(option.card, option.kind, target=option.target)


def _fingerprint(g: Game) -> tuple:
    """Enough of the state to tell whether a refused action changed anything."""
    return (
        len(g.trace),
        g.step,
        g.turn,
        g.active,
        g.active_house,
        g.played_from_hand,
        g.step3_actions,
        g.step3_closed,
        tuple(sorted(g.six.items())),
        len(g.lasting),
        len(g.used_this_turn),
        tuple((p.amber, p.keys, p.chains, tuple(len(z) for z in p.zones.values())) for p in g.players.values()),
        tuple((c.exhausted, c.stunned, c.damage, c.amber) for c in g.creatures()),
    )


# ------------------------------------------------------------------------------ games


@dataclass
class Failure:
    seed: int
    game: int
    version: str
    step: int
    turn: int
    kind: str
    message: str
    action: str
    trace: list[str]

    def __str__(self) -> str:
        tail = "\n    ".join(self.trace)
        return (
            f"[{self.kind}] seed {self.seed} game {self.game} version {self.version} step {self.step} "
            f"turn {self.turn} after {self.action!r}: {self.message}\n    {tail}"
        )


@dataclass
class GameResult:
    steps: int = 0
    turns: int = 0
    winner: str | None = None
    failure: Failure | None = None
    done: Counter = field(default_factory=Counter)
    refused: int = 0
    decisions: int = 0
    #: the game's whole trace (to replay one game in full: ``bench/fuzz.py --replay N``)
    trace: list[str] = field(default_factory=list)


def play_game(
    pool: dict[str, list[CardData]], rules: RuleSet, seed: int, number: int, max_turns: int = MAX_TURNS
) -> GameResult:
    """One random game; stops at the win, at ``max_turns`` or at the first finding."""
    result = GameResult()
    eng, roster = new_game(pool, rules, f"{seed}/{number}")
    g = eng.game
    result.trace = g.trace
    rng = random.Random(f"{seed}/{number}/actions")
    option: Option | str = "setup"

    def fail(kind: str, message: str) -> GameResult:
        result.failure = Failure(
            seed, number, rules.version, result.steps, g.turn, kind, message, str(option), g.trace[-TRACE_TAIL:]
        )
        return result

    try:
        choose_house(eng)
    except Exception as exc:  # noqa: BLE001 - any exception is a finding
        return fail("exception", _describe(exc))
    turn_steps = 0
    while g.winner is None and g.turn <= max_turns:
        broken = invariant_breaks(eng, roster)
        if broken:
            return fail("invariant", "; ".join(broken))
        options = legal_options(eng)
        turn_steps += 1
        if turn_steps > MAX_STEPS_PER_TURN:
            return fail("stuck", f"turn {g.turn} has lasted {MAX_STEPS_PER_TURN} actions")
        while True:
            option = rng.choices(options, [WEIGHTS.get(o.kind, 1.0) for o in options])[0]
            g.log(f"[fuzz] {g.active}: {option}")
            before = _fingerprint(g)
            turn_before = g.turn
            try:
                take(eng, option)
            except IllegalAction as exc:
                changed = _fingerprint(g) != before
                if option.tentative and not changed:
                    result.refused += 1
                    options.remove(option)
                    continue
                why = "the refusal changed the state" if changed else "its check called it legal"
                return fail("contradiction", f"refused ({why}): {exc}")
            except Exception as exc:  # noqa: BLE001 - any exception is a finding
                return fail("exception", _describe(exc))
            break
        result.steps += 1
        result.done[option.kind] += 1
        if g.turn != turn_before:
            turn_steps = 0
    broken = invariant_breaks(eng, roster)
    if broken:
        return fail("invariant", "; ".join(broken))
    result.turns = g.turn
    result.winner = g.winner
    result.decisions = eng.chooser.asked
    result.done["keys"] = sum(p.keys for p in g.players.values())
    return result


def _describe(exc: Exception) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}: {exc} (at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} in {frame.name})"


@dataclass
class FuzzReport:
    games: int = 0
    steps: int = 0
    turns: int = 0
    wins: Counter = field(default_factory=Counter)
    draws: int = 0
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    #: actions taken by kind (play, discard, reap, fight, action, omni, take_archives, end_turn),
    #: and keys forged
    done: Counter = field(default_factory=Counter)
    #: tentative options refused without a change (discards the rules did not allow)
    refused: int = 0
    decisions: int = 0
    version: str = ""
    seed: int = 0
    pool_size: int = 0

    def summary(self) -> str:
        secs = max(self.seconds, 1e-9)
        return (
            f"version {self.version} seed {self.seed}: {self.games} games, {self.steps} steps, "
            f"{self.turns} turns, {len(self.failures)} failures, wins {dict(sorted(self.wins.items()))}, "
            f"draws {self.draws}; {self.games / secs:.1f} games/s, {self.steps / secs:.0f} steps/s "
            f"({self.seconds:.2f} s); cards in the pool: {self.pool_size}; "
            f"actions {dict(sorted(self.done.items()))}"
        )


def fuzz(
    conn: sqlite3.Connection,
    games: int,
    seed: int = 0,
    version: str = "1.3",
    max_turns: int = MAX_TURNS,
    game: str = "keyforge",
) -> FuzzReport:
    """Play ``games`` random games under the rule set of ``version`` and report what happened."""
    rules = ruleset_from_kb(conn, game, version)
    pool = card_pool(conn, rules)
    report = FuzzReport(version=version, seed=seed, pool_size=sum(len(v) for v in pool.values()))
    started = time.perf_counter()
    for number in range(games):
        result = play_game(pool, rules, seed, number, max_turns)
        report.games += 1
        report.steps += result.steps
        report.refused += result.refused
        report.done.update(result.done)
        if result.failure is not None:
            report.failures.append(result.failure)
            continue
        report.turns += result.turns
        report.decisions += result.decisions
        if result.winner:
            report.wins[result.winner] += 1
        else:
            report.draws += 1
    report.seconds = time.perf_counter() - started
    return report
