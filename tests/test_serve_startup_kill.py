"""``rulebase serve`` killed at any moment of its start-up leaves no process behind.

Why: a verify worker holds about 300 MB and the KB file open; one left under PID 1 by a server that
was killed (``kill -9`` by a supervisor, an out-of-memory kill) stays for good, and each restart that
is killed again leaves more. The server is killed at each observable moment of its start-up: at
once, as its first and its second worker process appear (importing), as a worker lowers its
priority (warming the KB), on the line printed just before "ready", and after "ready". The moments
are told from the server's children while it runs (walking /proc from its pid); afterwards every
process it started is found by a tag in its environment, which children inherit and keep once
orphaned (a pid seen earlier may be another process's by then). A plain ``kill`` (SIGTERM) during
start-up must leave nothing either, and the server must not wait long for its workers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.serial  # measures time under load: run alone (make test)

RULEBASE = Path(sys.executable).with_name("rulebase")
TAG_VAR = "RULEBASE_STARTUP_KILL_TEST"
#: seconds after the kill by which every process of the server must be gone
GRACE = 5.0


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def tagged(tag: str) -> set[int]:
    """Live processes (not zombies) whose environment carries ``tag``: the server and what it started."""
    marker = f"{TAG_VAR}={tag}".encode() + b"\0"
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        stat = _stat(int(entry.name))
        if marker in environ and stat is not None and stat[0] != "Z":
            found.add(int(entry.name))
    return found


def descendants(root: int) -> set[int]:
    """Processes whose parent chain leads to ``root`` (read from /proc/PID/task/TID/children)."""
    found, pending = set(), [root]
    while pending:
        pid = pending.pop()
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            pending.extend(c for c in children if c not in found)
            found.update(children)
    return found


def compiled_env(pycache: Path) -> dict:
    """This environment, with Python's compiled modules read from and written to ``pycache``."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


@pytest.fixture(scope="module")
def pycache() -> Path:
    """Compiled modules for the servers, as an installed rulebase has them. Where
    PYTHONDONTWRITEBYTECODE is set (some sandboxes do) every process compiles the project's sources
    again, and a worker took twice as long to get through the imports spawn makes it do before its
    first code of ours: the time a worker started just before the kill outlives its server.

    Kept between sessions with the test KBs (Python compiles again a module whose source changed):
    compiling them all into a new folder each session cost 2.0 s of CPU, importing them compiled 0.8 s."""
    from conftest import KB_CACHE

    prefix = KB_CACHE / "pycache"
    subprocess.run(
        [sys.executable, "-c", "import rulebase.cli, api.verify_run, api.play_run, engine.replay.kb_cache"],
        env=compiled_env(prefix),
        check=True,
        timeout=300,
    )
    return prefix


class Server:
    """``rulebase serve`` started with a tag in its environment."""

    def __init__(self, db: Path, pycache: Path):
        self.tag = uuid.uuid4().hex
        self.proc = subprocess.Popen(
            [
                str(RULEBASE),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--db",
                str(db),
                "--verify-concurrency",
                "2",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**compiled_env(pycache), "PYTHONUNBUFFERED": "1", TAG_VAR: self.tag},
        )
        self.lines: list[str] = []
        self.nice = int(_stat(os.getpid())[16])
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)

    def poll(self) -> set[int]:
        """The server's descendants now."""
        return descendants(self.proc.pid)

    def spawned(self) -> list[int]:
        """Children started by multiprocessing's spawn (verify workers; a manager, if any)."""
        return [pid for pid in self.poll() if "spawn_main" in _cmdline(pid)]

    def printed(self, prefix: str) -> bool:
        return any(line.startswith(prefix) for line in self.lines)

    def wait_for(self, what, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not what():
            assert self.proc.poll() is None, f"serve ended: {''.join(self.lines)}"
            assert time.monotonic() < deadline, f"not reached in {timeout} s: {''.join(self.lines)}"
            time.sleep(0.01)


#: moments of start-up: (id, condition on the server that is true at that moment)
MOMENTS = {
    "at-launch": lambda s: True,
    "first-worker-spawned": lambda s: len(s.spawned()) >= 1,
    "second-worker-spawned": lambda s: len(s.spawned()) >= 2,
    "workers-warming": lambda s: any(int((_stat(p) or [0] * 20)[16]) > s.nice for p in s.spawned()),
    "just-before-ready": lambda s: s.printed("serving "),
    "after-ready": lambda s: s.printed("ready in") and len(s.spawned()) >= 2,
}


def _kill_at(db: Path, pycache: Path, moment: str, how: signal.Signals) -> None:
    server = Server(db, pycache)
    try:
        server.wait_for(lambda: MOMENTS[moment](server))
        seen = len(server.poll())
        server.proc.send_signal(how)
        killed = time.monotonic()
        server.proc.wait(GRACE)
        left = set()
        while time.monotonic() - killed < GRACE:
            # by the tag, not by the pids seen: one of those may be another process's by now
            left = tagged(server.tag)
            if not left:
                break
            time.sleep(0.1)
        print(
            f"\n{how.name} {moment}: {seen} children at the kill, "
            + (
                f"{len(left)} left after {GRACE:.0f} s"
                if left
                else f"all gone {time.monotonic() - killed:.2f} s after the kill"
            )
        )
        report = {pid: _cmdline(pid)[:120] for pid in left}
        assert not left, (
            f"{len(left)} process(es) of a server killed ({how.name}) {moment} outlived it by {GRACE:.0f} s: {report}"
        )
    finally:  # what a failure left: only processes that still carry this server's tag
        if server.proc.poll() is None:
            server.proc.kill()
        for pid in tagged(server.tag) - {server.proc.pid}:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        server.proc.wait(10)


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_kill_9_during_start_up_leaves_no_process(built_kb, pycache, moment):
    _kill_at(built_kb, pycache, moment, signal.SIGKILL)


@pytest.mark.parametrize("moment", ["first-worker-spawned", "second-worker-spawned", "workers-warming"])
def test_kill_during_start_up_leaves_no_process(built_kb, pycache, moment):
    _kill_at(built_kb, pycache, moment, signal.SIGTERM)
