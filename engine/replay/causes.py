"""Why versions differ on a judge's question: the final boards compared path by path, and the
rule switches and errata that can explain it.

Why these causes: a version's rules differ from another's in two ways only, both data of the
engine: the rule switches (``engine/rules/rulesets.toml``, each value citing its rulebook entry) and
the card errata in force (the KB's ``card_errata``, one engine variant per erratum text). A run
records the switches the engine consulted (:attr:`engine.rules.rulesets.RuleSet.used`) and the
cards whose erratum it read (``errata_used``); a switch consulted whose value differs between the
versions, or a card whose text in force differs, is a cause. The causes are the runs' as a whole:
the engine does not trace which switch moved which value, so every difference lists them all.
"""

from __future__ import annotations

import json
import sqlite3
import tomllib
from functools import lru_cache

from engine.replay.judge_words import path_words
from engine.rules.rulesets import SWITCHES_FILE


@lru_cache(maxsize=1)
def _descriptions() -> dict[str, str]:
    data = tomllib.loads(SWITCHES_FILE.read_text(encoding="utf-8"))
    return {name: spec.get("description", "") for name, spec in data.get("switches", {}).items()}


def _same(values) -> bool:
    return len({json.dumps(v, sort_keys=True, ensure_ascii=False) for v in values}) <= 1


def erratum_entry(conn: sqlite3.Connection, game: str, card: str, version: str) -> str | None:
    """The KB key of the erratum entry of ``card`` in ``version`` (``errata/bait-and-switch``)."""
    row = conn.execute(
        """SELECT e.key FROM card_errata ce JOIN cards c ON c.id = ce.card JOIN documents d ON d.id = ce.document
           JOIN entries e ON e.id = ce.entry WHERE c.name = ? AND d.game = ? AND d.version = ?""",
        (card, game, version),
    ).fetchone()
    return row[0] if row else None


def switches_of(run) -> list[dict]:
    """The rule switches a run consulted: name, value and the entry its value cites."""
    return [
        {"name": name, "value": s.value, "entry": s.source, "words": _descriptions().get(name, "")}
        for name in run.switches_used
        if (s := run.rules.switches.get(name)) is not None
    ]


def errata_of(conn: sqlite3.Connection, game: str, run) -> list[dict]:
    """The errata in force that a run read: the card and the entry of its erratum."""
    out = []
    for card in run.errata_used:
        text, version = run.rules.errata[card]
        out.append({"card": card, "version": version, "entry": erratum_entry(conn, game, card, version)})
    return out


def causes(conn: sqlite3.Connection, game: str, runs: dict) -> list[dict]:
    """The switches and errata that differ between ``runs`` (version -> run) and that a run used."""
    out = []
    for name in sorted({n for r in runs.values() for n in r.switches_used}):
        values = {v: r.rules.switches[name].value for v, r in runs.items() if name in r.rules.switches}
        if not _same(values.values()):
            latest = runs[list(runs)[-1]].rules.switches[name]
            out.append(
                {
                    "kind": "switch",
                    "name": name,
                    "entry": latest.source,
                    "words": _descriptions().get(name, ""),
                    "values": values,
                }
            )
    for card in sorted({c for r in runs.values() for c in r.errata_used}):
        texts = {v: r.rules.errata.get(card) for v, r in runs.items()}
        if _same([t[0] if t else None for t in texts.values()]):
            continue
        latest = next((t for t in reversed(list(texts.values())) if t), None)
        out.append(
            {
                "kind": "erratum",
                "name": card,
                "entry": erratum_entry(conn, game, card, latest[1]) if latest else None,
                "words": f"{card}'s text in force differs between the versions",
                "values": {v: f"erratum of {t[1]}" if t else "printed text" for v, t in texts.items()},
            }
        )
    return out


def differences(conn: sqlite3.Connection, game: str, runs: dict) -> list[dict]:
    """The final boards of ``runs`` (version -> finished run) compared: each path whose value is
    not the same in every version, in judge's words, with the causes."""
    found = causes(conn, game, runs)
    paths = list(dict.fromkeys(p for r in runs.values() for p in r.after))
    out = []
    for path in paths:
        values = {v: r.after.get(path) for v, r in runs.items()}
        if not _same(values.values()):
            out.append({"path": path, "words": path_words(path), "values": values, "causes": found})
    return out
