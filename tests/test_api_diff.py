"""``GET /api/diff`` and ``GET /api/threads/<thread>`` against the KB built from the bundled sources.

What a judge relies on: the four ruling changes the issue names are reported between the versions
where the answer flipped (and not between versions where it stayed), each with its engine replay
under both versions; CONTROL's rename to CONTROL AND OWNERSHIP; a FAQ thread followed across every
version; and bad parameters or ids answered with a JSON 400/404 naming the problem. The rulings are
recognised by the cards their question names (the issue's words), never by stored answers, and every
200 is checked against the OpenAPI document's schema.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
import schemathesis

from api import create_app
from kb.changelog import changelog


@pytest.fixture(scope="module")
def api_schema(built_kb):
    # schemathesis' WSGI transport asks for compressed bodies and does not decode them: the app it
    # checks leaves responses uncompressed (compression is tested through waitress, test_delivery.py)
    return schemathesis.openapi.from_wsgi("/api/openapi.json", create_app(built_kb, COMPRESS_REGISTER=False))


def _diff(client, api_schema, **query) -> dict:
    """The changelog for ``query``, checked against the document's response schema."""
    case = api_schema["/api/diff"]["GET"].Case(query=query)
    response = case.call_and_validate()
    assert response.status_code == 200, response.text
    return response.json()


def _error(response, status: int) -> str:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json and set(response.get_json()) == {"error"}
    return response.get_json()["error"]


def _versions(kb_conn) -> list[str]:
    return [
        v for (v,) in kb_conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
    ]


def _naming(log: dict, *cards: str) -> list[dict]:
    """The ruling changes of a changelog whose question names every one of ``cards``."""
    return [r for r in log["ruling_changes"] if all(c.lower() in r["question"].lower() for c in cards)]


#: (cards the question names, words it also holds, the version pair where the answer flips)
RULINGS = [
    (("Bait and Switch",), (), ("1.2", "1.3")),
    (("Phase Shift",), ("first turn",), ("1.1", "1.2")),
    (("Pitlord", "Restringuntus"), (), ("1.3", "16.0")),
    (("Library Access", "Wild Wormhole"), (), ("1.3", "16.0")),
]


@pytest.mark.parametrize("cards,words,pair", RULINGS, ids=[" + ".join(r[0]) for r in RULINGS])
def test_the_ruling_changes_of_the_issue_are_found(client, api_schema, kb_conn, cards, words, pair):
    log = _diff(client, api_schema, game="keyforge", **{"from": pair[0], "to": pair[1]})
    assert (log["game"], log["from"], log["to"]) == ("keyforge", *pair)
    found = [r for r in _naming(log, *cards) if all(w in r["question"].lower() for w in words)]
    assert len(found) == 1, [r["question"] for r in log["ruling_changes"]]
    r = found[0]
    assert r["from_answer"] != r["to_answer"] and r["reasons"]
    assert any(op["op"] != "equal" for op in r["diff"])
    # the answers are the entries of those versions
    for side, version in (("from_entry", pair[0]), ("to_entry", pair[1])):
        assert (
            kb_conn.execute(
                """SELECT d.version FROM entries e JOIN documents d ON d.id = e.document
                                  WHERE e.id = ?""",
                (r[side],),
            ).fetchone()[0]
            == version
        )
    # the engine's replay under both versions, side by side, when a scenario replays the thread
    if r["scenario"] is not None:
        assert r["scenario"]["from"]["version"] == pair[0] and r["scenario"]["to"]["version"] == pair[1]
        assert r["scenario"]["from"]["outcome"] and r["scenario"]["to"]["outcome"]


def test_bait_and_switch_has_a_replay_whose_outcome_flips(client, api_schema):
    log = _diff(client, api_schema, game="keyforge", **{"from": "1.2", "to": "1.3"})
    (r,) = _naming(log, "Bait and Switch")
    assert r["scenario"] is not None and r["scenario"] in r["scenarios"]
    assert r["scenario"]["from"]["passed"] and r["scenario"]["to"]["passed"]
    assert r["scenario"]["from"]["outcome"] != r["scenario"]["to"]["outcome"], "7 times, then 2 times"


@pytest.mark.parametrize(
    "cards,pair",
    [
        (("Bait and Switch",), ("1.1", "1.2")),
        (("Bait and Switch",), ("1.3", "16.0")),
        (("Library Access", "Wild Wormhole"), ("1.2", "1.3")),
    ],
)
def test_no_ruling_change_where_the_answer_kept_its_meaning(client, api_schema, cards, pair):
    log = _diff(client, api_schema, game="keyforge", **{"from": pair[0], "to": pair[1]})
    assert not _naming(log, *cards)


def test_control_is_renamed_control_and_ownership(client, api_schema):
    log = _diff(client, api_schema, game="keyforge", **{"from": "1.3", "to": "16.0"})
    renamed = {(x["from_title"], x["to_title"]): x for x in log["renamed"]}
    assert ("CONTROL", "CONTROL AND OWNERSHIP") in renamed
    assert not any(x["title"] == "CONTROL AND OWNERSHIP" for x in log["added"])
    assert not any(x["title"] == "CONTROL" for x in log["removed"])


def test_the_api_answers_what_the_changelog_says(client, kb_conn):
    body = client.get("/api/diff?game=keyforge&from=1.1&to=16.0&kind=glossary").get_json()
    assert body == changelog(kb_conn, "keyforge", "1.1", "16.0", "glossary")
    assert body["kind"] == "glossary" and body["ruling_changes"]
    assert {r["kind"] for r in body["ruling_changes"]} == {"glossary"}
    items = body["added"] + body["removed"] + body["changed"] + body["renamed"] + body["needs_review"]
    assert items and {x["kind"] for x in items} == {"glossary"}
    counts = body["counts"]["glossary"]
    for name in ("added", "removed", "changed", "renamed"):
        assert counts.get(name, 0) == len(body[name])


def test_meaning_changes_of_every_kind_with_their_sentences(client, api_schema, kb_conn):
    """1.3 -> 16.0 through the API: rules and glossary terms among the ruling changes, each change
    with the sentences that carry it; terminology once; changed entries biggest change first."""
    log = _diff(client, api_schema, game="keyforge", **{"from": "1.3", "to": "16.0"})
    assert {"rule", "glossary", "faq"} <= {r["kind"] for r in log["ruling_changes"]}
    for r in log["ruling_changes"]:
        assert r["changes"] and r["reasons"] and r["magnitude"] > 0
        for c in r["changes"]:
            assert c["before"] or c["after"]
            for side in ("before", "after"):  # the sentences are the entries' own (formatting aside)
                if c[side]:
                    text = r["from_answer"] if side == "before" else r["to_answer"]
                    assert c[side].split()[0] in text
    purge = next(r for r in log["ruling_changes"] if r["key"] == "glossary/purge")
    assert any("facedown" in c["before"] and "faceup" in c["after"] for c in purge["changes"])
    assert log["terminology"] and all(t["old"] != t["new"] for t in log["terminology"])
    magnitudes = [x["magnitude"] for x in log["changed"] if x["meaning"]]
    assert magnitudes and magnitudes == sorted(magnitudes, reverse=True) and log["changed"][0]["meaning"]
    conflicts = [r for r in log["ruling_changes"] if r["conflict"]]
    assert conflicts and log["ruling_changes"][-len(conflicts) :] == conflicts


def test_any_two_versions_in_either_order(client, api_schema, kb_conn):
    versions = _versions(kb_conn)
    newest_first = _diff(client, api_schema, game="keyforge", **{"from": versions[-1], "to": versions[0]})
    assert (newest_first["from"], newest_first["to"]) == (versions[-1], versions[0])
    same = _diff(client, api_schema, game="keyforge", **{"from": versions[0], "to": versions[0]})
    assert not (
        same["added"]
        or same["removed"]
        or same["changed"]
        or same["renamed"]
        or same["ruling_changes"]
        or same["terminology"]
    )


def test_a_faq_thread_across_every_version(client, api_schema, kb_conn):
    log = _diff(client, api_schema, game="keyforge", **{"from": "1.2", "to": "1.3"})
    (r,) = _naming(log, "Bait and Switch")
    case = api_schema["/api/threads/{thread}"]["GET"].Case(path_parameters={"thread": r["thread"]})
    response = case.call_and_validate()
    thread = response.json()
    assert thread["thread"] == r["thread"] and thread["kind"] == "faq"
    assert thread["versions"] == _versions(kb_conn)  # 1.1, 1.2, 1.3 and 16.0
    steps = {s["version"]: s for s in thread["entries"]}
    assert steps["1.1"]["diff"] is None
    assert steps["1.3"]["ruling_change"], "the answer's meaning changes in 1.3"
    assert not steps["1.2"]["ruling_change"]
    assert all(s["url"] == f"/entries/{s['entry_id']}" for s in thread["entries"])


def test_a_renamed_thread_is_found_by_its_id(client, kb_conn):
    body = client.get("/api/threads/keyforge:glossary/control").get_json()
    titles = [s["title"] for s in body["entries"]]
    assert titles[0] == "CONTROL" and titles[-1] == "CONTROL AND OWNERSHIP"


@pytest.mark.parametrize(
    "query,names",
    [
        ("", "game"),
        ("game=keyforge&from=1.3", "to"),
        ("game=keyforge&to=1.3", "from"),
        ("game=keyforg&from=1.3&to=16.0", "keyforge"),
        ("game=keyforge&from=9.9&to=16.0", "1.3"),
        ("game=keyforge&from=1.3&to=11", "16.0"),
        ("game=keyforge&from=1.3&to=16.0&kind=ruling", "glossary"),
        ("game=keyforge&from=1.3&to=16.0&versoin=1", "versoin"),
        ("game=keyforge&game=keyforge&from=1.3&to=16.0", "game"),
        ("game=keyforge&from=1.3%01&to=16.0", "from"),
        ("game=keyforge&from=" + "9" * 500 + "&to=16.0", "from"),
    ],
)
def test_bad_diff_parameters_are_400_naming_them(client, query, names):
    assert names in _error(client.get("/api/diff?" + query), 400)


def test_unknown_and_malformed_threads(client):
    assert "keyforge:faq/no-such-question" in _error(client.get("/api/threads/keyforge:faq/no-such-question"), 404)
    assert _error(client.get("/api/threads/no-game-here"), 400)
    assert _error(client.get("/api/threads/" + quote("keyforge:x\x01")), 400)
    assert _error(client.get("/api/threads/keyforge:faq/x?version=1.3"), 400)
    assert _error(client.post("/api/threads/keyforge:glossary/control"), 405)
