"""Writing the KB file atomically, what a build or an ingest leaves beside it, and what to say when
writing fails.

Why: the KB at its path is never written in place. Every write (a build from scratch, a build that
redoes only what changed, an ingest) fills ``.<kb name>.<pid>.tmp`` beside the KB and renames it over
the KB only when it is complete and committed (:func:`atomic_database`, :func:`atomic_update`; an
update first copies the KB, 0.35-0.46 s for the 223 MiB of everything bundled, against 1-4 s for
the ingest itself). So a server reading the KB never sees a half-written one and never waits for a
writer: a reader keeps the file it opened, the next connection opens the new one; a writer killed
at any moment leaves the KB as it was, with nothing for readers to recover. (In place, a killed
writer left a "hot" rollback journal that read-only connections cannot play back: every request
failed until the next write. WAL mode would let readers in too, but its ``-wal`` and ``-shm``
files are paired with the KB by name, so a rebuilt KB renamed in could be read with the old one's
log, and a WAL KB cannot be opened on a read-only file system.)

Writers take turns (:func:`writer_lock`: an ``flock`` on ``.<kb name>.lock`` beside the KB, there
only while a writer holds it), so that two updates never both copy the same KB and the second
rename loses the first's work.

A failure removes the temporary file and its journal at once (:func:`remove_tmp`); a process that is
killed outright (``kill -9``, a power cut) cannot, so every build and ingest first sweeps those whose
process is gone (:func:`sweep_orphans`: the pid is in the name, and the files of a live process are
never touched), and settles a journal that something else writing the KB in place left beside it
(:func:`recover_journal`, :mod:`kb.hot_journal`).

A full disk, a read-only or unwritable folder surface from SQLite as codes (``SQLITE_FULL``,
``SQLITE_READONLY``, ``SQLITE_CANTOPEN``) and from the OS as errnos; :func:`describe_write_error`
names the cause and says that the KB was left as it was, instead of blaming the KB ("not a rulebase
knowledge base") or showing an internal error.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.errors import KBError
from kb.hot_journal import settle

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
    if _sweep_lock(target):
        removed.append(lock_path(target))
    return removed


def _sweep_lock(target: Path) -> bool:
    """Remove the lock file a writer killed outright left, if no live writer holds it; True if removed."""
    import fcntl  # POSIX only, as the locks

    lock = lock_path(target)
    try:
        fd = os.open(lock, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if os.stat(lock).st_ino != os.fstat(fd).st_ino:
            return False
        os.unlink(lock)  # while holding it: a writer that locks it after us sees it is gone
        return True
    except OSError:  # held by a live writer (BlockingIOError), gone, or a read-only folder
        return False
    finally:
        os.close(fd)


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


def recover_journal(target: Path) -> None:
    """Settle the journal an interrupted in-place update left beside ``target`` (:mod:`kb.hot_journal`)."""
    settle(target)


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


#: how long a write waits for another build or ingest of the same KB to finish
LOCK_WAIT = 30.0


def lock_path(target: Path) -> Path:
    """The file writers of ``target`` lock to take turns; it exists only while a writer holds it."""
    return target.with_name(f".{target.name}.lock")


@contextmanager
def writer_lock(target: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the right to replace ``target`` (one writer at a time); after ``wait`` seconds of
    another writer holding it, a one-line error. The lock file is removed by its holder before it
    lets go; so a waiter that then gets the lock of a removed file (the path no longer names the
    file it locked) starts again on the path's new file."""
    import fcntl  # POSIX only, as the locks

    lock = lock_path(target)
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise KBError(describe_write_error(exc, lock, target) or f"{lock}: cannot lock ({exc})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                kept = f"the KB at {target} is unchanged" if target.exists() else f"no KB was written at {target}"
                raise KBError(
                    f"{target} is being written by another process (a build or an ingest): {kept}; try again later"
                ) from None
            time.sleep(0.05)
            continue
        try:
            same = os.stat(lock).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the holder before us removed it: lock the path's new file
    try:
        yield
    finally:
        try:
            os.unlink(lock)
        except OSError:
            pass
        os.close(fd)  # releases the lock


def _publish(tmp: Path, target: Path) -> None:
    """Rename the complete ``tmp`` over ``target`` and make the rename itself durable."""
    os.replace(tmp, target)
    try:
        dir_fd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


@contextmanager
def atomic_database(target: Path, copy_existing: bool) -> Iterator[sqlite3.Connection]:
    """Yield a connection to a temporary database that replaces ``target`` only on success: empty,
    or (``copy_existing``) a copy of the KB now at ``target``. On any failure the temporary file and
    its journal are removed, and a disk problem is named (:func:`describe_write_error`)."""
    target = target.resolve()
    if not target.parent.is_dir():
        raise KBError(f"{target.parent}: directory does not exist, cannot write the KB there")
    tmp = tmp_path(target)
    with writer_lock(target):
        conn = None
        try:
            remove_tmp(tmp)
            if copy_existing:
                settle(target)  # a journal left by an in-place writer belongs to the copy's content
                shutil.copyfile(target, tmp)
                shutil.copymode(target, tmp)
            if copy_existing:  # the update's work in one transaction, as it was in place
                conn = sqlite3.connect(tmp, isolation_level=None)
                _check_database(conn, target)
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("BEGIN IMMEDIATE")
            else:  # a build commits as it goes (its schema script does)
                conn = sqlite3.connect(tmp)
                conn.execute("PRAGMA foreign_keys = ON")
            yield conn
            if conn.in_transaction:
                conn.execute("COMMIT")  # synced: the journal mode is the default, DELETE
            conn.close()
            conn = None
            _publish(tmp, target)
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


def _check_database(conn: sqlite3.Connection, target: Path) -> None:
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF in NOT_A_DATABASE_CODES:
            raise KBError(f"{target}: not a rulebase knowledge base ({exc})") from None
        raise


@contextmanager
def atomic_update(target: Path) -> Iterator[sqlite3.Connection]:
    """Yield a connection to a copy of the KB ``target``, inside one transaction; the copy replaces
    the KB only when the block succeeds (:func:`atomic_database`)."""
    target = Path(target)
    if not target.is_file():
        raise KBError(f"{target}: no knowledge base there; run 'rulebase build' first")
    with atomic_database(target, copy_existing=True) as conn:
        yield conn
