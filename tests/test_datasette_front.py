"""Where ``rulebase datasette`` opens (api/datasette_front.py) and what its pages carry for assistive
technology (api/datasette_a11y.py, api/datasette_templates), through Datasette's own test client on
the sample KB. Expected values come from SQL on the same KB and from the metadata file."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml

from api.datasette import DATA_FILE, DB_NAME, make_datasette
from test_datasette import SITE, fetch, get_json


@pytest.fixture(scope="module")
def ds(built_kb):
    return make_datasette(built_kb, SITE)


@pytest.fixture(scope="module")
def data():
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def location(ds, path: str) -> str:
    (r,) = fetch(ds, path)
    assert r.status_code == 302, f"{path}: {r.status_code}"
    return r.headers["location"]


def test_entries_open_on_each_games_latest_version_with_its_main_columns(ds, kb_conn, data):
    target = location(ds, f"/{DB_NAME}/entries")
    url = urlsplit(target)
    assert url.path == f"/{DB_NAME}/entries"
    latest = {
        doc
        for (doc,) in kb_conn.execute(
            """SELECT id FROM documents d
               WHERE version_sort = (SELECT max(version_sort) FROM documents WHERE game = d.game)"""
        )
    }
    games = {g for (g,) in kb_conn.execute("SELECT DISTINCT game FROM documents")}
    assert len(latest) == len(games) > 1
    page = get_json(ds, f"{url.path}.json?{url.query}", _shape="objects")
    expected = kb_conn.execute(
        f"SELECT count(*) FROM entries WHERE kind != 'fiction' AND document IN ({','.join('?' * len(latest))})",
        sorted(latest),
    ).fetchone()[0]
    assert page["filtered_table_rows_count"] == expected
    total = kb_conn.execute("SELECT count(*) FROM entries").fetchone()[0]
    assert expected < total
    rows = page["rows"]
    assert rows and all(r["kind"] != "fiction" for r in rows)
    assert {r["document"] for r in rows} <= latest
    # the columns that say what a row is, not the ingester's bookkeeping
    assert page["columns"] == ["id", *data["default_views"]["entries"]["columns"]]
    assert not {"data", "ordinal", "confidence", "conflict_reason"} & set(page["columns"])


@pytest.mark.slow
def test_an_address_with_a_query_or_a_format_is_served_as_asked(ds, kb_conn):
    total = kb_conn.execute("SELECT count(*) FROM entries").fetchone()[0]
    (every, as_json) = fetch(ds, f"/{DB_NAME}/entries?_sort=id", f"/{DB_NAME}/entries.json")
    assert every.status_code == 200 and as_json.status_code == 200
    assert f"{total:,} rows" in every.text
    assert as_json.json()["filtered_table_rows_count"] == total
    # the page says what it opened on, with a link to every row
    (opened,) = fetch(ds, location(ds, f"/{DB_NAME}/entries"))
    assert "each game&#39;s latest version" in opened.text or "each game's latest version" in opened.text
    assert f'href="/{DB_NAME}/entries?_sort=id"' in opened.text


def test_documents_are_listed_newest_first(ds, kb_conn):
    rows = get_json(ds, f"/{DB_NAME}/documents.json", _shape="objects", _size="max")["rows"]
    assert [r["version_sort"] for r in rows] == sorted((r["version_sort"] for r in rows), reverse=True)


@pytest.mark.slow
def test_every_canned_query_opens_on_an_example_that_finds_rows(ds, data):
    for name, q in data["queries"].items():
        named = set(re.findall(r"(?<!:):(\w+)", q["sql"]))
        assert set(q["examples"]) == named, f"{name}: examples for {sorted(named)}"
        target = location(ds, f"/{DB_NAME}/{name}")
        url = urlsplit(target)
        assert url.path == f"/{DB_NAME}/{name}"
        assert {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()} == {
            k: str(v) for k, v in q["examples"].items()
        }
        rows = get_json(ds, f"{url.path}.json?{url.query}", _shape="objects")["rows"]
        assert rows, f"{name} finds nothing for its example {q['examples']}"
        (page,) = fetch(ds, target)
        html = page.text
        assert "0 results" not in html and "No rows" not in html
        # its title and description, then the rows, then its SQL (folded)
        assert html.index(q["title"]) < html.index('class="rows-and-columns"') < html.index('id="sql-query"')
        assert '<details class="query-sql">' in html


@pytest.mark.slow
def test_pages_name_their_language_and_every_form_control(ds):
    paths = ["/", f"/{DB_NAME}", location(ds, f"/{DB_NAME}/entries"), f"/{DB_NAME}/documents", f"/{DB_NAME}/entries/1"]
    for path, page in zip(paths, fetch(ds, *paths)):
        assert page.status_code == 200, path
        assert '<html lang="en">' in page.text, path
        labelled = set(re.findall(r'<label for="([^"]+)"', page.text))
        for tag in re.findall(r"<(?:select|textarea|input)\b[^>]*>", page.text):
            if re.search(r'type="(hidden|submit|checkbox)"', tag):
                continue
            ident = re.search(r'id="([^"]+)"', tag)
            assert "aria-label=" in tag or (ident and ident.group(1) in labelled), f"{path}: unnamed {tag}"


def test_the_index_and_the_database_page_start_a_reader_on_the_latest_rules(ds):
    for path, page in zip(("/", f"/{DB_NAME}"), fetch(ds, "/", f"/{DB_NAME}")):
        start = re.search(r'<p class="start-here">(.*?)</p>', page.text, re.S)
        assert start, path
        assert f'href="/{DB_NAME}/entries"' in start.group(1) and f'href="/{DB_NAME}#queries"' in start.group(1)
