"""Benchmark: our search against Datasette's table search, equal work, interleaved; CPU and wall time.

Three real servers on one KB file (``--db``; else a KB is built from the manifest into a temp dir),
started one after the other from the venv's bin dir, each timed from process start to its first 200
on a readiness URL: ``rulebase serve`` (A: ``/api/search?q=<query>``), ``rulebase datasette`` (the
Datasette our users run: immutable, our metadata and plugin, the KB as database
``api.datasette.DB_NAME``) and plain ``datasette serve -i KB`` (the KB under its file name). Queries:
the first 20 judge questions (``tests/judge_questions.toml``) and ``tests/cr_questions.toml``.

HTTP, interleaved, one keep-alive connection per server: per round (after one unrecorded warm-up
round) and per query, A; B, the lean table search on ``rulebase datasette``; C, the same on
``datasette serve``; D, on ``rulebase datasette``, the default request a browser makes
(``_search=<query as typed>`` with count and facets: information only, NOT equal work). Lean is
``/<db>/entries.json?_search=<the query's words, each quoted, ORed>&_searchmode=raw&_size=10
&_nocount=1&_nofacet=1&_nosuggest=1``. Per request: client wall time, and the server process's CPU
time (all threads, its kernel CPU clock read before and after). Printed: p50/p99 of each; for A vs C
and A vs B the p50 and p99 ratios of wall and CPU, with the targets A p50 / lean p50 <= 0.7 (moonshot
0.5) and A p99 <= 3 x A p50, each marked PASS/MISS.

Why A and B/C are equal work: the same words in, 10 results out, one FTS5 bm25 query behind each,
JSON over HTTP. Where not: our search reads only the latest version of each game (Datasette every
version), weights title/question/body, folds word endings, may run a second FTS5 pass, groups hits
by ruling thread, corrects misspellings, finds cards and computes snippets, versions and
supersessions; Datasette returns whole rows (every column, full bodies) in its JSON envelope.

In-process, interleaved, each on its own read-only connection, wall (perf_counter) and CPU
(thread_time): ``kb.search.search(conn, query)``; the raw ``SELECT rowid, bm25(entries_fts) FROM
entries_fts WHERE entries_fts MATCH ? ORDER BY rank LIMIT 10`` over the same OR expression, over
every version; and the same restricted to the rowid ranges of the newest document of each game,
what search() searches (equal scope; one query per range, best 10 kept). Target: search() <= 2 x raw
bm25 (equal scope). And, the hardest floor, the raw bm25 query over ``latest_fts``, the index of the
newest versions that search() itself asks (the same rows without reading older versions' postings). Then load, one side after the other: ``--clients`` clients for ``--seconds``
against A, then C: requests/s, errors, latency p50/p99, server CPU per request, ratio of p50s; and
each server's RSS and peak RSS. Exit status 1 only when a load run saw errors.
Usage: ``python bench/search.py [--db KB] [--rounds N] [--clients C] [--seconds S] [--start-together]``.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import http.client
import json
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
QUESTIONS = ROOT / "tests" / "judge_questions.toml"
CR_QUESTIONS = ROOT / "tests" / "cr_questions.toml"
BIN = Path(sys.executable).parent
LEAN = {"_searchmode": "raw", "_size": "10", "_nocount": "1", "_nofacet": "1", "_nosuggest": "1"}
TARGET, MOONSHOT, TAIL, SCOPE_TARGET = 0.7, 0.5, 3.0, 2.0
RAW_SQL = "SELECT rowid, bm25(entries_fts) FROM entries_fts WHERE entries_fts MATCH ?"
RAW_ORDER = " ORDER BY rank LIMIT 10"


def queries() -> list[str]:
    """The first 20 judge questions, and the Comprehensive Rules searches."""
    out = []
    for path, n in ((QUESTIONS, 20), (CR_QUESTIONS, None)):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        items = next(v for v in data.values() if isinstance(v, list))
        out += [item["query"] for item in items][:n]
    return out


def or_expression(text: str) -> str:
    """The query's words as the FTS5 expression Datasette is given: every word quoted, any of them."""
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in re.findall(r"[^\W_]+", text))


def cpu_clock(pid: int) -> int:
    """The Linux clock id of another process's CPU time, all threads (clock_getcpuclockid)."""
    return ((~pid) << 3) | 2  # MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)


def memory(pid: int) -> tuple[float, float]:
    """(RSS, peak RSS) of a process, in MiB."""
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for row in f:
            name, _, value = row.partition(":")
            fields[name] = value.split()
    return int(fields["VmRSS"][0]) / 1024, int(fields["VmHWM"][0]) / 1024


def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "MISS"


class Server:
    """One server process under test: its port, readiness time, keep-alive connection and CPU clock."""

    def __init__(self, name: str, args: list[str], ready_path: str):
        with socket.socket() as s:  # a free port
            s.bind(("127.0.0.1", 0))
            self.name, self.port, self.ready_path = name, s.getsockname()[1], ready_path
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [str(BIN / args[0]), *args[1:], "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.clock = cpu_clock(self.proc.pid)
        self.ready_s = float("nan")
        self.conn: http.client.HTTPConnection | None = None

    def wait_ready(self, timeout: float = 300.0) -> None:
        """Poll the readiness URL until it answers 200; record the time since process start."""
        while time.monotonic() - self.started < timeout:
            if self.proc.poll() is not None:
                raise SystemExit(f"bench: {self.name} exited with {self.proc.returncode} before it was ready")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", self.ready_path)
                if conn.getresponse().status == 200:
                    self.ready_s = time.monotonic() - self.started
                    conn.close()
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit(f"bench: {self.name} not ready after {timeout:.0f} s")

    def get(self, path: str) -> tuple[int, bytes, float, float]:
        """(status, body, wall seconds, server CPU seconds) of one GET on the keep-alive connection."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        cpu, start = time.clock_gettime(self.clock), time.perf_counter()
        self.conn.request("GET", path)
        resp = self.conn.getresponse()
        body = resp.read()
        return resp.status, body, time.perf_counter() - start, time.clock_gettime(self.clock) - cpu

    def stop(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Series:
    """One kind of request to one server: its path per query, and wall/CPU per recorded request."""

    def __init__(self, label: str, server: Server, paths: list[str], hits, strict: bool = True):
        self.label, self.server, self.paths, self.hits, self.strict = label, server, paths, hits, strict
        self.wall, self.cpu = [], []  # per recorded request, seconds
        self.found = self.errors = 0

    def send(self, i: int, record: bool) -> None:
        status, body, wall, cpu = self.server.get(self.paths[i])
        if status != 200:
            if self.strict:
                raise SystemExit(f"bench: {self.label} GET {self.paths[i]} -> {status}: {body[:200]!r}")
            self.errors += 1
        elif record:
            self.wall.append(wall)
            self.cpu.append(cpu)
        else:
            self.found += self.hits(json.loads(body)) > 0


def time_interleaved(series: list[Series], rounds: int) -> None:
    """Every query to each series in turn (A B C D A B C D ...), after one warm-up round."""
    for r in range(rounds + 1):
        for i in range(len(series[0].paths)):
            for s in series:
                s.send(i, record=r > 0)


def latest_ranges(conn: sqlite3.Connection) -> list[tuple[int, int]]:
    """Entry-id ranges of the newest document of each game (search()'s default scope, ordered as
    kb.search_corpus orders versions), merged where they touch."""
    rows = conn.execute("""SELECT d.game, min(e.id), max(e.id) FROM documents d LEFT JOIN entries e
                           ON e.document = d.id GROUP BY d.id ORDER BY d.game, d.version_sort, d.id""")
    newest = {game: (lo, hi) for game, lo, hi in rows}  # the last row of a game is its newest version
    merged: list[list[int]] = []
    for lo, hi in sorted(r for r in newest.values() if r[0] is not None):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return [(lo, hi) for lo, hi in merged]


def raw_bm25(conn: sqlite3.Connection, expression: str, ranges=None, table: str = "entries_fts") -> list:
    """The raw FTS5 top 10 by bm25, over every row or over each rowid range (best 10 of all kept)."""
    base = RAW_SQL.replace("entries_fts", table)
    if ranges is None:
        return conn.execute(base + RAW_ORDER, (expression,)).fetchall()
    sql = base + " AND rowid BETWEEN ? AND ?" + RAW_ORDER
    rows = [row for lo, hi in ranges for row in conn.execute(sql, (expression, lo, hi))]
    return heapq.nsmallest(10, rows, key=lambda row: row[1])


def time_in_process(db: Path, qs: list[str], rounds: int) -> dict[str, tuple[list[float], list[float]]]:
    """search() and the raw bm25 queries, one call each in turn per query per round: (wall, CPU) lists."""
    from kb.search import search

    uri = f"file:{db}?mode=ro"
    conns = [sqlite3.connect(uri, uri=True) for _ in range(4)]
    ranges = latest_ranges(conns[2])
    search(conns[0], "warm")  # the index loaded and, as rulebase serve does, out of the collector's sight
    gc.collect()
    gc.freeze()
    calls = {
        "search()": lambda q: search(conns[0], q),
        "raw bm25, every version": lambda q: raw_bm25(conns[1], or_expression(q)),
        "raw bm25, versions searched": lambda q: raw_bm25(conns[2], or_expression(q), ranges),
    }
    if conns[3].execute("SELECT 1 FROM sqlite_master WHERE name = 'latest_fts'").fetchone():
        calls["raw bm25, latest_fts"] = lambda q: raw_bm25(conns[3], or_expression(q), ranges, "latest_fts")
    times = {name: ([], []) for name in calls}
    for r in range(rounds + 1):
        for q in qs:
            for name, call in calls.items():
                cpu, start = time.thread_time(), time.perf_counter()
                call(q)
                if r:
                    times[name][0].append(time.perf_counter() - start)
                    times[name][1].append(time.thread_time() - cpu)
    for conn in conns:
        conn.close()
    return times


def load_run(server: Server, paths: list[str], clients: int, seconds: float) -> dict:
    """``clients`` threads, each on its own keep-alive connection, for ``seconds``."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    stop = time.monotonic() + seconds

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        n = i
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                conn.request("GET", paths[n % len(paths)])
                resp = conn.getresponse()
                resp.read()
                errors[i] += resp.status != 200
            except (OSError, http.client.HTTPException):
                errors[i] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            latencies[i].append(time.perf_counter() - start)
            n += 1
        conn.close()

    cpu, start = time.clock_gettime(server.clock), time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed, cpu = time.monotonic() - start, time.clock_gettime(server.clock) - cpu
    lat = [x for per in latencies for x in per]
    return {"n": len(lat), "errors": sum(errors), "elapsed": elapsed, "lat": lat, "cpu": cpu}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f}"


def table(title: str, rows: list[tuple[str, list[float], list[float]]]) -> None:
    print(f"{title:<60}{'wall p50':>8}{'p99':>8}{'CPU p50':>8}{'p99':>8}  (ms; n)")
    for label, wall, cpu in rows:
        print(
            f"  {label:<58}{ms(percentile(wall, 50))}{ms(percentile(wall, 99))}"
            f"{ms(percentile(cpu, 50))}{ms(percentile(cpu, 99))}  {len(wall):5d}"
        )


def print_pair(ours: Series, lean: Series) -> None:
    """p50 and p99 ratios of wall and CPU, ours over lean Datasette, with the p50 target."""
    for kind, a, b in (("wall", ours.wall, lean.wall), ("CPU", ours.cpu, lean.cpu)):
        p50 = percentile(a, 50) / percentile(b, 50)
        p99 = percentile(a, 99) / percentile(b, 99)
        print(
            f"  {ours.label} vs {lean.label}, p50 {kind:<4}: {p50:5.2f}   "
            f"(target <= {TARGET}, moonshot {MOONSHOT}) {verdict(p50, TARGET)}"
            f"{'  moonshot PASS' if p50 <= MOONSHOT else ''}"
        )
        print(f"  {ours.label} vs {lean.label}, p99 {kind:<4}: {p99:5.2f}   (information)")


def print_http(series: list[Series], n_queries: int) -> None:
    ours, ours_ds, plain, default = series
    table(
        "HTTP, per request (recorded rounds)",
        [(s.label + (" (NOT equal work)" if s is default else ""), s.wall, s.cpu) for s in series],
    )
    print(
        "  queries with at least one result (warm-up round): "
        + ", ".join(f"{s.label} {s.found}/{n_queries}" for s in series)
        + (f"; {default.label}: {default.errors} non-200 answers" if default.errors else "")
    )
    print("ratios (ours / Datasette; below 1: ours is cheaper):")
    print_pair(ours, plain)
    print_pair(ours, ours_ds)
    for kind, values in (("wall", ours.wall), ("CPU", ours.cpu)):
        tail = percentile(values, 99) / percentile(values, 50)
        print(f"  {ours.label} p99 / its own p50, {kind:<4}: {tail:5.2f}   (target <= {TAIL}) {verdict(tail, TAIL)}")
    print(
        f"  (information, NOT equal work) {default.label} vs {ours_ds.label}, p50 wall: "
        f"{percentile(default.wall, 50) / percentile(ours_ds.wall, 50):5.2f}"
    )


def print_in_process(times: dict) -> None:
    table(
        "in-process, interleaved (own read-only connection each)",
        [(name, wall, cpu) for name, (wall, cpu) in times.items()],
    )
    s_wall, s_cpu = times["search()"]
    for label, key, target in (
        ("search() / raw bm25 over every version", "raw bm25, every version", None),
        ("search() / raw bm25 over the versions searched (equal scope)", "raw bm25, versions searched", SCOPE_TARGET),
        (
            "search() / raw bm25 over latest_fts (equal scope, search()'s own index)",
            "raw bm25, latest_fts",
            SCOPE_TARGET,
        ),
    ):
        if key not in times:
            continue
        wall, cpu = times[key]
        rw, rc = percentile(s_wall, 50) / percentile(wall, 50), percentile(s_cpu, 50) / percentile(cpu, 50)
        goal = f"   (target <= {target}: wall {verdict(rw, target)}, CPU {verdict(rc, target)})" if target else ""
        print(f"  {label}, p50 wall: {rw:5.1f}  p50 CPU: {rc:5.1f}{goal}")


def print_load(ours: dict, theirs: dict, clients: int) -> None:
    for label, r in (("rulebase /api/search", ours), ("datasette serve lean _search", theirs)):
        rate = r["n"] / r["elapsed"] if r["elapsed"] else 0.0
        print(
            f"  {label:<30} {r['n']:6d} requests in {r['elapsed']:.1f} s: {rate:7.1f} requests/s, "
            f"{r['errors']} errors, latency p50 {ms(percentile(r['lat'], 50))} ms p99 "
            f"{ms(percentile(r['lat'], 99))} ms, server CPU {r['cpu'] / max(1, r['n']) * 1000:.2f} ms/request"
        )
    ratio = percentile(ours["lat"], 50) / percentile(theirs["lat"], 50)
    print(
        f"  rulebase /api/search vs datasette serve lean _search under load ({clients} clients), "
        f"p50 latency: {ratio:.2f}"
    )


def db_names(db: Path) -> tuple[str, str]:
    """The database name of the KB in ``rulebase datasette`` and in ``datasette serve -i KB``."""
    from datasette.utils import tilde_encode

    from api.datasette import DB_NAME

    return DB_NAME, tilde_encode(db.stem)


def start_servers(db: Path, together: bool = False) -> list[Server]:
    """The three servers, started and waited for one after the other (so each readiness time is its
    own), or all three at once (``together``: sooner, each readiness time then shares the cores)."""
    ours_name, plain_name = db_names(db)
    servers: list[Server] = []
    try:
        for name, args, ready in (
            ("rulebase serve", ["rulebase", "serve", "--db", str(db)], "/api/versions"),
            ("rulebase datasette", ["rulebase", "datasette", "--db", str(db)], f"/{ours_name}.json"),
            ("datasette serve", ["datasette", "serve", "-i", str(db)], f"/{plain_name}.json"),
        ):
            servers.append(Server(name, args, ready))
            if not together:
                servers[-1].wait_ready()
        if together:
            for server in servers:
                server.wait_ready()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


def make_series(servers: list[Server], db: Path, qs: list[str]) -> list[Series]:
    """A, B, C and D of the docstring, in the order they are sent."""
    ours_name, plain_name = db_names(db)
    ours, ours_ds, plain = servers

    def lean(name: str) -> list[str]:
        return [f"/{name}/entries.json?" + urlencode({"_search": or_expression(q), **LEAN}) for q in qs]

    def rows(d: dict) -> int:
        return len(d["rows"])

    return [
        Series("rulebase /api/search", ours, ["/api/search?" + urlencode({"q": q}) for q in qs], lambda d: d["total"]),
        Series("rulebase datasette lean _search", ours_ds, lean(ours_name), rows),
        Series("datasette serve lean _search", plain, lean(plain_name), rows),
        Series(
            "rulebase datasette DEFAULT _search",
            ours_ds,
            [f"/{ours_name}/entries.json?" + urlencode({"_search": q}) for q in qs],
            rows,
            strict=False,
        ),
    ]


def run(db: Path, rounds: int, clients: int, seconds: float, together: bool = False) -> int:
    qs = queries()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        docs, games = conn.execute("SELECT count(*), count(DISTINCT game) FROM documents").fetchone()
    print(
        f"KB {db} ({db.stat().st_size / 2**20:.0f} MiB, {docs} documents of {games} games); "
        f"{len(qs)} queries x {rounds} rounds, interleaved, after one warm-up round"
    )
    servers = start_servers(db, together)
    try:
        for server in servers:
            print(
                f"  {server.name:<20} ready in {server.ready_s:6.2f} s (process start to first 200 on "
                f"{server.ready_path}{', the three started at once' if together else ''})"
            )
        series = make_series(servers, db, qs)
        time_interleaved(series, rounds)
        print_http(series, len(qs))
        print_in_process(time_in_process(db, qs, rounds))
        errors = 0
        if clients > 0:
            print(f"load, {clients} clients for {seconds:g} s each, one server after the other:")
            ours = load_run(servers[0], series[0].paths, clients, seconds)
            theirs = load_run(servers[2], series[2].paths, clients, seconds)
            print_load(ours, theirs, clients)
            errors = ours["errors"] + theirs["errors"]
        for server in servers:
            rss, peak = memory(server.proc.pid)
            print(f"  {server.name:<20} memory after the run: RSS {rss:5.0f} MiB (peak {peak:5.0f} MiB)")
        return 1 if errors else 0
    finally:
        for server in servers:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="KB to serve, e.g. one built from sources/manifest.toml (default: build one first)",
    )
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8, help="clients of the load runs (0: no load run)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each load run")
    parser.add_argument(
        "--start-together",
        action="store_true",
        help="start the three servers at once (sooner; their readiness times then share the cores)",
    )
    args = parser.parse_args()
    if args.db is not None:
        sys.exit(run(args.db.resolve(), args.rounds, args.clients, args.seconds, args.start_together))
    from rulebase.build import build

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.sqlite"
        build(db)
        sys.exit(run(db, args.rounds, args.clients, args.seconds, args.start_together))


if __name__ == "__main__":
    main()
