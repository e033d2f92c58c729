"""One rule set per rulebook version: named rule switches (``rulesets.toml``) and the card errata
in force, read from the knowledge base (``card_errata``), never retyped.

Each switch value is declared for the version that states it and cites the KB entry (``source``,
one key or several) that states it, optionally with the sentence(s) that carry it (``quote``). A
version with no declared value takes the value whose cited text **its own text states**: its entry in
the thread of the cited entry (``kb.align``) contains the quoted sentences, or, without a quote, says
the same as the whole cited entry (``kb.meaning.same_meaning``). So a version ingested later - an
edition between 1.3 and 16.0 whose DESTROYED entry already describes the 16.0 process - gets the 16.0
value, not the nearest earlier one. When no value's text is stated (or two values' are), the switch is
*undetermined*: the replay runs with the nearest earlier value and is reported unverified if the
engine consulted that switch (:meth:`RuleSet.undetermined_used`).

Card errata are data of each version: a version without its own erratum for a card keeps the latest
earlier one, as the rulebooks do.
"""

from __future__ import annotations

import sqlite3
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from kb.meaning import same_meaning, version_terminology
from kb.textdiff import word_keys
from kb.versions import version_sort_key

from engine.core.errors import ScenarioError

SWITCHES_FILE = Path(__file__).with_name("rulesets.toml")


@dataclass(frozen=True)
class Switch:
    name: str
    value: object
    #: KB key of the entry the value comes from, and the version that entry belongs to
    source: str
    source_version: str
    #: declared (for this version) | text (this version's text states the cited text) | undetermined
    #: | reading (one value an undetermined switch can take, tried by a replay: RuleSet.reading)
    how: str = "declared"
    #: for "text" and "undetermined": what was compared
    note: str | None = None


@dataclass(frozen=True)
class SwitchValue:
    """One value of a switch as ``rulesets.toml`` declares it."""

    version: str
    value: object
    sources: tuple[str, ...]
    quotes: tuple[str, ...] = ()


@dataclass
class RuleSet:
    game: str
    version: str
    switches: dict[str, Switch]
    #: card name -> (corrected text, version of the erratum)
    errata: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: names of the switches the engine consulted during a replay
    used: set[str] = field(default_factory=set)
    #: names of the cards whose erratum the engine read during a replay (the builder names them as
    #: causes of a difference between versions: :mod:`engine.replay.interactive`)
    errata_used: set[str] = field(default_factory=set)

    def switch(self, name: str) -> object:
        return self.switch_info(name).value

    def switch_info(self, name: str) -> Switch:
        """The switch, recorded as consulted (an undetermined one makes the replay unverified)."""
        self.used.add(name)
        return self.switches[name]

    def undetermined_used(self) -> list[str]:
        """Why the replay cannot vouch for this version: each consulted switch it could not tell."""
        return [
            f"rule switch {s.name}: {s.note}"
            for name in sorted(self.used)
            if (s := self.switches[name]).how == "undetermined"
        ]

    def undetermined_names(self) -> list[str]:
        """The consulted switches this version's text could not tell, by name."""
        return [n for n in sorted(self.used) if self.switches[n].how == "undetermined"]

    def reading(self, readings: dict[str, object]) -> RuleSet:
        """This rule set with each switch of ``readings`` read as the value given (the values an
        undetermined switch can take are tried one by one: :mod:`engine.replay.readings`). The
        switches dict is shared with the KB's cache of rule sets: copied, not changed."""
        switches = dict(self.switches)
        for name, value in readings.items():
            switches[name] = replace(switches[name], value=value, how="reading", note=f"read as {value!r}")
        return replace(self, switches=switches, used=set(), errata_used=set())

    def describe(self) -> str:
        """Each switch and its value, "name=value, ...": a replay's first trace line. Worked out once
        per switches dict (the KB's cache of rule sets shares one per version, and a replay's rule set
        is a fresh object around it), not once per replay."""
        kept = _DESCRIBED.get(id(self.switches))
        if kept is None or kept[0] is not self.switches:
            if len(_DESCRIBED) >= 256:
                _DESCRIBED.clear()
            text = ", ".join(f"{s.name}={s.value}" for s in self.switches.values())
            kept = _DESCRIBED[id(self.switches)] = (self.switches, text)
        return kept[1]

    def card_text(self, name: str, printed: str) -> str:
        """The text in force for a card: its latest erratum up to this version, else the print."""
        if name in self.errata:
            self.errata_used.add(name)
            return self.errata[name][0]
        return printed


#: id(switches dict) -> (the dict, its description) (:meth:`RuleSet.describe`); holding the dict keeps
#: its id from being reused while the entry exists
_DESCRIBED: dict[int, tuple[dict, str]] = {}


def _as_tuple(raw) -> tuple[str, ...]:
    if raw is None:
        return ()
    return (str(raw),) if isinstance(raw, str) else tuple(str(x) for x in raw)


@lru_cache(maxsize=4)
def _spec(path: Path, mtime_ns: int) -> dict[str, tuple[SwitchValue, ...]]:
    """The switches of ``path``, parsed once per file version (a replay must not re-read TOML)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    for name, spec in data.get("switches", {}).items():
        values = [
            SwitchValue(str(v["version"]), v["value"], _as_tuple(v["source"]), _as_tuple(v.get("quote")))
            for v in spec["values"]
        ]
        out[name] = tuple(sorted(values, key=lambda v: version_sort_key(v.version)))
    return out


@lru_cache(maxsize=4)
def _descriptions(path: Path, mtime_ns: int) -> dict[str, str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {name: spec.get("description", "") for name, spec in data.get("switches", {}).items()}


def switch_descriptions(path: Path = SWITCHES_FILE) -> dict[str, str]:
    """Each switch's description: the rule it stands for, in words a judge reads."""
    return _descriptions(path, path.stat().st_mtime_ns)


def switch_values(path: Path = SWITCHES_FILE) -> dict[str, tuple[SwitchValue, ...]]:
    return _spec(path, path.stat().st_mtime_ns)


def possible_values(name: str, path: Path = SWITCHES_FILE) -> list[object]:
    """The values switch ``name`` takes in some version, in the order they are declared."""
    out: list[object] = []
    for v in switch_values(path)[name]:
        if v.value not in out:
            out.append(v.value)
    return out


def load_switches(version: str, path: Path = SWITCHES_FILE) -> dict[str, Switch]:
    """The switches declared for ``version`` or inherited from the nearest earlier declared value,
    without reading any text (for tools without a KB; :func:`resolve_switches` is what replays use)."""
    out = {}
    for name, values in switch_values(path).items():
        v = _nearest_earlier(values, version)
        out[name] = Switch(name, v.value, v.sources[0], v.version)
    return out


def _nearest_earlier(values: tuple[SwitchValue, ...], version: str) -> SwitchValue:
    key = version_sort_key(version)
    earlier = [v for v in values if version_sort_key(v.version) <= key]
    return earlier[-1] if earlier else values[0]


#: kinds of entries that are rules text: when they and an FAQ answer of the same version state
#: different values, the rules text wins (the answer is a stale one the KB marks as a conflict)
RULES_KINDS = ("rule", "glossary", "timing")


class _Texts:
    """The texts a switch value cites, and their counterparts in another version, from the KB."""

    def __init__(self, conn: sqlite3.Connection, game: str) -> None:
        self.conn, self.game = conn, game

    def cited(self, version: str, key: str) -> tuple[int, str] | None:
        return self.conn.execute(
            """SELECT e.id, e.body FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = ? AND d.version = ? AND e.key = ?""",
            (self.game, version, key),
        ).fetchone()

    def with_key(self, key: str, version: str) -> list[tuple[int, str]]:
        """(id, body) of the game's entries under ``key`` in any version, ``version``'s first."""
        return self.conn.execute(
            """SELECT e.id, e.body FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = ? AND e.key = ? ORDER BY d.version = ? DESC, d.version_sort""",
            (self.game, key, version),
        ).fetchall()

    def counterparts(self, entry: int, version: str) -> list[tuple[str, str]]:
        """(kind, body) of ``version``'s entries in the thread of ``entry``."""
        try:
            return self.conn.execute(
                """SELECT e.kind, e.body FROM entry_threads et JOIN entries e ON e.id = et.entry
                   JOIN documents d ON d.id = e.document
                   WHERE d.version = ? AND d.game = ? AND et.thread =
                         (SELECT thread FROM entry_threads WHERE entry = ?) ORDER BY e.ordinal""",
                (version, self.game, entry),
            ).fetchall()
        except sqlite3.OperationalError:
            return []


def _contains(text: str, quote: str) -> bool:
    """True when ``text`` holds ``quote`` up to formatting (quotes, icons, set codes, case,
    punctuation and list numbers between its words)."""
    return _word_line(quote) in _word_line(text)


@lru_cache(maxsize=4096)
def _word_line(text: str) -> str:
    """A text's words, case-folded, between spaces; remembered, since every version of a long
    history asks again for the same reprinted texts when its switches are told."""
    return " " + " ".join(k.casefold() for k in word_keys(text) if k[:1].isalpha()) + " "


@dataclass(frozen=True)
class _Stated:
    speaks: bool  #: the version has a counterpart of a text the value cites
    states: bool  #: every counterpart it has states the value
    rules: bool  #: one of the counterparts that state it is rules text (not an FAQ answer)


#: (cited text, a version's counterparts (kind, text)) -> the kinds of those that state it
_SAID: dict[tuple, list[str]] = {}


def _states(texts: _Texts, version: str, value: SwitchValue) -> _Stated:
    """Whether ``version``'s text states ``value``: for each cited entry, its counterparts in
    ``version`` contain the quotes found in the cited entry, or (no quote in it) one of them means
    the same as the whole cited entry."""
    speaks, agrees, rules = False, True, False
    for key in value.sources:
        cited = texts.cited(value.version, key)
        if cited is None:  # the declaring version is not in this KB: its quotes still say the value
            ok = _states_quoted(texts, version, key, value.quotes)
            if ok is None:
                continue
            speaks, agrees = True, agrees and bool(ok)
            rules = rules or any(k in RULES_KINDS for k in ok)
            continue
        theirs = texts.counterparts(cited[0], version)
        if not theirs:
            continue
        speaks = True
        quotes = [q for q in value.quotes if _contains(cited[1], q)]
        if quotes:
            ok = [kind for kind, t in theirs if all(_contains(t, q) for q in quotes)]
        elif all(t == cited[1] for _, t in theirs):  # reprinted word for word: no terminology needed
            ok = [kind for kind, _ in theirs]
        else:
            said = (cited[1], tuple(theirs))
            ok = _SAID.get(said)
            if ok is None:  # once per distinct wording: a version reprinting an earlier one's
                # counterparts word for word says what that version said (no terminology again)
                terms = version_terminology(texts.conn, texts.game, value.version, version)
                ok = [kind for kind, t in theirs if t == cited[1] or same_meaning(cited[1], t, terms)]
                if len(_SAID) >= 4096:
                    _SAID.clear()
                _SAID[said] = ok
        agrees = agrees and bool(ok)
        rules = rules or any(k in RULES_KINDS for k in ok)
    return _Stated(speaks, speaks and agrees, speaks and agrees and rules)


def _states_quoted(texts: _Texts, version: str, key: str, quotes: tuple[str, ...]) -> list[str] | None:
    """For a cited entry whose version the KB lacks (a KB of some editions only): the kinds of
    ``version``'s counterparts of ``key`` that contain the value's quotes - those some entry under
    ``key`` carries, the others being another source's. None when that cannot be told: no quote, or
    ``version`` has no entry in the thread of any entry under ``key``. A whole text is never
    compared to another version's, which may say something else."""
    same_key = texts.with_key(key, version)
    mine = [q for q in quotes if any(_contains(body, q) for _, body in same_key)]
    if not mine:
        return None
    for entry, _ in same_key:
        theirs = texts.counterparts(entry, version)
        if theirs:
            return [kind for kind, t in theirs if all(_contains(t, q) for q in mine)]
    return None


def resolve_switches(
    conn: sqlite3.Connection, game: str, version: str, path: Path = SWITCHES_FILE
) -> dict[str, Switch]:
    """The switches of ``version``: declared, else told from its text (see the module docstring)."""
    texts = _Texts(conn, game)
    out: dict[str, Switch] = {}
    for name, values in switch_values(path).items():
        declared = next((v for v in values if v.version == version), None)
        if declared is not None:
            out[name] = Switch(name, declared.value, declared.sources[0], declared.version)
            continue
        found = {v: _states(texts, version, v) for v in values}
        stated = [v for v, f in found.items() if f.states]
        if len({repr(v.value) for v in stated}) > 1:  # rules text outranks a stale FAQ answer
            stated = [v for v in stated if found[v].rules] or stated
        if len({repr(v.value) for v in stated}) == 1:
            at = version_sort_key(version)
            earlier = [s for s in stated if version_sort_key(s.version) < at]
            v = earlier[-1] if earlier else stated[0]  # the latest earlier one, else the first later
            out[name] = Switch(
                name,
                v.value,
                v.sources[0],
                v.version,
                "text",
                f"{version}'s text states what {v.version}'s {v.sources[0]} states",
            )
            continue
        fallback = _nearest_earlier(values, version)
        why = (
            "its text states values that disagree (" + ", ".join(f"{v.version}: {v.value}" for v in stated) + ")"
            if stated
            else f"{version} states none of the cited texts ("
            + ", ".join(dict.fromkeys(s for v in values for s in v.sources))
            + ")"
        )
        out[name] = Switch(name, fallback.value, fallback.sources[0], fallback.version, "undetermined", why)
    return out


def errata_in_force(conn: sqlite3.Connection, game: str, version: str) -> dict[str, tuple[str, str]]:
    """Card name -> (text, version of the erratum) of the latest erratum of each card up to ``version``."""
    errata: dict[str, tuple[str, str]] = {}
    for name, text, ver in conn.execute(
        """SELECT c.name, ce.text, d.version FROM card_errata ce
           JOIN cards c ON c.id = ce.card JOIN documents d ON d.id = ce.document
           WHERE d.game = ? AND d.version_sort <= ? ORDER BY d.version_sort""",
        (game, version_sort_key(version)),
    ):
        errata[name] = (text, ver)
    return errata


def ruleset_from_kb(conn: sqlite3.Connection, game: str, version: str, cache: dict | None = None) -> RuleSet:
    """The rule set of ``version``: switches from the data file told by the KB's texts, errata from
    the KB. ``cache`` (a dict the caller keeps for one KB, e.g. a build's replays) holds what was
    read, so each version is worked out once; every call returns a fresh :class:`RuleSet`."""
    key = (game, version)
    if cache is not None and key in cache:
        switches, errata = cache[key]
        return RuleSet(game, version, switches, errata)
    row = conn.execute("SELECT 1 FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    if row is None:
        raise ScenarioError(f"{game} {version}: no such document version in the knowledge base")
    switches, errata = resolve_switches(conn, game, version), errata_in_force(conn, game, version)
    if cache is not None:
        cache[key] = (switches, errata)
    return RuleSet(game, version, switches, errata)
