"""A writable copy of a KB for benchmarks that change it (so the KB they were given stays as it was)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def writable_copy(db: Path, folder: str | Path) -> sqlite3.Connection:
    """Copy ``db`` into ``folder`` with SQLite's backup API and open the copy, foreign keys on."""
    copy = sqlite3.connect(Path(folder) / "kb.sqlite")
    src = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    src.backup(copy)
    src.close()
    copy.execute("PRAGMA foreign_keys = ON")
    return copy
