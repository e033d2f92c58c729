"""Benchmark and soak test: seeded random games with the engine's invariants checked after every step.

Plays ``--games`` random games (decks drawn from the cards the engine can play) under the rule set
of each ``--version`` and prints games, steps, turns, wins and draws, failures, games/s and steps/s.
Every failure is printed with its seed, game number, step and the last trace lines; the exit status
is 1 when there was one. The KB is built into a temporary folder first unless ``--db`` names one.
Usage: ``python bench/fuzz.py [--games N] [--seed S] [--version V ...] [--db KB] [--max-turns T]``;
``--replay N`` plays only game N of the seed (a failure names it) and prints its whole trace.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fuzz.random_games import MAX_TURNS, card_pool, fuzz, play_game  # noqa: E402
from engine.rules.rulesets import ruleset_from_kb  # noqa: E402
from rulebase.build import build  # noqa: E402

#: failures printed in full; the rest are counted
SHOWN = 10


def run(db: Path, games: int, seed: int, versions: list[str], max_turns: int) -> int:
    conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    failed = 0
    for version in versions:
        report = fuzz(conn, games, seed=seed, version=version, max_turns=max_turns)
        secs = max(report.seconds, 1e-9)
        print(f"version {version}, seed {seed}, {report.pool_size} playable cards")
        print(f"  games: {report.games}  steps: {report.steps}  turns: {report.turns}  decisions: {report.decisions}")
        print(f"  wins: {dict(sorted(report.wins.items()))}  draws (turn cap {max_turns}): {report.draws}")
        print(f"  actions: {dict(sorted(report.done.items()))}  refused discards: {report.refused}")
        print(f"  failures: {len(report.failures)}")
        print(f"  {report.games / secs:.1f} games/s  {report.steps / secs:.0f} steps/s  ({report.seconds:.1f} s)")
        for failure in report.failures[:SHOWN]:
            print(f"  {failure}")
        if len(report.failures) > SHOWN:
            print(f"  ... and {len(report.failures) - SHOWN} more failures")
        failed += len(report.failures)
    conn.close()
    return failed


def replay(db: Path, number: int, seed: int, versions: list[str], max_turns: int) -> int:
    conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    failed = 0
    for version in versions:
        rules = ruleset_from_kb(conn, "keyforge", version)
        result = play_game(card_pool(conn, rules), rules, seed, number, max_turns)
        print("\n".join(result.trace))
        print(f"version {version}, seed {seed}, game {number}: {result.steps} steps, winner {result.winner}")
        if result.failure is not None:
            print(result.failure)
            failed += 1
    conn.close()
    return failed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--version", action="append", dest="versions", help="rulebook version of the rule set (repeatable; default 1.3)"
    )
    ap.add_argument("--max-turns", type=int, default=MAX_TURNS, help="turns after which a game is a draw")
    ap.add_argument("--db", type=Path, help="an existing KB (default: build one into a temporary folder)")
    ap.add_argument("--replay", type=int, metavar="N", help="play only game N and print its whole trace")
    args = ap.parse_args()
    versions = args.versions or ["1.3"]

    def go(db: Path) -> int:
        if args.replay is not None:
            return replay(db, args.replay, args.seed, versions, args.max_turns)
        return run(db, args.games, args.seed, versions, args.max_turns)

    if args.db is not None:
        failed = go(args.db)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "kb.sqlite"
            build(db)
            failed = go(db)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
