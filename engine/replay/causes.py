"""Why versions differ on a judge's question: the final boards compared path by path, and the
rule switches and errata that can explain it.

Why these causes: a version's rules differ from another's in two ways only, both data of the
engine: the rule switches (``engine/rules/rulesets.toml``, each value citing its rulebook entry) and
the card errata in force (the KB's ``card_errata``, one engine variant per erratum text). A run
records the switches the engine consulted (:attr:`engine.rules.rulesets.RuleSet.used`) and the
cards whose erratum it read (``errata_used``); a switch consulted whose value differs between the
versions, or a card whose text in force differs, is a candidate cause. The engine does not trace
which switch moved which value, so each candidate is tried alone (:func:`differences`: the later
version replayed with that one switch or erratum as the earlier has it); a difference lists the
causes so confirmed, or every candidate when none alone makes it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

from engine.replay.judge_words import path_words
from engine.rules.rulesets import switch_descriptions


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
        {"name": name, "value": s.value, "entry": s.source, "words": switch_descriptions().get(name, "")}
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
                    "words": switch_descriptions().get(name, ""),
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


def as_in(cause: dict, other) -> callable:
    """An ``adjust`` for a replay (:func:`engine.replay.scenario.prepare`): the rule set with the
    one switch or erratum of ``cause`` as ``other``'s rule set has it, everything else its own.
    The rule sets' dicts are shared with the cache of the KB's rule sets: they are copied, not changed."""

    def adjust(rules):
        if cause["kind"] == "switch":
            switches = dict(rules.switches)
            switches[cause["name"]] = other.switches[cause["name"]]
            return replace(rules, switches=switches, used=set(), errata_used=set())
        errata = dict(rules.errata)
        if cause["name"] in other.errata:
            errata[cause["name"]] = other.errata[cause["name"]]
        else:
            errata.pop(cause["name"], None)
        return replace(rules, errata=errata, used=set(), errata_used=set())

    return adjust


def differences(conn: sqlite3.Connection, game: str, runs: dict, rerun=None) -> list[dict]:
    """The final boards of ``runs`` (version -> finished run, in version order) compared: each path
    whose value is not the same in every version, in judge's words, with its causes.

    With ``rerun(version, adjust)`` (a replay of the question under ``version`` with the rule set
    ``adjust`` returns: a :class:`~engine.replay.interactive.Play`), each candidate cause is tried
    alone where the value changes between two neighbouring versions: the later one replayed with
    that one switch or erratum as the earlier has it. A cause that brings the value back (or moves
    it) is ``confirmed``; the difference lists its confirmed causes, or every candidate (none
    confirmed) when no one of them alone makes it, as when two changes act together."""
    found = causes(conn, game, runs)
    versions = list(runs)
    tried: dict[tuple[str, str, str], object] = {}

    def moved(cause: dict, earlier: str, later: str, path: str) -> bool | None:
        key = (cause["kind"], cause["name"], later)
        if key not in tried:
            tried[key] = rerun(later, as_in(cause, runs[earlier].rules)) if rerun is not None else None
        run = tried[key]
        if run is None or run.status != "done":
            return None  # untested, or the question asks otherwise with it: no answer to compare
        return run.after.get(path) != runs[later].after.get(path)

    out = []
    # a path some run lacks is a card's state in play where the card is elsewhere: its zone differs
    shared = [
        p for p in dict.fromkeys(p for r in runs.values() for p in r.after) if all(p in r.after for r in runs.values())
    ]
    for path in shared:
        values = {v: r.after[path] for v, r in runs.items()}
        if _same(values.values()):
            continue
        confirmed: list[dict] = []
        for earlier, later in zip(versions, versions[1:]):
            if _same([values[earlier], values[later]]):
                continue
            for cause in found:
                if _same([cause["values"].get(earlier), cause["values"].get(later)]):
                    continue  # the same in both: cannot make this change
                if moved(cause, earlier, later, path) and cause not in confirmed:
                    confirmed.append(cause)
        listed = [{**c, "confirmed": True} for c in confirmed] or [{**c, "confirmed": False} for c in found]
        out.append({"path": path, "words": path_words(path), "values": values, "causes": listed})
    return out
