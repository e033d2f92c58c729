"""`rulebase datasette`: where its links go. A foreign key shows the label of the row it references
on row pages as on table pages, and rows link to the rulebase site at the address ``rulebase
serve`` listens on (one setting for both commands). Real KB, Datasette's own test client, and real
processes for the commands.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from api.datasette import DB_NAME, datasette_row_url
from test_datasette import SITE, conn, ds, fetch, get_json  # noqa: F401 - the fixtures


def _pk_columns(conn, table: str) -> list[str]:
    cols = sorted((r[5], r[1]) for r in conn.execute(f'PRAGMA table_info("{table}")') if r[5])
    return [c for _, c in cols] or ["rowid"]


def _cell(html_text: str, column: str) -> str:
    """The first cell of ``column`` in a Datasette table or row page, as HTML."""
    m = re.search(rf'<td class="col-{column} [^"]*">(.*?)</td>', html_text, re.S)
    assert m, f"no {column} cell"
    return m.group(1)


@pytest.mark.slow
def test_every_foreign_key_shows_its_label_on_row_and_table_pages(ds, conn):
    """A row's document is "KeyForge Master Rulebook 16.0 (Ghost Galaxy)", not 4: every foreign key
    of the schema shows the label of the row it references (the label column Datasette is given for
    that table), on the row's own page as on the table page, and links to that row."""
    import html

    tables = get_json(ds, "/-/metadata.json")["databases"][DB_NAME]["tables"]
    checked = []
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
        for fk in conn.execute(f'PRAGMA foreign_key_list("{table}")').fetchall():
            other, column, other_col = fk["table"], fk["from"], fk["to"]
            label_col = tables[other].get("label_column")
            assert label_col, f"{table}.{column} references {other}, which has no label column"
            pks = _pk_columns(conn, table)
            row = conn.execute(
                f'SELECT {", ".join(f"t.{p}" for p in pks)}, t."{column}" AS value, o."{label_col}" AS label '
                f'FROM "{table}" t JOIN "{other}" o ON o."{other_col}" = t."{column}" '
                f"WHERE coalesce(o.\"{label_col}\", '') != '' LIMIT 1"
            ).fetchone()
            if row is None:
                continue
            value, label = row["value"], row["label"]
            pk = [row[i] for i in range(len(pks))]
            row_path = urlsplit(datasette_row_url("http://x", table, pk)).path
            (row_page, table_page) = fetch(ds, row_path, f"/{DB_NAME}/{table}?" + urlencode({column: value}))
            pages = [("row page", row_page), ("table page", table_page)]
            if pks == [column]:  # a table page links a row's own key to the row (whose page labels it)
                pages.pop()
            for where, r in pages:
                cell = _cell(r.text, column)
                assert label in html.unescape(re.sub(r"<[^>]+>", "", cell)), f"{table}.{column} on the {where}: {cell}"
                href = urlsplit(datasette_row_url("http://x", other, value)).path
                assert f'href="{href}"' in cell, f"{table}.{column} on the {where}: {cell}"
            checked.append(f"{table}.{column}")
    assert {"entries.document", "card_errata.card", "entry_threads.thread", "documents.game"} <= set(checked)


def _start(args: list[str], env: dict) -> tuple[subprocess.Popen, queue.Queue]:
    """A ``rulebase`` server started with ``args``; its lines come in on the queue (None: ended)."""
    exe = Path(sys.executable).with_name("rulebase")
    proc = subprocess.Popen(
        [str(exe), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**env, "PYTHONUNBUFFERED": "1"},
    )
    out: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [out.put(line) for line in proc.stdout] + [out.put(None)], daemon=True).start()
    return proc, out


def _ready(args: list[str], proc: subprocess.Popen, out: queue.Queue, timeout: float = 120) -> list[str]:
    """The lines ``proc`` (started with ``args`` by :func:`_start`) printed until it was ready (serve)
    or said where its rows link to (datasette). Killed if that never comes."""
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    try:
        while (line := out.get(timeout=max(0.1, deadline - time.monotonic()))) is not None:
            lines.append(line)
            if args[0] == "serve" and line.startswith("ready") or args[0] == "datasette" and "link to" in line:
                return lines
    except queue.Empty:
        pass
    proc.kill()
    proc.wait(timeout=10)
    raise AssertionError(f"rulebase {args[0]} did not start as expected: {lines}")


def _started(*commands: tuple[list[str], dict]) -> list[tuple[subprocess.Popen, list[str]]]:
    """``rulebase`` servers, one per (args, env) of ``commands``, all started at once and each
    waited for as :func:`_ready` says: [(process, lines printed so far)]. At once, not one after the
    other: a start-up imports Datasette or the engine for seconds (measured: the six starts of
    test_rows_link_to_the_site_where_serve_listens one after the other took 45 s on a loaded 2-core
    machine)."""
    started = [(args, *_start(args, env)) for args, env in commands]
    try:
        return [(proc, _ready(args, proc, out)) for args, proc, out in started]
    except BaseException:
        for _, proc, _ in started:
            proc.kill()
            proc.wait(timeout=10)
        raise


def _wait_for(url: str) -> str:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                return r.read().decode()
        except OSError:
            assert time.monotonic() < deadline, f"{url} did not answer"
            time.sleep(0.3)


@pytest.mark.cli
def test_rows_link_to_the_site_where_serve_listens(built_kb):
    """The site's address is one setting for both commands: ``rulebase serve`` listens where
    RULEBASE_HOST/RULEBASE_PORT (or its --host/--port) say, and ``rulebase datasette`` links rows
    there (its --site-host/--site-port read the same variables, with serve's defaults); the link
    opens the entry on the running site."""
    import socket

    from rulebase.cli_serve import serve

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("RULEBASE_HOST", "RULEBASE_PORT")}
    site_env = {**env, "RULEBASE_PORT": str(port)}
    started = _started(
        (["serve", "--db", str(built_kb)], site_env), (["datasette", "--port", "0", "--db", str(built_kb)], site_env)
    )
    (_, site_lines), (_, browse_lines) = started
    try:
        assert f"http://127.0.0.1:{port}/" in "".join(site_lines)
        root = re.search(r"at (http://\S+/)", browse_lines[0]).group(1)
        html = _wait_for(root + f"{DB_NAME}/entries?_size=3")
        links = re.findall(r'class="site-link" href="([^"]+)"', html)
        assert links and all(link.startswith(f"http://127.0.0.1:{port}/entries/") for link in links), links
        assert "<h1" in _wait_for(links[0])  # the entry's page on the running site
    finally:
        for proc, _ in started:
            proc.kill()
            proc.wait(timeout=10)
    # no setting: serve's defaults; the options, and a wildcard address reached on the loopback one
    defaults = {p.name: p.default for p in serve.params}
    cases = (
        ([], f"http://{defaults['host']}:{defaults['port']}/"),
        (["--site-port", str(port)], f"http://127.0.0.1:{port}/"),
        (["--site-host", "0.0.0.0", "--site-port", str(port)], f"http://127.0.0.1:{port}/"),
        (["--site-url", SITE], f"{SITE}/"),
    )
    started = _started(*((["datasette", "--port", "0", "--db", str(built_kb), *args], env) for args, _ in cases))
    for proc, _ in started:
        proc.kill()
        proc.wait(timeout=10)
    for (args, expected), (_, lines) in zip(cases, started):
        assert lines[1].strip() == f"rows link to the rulebase site at {expected}", (args, lines)


@pytest.mark.cli
def test_a_site_port_that_is_not_known_is_one_line(built_kb):
    """``serve --port 0`` picks a free port, which ``datasette`` cannot know: one line says so. The
    four commands run at once (one after the other: 5.2 s of the loaded machine's time)."""
    from concurrent.futures import ThreadPoolExecutor

    from conftest import run_cli

    cases = (
        (["--site-port", "0"], None),
        ([], {**os.environ, "RULEBASE_PORT": "0"}),
        ([], {**os.environ, "RULEBASE_PORT": "eighty"}),
        (["--site-host", "a b"], None),
    )
    with ThreadPoolExecutor(len(cases)) as pool:
        done = list(
            pool.map(
                lambda case: run_cli("datasette", "--port", "0", "--db", str(built_kb), *case[0], env=case[1]), cases
            )
        )
    for (args, _), r in zip(cases, done):
        assert r.returncode != 0 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, (args, r.stderr)
        assert "site" in r.stderr, r.stderr
