"""The search benchmark runs on a KB it is given and prints what it promises: each server's p50 and
p99 (wall and CPU, measured interleaved), a ratio per pair saying what it compares, the in-process
comparison with raw FTS5 bm25 over the same rows, and the servers' memory, every query answered by
the servers doing equal work. The figures themselves are for the full KB (see bench/search.py);
here the test KB keeps it short."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

#: not serial: it checks what the bench prints, never its figures (no p99, no deadline: the bench
#: waits up to 300 s for a server), so it runs beside the other tests; 14 s of the serial phase on a
#: quiet machine (25 s on a loaded one), which runs only what measures time under load
pytestmark = [pytest.mark.slow, pytest.mark.cli]

ROOT = Path(__file__).resolve().parent.parent
NUMBER = r"[\d.]+"


def test_bench_prints_each_server_the_ratios_per_pair_and_memory(built_kb):
    done = subprocess.run(
        # one recorded round (30 queries: every percentile and ratio has its samples) and the servers
        # started at once: what is checked here is what the bench prints, not its figures
        [
            sys.executable,
            str(ROOT / "bench" / "search.py"),
            "--db",
            str(built_kb),
            "--rounds",
            "1",
            "--clients",
            "0",
            "--start-together",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for label in ("rulebase /api/search", "rulebase datasette lean _search", "datasette serve lean _search"):
        assert re.search(re.escape(label) + rf"\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+\d+", out), label
    for pair in (
        "rulebase /api/search vs datasette serve lean _search",
        "rulebase /api/search vs rulebase datasette lean _search",
    ):
        for what in ("p50 wall", "p50 CPU"):
            assert re.search(re.escape(f"{pair}, {what}") + rf"\s*:\s+{NUMBER}", out), (pair, what)
    assert re.search(rf"search\(\) / raw bm25 over the versions searched \(equal scope\), p50 wall:\s+{NUMBER}", out)
    for server in ("rulebase serve", "rulebase datasette", "datasette serve"):
        assert re.search(re.escape(server) + r"\s+memory after the run: RSS\s+\d+ MiB \(peak\s+\d+ MiB\)", out)
    found = re.search(
        r"queries with at least one result \(warm-up round\): rulebase /api/search (\d+)/(\d+), "
        r"rulebase datasette lean _search (\d+)/\d+, datasette serve lean _search (\d+)/\d+",
        out,
    )
    assert found and found.group(1) == found.group(2) and found.group(3) == found.group(4)
