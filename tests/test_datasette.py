"""`rulebase datasette`: the real KB in a real Datasette (in-process test client, and one subprocess).

Expected values come from SQL on the same KB or from kb/schema.sql, never typed in.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

from api.datasette import DB_NAME, datasette_row_url, make_datasette
from conftest import run_coroutine

SITE = "http://site.example:9999"
SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schema.sql"


def fetch(ds, *paths):
    """GET each path with Datasette's own test client; the responses, in order. Run in a thread of
    its own (``run_coroutine``): a browser module before this one in the process leaves Playwright's
    event loop running in the main thread (the ``browser`` fixture is one per process)."""

    async def go():
        await ds.invoke_startup()
        return [await ds.client.get(p) for p in paths]

    return run_coroutine(go)


def get_json(ds, path: str, **params):
    sep = "&" if "?" in path else "?"
    (r,) = fetch(ds, path + (sep + urlencode(params) if params else ""))
    assert r.status_code == 200, r.text[:300]
    return r.json()


def query(ds, name: str, **params):
    """Rows of a canned query (every row: _size=max, objects)."""
    return get_json(ds, f"/{DB_NAME}/{name}.json", _shape="objects", _size="max", **params)["rows"]


@pytest.fixture(scope="module")
def ds(built_kb):
    return make_datasette(built_kb, SITE)


@pytest.fixture
def conn(built_kb):
    c = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    c.row_factory = sqlite3.Row
    yield c
    c.close()


def test_table_search_on_entries_and_cards_is_the_fts_index(ds, conn):
    for table, term in (("entries", "elusive"), ("cards", "bait")):
        data = get_json(ds, f"/{DB_NAME}/{table}.json", _search=term, _shape="objects", _size="max")
        expected = {r[0] for r in conn.execute(f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH ?", (term,))}
        assert expected and {r["id"] for r in data["rows"]} == expected
    cards = get_json(ds, f"/{DB_NAME}/cards.json", _search="bait switch", _shape="objects")["rows"]
    assert "Bait and Switch" in {c["name"] for c in cards}


def test_kind_facet_counts_equal_sql_counts(ds, conn):
    data = get_json(ds, f"/{DB_NAME}/entries.json", _facet="kind", _size="0")
    facet = {r["value"]: r["count"] for r in data["facet_results"]["kind"]["results"]}
    assert facet == {k: n for k, n in conn.execute("SELECT kind, count(*) FROM entries GROUP BY kind")}
    # the facets configured in metadata are offered without asking
    suggested = get_json(ds, f"/{DB_NAME}/documents.json")["facet_results"]
    assert {"game", "version"} <= set(suggested)


def test_rulings_naming_a_card(ds, conn):
    rows = query(ds, "rulings_naming_card", card="bait and switch", version="")
    expected = {
        r[0]
        for r in conn.execute(
            "SELECT ec.entry FROM entry_cards ec JOIN cards c ON c.id = ec.card WHERE c.name = 'Bait and Switch'"
        )
    }
    assert expected and {r["entry_id"] for r in rows} == expected
    assert {"faq", "errata"} <= {r["kind"] for r in rows}
    only = query(ds, "rulings_naming_card", card="Bait and Switch", version="1.3")
    assert only and {r["version"] for r in only} == {"1.3"} and {r["entry_id"] for r in only} < expected


def test_errata_timeline_of_a_card_starts_printed_then_versions_in_order(ds, conn):
    rows = query(ds, "errata_timeline", card="bait and switch")
    assert [r["version"] for r in rows] == ["printed", "1.3", "16.0"]
    printed = conn.execute("SELECT text FROM cards WHERE name = 'Bait and Switch'").fetchone()[0]
    assert rows[0]["text"] == printed and rows[0]["entry_id"] is None
    for r in rows[1:]:
        assert r["text"] == conn.execute("SELECT text FROM card_errata WHERE entry = ?", (r["entry_id"],)).fetchone()[0]
    drum = [r for r in query(ds, "errata_timeline", card="Drummernaut") if r["version"] != "printed"]
    assert [r["version"] for r in drum] == ["1.3", "16.0"]
    assert "After Fight" in drum[1]["text"] and "After Fight" not in drum[0]["text"]


def _threads(conn) -> dict[int, str]:
    """Each entry's thread as the KB stores it (alignment table if present, else game:key)."""
    base = {
        r[0]: f"{r[1]}:{r[2]}"
        for r in conn.execute("SELECT e.id, d.game, e.key FROM entries e JOIN documents d ON d.id = e.document")
    }
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'entry_threads'").fetchone():
        base.update(dict(conn.execute("SELECT entry, thread FROM entry_threads")))
    return base


def test_what_changed_between_two_versions(ds, conn):
    rows = query(ds, "changes_between_versions", game="keyforge", **{"from": "1.3", "to": "16.0"})
    threads = _threads(conn)

    def version_threads(v):
        return {
            threads[r[0]]
            for r in conn.execute(
                "SELECT e.id FROM entries e JOIN documents d ON d.id = e.document "
                "WHERE d.game = 'keyforge' AND d.version = ?",
                (v,),
            )
        }

    old, new = version_threads("1.3"), version_threads("16.0")
    by_status: dict[str, set] = {}
    for r in rows:
        by_status.setdefault(r["status"], set()).add(r["thread"])
    assert by_status["added"] == new - old
    assert by_status["removed"] == old - new
    assert by_status["changed"] | by_status.get("renamed", set()) <= old & new
    # Drummernaut's erratum changed its wording between the two versions
    drum = conn.execute(
        "SELECT entry FROM card_errata ce JOIN cards c ON c.id = ce.card "
        "JOIN documents d ON d.id = ce.document WHERE c.name = 'Drummernaut' AND d.version = '16.0'"
    ).fetchone()[0]
    (row,) = [r for r in rows if r["to_entry_id"] == drum]
    assert row["status"] == "changed" and row["from_text"] != row["to_text"]
    # an entry that is the same in both versions (heading, question and text) is not listed; one
    # whose heading alone changed is
    pairs = conn.execute(
        "SELECT b.id, a.title IS b.title AS same_heading FROM entries a JOIN documents da ON da.id = a.document "
        "JOIN entries b ON b.key = a.key JOIN documents db ON db.id = b.document "
        "WHERE da.version = '1.3' AND db.version = '16.0' AND a.body = b.body AND a.question IS b.question"
    ).fetchall()
    status = {r["to_entry_id"]: r["status"] for r in rows}
    same = [p["id"] for p in pairs if p["same_heading"] and threads[p["id"]] in old]
    heading_only = [p["id"] for p in pairs if not p["same_heading"] and threads[p["id"]] in old]
    assert same and not any(s in status for s in same)
    assert heading_only and all(status.get(h) == "changed" for h in heading_only)
    # any two versions, in either direction: what was added one way is removed the other
    back = query(ds, "changes_between_versions", game="", **{"from": "16.0", "to": "1.3"})
    assert {r["thread"] for r in back if r["status"] == "removed"} == by_status["added"]


def _renumbered_rule(conn) -> tuple[str, str, str, str, str]:
    """(thread, old number, new number, version before, version renumbered in) of a rule of the
    Comprehensive Rules whose number changed between two consecutive versions of the KB."""
    rows = conn.execute(
        """SELECT et.thread, json_extract(e.data, '$.number'), d.version FROM entry_threads et
           JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE d.game = 'mtg' AND e.kind = 'rule' ORDER BY et.thread, d.version_sort"""
    ).fetchall()
    for (t1, n1, v1), (t2, n2, v2) in zip(rows, rows[1:]):
        if t1 == t2 and n1 != n2:
            return t1, n1, n2, v1, v2
    raise AssertionError("no rule renumbered between the KB's versions")


def test_history_of_a_rule_by_number_or_thread(ds, conn):
    thread, old, new, before, version = _renumbered_rule(conn)
    expected = [
        (r[0], r[1])
        for r in conn.execute(
            """SELECT d.version, json_extract(e.data, '$.number') FROM entry_threads et JOIN entries e ON e.id = et.entry
           JOIN documents d ON d.id = e.document WHERE et.thread = ? ORDER BY d.version_sort, e.ordinal""",
            (thread,),
        )
    ]
    by_number = query(ds, "rule_history", thread="", game="mtg", number=new, version=version)
    by_thread = query(ds, "rule_history", thread=thread, game="", number="", version="")
    assert (
        [(r["version"], r["number"]) for r in by_number] == expected == [(r["version"], r["number"]) for r in by_thread]
    )
    assert {r["thread"] for r in by_number} == {thread}
    marked = {r["version"]: r["renumbered"] for r in by_number}
    assert marked[version] == f"{old} → {new}" and marked[before] == ""
    assert by_number[0]["text"] == "first" and {r["text"] for r in by_number[1:]} <= {"changed", "unchanged"}
    # the latest version when none is given: the number as the latest version prints it
    newest = conn.execute("SELECT version FROM documents WHERE game = 'mtg' ORDER BY version_sort DESC").fetchone()[0]
    if expected[-1][0] == newest:
        latest = query(ds, "rule_history", thread="", game="mtg", number=expected[-1][1], version="")
        assert [(r["version"], r["number"]) for r in latest] == expected


@pytest.mark.slow
def test_entries_needing_review_or_in_conflict(ds, conn, kb_copy):
    rows = query(ds, "entries_needing_review", version="")
    expected = {r[0] for r in conn.execute("SELECT id FROM entries WHERE needs_review = 1 OR conflict = 1")}
    assert expected and {r["entry_id"] for r in rows} == expected
    flagged = conn.execute(
        "SELECT e.id, d.version FROM entries e JOIN documents d ON d.id = e.document "
        "WHERE e.needs_review = 0 AND e.conflict = 0 AND d.version = '16.0' LIMIT 1"
    ).fetchone()
    with sqlite3.connect(kb_copy) as c:
        c.execute("UPDATE entries SET needs_review = 1, review_reason = 'test flag' WHERE id = ?", (flagged[0],))
    c.close()
    rows = query(make_datasette(kb_copy, SITE), "entries_needing_review", version="16.0")
    assert flagged[0] in {r["entry_id"] for r in rows} and {r["version"] for r in rows} == {"16.0"}
    assert [r["review_reason"] for r in rows if r["entry_id"] == flagged[0]] == ["test flag"]


def test_every_table_and_column_is_described_from_the_schema_comments(ds, conn):
    meta = get_json(ds, "/-/metadata.json")
    tables = meta["databases"][DB_NAME]["tables"]
    shadow = re.compile(r"_fts_(data|idx|docsize|config)$")
    for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'"
    ):
        if shadow.search(name):
            continue
        assert tables[name]["description"] and tables[name]["source"], name
        for col in [r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')]:
            assert tables[name]["columns"].get(col), f"{name}.{col} has no description"
    # the schema's own comments are what Datasette shows
    table = None
    for line in SCHEMA.read_text(encoding="utf-8").splitlines():
        m = re.match(r"CREATE TABLE (?:IF NOT EXISTS )?(\w+)", line)
        table = m.group(1) if m else table
        col = re.match(r"\s+(\w+)\s+[A-Z]+[^-]*--\s*(.+)$", line)
        if table and col:
            assert tables[table]["columns"][col.group(1)].startswith(col.group(2).strip()), line
    assert tables["entries"]["label_column"] == "key" and "kind" in tables["entries"]["facets"]
    assert set(meta["databases"][DB_NAME]["queries"]) == {
        "rulings_naming_card",
        "changes_between_versions",
        "entries_needing_review",
        "errata_timeline",
        "rule_history",
    }
    for table in ("threads", "entry_threads", "supersessions"):  # the alignment's tables, faceted
        assert tables[table]["facets"], table
    # licence notes, read from the sources: the HTML rulebook states its licence link
    terms = " ".join(n["terms"] for n in meta["databases"][DB_NAME]["license_notes"])
    assert "creativecommons.org/licenses/by-sa" in terms
    (page,) = fetch(ds, f"/{DB_NAME}/entries?_sort=id")  # its bare address opens the default view
    assert tables["entries"]["description"][:40] in page.text.replace("&#34;", '"').replace("&#39;", "'")


def test_rows_link_to_the_site_and_the_site_can_link_to_rows(ds, conn):
    (entries, cards, q) = fetch(
        ds,
        f"/{DB_NAME}/entries?_search=bait",
        f"/{DB_NAME}/cards?_search=bait",
        f"/{DB_NAME}/errata_timeline?card=Bait+and+Switch",
    )
    ids = [r[0] for r in conn.execute("SELECT rowid FROM entries_fts WHERE entries_fts MATCH 'bait'")]
    for i in ids:
        assert f'href="{SITE}/entries/{i}"' in entries.text
    set_code, number = conn.execute("SELECT set_code, number FROM cards WHERE name = 'Bait and Switch'").fetchone()
    assert f'href="{SITE}/cards/{set_code}/{number}"' in cards.text
    assert f'href="{SITE}/cards/{set_code}/{number}"' in q.text and f'href="{SITE}/entries/' in q.text
    # datasette_row_url resolves to that very row
    for table, pk in (("entries", ids[0]), ("cards", conn.execute("SELECT id FROM cards LIMIT 1").fetchone()[0])):
        path = urlsplit(datasette_row_url("http://127.0.0.1:8001/", table, pk)).path
        (r,) = fetch(ds, path + ".json?_shape=objects")
        assert r.status_code == 200 and r.json()["rows"][0]["id"] == pk
    entry, card = conn.execute("SELECT entry, card FROM entry_cards LIMIT 1").fetchone()
    (r,) = fetch(ds, urlsplit(datasette_row_url("http://x", "entry_cards", (entry, card))).path + ".json")
    assert r.status_code == 200 and r.json()["rows"]


def test_read_only_no_write_gets_through(ds, built_kb):
    before = hashlib.sha256(built_kb.read_bytes()).hexdigest()
    count = get_json(ds, f"/{DB_NAME}.json", sql="select count(*) as n from entries", _shape="array")[0]["n"]
    refused = fetch(
        ds,
        f"/{DB_NAME}.json?" + urlencode({"sql": "delete from entries"}),
        f"/{DB_NAME}.json?" + urlencode({"sql": "select 1; drop table entries"}),
    )
    assert all(r.status_code == 400 for r in refused)
    with pytest.raises(Exception):
        run_coroutine(lambda: ds.get_database(DB_NAME).execute_write("delete from entries"))
    assert get_json(ds, f"/{DB_NAME}.json", sql="select count(*) as n from entries", _shape="array")[0]["n"] == count
    assert hashlib.sha256(built_kb.read_bytes()).hexdigest() == before


@pytest.mark.cli
def test_rulebase_datasette_serves_metadata_as_a_real_process(built_kb):
    exe = Path(sys.executable).with_name("rulebase")
    proc = subprocess.Popen(
        [str(exe), "datasette", "--port", "0", "--db", str(built_kb), "--site-url", SITE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        url = re.search(r"http://\S+/", line)
        assert url, line + proc.stderr.read() if proc.poll() is not None else line
        deadline, meta = time.monotonic() + 60, None
        while meta is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url.group(0) + "-/metadata.json", timeout=10) as r:
                    meta = r.read().decode()
            except OSError:
                time.sleep(0.3)
        assert meta and '"rulings_naming_card"' in meta and SITE in meta
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.cli
def test_rulebase_datasette_answers_kept_alive_requests_without_a_stall(built_kb):
    """Browsers reuse connections. A listening socket created without its protocol left Nagle's
    algorithm on for every accepted connection, and each reply after the first waited for the
    client's delayed acknowledgement (~40 ms). Ten requests on one kept-alive connection: the
    typical one answers in a few milliseconds, far below that stall."""
    import http.client
    import statistics

    exe = Path(sys.executable).with_name("rulebase")
    proc = subprocess.Popen(
        [str(exe), "datasette", "--port", "0", "--db", str(built_kb), "--site-url", SITE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = re.search(r"http://([^/:]+):(\d+)/", proc.stdout.readline())
        assert url, proc.stderr.read() if proc.poll() is not None else "no URL printed"
        conn = http.client.HTTPConnection(url.group(1), int(url.group(2)), timeout=30)
        deadline = time.monotonic() + 60
        while True:  # ready, and the connection is open
            try:
                conn.request("GET", "/-/versions.json")
                conn.getresponse().read()
                break
            except OSError:
                conn.close()
                assert time.monotonic() < deadline, "rulebase datasette did not answer"
                time.sleep(0.3)
        times = []
        for _ in range(10):
            started = time.perf_counter()
            conn.request("GET", "/-/versions.json")
            resp = conn.getresponse()
            resp.read()
            times.append(time.perf_counter() - started)
            assert resp.status == 200 and not resp.will_close
        conn.close()
        assert statistics.median(times) < 0.025, times
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.mark.cli
def test_rulebase_datasette_bad_db_is_one_line(tmp_path):
    from conftest import run_cli

    bad = tmp_path / "x.sqlite"
    bad.write_text("not sqlite")
    for db in (bad, tmp_path / "missing.sqlite"):
        r = run_cli("datasette", "--db", str(db))
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and str(db) in r.stderr


def test_only_the_kb_is_listed(ds):
    """The index page lists the KB, not an empty in-memory database next to it."""
    listed = get_json(ds, "/.json")
    assert [d["name"] for d in listed.values()] == [DB_NAME]


def test_table_views_show_the_start_of_long_texts_and_rows_keep_them_whole(ds):
    (page,) = fetch(ds, f"/{DB_NAME}/entries?_size=100")
    assert page.status_code == 200
    cells = re.findall(r'<td class="col-body[^"]*"[^>]*>(.*?)</td>', page.text, re.S)
    assert cells and max(len(c) for c in cells) < 400
    longest = get_json(
        ds, f"/{DB_NAME}.json", sql="select id, length(body) as n from entries order by n desc limit 1", _shape="array"
    )[0]
    row = get_json(ds, f"/{DB_NAME}/entries/{longest['id']}.json", _shape="array")[0]
    assert len(row["body"]) == longest["n"] > 400


def test_canned_queries_are_named_by_their_titles_not_their_sql(ds):
    """Each canned query is listed by its title (its description as the link's tooltip) and its page
    is headed and titled by it: the browser's tab and history showed thirty lines of SQL."""
    import html

    queries = get_json(ds, "/-/metadata.json")["databases"][DB_NAME]["queries"]
    (db_page,) = fetch(ds, f"/{DB_NAME}")
    for name, q in queries.items():
        assert q["title"].strip() and q["description"].strip() and q["title"] not in q["sql"], name
        link = re.search(rf'<a href="/{DB_NAME}/{name}" title="([^"]*)">([^<]*)</a>', db_page.text)
        assert link and html.unescape(link.group(2)) == q["title"] and html.unescape(link.group(1)) == q["description"]
        (r,) = fetch(ds, f"/{DB_NAME}/{name}?{urlencode(q['examples'])}")  # as it opens
        tab = re.search(r"<title>(.*?)</title>", r.text, re.S).group(1)
        assert html.unescape(tab) == f"{q['title']} · {DB_NAME}", tab[:200]
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", r.text, re.S).group(1)
        assert html.unescape(h1).strip() == q["title"]
        assert q["description"] in html.unescape(r.text)


def _site_statuses(log: dict) -> dict[tuple, str]:
    """The site's changelog (kb.changelog) as {(from entry, to entry): section}."""
    out = {}
    for x in log["added"]:
        out[None, x["entry_id"]] = "added"
    for x in log["removed"]:
        out[x["entry_id"], None] = "removed"
    for name in ("changed", "renamed"):
        for x in log[name]:
            out[x["from_entry"], x["to_entry"]] = name
    for x in log["renumbered"]:
        out.setdefault((x["from_entry"], x["to_entry"]), "renumbered")
    for x in log["needs_review"]:
        out[x["from_entry"], x["to_entry"]] = "needs review"
    return out


@pytest.mark.slow
def test_changes_between_versions_counts_what_the_changes_page_counts(ds, built_kb, client):
    """The canned query classifies every entry as the site's Changes page does (kb/changelog.py), so
    its rows per status are the page's counts, as its description says: Added, Removed, Renamed and
    Changed are the rows of that status; Renumbered is the rows 'renumbered' plus the rows 'changed'
    with a renumbered value. It counted 102 changed for KeyForge 1.3 -> 16.0 where the page counts
    79: it compared texts to the character (24 answers differing in quotes or spacing only) and
    ignored headings (one heading changed)."""
    from collections import Counter

    from conftest import page
    from kb.changelog import changelog

    c = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    versions: dict[str, list[str]] = {}
    for game, version in c.execute("SELECT game, version FROM documents ORDER BY game, version_sort"):
        versions.setdefault(game, []).append(version)
    cases = [("keyforge", "1.3", "16.0"), ("keyforge", "16.0", "1.1")]
    cases += [(g, a, b) for g, vs in versions.items() for a, b in zip(vs, vs[1:])]
    assert any(g == "mtg" for g, _, _ in cases)  # numbered rules: renumbered ones
    renumbered_seen = False
    for game, a, b in cases:
        rows = query(ds, "changes_between_versions", game=game, **{"from": a, "to": b})
        log = changelog(c, game, a, b)
        assert {(r["from_entry_id"], r["to_entry_id"]): r["status"] for r in rows} == _site_statuses(log), (game, a, b)
        assert {(r["from_entry_id"], r["to_entry_id"]): r["renumbered"] for r in rows if r["renumbered"]} == {
            (x["from_entry"], x["to_entry"]): f"{x['from']} → {x['to']}" for x in log["renumbered"]
        }
        renumbered_seen |= bool(log["renumbered"])
        if (game, a, b) == cases[0]:
            counts = Counter(r["status"] for r in rows)
            html = page(client, "/changes?" + urlencode({"game": game, "from": a, "to": b}))
            shown = {k: int(n) for k, n in re.findall(r'data-count="(\w+)"><strong>(\d+)</strong>', html)}
            assert shown["changed"] == counts["changed"] and shown["renamed"] == counts["renamed"]
            assert shown["added"] == counts["added"] and shown["removed"] == counts["removed"]
            assert shown["needs_review"] == counts["needs review"]
            assert shown["renumbered"] == counts["renumbered"] + sum(
                1 for r in rows if r["status"] == "changed" and r["renumbered"]
            )
    assert renumbered_seen
    # every game holding both versions when no game is given: the same rows as the game's own
    vs = versions["mtg"]
    both = query(ds, "changes_between_versions", game="", **{"from": vs[0], "to": vs[-1]})
    own = query(ds, "changes_between_versions", game="mtg", **{"from": vs[0], "to": vs[-1]})
    assert both == own and own
    c.close()
