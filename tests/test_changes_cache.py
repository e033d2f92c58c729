"""Histories and changelogs computed once per state of the KB (kb/changes_cache.py), and the paged
``/api/diff``.

What a user notices: ``rulebase history`` asked twice answers the same; asked after the KB changed
it shows the new text (never the kept one); a server started again answers a changelog it computed
before without computing it; the pages of ``/api/diff`` hold together exactly the whole changelog;
and a KB in a folder nobody may write to still answers (nothing is kept there).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from collections import OrderedDict

import pytest

from api import create_app
from conftest import run_cli
from kb.changes_cache import SUFFIX, kept
from kb.changelog import changelog
from kb.history import history


def _history_text(db) -> str:
    proc = run_cli("history", "glossary/armor", "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.cli
def test_a_kept_history_is_recomputed_when_the_kb_changes(small_kb_copy):
    first = _history_text(small_kb_copy)
    assert os.path.exists(str(small_kb_copy) + SUFFIX)  # kept beside the KB
    assert _history_text(small_kb_copy) == first
    conn = sqlite3.connect(small_kb_copy)
    with conn:  # an edit in place, as a user with sqlite3 might make: the newest armor text changes
        conn.execute(
            """UPDATE entries SET body = body || ' Armor is also called plating.' WHERE id = (
               SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
               WHERE e.key = 'glossary/armor' ORDER BY d.version_sort DESC LIMIT 1)"""
        )
    conn.close()
    again = _history_text(small_kb_copy)
    assert "plating" in again and "plating" not in first


@pytest.mark.slow
def test_kept_results_read_back_equal_to_what_was_computed(small_kb_copy):
    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    calls = []

    def counted(fn):
        def run():
            calls.append(1)
            return fn()

        return run

    for kind, args, fn in (
        ("history", ["glossary/armor"], lambda: history(conn, "glossary/armor")),
        ("changelog", ["keyforge", "1.2", "16.0", None], lambda: changelog(conn, "keyforge", "1.2", "16.0")),
    ):
        computed = fn()
        assert kept(conn, kind, args, counted(fn)) == computed  # computed, and written
        assert kept(conn, kind, args, counted(fn)) == computed  # read back
    assert len(calls) == 2  # once per result, not once per call
    conn.close()


def test_a_kb_in_a_folder_nobody_can_write_still_answers(small_kb, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "kb.sqlite"
    shutil.copyfile(small_kb, db)
    folder.chmod(0o555)
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        if os.access(folder, os.W_OK):  # root writes anyway: make the cache file unwritable instead
            (folder / ("kb.sqlite" + SUFFIX)).mkdir()
        expected = history(conn, "glossary/armor")
        assert kept(conn, "history", ["glossary/armor"], lambda: history(conn, "glossary/armor")) == expected
        assert kept(conn, "history", ["glossary/armor"], lambda: history(conn, "glossary/armor")) == expected
        conn.close()
    finally:
        folder.chmod(0o755)


def _diff_app(db):
    return create_app(db, WORKER_PROCESSES=False, COMPRESS_REGISTER=False)


@pytest.mark.slow
def test_a_server_started_again_answers_a_changelog_without_computing_it(small_kb_copy, monkeypatch):
    url = "/api/diff?game=keyforge&from=1.2&to=16.0"
    first = _diff_app(small_kb_copy).test_client().get(url)
    assert first.status_code == 200

    def refuse(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr("api.changes._changelog", refuse)
    monkeypatch.setattr("api.changes._kept", OrderedDict())  # nor from this process's memory
    again = _diff_app(small_kb_copy).test_client().get(url)
    assert again.status_code == 200 and again.data == first.data


@pytest.mark.slow
def test_the_pages_of_a_diff_hold_the_whole_changelog(small_kb_copy):
    client = _diff_app(small_kb_copy).test_client()
    base = "/api/diff?game=keyforge&from=1.2&to=16.0"
    whole = client.get(base).get_json()
    pages, offset = [], 0
    while offset is not None:
        response = client.get(f"{base}&limit=7&offset={offset}")
        assert response.status_code == 200, response.get_data(as_text=True)
        pages.append(response.get_json())
        offset = pages[-1]["page"]["next_offset"]
    assert len(pages) > 2
    lists = [k for k, v in whole.items() if isinstance(v, list)]
    assert {"changed", "added", "ruling_changes"} <= set(lists)
    for name in lists:
        assert [x for p in pages for x in p[name]] == whole[name], name
        assert all(len(p[name]) <= 7 for p in pages)
        assert pages[0]["page"]["totals"][name] == len(whole[name])
    for p in pages:  # the rest is the whole's on every page
        assert {k: v for k, v in p.items() if k not in lists and k != "page"} == {
            k: v for k, v in whole.items() if k not in lists
        }


@pytest.mark.parametrize(
    "query, name", [("limit=0", "limit"), ("limit=x", "limit"), ("offset=-1", "offset"), ("limit=5000", "limit")]
)
def test_bad_page_parameters_are_400_naming_them(small_kb_copy, query, name):
    response = _diff_app(small_kb_copy).test_client().get(f"/api/diff?game=keyforge&from=1.2&to=16.0&{query}")
    assert response.status_code == 400
    assert json.loads(response.data)["error"].startswith(f"{name}:")
