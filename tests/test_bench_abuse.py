"""The abuse benchmark against real servers on the test KB: searches alone and while 20 clients
hammer each expensive endpoint (a changelog, every changelog, the changelog page, verify, Datasette's
own SQL), interleaved. The issue's figures are for the full bundled KB (``python bench/abuse.py``);
here each row is short, and what must hold holds on any KB: search p99 under 100 ms in every row,
and no answer to the attackers other than 200, 304, 400 (a query stopped by its time limit) or 429."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.serial  # measures time under load: run alone (make test)

ROOT = Path(__file__).resolve().parent.parent
#: the length of a row: 1 s for the flood to start, then 4 s of searches. Not shorter: the datasette
#: SQL row gets some 65 searches in 3.2 s (4 s rows) on a loaded 2-core machine, too near the 50 a row
#: must have, and its p99 then rests on its two slowest searches (measured: 4 s rows failed once so)
SECONDS = "5"
ROWS = ("alone", "diff", "diff, every pair", "changes", "verify", "datasette SQL")


def test_search_p99_stays_under_100_ms_while_each_expensive_endpoint_is_hammered(built_kb):
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "abuse.py"),
            "--db",
            str(built_kb),
            "--clients",
            "20",
            "--seconds",
            SECONDS,
            "--rounds",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    print(done.stdout)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]  # 1: a failed search or an error
    rows = {}
    for name in ROWS:
        found = re.search(
            rf"^  {re.escape(name)}\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(PASS|MISS)\s+([\d.]+)\s+(\S+)",
            done.stdout,
            re.M,
        )
        assert found, (name, done.stdout)
        rows[name] = found
    for name, found in rows.items():
        searches, p99, verdict, statuses = int(found.group(1)), float(found.group(3)), found.group(5), found.group(7)
        assert searches >= 50, (name, searches)
        assert p99 < 100 and verdict == "PASS", f"{name}: search p99 {p99} ms"
        if name != "alone":
            assert statuses != "-", f"{name}: the attacker got no answer"
            answered = dict(item.split(":") for item in statuses.split())
            assert set(answered) <= {"200", "304", "400", "429"}, (name, answered)
