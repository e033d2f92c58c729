"""What every answer of the real server carries and how it answers odd requests: the security
headers on pages, errors, static files and JSON alike; ``OPTIONS`` as a 204 with ``Allow``; an
over-long query string as the app's 414 (JSON under /api) and a far too long one as waitress's short
431, never a traceback; a KB deleted or damaged while serving as a 503 that says so."""

from __future__ import annotations

import json
import os
import socket
import time

import pytest

from test_serve_hardening import http, serve

PAGE_CSP = "default-src 'self'"


def get(port: int, target: str, method: str = "GET", body: bytes = b"") -> tuple[int, dict, bytes, float]:
    head = (
        f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode("latin-1")
    return http(port, head + body, timeout=30)


@pytest.fixture(scope="module")
def port(built_kb):
    with serve(built_kb) as (bound, _):
        yield bound


@pytest.mark.parametrize(
    "method, target, status, kind",
    [
        ("GET", "/", 200, "text/html"),
        ("GET", "/no/such/page", 404, "text/html"),
        ("POST", "/versions", 405, "text/html"),
        ("GET", "/static/site.css", 200, "text/css"),
        ("GET", "/api/search?q=amber", 200, "application/json"),
        ("GET", "/api/no-such-endpoint", 404, "application/json"),
        ("GET", "/api/entries/0", 404, "application/json"),
        ("POST", "/api/verify", 400, "application/json"),
        ("GET", "/api/openapi.json", 200, "application/json"),
        ("GET", "/kotc/check", 200, "text/html"),
    ],
)
def test_every_answer_carries_the_security_headers(port, method, target, status, kind):
    got, headers, _, _ = get(port, target, method)
    assert got == status and headers["Content-Type"].startswith(kind)
    assert PAGE_CSP in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(
    "target, methods",
    [
        ("/api/search", {"GET", "HEAD", "OPTIONS"}),
        ("/api/verify", {"POST", "OPTIONS"}),
        ("/kotc/check", {"GET", "HEAD", "POST", "OPTIONS"}),
    ],
)
def test_options_is_a_204_with_allow(port, target, methods):
    status, headers, body, _ = get(port, target, "OPTIONS")
    assert status == 204 and body == b""
    assert {m.strip() for m in headers["Allow"].split(",")} == methods
    assert "text/html" not in headers.get("Content-Type", "")


def test_options_on_an_unknown_api_url_is_the_json_404(port):
    status, headers, body, _ = get(port, "/api/no-such-endpoint", "OPTIONS")
    assert status == 404 and "error" in json.loads(body)


def test_an_over_long_query_string_is_the_apps_414(port):
    status, headers, body, _ = get(port, "/api/search?q=" + "amber+" * 8000)  # 48 KB
    assert status == 414 and headers["Content-Type"].startswith("application/json")
    error = json.loads(body)["error"]
    assert "query string is too long" in error and "POST" in error
    status, headers, body, _ = get(port, "/?q=" + "amber+" * 8000)
    assert status == 414 and headers["Content-Type"].startswith("text/html")
    assert b"query string is too long" in body
    # a long query within the limit is still searched (or refused with a 400 naming the problem)
    status, _, body, _ = get(port, "/api/search?q=" + "amber+" * 2000)
    assert status in (200, 400) and json.loads(body)


def test_a_million_character_query_gets_a_short_answer_without_a_traceback(port):
    """Waitress must refuse this one itself: it reads the whole request line before the app sees
    any of it. It answers 431 once it has read its header limit and closes; the rest of what the
    client sends is never read, so the close may reach the client as a reset after the answer."""
    started = time.perf_counter()
    data = b""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            sock.sendall(b"GET /api/search?q=" + b"a" * 1_000_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
    assert data.startswith(b"HTTP/1.0 431 "), data[:200]
    assert time.perf_counter() - started < 5
    assert b"Traceback" not in data and len(data) < 1000


@pytest.mark.cli
def test_a_kb_deleted_or_damaged_while_serving_is_a_503(kb_copy):
    good = kb_copy.read_bytes()
    with serve(kb_copy) as (bound, _):
        assert get(bound, "/api/search?q=amber")[0] == 200
        os.remove(kb_copy)
        status, headers, body, _ = get(bound, "/api/search?q=amber")
        assert status == 503 and headers["Content-Type"].startswith("application/json")
        assert json.loads(body)["error"].startswith("the knowledge base is unavailable: ")
        status, headers, body, _ = get(bound, "/entries/1")
        assert status == 503 and headers["Content-Type"].startswith("text/html")
        assert b"knowledge base is unavailable" in body and b"Traceback" not in body
        kb_copy.write_bytes(b"\0" * 100 + good[100:])  # the header overwritten: no longer a database
        status, _, body, _ = get(bound, "/api/versions")
        assert status == 503 and "not a database" in json.loads(body)["error"]
        status, _, body, _ = get(bound, "/?q=amber")
        assert status == 503 and b"not a database" in body
        kb_copy.write_bytes(good[: len(good) // 2] + b"\xff" * (len(good) - len(good) // 2))  # damaged inside
        status, _, body, _ = get(bound, "/api/versions")
        assert status == 503 and "malformed" in json.loads(body)["error"]
        kb_copy.write_bytes(good)  # put back: the site answers again
        assert get(bound, "/api/search?q=amber")[0] == 200
