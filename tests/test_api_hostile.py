"""Hostile input for every endpoint of the JSON API: FTS5 syntax, unbalanced quotes, NEAR, *,
SQL fragments, 10,000-character strings, empty and whitespace-only values, control characters,
and URLs that are not valid UTF-8 (raw bytes put straight into the WSGI environ).

Every answer must be a 2xx (searched as text) or a JSON 4xx with a readable message: never a 5xx,
never an HTML page."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app


HOSTILE = [
    '"',
    "'",
    '"unbalanced',
    "unbalanced'",
    "((",
    ")",
    "NEAR",
    "NEAR(amber creature, 2)",
    "amber NEAR/3 key",
    "*",
    "am*",
    "^amber",
    "title:amber",
    "{title body}:amber",
    "amber AND OR NOT",
    "- amber",
    "+",
    "'; DROP TABLE entries; --",
    "1 OR 1=1",
    '" OR ""="',
    "x' UNION SELECT sql FROM sqlite_master --",
    "%",
    "%%",
    "_",
    "\\",
    "NULL",
    "-1",
    "0",
    "99999999999999999999999",
    "9" * 5000,
    "1e999",
    "NaN",
    "a" * 10_000,
    "amber " * 2_000,
    "",
    " ",
    "\t \n ",
    "\x00",
    "amber\x00creature",
    "\x01\x02\x1b[31m",
    "\x7f",
    "\u202eamber",
    "\ufeff",
    "🂡 Æmber",
    "<script>alert(1)</script>",
    "../../etc/passwd",
]
INVALID_UTF8 = ["%FF%FE", "%C0%AF", "%ED%A0%80", "a%80b", "%F4%90%80%80"]
SEARCH_PARAMS = ["q", "game", "version", "kind", "category", "all", "limit", "offset"]


def assert_handled(response) -> None:
    """No 5xx; a JSON body; a 4xx says why in one non-empty message."""
    status = response.status_code
    assert status < 500, response.get_data(as_text=True)[:300]
    assert response.is_json, response.get_data(as_text=True)[:300]
    body = response.get_json()
    if status >= 400:
        assert set(body) == {"error"} and body["error"].strip()


def q(value: str) -> str:
    return quote(value, safe="")


@pytest.mark.parametrize("param", SEARCH_PARAMS)
def test_search_parameters(client, param):
    for value in HOSTILE:
        extra = "" if param == "q" else "&q=amber"
        assert_handled(client.get(f"/api/search?{param}={q(value)}{extra}"))


def test_search_queries_are_searched_as_text(client):
    """FTS5 syntax in q is text: never an FTS syntax error; the words in it still find entries."""
    for value in ('"amber', "amber*", "NEAR(amber key)", "amber) OR (key", "title:amber", "amber'; --"):
        response = client.get(f"/api/search?q={q(value)}")
        assert response.status_code == 200 and response.get_json()["total"] > 0, value


def test_unknown_parameter_names(client):
    for value in HOSTILE[:20]:
        for url in ("/api/search?q=amber&", "/api/cards?name=anger&", "/api/versions?", "/api/entries/1?"):
            assert_handled(client.get(f"{url}{q(value) or 'x'}=1"))


def test_entry_ids(client):
    for value in HOSTILE:
        assert_handled(client.get(f"/api/entries/{q(value)}"))


@pytest.mark.slow
def test_card_paths_and_names(client):
    for value in HOSTILE:
        assert_handled(client.get(f"/api/cards/{q(value)}/001"))
        assert_handled(client.get(f"/api/cards/CotA/{q(value)}"))
        assert_handled(client.get(f"/api/cards?name={q(value)}"))
        assert_handled(client.get(f"/api/cards?name=anger&limit={q(value)}"))


def test_ruling_ids_and_versions(client):
    for value in HOSTILE:
        assert_handled(client.post(f"/api/rulings/{q(value)}/verify"))
        assert_handled(client.post(f"/api/rulings/bait-and-switch-14-amber/verify?version={q(value)}"))


def _scenario(**changes) -> dict:
    scenario = {
        "id": "hostile",
        "setup": {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"hand": ["Bait and Switch"]},
            "player2": {"amber": 3},
        },
        "actions": [{"play": "Bait and Switch"}],
        "expect": {"1.1": {"player1.amber": 2}},
    }
    scenario.update(changes)
    return scenario


@pytest.mark.slow
def test_posted_scenarios(client):
    for value in HOSTILE:
        for body in (value.encode("utf-8", "surrogatepass"), json.dumps(value).encode()):
            assert_handled(client.post("/api/verify", data=body, content_type="application/json"))
        variants = [
            _scenario(id=value or "x"),
            _scenario(entries=[value]),
            _scenario(game=value),
            _scenario(expect={value[:32] or "x": {"player1.amber": 2}}),
            _scenario(expect={"1.1": {value or "x": 1}}),
            _scenario(actions=[{"play": value}]),
            _scenario(actions=[{"fight": {"attacker": value, "target": value}}]),
            _scenario(actions=[{"play": "Bait and Switch"}, {"choose": [value]}]),
            _scenario(setup={"player1": {"hand": [value]}}),
            _scenario(setup={"turn": {"house": value}, "player1": {"battleline": [{"card": "Troll", "id": value}]}}),
        ]
        for scenario in variants:
            assert_handled(client.post("/api/verify", json=scenario))
        assert_handled(client.post(f"/api/verify?version={q(value)}", json=_scenario()))


def test_posted_scenarios_the_engine_may_not_model(client):
    """Odd but well-formed boards: cards in zones they cannot be in, upgrades on artifacts."""
    odd = [
        {"player1": {"battleline": ["Bait and Switch"], "hand": ["Bait and Switch"]}},
        {"player1": {"artifacts": [{"card": "Troll", "upgrades": ["Troll"]}], "hand": ["Bait and Switch"]}},
        {"player1": {"hand": ["Bait and Switch"], "deck": [{"card": "Troll", "beneath": ["Anger"]}]}},
    ]
    for setup in odd:
        scenario = _scenario(
            setup={"turn": {"active": "player1", "house": "shadows"}, **setup},
            actions=[{"play": "Bait and Switch"}, {"reap": "Troll"}, {"end_turn": True}],
        )
        assert_handled(client.post("/api/verify", json=scenario))


def _raw(app, path: str, query: str = "", method: str = "GET"):
    """Request with PATH_INFO and QUERY_STRING set byte for byte, as a server passes them on (a
    WSGI string holds the raw bytes as latin-1 characters)."""
    environ = EnvironBuilder(path="/", method=method).get_environ()
    environ["PATH_INFO"] = path
    environ["QUERY_STRING"] = query
    app_iter, status, headers = run_wsgi_app(app, environ, buffered=True)
    body = b"".join(app_iter)
    return int(status.split()[0]), dict(headers), body


def _assert_raw_400(status: int, headers: dict, body: bytes) -> None:
    assert status == 400, body[:200]
    assert headers["Content-Type"].startswith("application/json")
    assert "UTF-8" in json.loads(body)["error"]


def test_invalid_utf8_in_query_strings(app):
    for bad in INVALID_UTF8:
        for path, param in (
            ("/api/search", "q"),
            ("/api/search", "game"),
            ("/api/cards", "name"),
            ("/api/versions", "x"),
            ("/api/entries/1", "x"),
        ):
            _assert_raw_400(*_raw(app, path, f"{param}={bad}"))
        _assert_raw_400(*_raw(app, "/api/verify", f"version={bad}", method="POST"))
    raw_bytes = "q=\xff\xfe amber"  # not even percent-encoded
    _assert_raw_400(*_raw(app, "/api/search", raw_bytes))


def test_invalid_utf8_in_paths(app):
    raw = "\xff\xfe"  # the bytes FF FE, as the server decodes them into PATH_INFO
    for path in (f"/api/entries/{raw}", f"/api/cards/{raw}/001", f"/api/cards/CotA/{raw}"):
        _assert_raw_400(*_raw(app, path))
    _assert_raw_400(*_raw(app, f"/api/rulings/{raw}/verify", method="POST"))
    status, headers, body = _raw(app, f"/api/{raw}")  # no such endpoint: still a JSON 4xx
    assert status == 404 and json.loads(body)["error"]
