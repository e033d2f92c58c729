"""Benchmark: search latency of ``rulebase serve`` against Datasette's table search, and a load run.

Starts ``rulebase serve`` and ``datasette serve`` as real servers on the same KB file (``--db``, e.g.
a KB of all 109 Comprehensive Rules versions; without it a KB is built from the manifest first),
then measures, for the fixed query set (the KeyForge judge questions of
``tests/judge_questions.toml`` and the Comprehensive Rules searches of ``tests/cr_questions.toml``):

- ``/api/search?q=...`` over HTTP: our search (latest version of each game, one result per thread,
  fuzzy card names, rule numbers, snippets, did-you-mean);
- Datasette's lean table search over HTTP: ``/<db>/entries.json?_search=<the query's words ORed>
  &_searchmode=raw&_size=10&_nocount=1&_nofacet=1&_nosuggest=1`` (plain FTS5 over every version);
- raw FTS5 in-process: the query Datasette runs, without HTTP or JSON, as the floor.

The two servers are timed **interleaved**: one keep-alive connection each, and every query is sent
to ours and then to Datasette's, round after round (a warm-up round first), so both see the same
machine load. Per request the wall time (client side) and the server process's CPU time (all its
threads, read from the kernel's per-process CPU clock before and after) are recorded; p50 and p99
per server and the ratios are printed, with each server's resident memory (RSS, and its peak)
after the run. Then ``--clients`` concurrent clients hit ``/api/search`` for ``--seconds`` seconds:
requests/s and errors. Exit status 1 when the load run saw errors.
Usage: ``python bench/search.py [--db KB] [--rounds N] [--clients C] [--seconds S]``.
"""
from __future__ import annotations

import argparse
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


def queries() -> list[str]:
    """The first 20 judge questions, and the Comprehensive Rules searches."""
    out = []
    for path, n in ((QUESTIONS, 20), (CR_QUESTIONS, None)):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        items = next(v for v in data.values() if isinstance(v, list))
        out += [item["query"] for item in items][:n]
    return out


def cpu_clock(pid: int) -> int:
    """The Linux clock id of another process's CPU time, all threads (clock_getcpuclockid)."""
    return ((~pid) << 3) | 2   # MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)


def memory(pid: int) -> tuple[float, float]:
    """(RSS, peak RSS) of a process, in MiB."""
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for row in f:
            name, _, value = row.partition(":")
            fields[name] = value.split()
    return int(fields["VmRSS"][0]) / 1024, int(fields["VmHWM"][0]) / 1024


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port: int, path: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"bench: server for {path} exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"bench: server on port {port} not ready after {timeout:.0f} s")


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


class Server:
    """One server under test: its keep-alive connection and its process's CPU clock."""

    def __init__(self, name: str, port: int, proc: subprocess.Popen, count):
        self.name, self.port, self.proc, self.count = name, port, proc, count
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.clock = cpu_clock(proc.pid)
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.found = 0

    def get(self, path: str, record: bool) -> None:
        cpu = time.clock_gettime(self.clock)
        start = time.perf_counter()
        self.conn.request("GET", path)
        resp = self.conn.getresponse()
        body = resp.read()
        elapsed = time.perf_counter() - start
        used = time.clock_gettime(self.clock) - cpu
        if resp.status != 200:
            raise SystemExit(f"bench: {self.name} GET {path} -> {resp.status}: {body[:200]!r}")
        if record:
            self.wall.append(elapsed)
            self.cpu.append(used)
        else:
            self.found += self.count(json.loads(body)) > 0


def time_interleaved(servers: list[Server], paths: list[list[str]], rounds: int) -> None:
    """Every query to each server in turn, ``rounds`` times after one warm-up round."""
    for r in range(rounds + 1):
        for i in range(len(paths[0])):
            for server, server_paths in zip(servers, paths):
                server.get(server_paths[i], record=r > 0)
    for server in servers:
        server.conn.close()


def or_expression(text: str) -> str:
    """The query's words as the FTS5 expression Datasette is given: every word quoted, any of them."""
    return " OR ".join('"' + w.replace('"', '""') + '"' for w in re.findall(r"[^\W_]+", text))


def time_raw_fts(db: Path, qs: list[str], rounds: int) -> list[float]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    sql = """SELECT e.* FROM entries e WHERE e.rowid IN
             (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?) ORDER BY e.id LIMIT 11"""
    times = []
    for r in range(rounds + 1):
        for q in qs:
            start = time.perf_counter()
            conn.execute(sql, (or_expression(q),)).fetchall()
            if r:
                times.append(time.perf_counter() - start)
    conn.close()
    return times


def load_run(port: int, paths: list[str], clients: int, seconds: float) -> tuple[int, int, float]:
    done = [0] * clients
    errors = [0] * clients
    stop = time.monotonic() + seconds

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        n = i
        while time.monotonic() < stop:
            try:
                conn.request("GET", paths[n % len(paths)])
                resp = conn.getresponse()
                resp.read()
                if resp.status != 200:
                    errors[i] += 1
            except (OSError, http.client.HTTPException):
                errors[i] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            done[i] += 1
            n += 1
        conn.close()

    start = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done), sum(errors), time.monotonic() - start


def line(label: str, times: list[float]) -> str:
    return (f"  {label:<40} p50 {percentile(times, 50) * 1000:7.2f} ms   "
            f"p99 {percentile(times, 99) * 1000:7.2f} ms   ({len(times)} requests)")


def run(db: Path, rounds: int, clients: int, seconds: float) -> int:
    qs = queries()
    ours_port, ds_port = free_port(), free_port()
    ours = subprocess.Popen([str(BIN / "rulebase"), "serve", "--db", str(db), "--port", str(ours_port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ds = subprocess.Popen([str(BIN / "datasette"), "serve", "-i", str(db), "--port", str(ds_port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        started = time.monotonic()
        wait_ready(ours_port, "/api/versions", ours, timeout=300)
        print(f"rulebase serve ready in {time.monotonic() - started:.1f} s (KB opened, search index built)")
        wait_ready(ds_port, f"/{db.stem}.json", ds)
        our_paths = ["/api/search?" + urlencode({"q": q}) for q in qs]
        lean = {"_searchmode": "raw", "_size": "10", "_nocount": "1", "_nofacet": "1", "_nosuggest": "1"}
        ds_paths = [f"/{db.stem}/entries.json?" + urlencode({"_search": or_expression(q), **lean}) for q in qs]
        documents = sqlite3.connect(f"file:{db}?mode=ro", uri=True).execute(
            "SELECT count(*), count(DISTINCT game) FROM documents").fetchone()
        print(f"{len(qs)} queries x {rounds} rounds, interleaved; KB {db} ({db.stat().st_size / 2**20:.0f} MiB, "
              f"{documents[0]} documents of {documents[1]} games)")
        servers = [Server("rulebase", ours_port, ours, lambda d: d["total"]),
                   Server("datasette", ds_port, ds, lambda d: len(d["rows"]))]
        time_interleaved(servers, [our_paths, ds_paths], rounds)
        t_raw = time_raw_fts(db, qs, rounds)
        us, them = servers
        print(line("rulebase /api/search (HTTP, wall)", us.wall))
        print(line("Datasette lean _search (HTTP, wall)", them.wall))
        print(line("rulebase server CPU per request", us.cpu))
        print(line("Datasette server CPU per request", them.cpu))
        print(line("raw FTS5 in-process", t_raw))
        print(f"  queries with at least one result: rulebase {us.found}/{len(qs)}, "
              f"Datasette {them.found}/{len(qs)}")
        for label, a, b in (("wall", us.wall, them.wall), ("CPU", us.cpu, them.cpu)):
            print(f"  ratio rulebase/Datasette {label:<4}: p50 {percentile(a, 50) / percentile(b, 50):.2f}  "
                  f"p99 {percentile(a, 99) / percentile(b, 99):.2f}   (target: p50 ratio <= 1)")
        print(f"  ratio rulebase/raw FTS5:  p50 {percentile(us.wall, 50) / percentile(t_raw, 50):.1f}")
        for server in servers:
            rss, peak = memory(server.proc.pid)
            print(f"  {server.name} server memory: RSS {rss:.0f} MiB (peak {peak:.0f} MiB)")
        if clients <= 0:
            return 0
        n, errors, elapsed = load_run(ours_port, our_paths, clients, seconds)
        print(f"load: {clients} clients for {elapsed:.1f} s against /api/search: {n} requests, "
              f"{n / elapsed:.1f} requests/s, {errors} errors")
        return 1 if errors else 0
    finally:
        for proc in (ours, ds):
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=None,
                        help="KB to serve, e.g. one built from sources/manifest.toml (default: build one first)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8, help="clients of the load run (0: no load run)")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    if args.db is not None:
        sys.exit(run(args.db.resolve(), args.rounds, args.clients, args.seconds))
    from kb.build import build
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.sqlite"
        build(db)
        sys.exit(run(db, args.rounds, args.clients, args.seconds))


if __name__ == "__main__":
    main()
