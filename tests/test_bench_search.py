"""The search benchmark runs on a KB it is given and prints what it promises: both servers' p50 (wall
and CPU, measured interleaved), their ratios and the servers' memory, every query answered by both.
The figures themselves are for the full KB (see bench/search.py); here the test KB keeps it short."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_prints_both_p50s_the_ratios_and_memory(built_kb):
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "search.py"), "--db", str(built_kb),
                           "--rounds", "2", "--clients", "0"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for label in ("rulebase /api/search (HTTP, wall)", "Datasette lean _search (HTTP, wall)",
                  "rulebase server CPU per request", "Datasette server CPU per request"):
        assert re.search(re.escape(label) + r"\s+p50\s+[\d.]+ ms", out), label
    assert re.search(r"ratio rulebase/Datasette wall: p50 [\d.]+", out)
    assert re.search(r"ratio rulebase/Datasette CPU : p50 [\d.]+", out)
    assert re.search(r"rulebase server memory: RSS \d+ MiB \(peak \d+ MiB\)", out)
    found = re.search(r"queries with at least one result: rulebase (\d+)/(\d+), Datasette (\d+)/(\d+)", out)
    assert found and found.group(1) == found.group(2) == found.group(4)
