"""``rulebase serve`` as a user runs it: a real waitress process on a free port, requests over
HTTP, a KB built first when the file is missing, and a one-line error for a file that is no KB."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from queue import Empty, Queue

import pytest

from conftest import SMALL_MANIFEST, run_cli

RULEBASE = Path(sys.executable).with_name("rulebase")
URL = re.compile(r"at (http://\S+/)")


@contextmanager
def serving(db: Path, timeout: float = 120.0):
    """Start ``rulebase serve --port 0`` and yield (base URL, lines printed before it); the server
    is stopped at the end whatever happens."""
    proc = subprocess.Popen(
        [str(RULEBASE), "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: Queue = Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    seen: list[str] = []
    try:
        while True:
            try:
                line = lines.get(timeout=timeout)
            except Empty:
                raise AssertionError(f"no URL printed within {timeout} s: {seen}") from None
            seen.append(line)
            match = URL.search(line)
            if match:
                break
            assert proc.poll() is None, f"serve exited: {seen}"
        yield match.group(1), seen
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def get_json(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def raw_request(base: str, target: bytes) -> tuple[int, bytes]:
    """Send a request line byte for byte (no client library would send invalid UTF-8)."""
    host, port = re.match(r"http://([^:/]+):(\d+)/", base).groups()
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.mark.cli
def test_serve_answers_the_api_over_http(kb_copy, kb_conn):
    with serving(kb_copy) as (base, _):
        status, body = get_json(base + "api/versions")
        assert status == 200
        served = {(g["game"], v["version"]) for g in body["games"] for v in g["versions"]}
        assert served == set(kb_conn.execute("SELECT game, version FROM documents").fetchall())
        status, body = get_json(base + "api/search?q=elusive+first+attack")
        assert status == 200 and body["results"]
        status, body = get_json(base + "api/entries/0")
        assert status == 404 and body["error"]
        status, _ = raw_request(base, b"/api/search?q=\xff\xfe")
        assert status == 400  # raw bytes in the request line: waitress refuses the URI itself
        status, body = raw_request(base, b"/api/search?q=%FF%FE")
        assert status == 400 and "UTF-8" in json.loads(body)["error"]
        status, body = raw_request(base, b"/api/entries/%FF%FE")
        assert status == 400 and "UTF-8" in json.loads(body)["error"]


@pytest.mark.cli
def test_serve_builds_a_missing_kb_first(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBASE_MANIFEST", str(SMALL_MANIFEST))  # any manifest: the small one builds soonest
    db = tmp_path / "fresh" / "kb.sqlite"
    db.parent.mkdir()
    with serving(db) as (base, printed):
        assert any("building" in line for line in printed), printed
        assert db.is_file()
        status, body = get_json(base + "api/search?q=bait+and+switch")
        assert status == 200 and body["total"] > 0


def test_serve_refuses_a_file_that_is_no_kb(tmp_path):
    bogus = tmp_path / "notes.sqlite"
    bogus.write_text("just some notes\n", encoding="utf-8")
    result = run_cli("serve", "--port", "0", "--db", str(bogus))
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "not a rulebase knowledge base" in lines[0]
    assert "http://" not in result.stdout
