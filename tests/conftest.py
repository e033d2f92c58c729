"""Shared fixtures: one real knowledge base built from the bundled sources per test session."""

from __future__ import annotations

import gc
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "sources"
CARDS_DIR = ROOT / "data" / "cards"
SCHEMA = ROOT / "kb" / "schema.sql"
#: the documents the ordinary tests build from: every KeyForge and Keeper of the Cards document and
#: a few Comprehensive Rules versions, so a build takes seconds (the whole CR history is built by the
#: tests marked ``slow``). Builds in this process and in ``rulebase`` subprocesses read it through
#: RULEBASE_MANIFEST, like a user pointing rulebase at another manifest.
SAMPLE_MANIFEST = Path(__file__).resolve().parent / "manifest-sample.toml"
if SAMPLE_MANIFEST.is_file():
    os.environ["RULEBASE_MANIFEST"] = str(SAMPLE_MANIFEST)
#: fewer documents still (tests/manifest-small.toml: three KeyForge editions and Keeper of the Cards,
#: no Comprehensive Rules), for the tests of what a build does whatever it builds (incremental and
#: byte-identical builds, thread ids kept, robustness): a build of it takes about half the CPU
SMALL_MANIFEST = Path(__file__).resolve().parent / "manifest-small.toml"
#: no page of the site may weigh this much
MAX_PAGE_BYTES = 1_000_000


def manifest_copy(folder: Path, extra: str = "", source: Path | None = None) -> Path:
    """The manifest the tests build from (or ``source``), copied into ``folder`` with absolute file
    paths and ``extra`` appended (more [[document]] tables)."""
    from kb.manifest import default_manifest

    source = source or default_manifest()
    text = re.sub(
        r'(?m)^file = "(.+)"$',
        lambda m: f'file = "{(source.parent / m.group(1)).resolve()}"',
        source.read_text(encoding="utf-8"),
    )
    path = Path(folder) / "manifest.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def cards_database() -> tuple[sqlite3.Connection, int]:
    """An in-memory KB with the schema applied and every card of data/cards loaded."""
    from kb.cards import load_cards

    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA.read_text(encoding="utf-8"))
    n = load_cards(conn, CARDS_DIR)
    conn.commit()
    return conn, n


#: markers that keep a test out of ``make test-fast`` (pyproject.toml says what each means)
KEPT_OUT_OF_THE_INNER_LOOP = ("slow", "cli", "browser", "serial")


def pytest_addoption(parser):
    parser.addoption(
        "--inner-loop",
        action="store_true",
        help="leave out the tests marked " + ", ".join(KEPT_OUT_OF_THE_INNER_LOOP) + " (make test-fast)",
    )


def pytest_configure(config):
    """``--inner-loop`` is ``-m "not slow and not cli ..."`` spelt once, here."""
    # A test process holds large heaps (parsed rulebooks, KB caches, search indexes) and makes
    # millions of small objects: at Python's default (a young collection every 700 allocations) the
    # cyclic collector took about 7% of the CPU of a run (measured: 106.5 and 103.3 s user against
    # 98.0 and 97.7 s on six modules, alternated). The product sets its own (rulebase/build.py).
    gc.set_threshold(50_000, 50, 100)
    if config.getoption("--inner-loop"):
        leave_out = " and ".join(f"not {mark}" for mark in KEPT_OUT_OF_THE_INNER_LOOP)
        config.option.markexpr = f"({config.option.markexpr}) and {leave_out}" if config.option.markexpr else leave_out


#: a test left in the inner loop that takes longer than this is named at the end of the run
INNER_LOOP_SECONDS = 1.0


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """A test that asks for the ``browser`` fixture (tests/test_browser.py) drives chromium: marked
    ``browser`` here, so that no browser test can be forgotten by ``make test-fast``.

    The module that reads the KB of everything bundled (``full_kb``: one module, tests/test_cr_full_kb.py,
    so that one process builds it) is put first: ``--dist loadfile --no-loadscope-reorder`` hands it
    to a worker at once (xdist's default reorder hands out the modules with most tests first: measured,
    the full build then started last and the run ended on it alone),
    and the full build runs while the other workers take the rest. (xdist's ``loadgroup`` would group
    modules by a mark, but under pytest 9 it hands out single tests: measured, a module's tests ran
    on both workers.)"""
    full = set()
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if "full_kb" in getattr(item, "fixturenames", ()):
            full.add(item.path)
    items.sort(key=lambda item: item.path not in full)  # stable: the order within each module stays


_unmarked_slow: list[tuple[float, str]] = []


def pytest_runtest_logreport(report):
    if report.when == "call" and report.duration > INNER_LOOP_SECONDS:
        if not any(mark in report.keywords for mark in KEPT_OUT_OF_THE_INNER_LOOP):
            _unmarked_slow.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter):
    """Name the tests that slow the inner loop down without a marker saying so (mark them ``slow``
    or ``cli``, or make them faster)."""
    if _unmarked_slow:
        terminalreporter.section("unmarked tests over %.0f s (mark them slow or cli)" % INNER_LOOP_SECONDS)
        for seconds, nodeid in sorted(_unmarked_slow, reverse=True):
            terminalreporter.write_line(f"{seconds:6.2f}s {nodeid}")


#: KBs the tests build, kept between test sessions while what they are built from is unchanged: a
#: build finds such a KB current and leaves it (rulebase/build_state.py), so a second session (or a
#: second worker of ``pytest -n 2``) only copies it. A fresh checkout, CI's, builds each once.
KB_CACHE = ROOT / ".test-kbs"


def cached_kb(name: str, manifest: Path | None = None, rulings: Path | None = None) -> Path:
    """The KB ``name`` of :data:`KB_CACHE`, built (or brought up to date) by the real ``build`` from
    ``manifest`` (default: the test manifest) and ``rulings`` (default: the project's); one session
    builds it while the others wait."""
    import fcntl

    from rulebase.build import build

    folder = KB_CACHE / name
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "kb.sqlite"
    with open(folder / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build(target, manifest, rulings=rulings)
    return target


@pytest.fixture(scope="session")
def built_kb(tmp_path_factory) -> Path:
    """A KB built by the real ``build`` from the test manifest (read-only: copy to mutate)."""
    path = tmp_path_factory.mktemp("kb") / "kb.sqlite"
    shutil.copyfile(cached_kb("sample"), path)
    return path


@pytest.fixture(scope="session")
def small_kb(tmp_path_factory) -> Path:
    """A KB built by the real ``build`` from :data:`SMALL_MANIFEST` (read-only: copy to mutate; a
    ``rulebase build`` over a copy must be given ``--manifest`` SMALL_MANIFEST, else it builds the
    sample's documents into it)."""
    path = tmp_path_factory.mktemp("small") / "kb.sqlite"
    shutil.copyfile(cached_kb("small", SMALL_MANIFEST), path)
    return path


@pytest.fixture
def small_manifest(monkeypatch) -> None:
    """Every build of the test, and every ``rulebase`` it starts, reads :data:`SMALL_MANIFEST` (as a
    user would set it): ``pytestmark = pytest.mark.usefixtures("small_manifest")``."""
    monkeypatch.setenv("RULEBASE_MANIFEST", str(SMALL_MANIFEST))


@pytest.fixture
def small_kb_copy(small_kb, tmp_path) -> Path:
    path = tmp_path / "kb.sqlite"
    shutil.copyfile(small_kb, path)
    return path


@pytest.fixture(scope="session")
def full_kb(tmp_path_factory) -> Path:
    """A KB of everything bundled (sources/manifest.toml: every CR version), read-only."""
    path = tmp_path_factory.mktemp("full") / "kb.sqlite"
    shutil.copyfile(cached_kb("full", SOURCES / "manifest.toml"), path)
    return path


@pytest.fixture
def kb_copy(built_kb, tmp_path) -> Path:
    path = tmp_path / "kb.sqlite"
    shutil.copyfile(built_kb, path)
    return path


@pytest.fixture(scope="module")
def kb_conn(built_kb):
    """A read-only connection to the session's KB, one per module: what replays read from the KB (the
    entry index, the rule sets) is kept per connection (engine.replay.kb_cache), so a connection per
    test read it again for each (test_engine_independent's 2,209 replays: 31 s with one per test,
    12 s with one per module). Read-only, and a test that sets something on a connection (a
    row_factory) opens its own."""
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    yield conn
    conn.close()


def sha(path: Path) -> str:
    """The SHA-256 of a file's bytes: a KB that must be left as it was is compared byte for byte."""
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def refused_line(proc: subprocess.CompletedProcess) -> str:
    """The one line of a clean refusal by the CLI: status 1, no traceback nor internal error."""
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the installed ``rulebase`` console script as a user would."""
    exe = Path(sys.executable).with_name("rulebase")
    return subprocess.run([str(exe), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


@pytest.fixture(scope="module")
def app(built_kb):
    """The site and API (``api.create_app``) on the session's KB."""
    from api import create_app

    return create_app(built_kb)


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def page(client, url: str, status: int = 200) -> str:
    """The HTML of a site page, after checking its status and that it is HTML."""
    response = client.get(url)
    assert response.status_code == status, f"{url}: {response.status_code}"
    assert response.mimetype == "text/html"
    return response.get_data(as_text=True)


@pytest.fixture(scope="session")
def base_url(built_kb):
    """The site as users run it: ``rulebase serve`` (waitress) on a free local port, one per test
    process (it serves the read-only test KB: no test can change what another sees)."""
    from test_browser import running  # the browser tests' module: only the tests that serve need it

    with running("serve", "--host", "127.0.0.1", "--port", "0", "--db", str(built_kb), what="rulebase serve") as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, headless, one per test process (each test opens a context of its own).
    Starting Playwright's driver and chromium cost 1-2 s on a quiet machine and 7 s on a loaded
    one (measured: 3.5 s for the driver, 3.2-4.0 s for a launch), once for each of the ten browser
    modules when it was one per module. Playwright's synchronous API keeps an event loop running in
    this thread while it is open, so a later module's coroutine is run by :func:`run_coroutine`, in a
    thread of its own, never by ``asyncio.run`` here."""
    from playwright.sync_api import sync_playwright  # heavy: only the browser tests need it

    from test_browser import ARTIFACTS, CHROMIUM, LAUNCH_ARGS

    if not CHROMIUM.exists():
        pytest.fail(
            f"no chromium at {CHROMIUM}: the browser tests need Debian's chromium (apt-get install chromium)",
            pytrace=False,
        )
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


def run_coroutine(make):
    """``asyncio.run(make())`` in a thread of its own, its result returned or its exception raised
    here: the ``browser`` fixture (one per process) keeps Playwright's event loop running in the
    main thread, where ``asyncio.run`` would fail."""
    import asyncio
    import threading

    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = asyncio.run(make())
        except BaseException as exc:  # re-raised in the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
