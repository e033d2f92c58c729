"""Commands that start at once: each imports what it needs, and ``rulebase serve`` says what it
waited for when it was slow to be ready."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulebase.cli_serve import Stages

#: modules a command that neither serves, builds, searches nor replays must not import
#: (the engine's errors are not: a command's one-line refusal names them)
HEAVY = (
    "flask",
    "waitress",
    "jsonschema",
    "api",
    "engine.rules",
    "engine.replay",
    "engine.compile",
    "engine.library",
    "rulebase.build",
    "rulebase.rulings",
    "kb.search",
)

_PROBE = """
import sys
from rulebase.cli import cli
try:
    cli.main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
heavy = {heavy!r}
print("imported:", *sorted(m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in heavy)))
"""


def _imported(*args: str, heavy: tuple[str, ...] = HEAVY) -> set[str]:
    """The modules of ``heavy`` that ``rulebase ARGS`` imported."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE.format(heavy=heavy), *args], capture_output=True, text=True, check=True
    )
    line = next(line for line in out.stdout.splitlines() if line.startswith("imported:"))
    return set(line.split()[1:])


@pytest.mark.cli
def test_help_imports_no_server_no_engine_no_pipeline():
    """``rulebase --help`` (and a command's --help) lists the commands without importing the web
    app, the rules engine, the build pipeline or the search (they made --help take 0.9 s)."""
    assert _imported("--help") == set()
    assert _imported("verify", "--help") == set()
    assert _imported("serve", "--help") == set()


@pytest.mark.cli
def test_search_imports_no_server_and_no_engine(kb_copy):
    found = _imported("search", "elusive", "--db", str(kb_copy))
    assert "kb.search" in found  # it did search
    assert not {m for m in found if m.split(".")[0] in ("flask", "waitress", "api") or m.startswith("engine.")}


@pytest.mark.cli
def test_history_and_diff_import_no_server_no_engine(kb_copy):
    """``rulebase history`` and ``rulebase diff`` read the KB and compare its versions: neither the
    web app, the rules engine, the build pipeline nor the search, computed or kept
    (kb.changes_cache); kept, not even the comparison machinery (its imports alone take most of the
    100 ms a kept history is allowed)."""
    ask = ("history", "glossary/armor", "--db", str(kb_copy))
    comparing = ("kb.history", "kb.changelog", "kb.meaning", "rapidfuzz")
    computed = _imported(*ask, heavy=HEAVY + comparing)
    assert set(comparing) <= computed  # it did compare the versions
    assert not {m for m in computed if not m.startswith(comparing)}
    assert _imported(*ask, heavy=HEAVY + comparing) == set()  # kept: read back
    assert _imported("diff", "--from", "1.3", "--to", "16.0", "--db", str(kb_copy)) == set()


def test_the_server_starts_without_the_engine(kb_copy):
    """The site's app, as ``rulebase serve`` makes it, imports none of the rules engine nor
    jsonschema: the replays and the board builder run in the verify workers (api.verify_run,
    api.play_run), which import the engine themselves, and a posted body's first check imports
    jsonschema; the server paid for both at every start (a third of its CPU until ready)."""
    probe = (
        "import sys; from api import create_app, workers; from kb.fuzzy import index_for; "
        f"create_app({str(kb_copy)!r}); "
        "print(*sorted(m for m in sys.modules if m.startswith(('engine.', 'jsonschema'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out and set(out) <= {"engine.core", "engine.core.errors"}, out


def test_a_slow_start_names_the_stage_it_waited_for():
    stages = Stages(0.0)
    stages.took = {"Python and the command line to start": 0.2, "the search index": 0.3}
    assert stages.waited_for(0.9) == ""  # quick: nothing to say
    stages.took["the verify workers to start and read the KB"] = 2.5
    assert stages.waited_for(3.0) == "; waited for the verify workers to start and read the KB (2.5 s of 3.0 s)"
