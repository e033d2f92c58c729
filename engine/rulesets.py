"""One rule set per rulebook version: named rule switches (``rulesets.toml``) and the card errata
in force, read from the knowledge base (``card_errata``), never retyped.

A version without its own switch value or erratum inherits the nearest earlier version's, so a
later-ingested version such as 14 slots in between 1.3 and 16.0 with no change here.
"""
from __future__ import annotations

import sqlite3
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from kb.versions import version_sort_key

from .errors import ScenarioError

SWITCHES_FILE = Path(__file__).with_name("rulesets.toml")


@dataclass(frozen=True)
class Switch:
    name: str
    value: object
    #: KB key of the entry the value comes from, and the version that entry belongs to
    source: str
    source_version: str


@dataclass
class RuleSet:
    game: str
    version: str
    switches: dict[str, Switch]
    #: card name -> (corrected text, version of the erratum)
    errata: dict[str, tuple[str, str]] = field(default_factory=dict)

    def switch(self, name: str) -> object:
        return self.switches[name].value

    def card_text(self, name: str, printed: str) -> str:
        """The text in force for a card: its latest erratum up to this version, else the print."""
        return self.errata[name][0] if name in self.errata else printed


def load_switches(version: str, path: Path = SWITCHES_FILE) -> dict[str, Switch]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    key = version_sort_key(version)
    for name, spec in data.get("switches", {}).items():
        values = sorted(spec["values"], key=lambda v: version_sort_key(v["version"]))
        applicable = [v for v in values if version_sort_key(v["version"]) <= key]
        chosen = applicable[-1] if applicable else values[0]
        out[name] = Switch(name, chosen["value"], chosen["source"], chosen["version"])
    return out


def ruleset_from_kb(conn: sqlite3.Connection, game: str, version: str) -> RuleSet:
    """The rule set of ``version``: switches from the data file, errata from the KB."""
    row = conn.execute("SELECT 1 FROM documents WHERE game = ? AND version = ?", (game, version)).fetchone()
    if row is None:
        raise ScenarioError(f"{game} {version}: no such document version in the knowledge base")
    errata: dict[str, tuple[str, str]] = {}
    for name, text, ver in conn.execute(
        """SELECT c.name, ce.text, d.version FROM card_errata ce
           JOIN cards c ON c.id = ce.card JOIN documents d ON d.id = ce.document
           WHERE d.game = ? AND d.version_sort <= ? ORDER BY d.version_sort""",
        (game, version_sort_key(version)),
    ):
        errata[name] = (text, ver)
    return RuleSet(game, version, load_switches(version), errata)
