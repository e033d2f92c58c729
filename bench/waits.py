"""Where users wait on histories, diffs and changes: figures measured beside issue 30's targets.

Shared by ``bench/diff.py`` (which prints them for one KB, by default the full bundled one) and
``bench/growth.py`` (which follows them as the KB grows). Each figure is measured on a copy of the
KB in a temporary folder, so the first ask finds no kept result (:mod:`kb.changes_cache`) and the
user's KB folder gets no cache file:

- ``rulebase history <rule>`` as a process (wall, and its CPU), the first time and asked again;
  and the history in-process once kept (what the command does past its imports, which are
  ``rulebase/cli``'s business);
- the rule's entry page (its history, folded) and ``/api/threads/<thread>``;
- ``/api/diff`` between the game's first and last versions: computed, then answered by a server
  started again (a new app on the same KB: kept), then one page of it (``limit=100``), with the
  JSON's size and what goes over the wire gzipped;
- ``/changes`` with no parameters and ``/changes?all=1&q=the``: computed (the first ask in this
  state of the KB, its templates compiled), then in a server started again (kept).

Wall time on this shared 2-core machine moves with the load; CPU time much less: both are given,
with the load averages.
"""

from __future__ import annotations

import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: issue 30's targets, in milliseconds
TARGETS = {"history": 100.0, "diff": 300.0, "changes": 200.0}
BIN = Path(sys.executable).parent
#: bytecode cached, as an installed rulebase has it (a session may have turned it off: every
#: command then compiled its modules again, which made ``rulebase history`` cost 3-4 times the CPU)
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _app(db: Path):
    from api import create_app

    return create_app(db, WORKER_PROCESSES=False)


def _timed(fn) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu), out


def _command(*args: str) -> tuple[float, float]:
    """(wall ms, CPU ms) of ``rulebase ARGS`` as a process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([str(BIN / "rulebase"), *args], capture_output=True, text=True, env=_ENV)
    wall = 1000 * (time.perf_counter() - started)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"bench: rulebase {' '.join(args)}: {done.stderr.strip()}")
    return wall, 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def longest_rule(conn: sqlite3.Connection, game: str) -> tuple[str, str, str]:
    """(rule number or key, thread, version) of the rule of ``game``'s newest version whose thread
    spans the most versions, and of those the one whose text changed most (most distinct texts):
    the longest history a judge can ask for (on the full KB, Magic's 601.2, casting a spell)."""
    newest = conn.execute(
        "SELECT version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (game,)
    ).fetchone()[0]
    row = conn.execute(
        """SELECT e.key, json_extract(e.data, '$.number'), et.thread
           FROM entries e JOIN documents d ON d.id = e.document JOIN entry_threads et ON et.entry = e.id
           WHERE d.game = ? AND d.version = ? AND e.kind = 'rule'
           ORDER BY (SELECT count(*) FROM entry_threads x WHERE x.thread = et.thread) DESC,
                    (SELECT count(DISTINCT e2.body) FROM entry_threads x2 JOIN entries e2 ON e2.id = x2.entry
                     WHERE x2.thread = et.thread) DESC, e.ordinal
           LIMIT 1""",
        (game, newest),
    ).fetchone()
    return (row[1] or f"{game}:{row[0]}"), row[2], newest


def figures(db: Path, game: str, rule: str | None = None) -> dict[str, float]:
    """Every figure of the module docstring for ``game`` in the KB ``db`` (copied first), for the
    history of ``rule`` (a number of the newest version; default: :func:`longest_rule`)."""
    from kb.changes_cache import kept
    from kb.history import history

    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "kb.sqlite"
        shutil.copyfile(db, copy)
        conn = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        if rule is None:
            rule, thread, _ = longest_rule(conn, game)
        else:
            from kb.rule_numbers import find_rule  # only for a rule named
            from kb.threads import thread_of_entry  # only for a rule named

            thread = thread_of_entry(conn, find_rule(conn, game, rule, None))
        versions = [
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))
        ]
        ask = ["history", rule, "--db", str(copy)] + (["--game", game] if "." in rule or rule.isdigit() else [])
        out["rulebase history, first: wall ms"], out["rulebase history, first: CPU ms"] = _command(*ask)
        out["rulebase history, kept: wall ms"], out["rulebase history, kept: CPU ms"] = _command(*ask)
        query = [rule, game if ("." in rule or rule.isdigit()) else None, None]
        compute = lambda: history(conn, rule, game=query[1])  # noqa: E731
        out["history in-process, kept: wall ms"], out["history in-process, kept: CPU ms"], _ = _timed(
            lambda: kept(conn, "history", query, compute)
        )
        conn.close()
        client = _app(copy).test_client()
        entry = conn_entry(copy, thread)
        for name, url in (("entry page", f"/entries/{entry}"), ("/api/threads", f"/api/threads/{thread}")):
            client.get(url)  # the page's templates compiled, the process warm
            out[f"{name}: wall ms"], out[f"{name}: CPU ms"], _ = _timed(lambda: client.get(url))
        url = f"/api/diff?game={game}&from={versions[0]}&to={versions[-1]}"
        gz = {"Accept-Encoding": "gzip"}
        out["widest diff, computed: wall ms"], out["widest diff, computed: CPU ms"], r = _timed(
            lambda: client.get(url, headers=gz)
        )
        out["widest diff: gzipped KB"] = len(r.data) / 1024
        again = _app(copy).test_client()  # a server started again
        out["widest diff, kept: wall ms"], out["widest diff, kept: CPU ms"], r = _timed(lambda: again.get(url))
        out["widest diff: JSON KB"] = len(r.data) / 1024
        out["widest diff, a page: wall ms"], out["widest diff, a page: CPU ms"], r = _timed(
            lambda: again.get(url + "&limit=100&offset=100", headers=gz)
        )
        out["widest diff, a page: gzipped KB"] = len(r.data) / 1024
        fresh = _app(copy).test_client()  # another server started again
        for name, page in (("/changes", "/changes"), ("/changes?all=1&q=the", "/changes?all=1&q=the")):
            out[f"{name}, computed: wall ms"], out[f"{name}, computed: CPU ms"], _ = _timed(lambda: again.get(page))
            out[f"{name}, kept: wall ms"], out[f"{name}, kept: CPU ms"], _ = _timed(lambda: fresh.get(page))
    return out


def conn_entry(db: Path, thread: str) -> int:
    """The newest entry of ``thread``."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(
            """SELECT e.id FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
               WHERE et.thread = ? ORDER BY d.version_sort DESC LIMIT 1""",
            (thread,),
        ).fetchone()[0]
    finally:
        conn.close()


def target_of(name: str) -> float | None:
    """The target in ms a figure is held to (None: a figure shown for context)."""
    if "CPU" in name or "KB" in name or "first" in name and "changes" not in name or "computed" in name:
        return None
    if "history" in name or "entry page" in name or "/api/threads" in name:
        return TARGETS["history"]
    if "diff" in name:
        return TARGETS["diff"]
    if "changes" in name:
        return TARGETS["changes"]
    return None


def show(out: dict[str, float]) -> None:
    """The figures, each beside its target."""
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
    for name, value in out.items():
        target = target_of(name)
        mark = "" if target is None else f"   target <= {target:g} ms ({'meets' if value <= target else 'MISSES'})"
        print(f"  {name:<42} {value:10.1f}{mark}")
