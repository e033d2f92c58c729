"""The terminology between two versions (:func:`kb.terminology.version_terminology`), stored in the
KB by the build.

Detecting the renames between two versions diffs every aligned pair of their texts: about 0.1 s of
CPU per pair of KeyForge versions, and every new process that replays a ruling needs those of its
game (a rule switch is told from the texts through them, and so is whether a later answer states
the same ruling): ``rulebase verify``, each verify worker as ``rulebase serve`` starts, paid again
although the answer changes only when the KB does. The build computes them for its replays, so it
stores what it computed (:func:`kb.terminology.store_computed`, after the replays of
:func:`rulebase.rulings.load_rulings`, which build and every ingest run, and again after the
supersessions walk of :mod:`kb.supersede`, which works out those of neighbouring versions), and a
later process reads them back (:func:`stored`): a changelog of two neighbouring versions too.

A stored row is used only while it matches: the same code (``code``: a hash of the modules that
detect renames and pair the texts) and the same texts of the two versions (``content``: the
fingerprint :func:`kb.terminology.version_terminology` keys its memo by: the versions' entries and
their threads, read again at each use, so a KB changed by other means than a build or ingest is
compared afresh). The table is created by :func:`store` when missing: a KB built before it has no
stored rows, and its terminology is computed as before.
"""

from __future__ import annotations

import hashlib
import sqlite3
import json
import re
from functools import lru_cache
from pathlib import Path

from .store import schema_sql

#: the table, as kb/schema.sql defines it (created here too for a KB built before it)
TABLE = re.search(r"CREATE TABLE IF NOT EXISTS terminologies \(.*?\n\);", schema_sql(), re.S).group(0)

_KB = Path(__file__).resolve().parent
#: what the renames between two versions depend on, besides their texts
_CODE = ("terminology.py", "terminology_store.py", "term_corpus.py", "meaning_text.py", "threads.py", "align.py")


@lru_cache(maxsize=1)
def code_hash() -> str:
    digest = hashlib.sha256()
    for name in _CODE:
        digest.update(name.encode() + b"\0" + (_KB / name).read_bytes() + b"\0")
    return digest.hexdigest()


def stored(conn: sqlite3.Connection, game: str, versions: tuple[str, str], content: str) -> list | None:
    """The renames ([old, new, count] each) stored for ``versions`` (older first) of ``game``, or
    None when there are none, or they were found by other code or in other texts."""
    try:
        row = conn.execute(
            "SELECT code, content, renames FROM terminologies WHERE game = ? AND from_version = ? AND to_version = ?",
            (game, *versions),
        ).fetchone()
    except sqlite3.OperationalError:  # a KB built before the table
        return None
    if row is None or row[0] != code_hash() or row[1] != content:
        return None
    return json.loads(row[2])


def store(conn: sqlite3.Connection, rows: list[tuple[str, tuple[str, str], str, list]]) -> None:
    """Store (game, versions, content, renames) rows in place of what was stored for those versions."""
    conn.execute(TABLE)
    conn.executemany(
        """INSERT OR REPLACE INTO terminologies(game, from_version, to_version, code, content, renames)
           VALUES (?, ?, ?, ?, ?, ?)""",
        [(game, *versions, code_hash(), content, json.dumps(renames)) for game, versions, content, renames in rows],
    )
