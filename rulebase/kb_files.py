"""Writing the KB file atomically, what a build or an ingest leaves beside it, and what to say when
writing fails.

Why: a build from scratch fills ``.<kb name>.<pid>.tmp`` beside the KB and renames it over the KB
only when it is complete (:func:`atomic_database`); an ingest, and a build that redoes only what
changed, write inside the KB in one transaction (:func:`atomic_update`). SQLite keeps its rollback
journal (``-journal``, or ``-wal``/``-shm``) beside the file it writes, as large as what changed.
A failure removes the temporary file and its journal at once (:func:`remove_tmp`); a process that
is killed outright (``kill -9``, a power cut) cannot, so every build and ingest first sweeps those
whose process is gone (:func:`sweep_orphans`: the pid is in the name, and the files of a live
process are never touched), and settles the journal an interrupted in-place update left beside
the KB (:func:`recover_journal`): a synced ("hot") one is what restores the KB, so SQLite plays it
back; one that never got that far holds nothing and is removed.

A full disk, a read-only or unwritable folder surface from SQLite as codes (``SQLITE_FULL``,
``SQLITE_READONLY``, ``SQLITE_CANTOPEN``) and from the OS as errnos; :func:`describe_write_error`
names the cause and says that the KB was left as it was, instead of blaming the KB ("not a rulebase
knowledge base") or showing an internal error.
"""
from __future__ import annotations

import errno
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.errors import KBError

#: what SQLite may leave beside a database file it writes
SIDE_SUFFIXES = ("-journal", "-wal", "-shm")
# SQLite's primary result codes (sqlite3.h); Python exposes them on the exception as sqlite_errorcode
_SQLITE_PERM, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 3, 8, 10, 13, 14
#: codes that say the file is not a database: the KB's fault, not the disk's
NOT_A_DATABASE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_NO_SPACE = {errno.ENOSPC, errno.EDQUOT}
_SQLITE_BUSY = 5
_DENIED = {errno.EACCES, errno.EPERM}


def tmp_path(target: Path) -> Path:
    """The temporary file a build of ``target`` by this process fills."""
    return target.with_name(f".{target.name}.{os.getpid()}.tmp")


def remove_tmp(tmp: Path) -> None:
    """Remove a temporary database and what SQLite left beside it (missing files are fine; a file
    that cannot be removed is left for the next sweep rather than hiding the error being handled)."""
    for path in (tmp, *(tmp.with_name(tmp.name + s) for s in SIDE_SUFFIXES)):
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass


def pid_alive(pid: int) -> bool:
    """True unless no process ``pid`` exists (one of another user counts as alive)."""
    if pid <= 0:  # 0 and negative numbers name process groups, never one process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, it is someone else's
        return True
    return True


def sweep_orphans(target: Path) -> list[Path]:
    """Remove the temporary files of builds of ``target`` whose process is gone; the removed paths."""
    folder = target.parent
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)\.tmp(?:{'|'.join(SIDE_SUFFIXES)})?")
    removed = []
    try:
        candidates = sorted(folder.glob(f".{glob_escape(target.name)}.*.tmp*"))
    except OSError:
        return removed
    for path in candidates:
        m = pattern.fullmatch(path.name)
        if m is None or int(m.group(1)) == os.getpid() or pid_alive(int(m.group(1))):
            continue
        try:
            path.unlink()
            removed.append(path)
        except FileNotFoundError:
            pass
        except OSError:
            pass  # a read-only folder: the write that follows says so
    return removed


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def recover_journal(target: Path) -> None:
    """Settle the journal an interrupted in-place update left beside ``target``. A hot journal (one
    holding pages the KB was changed over) is rolled back by SQLite when a connection that may write
    starts a transaction; one that never got that far holds nothing (SQLite ignores it) and is
    removed while this process holds the KB's write lock, so a live writer's journal is never
    touched (its lock makes the attempt wait, then give up). Errors are left to the work that
    follows, which reports them."""
    journal = target.with_name(target.name + "-journal")
    if not (journal.exists() and target.is_file()):
        return
    try:
        conn = sqlite3.connect(target, timeout=5, isolation_level=None)
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


def _cause(folder: Path) -> str:
    """Why ``folder`` cannot be written: read-only file system, permission denied, or unknown."""
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "read-only file system"
    except OSError:
        pass
    if not os.access(folder, os.W_OK):
        return "permission denied"
    return ""


def describe_write_error(exc: BaseException, writing: Path, target: Path) -> str | None:
    """One line naming a disk problem met while writing ``writing`` (the temporary file, or the KB
    itself for an in-place update) for the KB ``target``; None when ``exc`` is not one (a bug, or a
    file that is not a KB), which the caller re-raises as it is."""
    kept = f"the KB at {target} is unchanged" if target.exists() else f"no KB was written at {target}"
    folder = writing.parent
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        if primary == _SQLITE_FULL:
            return f"no space left on device while writing {writing}: {kept}"
        if primary == _SQLITE_BUSY:
            return f"{target} is being written by another process (a build or an ingest): {kept}; try again later"
        if primary in (_SQLITE_READONLY, _SQLITE_CANTOPEN, _SQLITE_PERM):
            why = _cause(folder)
            if why:
                return f"cannot write to {folder}: {why}; {kept}"
            if primary == _SQLITE_READONLY:
                return f"cannot write to {writing}: the file is read-only; {kept}"
            return f"cannot open {writing} for writing ({exc}); {kept}"
        if primary == _SQLITE_IOERR:
            why = _cause(folder)
            return f"I/O error while writing {writing} ({why or exc}); {kept}"
        return None
    if isinstance(exc, OSError):
        name = exc.filename
        if name is not None and Path(name).resolve().parent != folder.resolve():
            return None  # not the KB's folder (a source, a rulings file): not a write of the KB
        if exc.errno in _NO_SPACE:
            return f"no space left on device while writing {writing}: {kept}"
        if exc.errno == errno.EROFS:
            return f"cannot write to {folder}: read-only file system; {kept}"
        if exc.errno in _DENIED:
            return f"cannot write to {folder}: permission denied; {kept}"
        if exc.errno == errno.EFBIG:
            return f"{writing} would exceed the largest file allowed here: {kept}"
        if exc.errno == errno.EIO:
            return f"I/O error while writing {writing}: {kept}"
    return None


@contextmanager
def atomic_database(target: Path, copy_existing: bool) -> Iterator[sqlite3.Connection]:
    """Yield a connection to a temporary database that replaces ``target`` only on success. On any
    failure the temporary file and its journal are removed, and a disk problem is named
    (:func:`describe_write_error`)."""
    target = target.resolve()
    if not target.parent.is_dir():
        raise KBError(f"{target.parent}: directory does not exist, cannot write the KB there")
    tmp = tmp_path(target)
    conn = None
    try:
        remove_tmp(tmp)
        if copy_existing:
            src = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
            try:
                conn = sqlite3.connect(tmp)
                src.backup(conn)
            except sqlite3.DatabaseError as exc:
                if describe_write_error(exc, tmp, target) is not None:
                    raise
                raise KBError(f"{target}: not a rulebase knowledge base ({exc})") from None
            finally:
                src.close()
        else:
            conn = sqlite3.connect(tmp)
        conn.execute("PRAGMA foreign_keys = ON")
        yield conn
        conn.commit()
        conn.close()
        conn = None
        os.replace(tmp, target)
    except (sqlite3.Error, OSError) as exc:
        message = describe_write_error(exc, tmp, target)
        if message is None:
            raise
        raise KBError(message) from None
    finally:
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass
        remove_tmp(tmp)


@contextmanager
def atomic_update(target: Path) -> Iterator[sqlite3.Connection]:
    """Yield a connection to the KB ``target`` inside one write transaction, committed only when the
    block succeeds (rolled back otherwise, and by SQLite's journal after a crash); a disk problem is
    named (:func:`describe_write_error`)."""
    target = Path(target)
    try:
        conn = sqlite3.connect(target, isolation_level=None, timeout=30)
    except sqlite3.Error as exc:
        raise KBError(describe_write_error(exc, target, target) or f"{target}: cannot open ({exc})") from None
    try:
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF in NOT_A_DATABASE_CODES:
                raise KBError(f"{target}: not a rulebase knowledge base ({exc})") from None
            raise
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite rolls the journal back when the KB is next opened
            raise
    except (sqlite3.Error, OSError) as exc:
        message = describe_write_error(exc, target, target)
        if message is None:
            raise
        raise KBError(message) from None
    finally:
        conn.close()
