"""Benchmark: search while clients hammer the expensive endpoints; p50/p99, CPU and wall time.

Two real servers on one KB file (``--db``, default ``kb.sqlite``: the KB of everything bundled,
which ``make run`` builds): ``rulebase serve`` and ``rulebase datasette``, each with its defaults.
A user searches (``GET /api/search``, the judge questions in turn, one at a time, 10 ms apart, on a
connection of its own) while an attacker, in a process of its own, keeps ``--clients`` connections
busy with one expensive request each, sent again the moment the answer arrives (no waiting, not even
for ``Retry-After``). Rows, each run in every round, rounds interleaved (A B C ... A B C ...):

- ``alone``: nobody else (the control);
- ``diff``: ``GET /api/diff`` between the oldest and the newest version of the game with the most
  versions (on the bundled KB, Magic 2003-03-15 to 2025-11-14: 2.7 MB of JSON, seconds to compute);
- ``diff, every pair``: the same endpoint cycling through every pair of that game's versions, so
  that most requests ask for a changelog nobody asked for before;
- ``changes``: ``GET /changes`` for the same widest pair (the page);
- ``verify``: ``POST /api/verify`` with the Bait and Switch ruling's scenario;
- ``datasette SQL``: ``rulebase datasette``'s ``/kb.json?sql=`` with a recursive query that runs until
  Datasette's time limit (1 s).

Before the rounds, each of the one-URL rows' requests is made once and its time printed (the first
time is computed; later ones are kept per KB state, ``api/expensive.py``), and so is each of the
user's questions: the first search of a question reads what the server keeps per KB (rule trees,
what a rule states), and without that pass the first row in a round (``alone``, the control) paid
for it and measured a p99 of 66-108 ms on the test KB, more than the rows under attack; the
slowest first search is printed. Printed per row: the searches' count, p50, p99 and max wall
time, PASS when p99 < 100 ms; the attacker's requests and their statuses; the CPU time of each
server and the wall time of the row. Exit status 1 when a search failed or an attacker's request
got anything but 200, 304, 400 (a query stopped by its time limit), or 429.
Usage: ``python bench/abuse.py [--db KB] [--clients 20] [--seconds 10] [--rounds 2]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from search import Server, cpu_clock, percentile, queries  # noqa: E402  (bench/search.py)

BAIT = ROOT.parent / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml"
SLOW_SQL = "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"
P99 = 0.100
#: statuses an attacker's request may get without it being an error
EXPECTED = {200, 304, 400, 429}

#: the attacker: CLIENTS threads, each on a kept-alive connection, sending its requests in turn as
#: fast as they are answered for SECONDS; prints {"statuses": {status: n}, "requests": n}
ATTACKER = r"""
import http.client, json, sys, threading, time
from collections import Counter
port, clients, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
requests = json.loads(sys.stdin.read())   # [[method, path, body or null], ...]
counts, lock = Counter(), threading.Lock()
deadline = time.monotonic() + seconds
def client(start):
    conn, i = None, start
    while time.monotonic() < deadline:
        method, path, body = requests[i % len(requests)]
        i += 1
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            headers = {"Accept-Encoding": "gzip, br"}
            if body is not None:
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            status = response.status
            if response.getheader("Connection", "").lower() == "close":
                conn.close(); conn = None
        except (OSError, http.client.HTTPException) as exc:
            status = type(exc).__name__
            if conn is not None:
                conn.close()
            conn = None
        with lock:
            counts[status] += 1
threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps({"statuses": {str(k): v for k, v in counts.items()}, "requests": sum(counts.values())}))
"""


def widest(db: Path) -> tuple[str, list[str]]:
    """The game with the most versions, and its versions oldest first."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT game, version FROM documents ORDER BY game, version_sort").fetchall()
    finally:
        conn.close()
    by_game: dict[str, list[str]] = {}
    for game, version in rows:
        by_game.setdefault(game, []).append(version)
    game = max(by_game, key=lambda g: len(by_game[g]))
    return game, by_game[game]


def rows(db: Path) -> dict[str, tuple[str, list[list]]]:
    """Row name -> (which server, the requests its attacker sends in turn)."""
    game, versions = widest(db)
    wide = {"game": game, "from": versions[0], "to": versions[-1]}
    pairs = [
        ["GET", "/api/diff?" + urlencode({"game": game, "from": a, "to": b}), None]
        for i, a in enumerate(versions)
        for b in versions[i + 1 :]
    ]
    import yaml

    scenario = json.dumps(yaml.safe_load(BAIT.read_text(encoding="utf-8")))
    return {
        "alone": ("", []),
        "diff": ("serve", [["GET", "/api/diff?" + urlencode(wide), None]]),
        "diff, every pair": ("serve", pairs[::-1]),
        "changes": ("serve", [["GET", "/changes?" + urlencode(wide), None]]),
        "verify": ("serve", [["POST", "/api/verify", scenario]]),
        "datasette SQL": ("datasette", [["GET", "/kb.json?" + urlencode({"sql": SLOW_SQL}), None]]),
    }


def searches(server: Server, qs: list[str], until: float, offset: int, at_least: int = 0) -> tuple[list[float], int]:
    """Searches one after another until ``until`` (and at least ``at_least``); (wall seconds of
    each, failures)."""
    took, failed, i = [], 0, offset
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    while time.monotonic() < until or len(took) < at_least:
        path = "/api/search?" + urlencode({"q": qs[i % len(qs)]})
        i += 1
        started = time.perf_counter()
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        took.append(time.perf_counter() - started)
        failed += not ok
        time.sleep(0.01)
    conn.close()
    return took, failed


def first_times(servers: dict[str, Server], table: dict) -> None:
    print("first request of each one-URL row (then kept per KB state, or refused past the slots):")
    for name, (which, requests) in table.items():
        if len(requests) != 1 or which == "datasette":
            continue
        method, path, body = requests[0]
        for attempt in ("first", "second"):
            conn = http.client.HTTPConnection("127.0.0.1", servers[which].port, timeout=300)
            started = time.perf_counter()
            conn.request(
                method,
                path,
                body=body,
                headers={"Accept-Encoding": "gzip, br", **({"Content-Type": "application/json"} if body else {})},
            )
            response = conn.getresponse()
            size = len(response.read())
            conn.close()
            print(
                f"  {name:<18} {attempt:<6} {response.status}  {time.perf_counter() - started:7.3f} s wall  "
                f"{size / 1024:8.1f} KiB sent"
            )


def first_searches(server: Server, qs: list[str]) -> None:
    """Each question searched once, before any row is measured; the slowest printed."""
    took, failed = [], 0
    for q in qs:
        one, bad = searches(server, [q], 0.0, 0, at_least=1)
        took += one
        failed += bad
    slowest = max(took) if took else 0.0
    print(f"first search of each of the {len(qs)} questions: slowest {slowest * 1000:.1f} ms, {failed} failed")


def run(db: Path, clients: int, seconds: float, rounds: int) -> int:
    table = rows(db)
    qs = queries()
    servers = {
        "serve": Server("rulebase serve", ["rulebase", "serve", "--db", str(db)], "/api/versions"),
        "datasette": None,
    }
    try:  # both start at once (their readiness times are not a figure of this benchmark)
        servers["datasette"] = Server("rulebase datasette", ["rulebase", "datasette", "--db", str(db)], "/kb.json")
        for server in servers.values():
            server.wait_ready()
        first_times(servers, table)
        first_searches(servers["serve"], qs)
        results = {
            name: {"took": [], "failed": 0, "statuses": Counter(), "requests": 0, "cpu": Counter(), "wall": 0.0}
            for name in table
        }
        for r in range(rounds):
            for name, (which, requests) in table.items():
                res = results[name]
                before = {k: time.clock_gettime(cpu_clock(s.proc.pid)) for k, s in servers.items()}
                started = time.monotonic()
                attacker = None
                if requests:
                    attacker = subprocess.Popen(
                        [sys.executable, "-c", ATTACKER, str(servers[which].port), str(clients), str(seconds)],
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        text=True,
                    )
                    attacker.stdin.write(json.dumps(requests))
                    attacker.stdin.close()
                    time.sleep(min(1.0, seconds / 5))  # let the flood start before measuring
                took, failed = searches(servers["serve"], qs, started + seconds, offset=r * 7)
                if attacker is not None:
                    out = json.loads(attacker.stdout.read())
                    attacker.wait()
                    res["statuses"].update(out["statuses"])
                    res["requests"] += out["requests"]
                res["wall"] += time.monotonic() - started
                for k, s in servers.items():
                    res["cpu"][k] += time.clock_gettime(cpu_clock(s.proc.pid)) - before[k]
                res["took"] += took
                res["failed"] += failed
        return report(results, clients, seconds, rounds)
    finally:
        for server in servers.values():
            if server is not None:
                server.stop()


def report(results: dict, clients: int, seconds: float, rounds: int) -> int:
    print(
        f"\nsearch while {clients} clients hammer each endpoint ({rounds} rounds x {seconds:.0f} s a row, "
        f"interleaved); p99 target {P99 * 1000:.0f} ms"
    )
    print(
        f"  {'row':<18} {'searches':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  {'':4}  "
        f"{'attacker req/s':>14}  statuses{'':22} {'serve CPU s':>11} {'datasette CPU s':>15} {'wall s':>7}"
    )
    bad = 0
    for name, res in results.items():
        took = res["took"]
        p50, p99 = percentile(took, 50), percentile(took, 99)
        unexpected = {s: n for s, n in res["statuses"].items() if not (s.isdigit() and int(s) in EXPECTED)}
        bad += res["failed"] + sum(unexpected.values())
        statuses = " ".join(f"{s}:{n}" for s, n in sorted(res["statuses"].items())) or "-"
        rate = res["requests"] / res["wall"] if res["wall"] else 0
        print(
            f"  {name:<18} {len(took):>8} {p50 * 1000:8.1f} {p99 * 1000:8.1f} {max(took) * 1000:8.1f}  "
            f"{'PASS' if p99 < P99 else 'MISS'}  {rate:14.1f}  {statuses:<30} {res['cpu']['serve']:11.2f} "
            f"{res['cpu']['datasette']:15.2f} {res['wall']:7.1f}"
        )
        if res["failed"]:
            print(f"    {res['failed']} searches failed")
        if unexpected:
            print(f"    unexpected attacker statuses: {unexpected}")
    base = percentile(results["alone"]["took"], 99)
    for name, res in results.items():
        if name != "alone":
            print(f"  p99 {name} / p99 alone: {percentile(res['took'], 99) / base:.2f}")
    return 1 if bad else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db",
        type=Path,
        default=Path("kb.sqlite"),
        help="KB to serve (default kb.sqlite, the KB of everything bundled)",
    )
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each row in each round")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if not args.db.is_file():
        sys.exit(f"bench: {args.db}: no KB there (run 'rulebase build' first)")
    sys.exit(run(args.db.resolve(), args.clients, args.seconds, args.rounds))


if __name__ == "__main__":
    main()
