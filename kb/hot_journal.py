"""Settling the rollback journal that a writer killed in the middle of an in-place update left
beside a KB.

Why: rulebase's own writers never write a served KB in place (``rulebase/kb_files.py`` fills a copy
and renames it in), but a KB may have been written in place by something else (the ``sqlite3``
shell, an earlier rulebase) that was killed outright. SQLite then leaves a "hot" journal: the pages
as they were before the interrupted transaction. Until it is played back, a read-only connection
cannot read the KB at all (``SQLITE_READONLY_ROLLBACK``, "attempt to write a readonly database"),
so a server would answer every request with an error until someone ran another write. Playing it
back needs a connection that may write; SQLite does it when such a connection starts a transaction.
A journal that was never synced (the writer was killed before it got that far) holds nothing
SQLite would use, and is removed while the write lock is held, so a live writer's journal is never
touched: its lock makes the attempt give up.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote


def journal_of(target: Path) -> Path:
    return target.with_name(target.name + "-journal")


def settle(target: Path, timeout: float = 5.0) -> bool:
    """Play back or remove the journal beside ``target``, if there is one; True when none is left.
    Waits at most ``timeout`` seconds for a live writer, then leaves its journal alone. Errors
    (a read-only folder, a file that is not a database) are left to the work that follows."""
    journal = journal_of(target)
    if not (journal.exists() and target.is_file()):
        return True
    try:
        conn = sqlite3.connect(target, timeout=timeout, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")  # a hot journal is played back here
            try:
                journal.unlink(missing_ok=True)  # still there: stale, and no one else may write now
            except OSError:
                pass
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.Error:
        pass
    return not journal.exists()


def connect_read_only(path, settle_wait: float = 0.1, **kwargs) -> sqlite3.Connection:
    """A read-only connection to the KB at ``path``, after settling a journal that an interrupted
    in-place writer left beside it (waiting at most ``settle_wait`` seconds for a live one), so that
    the next read after such a crash recovers by itself. The path is quoted into the URI (a ``?``
    or ``#`` in a folder name is part of the name)."""
    target = Path(path)
    if journal_of(target).exists():
        settle(target, timeout=settle_wait)
    return sqlite3.connect(f"file:{quote(str(target.absolute()))}?mode=ro", uri=True, **kwargs)
