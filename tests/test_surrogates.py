"""Lone UTF-16 surrogates: ``"\\ud800"`` is valid JSON but no character, and once it reached SQLite
the verify endpoint crashed with a 500 (UnicodeEncodeError). Wherever a JSON body or a query
parameter is read, a string holding one is refused with a 400 whose one line says so; a proper
surrogate pair (an emoji written as two escapes) is still a character and still accepted."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from test_serve_hardening import http, serve

ROOT = Path(__file__).resolve().parent.parent
BAIT = yaml.safe_load((ROOT / "rulings" / "keyforge" / "bait-and-switch-14-amber.yaml").read_text(encoding="utf-8"))
KOTC = yaml.safe_load(
    (ROOT / "rulings" / "kotc" / "a-total-of-10-damage-one-target-6-defense.yaml").read_text(encoding="utf-8")
)

#: text with at least one lone surrogate in it (hypothesis' text() itself never holds one)
lone = st.builds(
    lambda before, s, after: before + s + after,
    st.text(max_size=8),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    st.text(max_size=8),
)


def _set(path: tuple, key_too: bool = False):
    """Put the text at ``path`` of the scenario (as the key of a new entry there when ``key_too``)."""

    def put(scenario: dict, text: str) -> None:
        node = scenario
        for step in path[:-1]:
            node = node[step]
        if key_too:
            node[path[-1]][text] = 1
        else:
            node[path[-1]] = text

    return put


KEYFORGE_FIELDS = {
    "hand card": _set(("setup", "player1", "hand", 0)),
    "token": _set(("setup", "player2", "token")),
    "house": _set(("setup", "turn", "house")),
    "played card": _set(("actions", 0, "play")),
    "id": _set(("id",)),
    "title": _set(("title",)),
    "note": _set(("note",)),
    "entry": _set(("entries", 0)),
    "check key": _set(("expect", "1.1"), key_too=True),
    "version key": _set(("expect",), key_too=True),
    "unknown field name": _set(("setup",), key_too=True),
}
KOTC_FIELDS = {
    "creature card": _set(("setup", "player2", "creatures", 0, "card")),
    "among": _set(("actions", 0, "total", "among", 0)),
    "check key": _set(("expect", "11"), key_too=True),
}


def _refused(response) -> str:
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    error = response.get_json()["error"]
    assert "surrogate" in error and "\n" not in error
    return error


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(sorted(KEYFORGE_FIELDS)), text=lone)
def test_a_lone_surrogate_anywhere_in_a_keyforge_scenario_is_a_400(client, field, text):
    scenario = copy.deepcopy(BAIT)
    KEYFORGE_FIELDS[field](scenario, text)
    # json.dumps writes a lone surrogate as its \u escape, as a client library would
    _refused(client.post("/api/verify", data=json.dumps(scenario), content_type="application/json"))


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(sorted(KOTC_FIELDS)), text=lone)
def test_a_lone_surrogate_in_a_kotc_scenario_or_card_text_is_a_400(client, field, text):
    scenario = copy.deepcopy(KOTC)
    KOTC_FIELDS[field](scenario, text)
    _refused(client.post("/api/verify", data=json.dumps(scenario), content_type="application/json"))
    _refused(
        client.post(
            "/api/kotc/check", data=json.dumps({"text": "Draw 2 cards. " + text}), content_type="application/json"
        )
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(["q", "game", "version", "kind", "category"]),
    code=st.integers(min_value=0xD800, max_value=0xDFFF),
)
def test_a_surrogate_in_a_query_parameter_is_a_400_or_searched_never_a_500(client, name, code):
    # a surrogate percent-encoded as UTF-8 would be (CESU-8): not valid UTF-8, so not a character
    encoded = "".join(f"%{b:02X}" for b in chr(code).encode("utf-8", "surrogatepass"))
    response = client.get(f"/api/search?q=amber&{name}={encoded}" if name != "q" else f"/api/search?q={encoded}")
    assert response.status_code == 400 and "UTF-8" in response.get_json()["error"]
    assert client.get(f"/?q={encoded}").status_code in (200, 400)  # the page: searched as text


def test_a_surrogate_pair_is_a_character_and_accepted(client):
    scenario = copy.deepcopy(BAIT)
    scenario["note"] = "\U0001f0a1 drawn"  # written by json.dumps as "\ud83c\udca1"
    assert "\\ud83c\\udca1" in json.dumps(scenario)
    response = client.post("/api/verify", data=json.dumps(scenario), content_type="application/json")
    assert response.status_code == 200 and all(r["passed"] for r in response.get_json()["results"])


@pytest.mark.cli
@pytest.mark.parametrize(
    "body", [b'{"setup": {"player1": {"hand": ["\\ud800"]}}}', b'{"setup": {"player2": {"token": "Grunt\\udfff"}}}']
)
def test_the_reported_bodies_get_a_400_from_the_real_server(built_kb, body):
    with serve(built_kb) as (port, _):
        head = (
            b"POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)
        )
        status, headers, answer, _ = http(port, head + body, timeout=30)
    assert status == 400 and headers["Content-Type"].startswith("application/json")
    assert "surrogate" in json.loads(answer)["error"]
