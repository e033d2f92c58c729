"""Benchmark: search latency of ``rulebase serve`` against Datasette's table search, and a load run.

Starts ``rulebase serve`` and ``datasette serve`` as real servers on the same KB file, then in one
run measures, for the fixed query set (the judge questions of ``tests/judge_questions.toml``):

- ``/api/search?q=...`` over HTTP: our search (threads, fuzzy card names, snippets, did-you-mean);
- Datasette's table search ``/<db>/entries.json?_search=...`` over HTTP (plain FTS5, bm25);
- raw FTS5 in-process: the query Datasette runs, without HTTP or JSON, as the floor.

Each query runs ``--rounds`` times on one keep-alive connection per server after a warm-up round;
p50 and p99 per endpoint and the ratios are printed. Then ``--clients`` concurrent clients hit
``/api/search`` for ``--seconds`` seconds, cycling through the queries: requests/s and errors
(non-200 answers or failed connections) are printed. Exit status 1 when the load run saw errors.
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
BIN = Path(sys.executable).parent


def queries() -> list[str]:
    data = tomllib.loads(QUESTIONS.read_text(encoding="utf-8"))
    items = next(v for v in data.values() if isinstance(v, list))
    return [item["query"] for item in items][:20]


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


def time_http(port: int, paths: list[str], rounds: int, count) -> tuple[list[float], int]:
    """Seconds per request, each path ``rounds`` times after one warm-up, on one keep-alive
    connection; and how many paths answered at least one result (``count`` reads a JSON answer)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times = []
    found = 0
    for r in range(rounds + 1):
        for path in paths:
            start = time.perf_counter()
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            elapsed = time.perf_counter() - start
            if resp.status != 200:
                raise SystemExit(f"bench: GET {path} -> {resp.status}: {body[:200]!r}")
            if r:
                times.append(elapsed)
            else:
                found += count(json.loads(body)) > 0
    conn.close()
    return times, found


def fts_match(text: str) -> str:
    """Datasette's default escaping of a search: every word quoted, all required."""
    return " ".join('"' + w.replace('"', '""') + '"' for w in re.findall(r"\S+", text))


def time_raw_fts(db: Path, qs: list[str], rounds: int) -> list[float]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    sql = """SELECT e.* FROM entries e WHERE e.rowid IN
             (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?) ORDER BY e.id LIMIT 101"""
    times = []
    for r in range(rounds + 1):
        for q in qs:
            start = time.perf_counter()
            conn.execute(sql, (fts_match(q),)).fetchall()
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
    return (f"  {label:<34} p50 {percentile(times, 50) * 1000:7.2f} ms   "
            f"p99 {percentile(times, 99) * 1000:7.2f} ms   ({len(times)} requests)")


def run(db: Path, rounds: int, clients: int, seconds: float) -> int:
    qs = queries()
    ours_port, ds_port = free_port(), free_port()
    ours = subprocess.Popen([str(BIN / "rulebase"), "serve", "--db", str(db), "--port", str(ours_port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ds = subprocess.Popen([str(BIN / "datasette"), "serve", "-i", str(db), "--port", str(ds_port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(ours_port, "/api/versions", ours)
        wait_ready(ds_port, f"/{db.stem}.json", ds)
        our_paths = ["/api/search?" + urlencode({"q": q}) for q in qs]
        ds_paths = [f"/{db.stem}/entries.json?" + urlencode({"_search": q}) for q in qs]
        print(f"{len(qs)} queries x {rounds} rounds; KB {db} ({db.stat().st_size / 2**20:.2f} MiB)")
        t_ours, found_ours = time_http(ours_port, our_paths, rounds, lambda d: d["total"])
        t_ds, found_ds = time_http(ds_port, ds_paths, rounds, lambda d: len(d["rows"]))
        t_raw = time_raw_fts(db, qs, rounds)
        print(line("rulebase /api/search (HTTP)", t_ours))
        print(line("Datasette table _search (HTTP)", t_ds))
        print(line("raw FTS5 in-process", t_raw))
        print(f"  queries with at least one result: rulebase {found_ours}/{len(qs)}, "
              f"Datasette {found_ds}/{len(qs)}")
        p50 = {k: percentile(v, 50) for k, v in (("ours", t_ours), ("ds", t_ds), ("raw", t_raw))}
        p99 = {k: percentile(v, 99) for k, v in (("ours", t_ours), ("ds", t_ds), ("raw", t_raw))}
        print(f"  ratio rulebase/Datasette: p50 {p50['ours'] / p50['ds']:.2f}  p99 {p99['ours'] / p99['ds']:.2f}"
              f"   (target: p50 ratio < 1)")
        print(f"  ratio rulebase/raw FTS5:  p50 {p50['ours'] / p50['raw']:.1f}  p99 {p99['ours'] / p99['raw']:.1f}")
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
    parser.add_argument("--db", type=Path, default=None, help="KB to serve (default: build one first)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
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
