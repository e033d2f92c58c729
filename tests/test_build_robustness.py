"""``rulebase build`` and ``ingest`` when the process is killed or the disk says no.

A killed build must not leave its temporary KB (as large as the KB) and SQLite's journal behind
for good: the next build or ingest sweeps those of processes that are gone, and never those of a
live process. A full disk, a read-only file system or a folder the user may not write to is named
in one line that says the KB was left as it was, never blamed on the KB or shown as an internal
error.

The full disk and the read-only file system are real: a small tmpfs mounted (then remounted
read-only) inside a user and mount namespace of the test's own (``unshare -rm``), which works for
root and for other users where user namespaces are enabled; the test is skipped, saying so,
where they are not. "Permission denied" is a folder of mode 0555 written by a user it does not
belong to (root runs the command as ``nobody`` through ``setpriv``, since root may write anywhere).

None of this depends on which documents are built: the KBs here are the small manifest's
(tests/manifest-small.toml), and so are the builds the commands run (RULEBASE_MANIFEST).
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import SOURCES, run_cli, sha

RULEBASE = Path(sys.executable).with_name("rulebase")
MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"
INGEST = ("ingest", str(MD13), "--game", "keyforge", "--version", "9.9")


pytestmark = pytest.mark.usefixtures("small_manifest")  # every build reads tests/manifest-small.toml


@pytest.fixture
def built_kb(small_kb):
    """The small manifest's KB (read-only: the tests copy it)."""
    return small_kb


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def one_line_error(proc: subprocess.CompletedProcess, *words: str) -> str:
    assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("rulebase: ")]
    assert len(errors) == 1, proc.stderr
    for word in words:
        assert word in errors[0], errors[0]
    return errors[0]


def dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def orphans(folder: Path, pid: int, size: int = 3 * 1024 * 1024) -> list[Path]:
    files = [folder / f".kb.sqlite.{pid}.tmp", folder / f".kb.sqlite.{pid}.tmp-journal"]
    for f in files:
        f.write_bytes(b"\0" * size)
    return files


# ------------------------------------------------------------------ killed builds and their files


@pytest.mark.cli
@pytest.mark.parametrize("command", [("build",), INGEST], ids=["build", "ingest"])
def test_the_files_of_gone_processes_are_swept_and_a_live_ones_kept(small_kb_copy, command):
    dead = orphans(small_kb_copy.parent, dead_pid())
    live = orphans(small_kb_copy.parent, os.getpid())  # this test's process: alive while the command runs
    proc = run_cli(*command, "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert not any(f.exists() for f in dead), leftovers(small_kb_copy.parent)
    assert all(f.exists() for f in live), leftovers(small_kb_copy.parent)


def _start_full_build(db: Path) -> tuple[subprocess.Popen, Path]:
    """A ``build --full`` of ``db``, once it is writing its temporary KB."""
    proc = subprocess.Popen(
        [str(RULEBASE), "build", "--full", "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    tmp = db.with_name(f".{db.name}.{proc.pid}.tmp")
    deadline = time.monotonic() + 120
    while not (tmp.exists() and tmp.stat().st_size > 0):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the build never wrote its temporary KB"
        time.sleep(0.05)
    time.sleep(0.3)  # well inside the work (the build takes seconds)
    assert proc.poll() is None, "the build ended before it could be killed"
    return proc, tmp


@pytest.mark.cli
def test_a_build_killed_outright_is_swept_by_the_next_one(small_kb_copy):
    before = sha(small_kb_copy)
    proc, tmp = _start_full_build(small_kb_copy)
    proc.kill()  # SIGKILL: no cleanup can run
    proc.communicate()
    assert tmp.exists(), "the killed build left nothing behind: this test would prove nothing"
    assert sha(small_kb_copy) == before  # the KB itself was never touched
    again = run_cli("build", "--db", str(small_kb_copy))
    assert again.returncode == 0, again.stderr
    assert "is current" in again.stdout
    assert leftovers(small_kb_copy.parent) == []
    assert sha(small_kb_copy) == before


@pytest.mark.slow
def test_a_terminated_build_removes_its_own_files(small_kb_copy):
    before = sha(small_kb_copy)
    proc, _ = _start_full_build(small_kb_copy)
    proc.send_signal(signal.SIGTERM)  # what `kill PID`, systemd and CI timeouts send
    proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert leftovers(small_kb_copy.parent) == []
    assert sha(small_kb_copy) == before


#: the first bytes of a rollback journal SQLite has synced: from then on it is "hot" (sqlite3 pager.c)
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")


#: the moments of an ingest :func:`kill_ingest_at` can kill it at, in the order they come
MOMENTS = ("copying", "copied", "writing", "hot")


def kill_ingest_at(db: Path, moment: str, attempts: int = 5) -> None:
    """Start an ingest into ``db`` and kill it outright at ``moment``: ``copying`` (its copy of the
    KB is being written), ``copied`` (the copy is whole), ``writing`` (the copy's transaction has a
    journal), ``hot`` (that journal was synced: SQLite would play it back). A moment can pass between
    two looks (the copy of a small KB takes milliseconds, and a loaded machine may not run this
    process for longer: measured, `copying` was missed once in a whole `make test`): the ingest is
    then killed at the later moment it reached, which leaves the KB as it was too, and started again,
    up to ``attempts`` times; never killed at the moment asked is a failure."""
    for _ in range(attempts):
        if _kill_ingest_at(db, moment):
            return
    pytest.fail(f"the ingest passed {moment} between two looks {attempts} times: it was never killed there")


def _kill_ingest_at(db: Path, moment: str) -> bool:
    """One ingest killed at ``moment`` (True), or at a later one it was first seen at (False)."""
    proc = subprocess.Popen(
        [str(RULEBASE), *INGEST, "--db", str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    tmp = db.with_name(f".{db.name}.{proc.pid}.tmp")
    journal = tmp.with_name(tmp.name + "-journal")
    size = db.stat().st_size
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, f"the ingest ended before it could be killed ({moment})"
        assert time.monotonic() < deadline, f"the ingest never got to {moment}"
        try:
            copied = tmp.stat().st_size
            head = journal.read_bytes()[:8]
        except FileNotFoundError:
            copied = copied if tmp.exists() else 0
            head = b""
        reached = {
            "copying": 0 < copied < size,
            "copied": copied >= size,
            "writing": bool(head),
            "hot": head == JOURNAL_MAGIC,
        }
        if reached[moment]:
            break
        if any(reached[later] for later in MOMENTS[MOMENTS.index(moment) + 1 :]):
            proc.kill()
            proc.wait()
            return False
        time.sleep(0.001)
    proc.kill()
    proc.wait()
    return True


@pytest.mark.cli
@pytest.mark.parametrize("moment", ["copied", "writing", "hot"])
def test_an_ingest_killed_outright_leaves_the_kb_as_it_was(small_kb_copy, moment):
    """An ingest fills a copy of the KB and renames it in only when it is complete: killed at any
    moment, the KB is byte for byte the one before, nothing is left beside it for readers to
    recover, and the next build sweeps the copy and finds the KB current."""
    before = sha(small_kb_copy)
    kill_ingest_at(small_kb_copy, moment)
    assert sha(small_kb_copy) == before
    assert not small_kb_copy.with_name(small_kb_copy.name + "-journal").exists()
    stats = run_cli("stats", "--db", str(small_kb_copy))
    assert stats.returncode == 0 and "9.9" not in stats.stdout, stats.stderr
    again = run_cli("build", "--db", str(small_kb_copy))
    assert again.returncode == 0, again.stderr
    assert "is current" in again.stdout, again.stdout
    assert leftovers(small_kb_copy.parent) == [] and sha(small_kb_copy) == before


@pytest.mark.cli
def test_a_hot_journal_left_by_another_writer_is_played_back(small_kb_copy):
    """Something else wrote the KB in place (the sqlite3 shell) and was killed with its journal
    synced: the next reader plays it back, and the KB is the one before that write."""
    before = sha(small_kb_copy)
    journal = kill_in_place_writer(small_kb_copy)
    stats = run_cli("stats", "--db", str(small_kb_copy))
    assert stats.returncode == 0, stats.stderr
    assert not journal.exists() and sha(small_kb_copy) == before


def kill_in_place_writer(db: Path) -> Path:
    """Kill -9 a process that deletes every entry of ``db`` in place, once SQLite has synced its
    journal and started changing the KB itself (a small page cache makes it spill); the journal."""
    journal = db.with_name(db.name + "-journal")
    script = (
        "import sqlite3, sys, time\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA cache_size = 8'); c.execute('BEGIN IMMEDIATE')\n"
        "c.execute('DELETE FROM entries_fts'); print('spilled', flush=True); time.sleep(300)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script, str(db)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "spilled"
    assert journal.read_bytes()[:8] == JOURNAL_MAGIC, "no hot journal: this test would prove nothing"
    proc.kill()
    proc.wait()
    return journal


# ------------------------------------------------------------------ a full disk, a read-only folder


def _namespaces_work() -> bool:
    if shutil.which("unshare") is None:
        return False
    with tempfile.TemporaryDirectory() as d:
        probe = subprocess.run(
            ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=1m tmpfs {d}"], capture_output=True
        )
    return probe.returncode == 0


needs_namespaces = pytest.mark.skipif(
    not _namespaces_work(),
    reason="user and mount namespaces are disabled here (unshare -rm cannot mount a tmpfs): no small disk to fill",
)


def in_small_disk(kb: Path, size_kib: int, command: list[str], out: Path, read_only: bool = False):
    """Copy ``kb`` onto a tmpfs of ``size_kib`` KiB (remounted read-only if asked), run ``rulebase
    COMMAND --db <copy>`` there, and copy everything the disk then holds into ``out``."""
    disk = out.with_name(out.name + "-disk")
    disk.mkdir()
    out.mkdir()
    db = disk / "kb.sqlite"
    script = "\n".join(
        [
            "set -e",
            f"mount -t tmpfs -o size={size_kib}k tmpfs {disk}",
            f"cp {kb} {db}",
            *([f"mount -o remount,ro {disk}"] if read_only else []),
            "set +e",
            f"{shlex.join([str(RULEBASE), *command, '--db', str(db)])} >{out}.stdout 2>{out}.stderr",
            f"echo $? >{out}.rc",
            f"cp -a {disk}/. {out}/",
        ]
    )
    run = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    rc = int(Path(f"{out}.rc").read_text())
    return subprocess.CompletedProcess(
        command, rc, Path(f"{out}.stdout").read_text(), Path(f"{out}.stderr").read_text()
    ), db


@pytest.mark.slow
@needs_namespaces
def test_a_full_disk_during_a_build_names_the_disk_and_keeps_the_kb(built_kb, tmp_path):
    room = built_kb.stat().st_size // 1024 + 2048  # the KB fits; a second KB being built does not
    proc, db = in_small_disk(built_kb, room, ["build", "--full"], tmp_path / "after")
    line = one_line_error(proc, "no space left on device", f"the KB at {db} is unchanged")
    assert f"{db.parent}/.kb.sqlite." in line  # the file being written: the temporary KB
    assert "not a rulebase knowledge base" not in line
    assert sha(tmp_path / "after" / "kb.sqlite") == sha(built_kb)
    assert leftovers(tmp_path / "after") == []  # neither the temporary KB nor its journal


@pytest.mark.slow
@needs_namespaces
def test_a_full_disk_during_an_ingest_names_the_disk_and_keeps_the_kb(built_kb, tmp_path):
    room = built_kb.stat().st_size // 1024 + 48  # no room for the journal of the new version
    proc, db = in_small_disk(built_kb, room, list(INGEST), tmp_path / "after")
    line = one_line_error(proc, "no space left on device", f"the KB at {db} is unchanged")
    assert "not a rulebase knowledge base" not in line
    assert sha(tmp_path / "after" / "kb.sqlite") == sha(built_kb)
    assert leftovers(tmp_path / "after") == []


@pytest.mark.slow
@needs_namespaces
@pytest.mark.parametrize("command", [["build", "--full"], list(INGEST)], ids=["build", "ingest"])
def test_a_read_only_file_system_is_named(built_kb, tmp_path, command):
    room = built_kb.stat().st_size // 1024 + 4096
    proc, db = in_small_disk(built_kb, room, command, tmp_path / "after", read_only=True)
    one_line_error(proc, f"cannot write to {db.parent}: read-only file system", "is unchanged")
    assert sha(tmp_path / "after" / "kb.sqlite") == sha(built_kb)


@pytest.mark.cli
@pytest.mark.parametrize("command", [["build", "--full"], list(INGEST)], ids=["build", "ingest"])
def test_a_folder_without_write_permission_is_named(built_kb, command):
    """Mode 0555, written by a user other than its owner: root runs the command as nobody."""
    as_other = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: no other user to run the command as")
        as_other = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    top = Path(tempfile.mkdtemp(prefix="rulebase-perm-"))
    try:
        top.chmod(0o755)
        folder = top / "kb"
        folder.mkdir()
        db = folder / "kb.sqlite"
        shutil.copyfile(built_kb, db)
        db.chmod(0o644)
        folder.chmod(0o555)
        proc = subprocess.run(
            [*as_other, str(RULEBASE), *command, "--db", str(db)], capture_output=True, text=True, timeout=300
        )
        one_line_error(proc, f"cannot write to {folder}: permission denied", f"the KB at {db} is unchanged")
        assert sha(db) == sha(built_kb) and leftovers(folder) == []
    finally:
        (top / "kb").chmod(0o755)
        shutil.rmtree(top)
