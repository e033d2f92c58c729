"""The changelog views (``/api/diff``, ``/changes``) are computed at most once per state of the KB:
the same answer again costs no computation, comes compressed and can be revalidated; a KB renamed
in is computed afresh; and while every slot is computing, a request for a changelog not kept yet
is refused at once with a 429 and ``Retry-After``, in the shape of its URL (JSON under ``/api``)."""

from __future__ import annotations

import gzip
import os
import shutil

import brotli
import pytest

import api.changes
from api import create_app

DIFF = "/api/diff?game=keyforge&from=1.1&to=16.0"
PAGE = "/changes?game=keyforge&from=1.1&to=16.0"


@pytest.fixture
def counted(monkeypatch):
    """How many times a changelog was computed, in all and by the view that asked (the kept
    changelogs of api.changes emptied first: each test starts with none)."""
    import traceback

    calls = {"diff": 0, "page": 0}
    original = api.changes._changelog

    def changelog(*args, **kwargs):
        asking = "page" if any(f.name == "changelog_page" for f in traceback.extract_stack()) else "diff"
        calls[asking] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(api.changes, "_changelog", changelog)
    monkeypatch.setattr(api.changes, "_kept", type(api.changes._kept)())
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("url, view", [(DIFF, "diff"), (PAGE, "page")])
def test_a_changelog_is_computed_once_per_kb_state(kb_copy, counted, url, view):
    client = create_app(kb_copy, WORKER_PROCESSES=False).test_client()
    first = client.get(url)
    assert first.status_code == 200
    again = [client.get(url, headers={"Accept-Encoding": enc}) for enc in ("identity", "gzip", "br")]
    assert counted[view] == 1
    plain, zipped, brotlied = again
    assert plain.data == first.data and "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped.data) == first.data
    assert brotlied.headers["Content-Encoding"] == "br" and brotli.decompress(brotlied.data) == first.data
    assert "Accept-Encoding" in plain.headers["Vary"]
    revalidated = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert revalidated.status_code == 304 and counted[view] == 1
    # a build or an ingest renames another file in: its changelogs are computed again
    replacement = kb_copy.with_name("new.sqlite")
    shutil.copyfile(kb_copy, replacement)
    os.replace(replacement, kb_copy)
    assert client.get(url).data == first.data and counted[view] == 2


def test_reordered_parameters_are_the_same_changelog(kb_copy, counted):
    client = create_app(kb_copy, WORKER_PROCESSES=False).test_client()
    assert client.get(DIFF).status_code == 200
    assert client.get("/api/diff?to=16.0&from=1.1&game=keyforge").status_code == 200
    assert counted["diff"] == 1


@pytest.mark.cli
def test_past_the_slots_a_changelog_not_kept_is_a_429_and_a_kept_one_is_served(kb_copy, counted):
    app = create_app(kb_copy, EXPENSIVE_CONCURRENCY=1, WORKER_PROCESSES=False)
    client = app.test_client()
    assert client.get(DIFF).status_code == 200  # kept
    slots = app.extensions["expensive_slots"]
    assert slots.take()  # someone is computing another changelog
    try:
        refused = client.get("/api/diff?game=keyforge&from=1.2&to=16.0")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "try again" in refused.get_json()["error"]
        page = client.get(PAGE)
        assert page.status_code == 429 and page.mimetype == "text/html" and "Retry-After" in page.headers
        assert client.get(DIFF).status_code == 200  # what is kept needs no slot
    finally:
        slots.give_back()
    assert counted == {"diff": 1, "page": 0}
    assert client.get("/api/diff?game=keyforge&from=1.2&to=16.0").status_code == 200


def test_errors_are_not_kept(kb_copy, counted):
    client = create_app(kb_copy, WORKER_PROCESSES=False).test_client()
    for _ in range(2):
        assert client.get("/api/diff?game=keyforge&from=1.1&to=9.9").status_code == 400


@pytest.mark.slow
def test_a_worker_computes_the_same_changelog_the_api_always_answered(built_kb):
    """The changelog is computed in a worker process and sent as it comes back: the same bytes as
    Flask's JSON of the changelog computed in the request's thread, and the same page."""
    import sqlite3

    from flask import jsonify

    from kb.changelog import changelog

    in_worker = create_app(built_kb).test_client()
    in_thread = create_app(built_kb, WORKER_PROCESSES=False).test_client()
    got = in_worker.get(DIFF, headers={"Accept-Encoding": "identity"})
    assert got.status_code == 200 and got.mimetype == "application/json"
    assert got.data == in_thread.get(DIFF, headers={"Accept-Encoding": "identity"}).data
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    app = create_app(built_kb)
    with app.app_context():
        assert got.data == jsonify(changelog(conn, "keyforge", "1.1", "16.0", None)).get_data()
    page = PAGE + "&changed_page=2"
    assert in_worker.get(page).data == in_thread.get(page).data
