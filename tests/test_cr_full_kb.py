"""The site on the whole Comprehensive Rules history: a KB built from sources/manifest.toml (all 113
versions, 2003 to 2025, next to KeyForge and Keeper of the Cards).

Slow (the build takes a few minutes), so marked ``slow``: ``pytest -m slow tests/test_cr_full_kb.py``.
What a reader would notice at this scale: a rule's history across every version comes back at once
(well under 200 ms) and shows only where it changed; the search index stays small; no page weighs
1 MB, however far apart the two versions of a changelog are; the changelog of twenty years (thousands
of entries) is paged section by section, every entry of it on some page exactly once in the
changelog's order, while the counts at the top are the whole changelog's; version pickers group the
113 dated versions by year, and /versions folds them by year, the newest year open. Expected values
come from ``kb.changelog.changelog`` and the KB. (These page checks ran on a KB of the test manifest
plus two far CR versions, built for them alone; the full KB, built for this module anyway, is the
scale they are about.)

The same KB, every pair of neighbouring versions diffed: no rule whose text is unchanged is reported
as changed, removed or added, and every rule printed unchanged under another number is reported as
renumbered. (One module, so that one test process builds the KB and runs every test that reads it.)
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections import Counter

import pytest
from html import unescape

from conftest import MAX_PAGE_BYTES, page
from kb.changelog import changelog
from kb.textdiff import word_keys


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def conn(full_kb):
    c = sqlite3.connect(f"file:{full_kb}?mode=ro", uri=True)
    yield c
    c.close()


def _longest_thread(conn) -> tuple[str, int]:
    """The rule thread held by the most versions, and its newest entry."""
    (thread,) = conn.execute(
        """SELECT et.thread FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE d.game = 'mtg' AND e.kind = 'rule' AND e.body <> '' GROUP BY et.thread
           ORDER BY count(DISTINCT d.version) DESC, et.thread LIMIT 1"""
    ).fetchone()
    (entry,) = conn.execute(
        """SELECT e.id FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE et.thread = ? ORDER BY d.version_sort DESC LIMIT 1""",
        (thread,),
    ).fetchone()
    return thread, entry


def test_the_history_of_a_rule_across_every_version_is_fast_and_compact(conn):
    from kb.entry_detail import entry_detail
    from kb.history import thread_history

    versions = conn.execute("SELECT count(*) FROM documents WHERE game = 'mtg'").fetchone()[0]
    assert versions == 113
    thread, entry = _longest_thread(conn)
    for work in (lambda: thread_history(conn, thread), lambda: entry_detail(conn, entry)):
        work()  # warm: imports and the page cache
        seconds = min(_timed(work) for _ in range(3))
        assert seconds < 0.2, seconds
    detail = entry_detail(conn, entry)
    assert len(detail["history"]) >= versions - 5
    shown = [s for s in detail["timeline"] if s["step"] in ("first", "changed", "renumbered")]
    assert len(shown) < len(detail["history"]) / 2
    assert sum(s["count"] for s in detail["timeline"] if s["step"] == "unchanged") + len(shown) == len(
        detail["history"]
    )


def _timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def test_the_search_index_is_sized_by_distinct_texts(conn):
    from kb.fuzzy import build_index

    (entries,) = conn.execute("SELECT count(*) FROM entries").fetchone()
    index = build_index(conn)
    assert index.n_texts < entries / 10  # 113 versions reprint most of their text
    assert sum(len(a) * a.itemsize for a in index.corpus.text_stems) < 16 * 2**20


@pytest.fixture(scope="module")
def client(full_kb):
    from api import create_app

    return create_app(full_kb).test_client()


def mtg_versions(conn) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'mtg' ORDER BY version_sort")]


def test_no_page_weighs_a_megabyte(client, conn):
    vs = mtg_versions(conn)
    _, entry = _longest_thread(conn)
    urls = [
        f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}",
        f"/changes?game=mtg&from={vs[-1]}&to={vs[0]}",
        f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}&view=side",
        f"/changes?game=mtg&from={vs[1]}&to={vs[-1]}",
        "/changes",
        "/versions",
        "/",
        "/?q=creature&game=mtg&all=1",
        "/?q=702",
        "/mtg/702",
        "/mtg/7",
        f"/entries/{entry}",
        f"/api/entries/{entry}",
    ]
    sizes = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        sizes[url] = len(response.get_data())
    assert max(sizes.values()) < MAX_PAGE_BYTES, sizes
    # the oldest-to-newest changelog is big enough to need its pages
    log = changelog(conn, "mtg", vs[0], vs[-1])
    assert len(log["added"]) + len(log["ruling_changes"]) + len(log["changed"]) > 2000


def _walk(client, url: str, section: str, anchor: str) -> tuple[list[int], list[str]]:
    """The entry ids a paged section lists, over all its pages, and the pages' URLs."""
    ids, urls = [], []
    while url:
        html = page(client, url)
        urls.append(url)
        start = html.index(f'id="{anchor}"')
        part = html[start : html.index("</section>", start)]
        ids += (
            [int(i) for i in re.findall(r'<li>.*?href="/entries/(\d+)"', part)]
            if section != "ruling_changes"
            else [
                int(i)
                for i in re.findall(r'The entries: <a href="/entries/\d+">v[^<]+</a> · <a href="/entries/(\d+)">', part)
            ]
        )
        nxt = re.search(r'<a class="btn" rel="next" href="([^"]+)"', part)
        url = unescape(nxt.group(1)).split("#")[0] if nxt else None
    return ids, urls


def test_a_long_changelog_is_paged_and_complete(client, conn):
    vs = mtg_versions(conn)
    log = changelog(conn, "mtg", vs[0], vs[-1])
    base = f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}"
    html = page(client, base)
    for name in ("ruling_changes", "renamed", "changed", "added", "removed"):
        assert re.search(rf'data-count="{name}"><strong>{len(log[name])}</strong>', html), name
    added, urls = _walk(client, base, "added", "added")
    assert added == [x["entry_id"] for x in log["added"]] and len(urls) > 1
    removed, _ = _walk(client, base, "removed", "removed")
    assert removed == [x["entry_id"] for x in log["removed"]]
    rulings, urls = _walk(client, base, "ruling_changes", "ruling-changes")
    assert rulings == [r["to_entry"] for r in log["ruling_changes"]] and len(urls) > 1
    # a later page of one section keeps the others on their first page and the pickers as they were
    later = page(client, urls[1])
    assert re.search(rf'<option value="{vs[0]}" selected>', later.split('name="from"')[1].split("</select>")[0])
    assert 'data-section="ruling_changes" data-page="2"' in later
    assert 'data-section="added" data-page="1"' in later
    # a changed entry whose meaning change sits on another page of ruling changes links to that page
    links = re.findall(r'<p class="small"><a href="([^"]+)">Its changes of meaning', html)
    assert links and all(link.startswith("#ruling-") or "ruling_changes_page=" in unescape(link) for link in links)


def test_version_pickers_group_dated_versions_by_year(client, conn):
    vs = mtg_versions(conn)
    html = page(client, f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}")
    picker = html.split('name="from"')[1].split("</select>")[0]
    groups = re.findall(r'<optgroup label="(\d{4})">(.*?)</optgroup>', picker, re.S)
    assert [year for year, _ in groups] == sorted({v[:4] for v in vs})
    assert [v for _, g in groups for v in re.findall(r'<option value="([^"]+)"', g)] == vs
    search = page(client, "/")
    select = search.split('name="version"')[1].split("</select>")[0]
    labels = re.findall(r'<optgroup label="([^"]+)">', select)
    assert [label for label in labels if label.startswith("Magic")] == [f"Magic: The Gathering {y}" for y, _ in groups]
    assert "KeyForge" in labels  # short lists stay one group per game


def test_the_full_cr_is_folded_by_year_newest_year_open(client, conn):
    vs = mtg_versions(conn)
    text = client.get("/versions").get_data(as_text=True)
    years = re.findall(r'<details class="version-year" id="year-mtg-(\d{4})"( open)?>', text)
    assert [y for y, _ in years] == sorted({v[:4] for v in vs}, reverse=True)
    assert [y for y, is_open in years if is_open] == [vs[-1][:4]]
    # each version's row inside its year's fold
    for v in vs:
        fold = text.rindex('<details class="version-year"', 0, text.index(f'id="v-mtg-{v}"'))
        assert f'id="year-mtg-{v[:4]}"' in text[fold : fold + 80], v
    # the largest section of the latest release: under the site's limit, answered from what is kept
    # after the first time
    started = time.perf_counter()
    first = client.get(f"/read/mtg/{vs[-1]}/7")
    first_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    again = client.get(f"/read/mtg/{vs[-1]}/7")
    again_ms = (time.perf_counter() - started) * 1000
    print(f"/read/mtg/{vs[-1]}/7: {first_ms:.0f} ms, then {again_ms:.0f} ms; {len(first.data) / 1e6:.2f} MB")
    assert first.status_code == again.status_code == 200 and again.data == first.data
    assert len(first.data) < MAX_PAGE_BYTES
    assert again_ms < 200


# ------------------------------------------------------------------ every neighbouring pair diffed

_LABEL = re.compile(r"^\s*\d+(?:\.\d+)*[a-z]?\.?\s*")


@pytest.fixture(scope="module")
def history_kb(full_kb):
    """Every bundled CR version, in the KB of everything bundled (its Magic part is what a KB of the
    CR alone holds: threads are aligned per game, and no ruling replays a CR entry)."""
    conn = sqlite3.connect(f"file:{full_kb}?mode=ro", uri=True)
    assert conn.execute("SELECT count(*) FROM documents WHERE game = 'mtg'").fetchone()[0] == 113
    yield conn
    conn.close()


def texts(conn, version: str) -> dict[int, tuple]:
    """entry id -> what it prints: kind, heading without its number, words of its text; and its number.
    Entries flagged needs_review (a number printed twice) are listed apart by the changelog: left out."""
    out = {}
    for eid, kind, title, body, number in conn.execute(
        """SELECT e.id, e.kind, e.title, e.body, json_extract(e.data, '$.number') FROM entries e
               JOIN documents d ON d.id = e.document
               WHERE d.game = 'mtg' AND d.version = ? AND e.needs_review = 0""",
        (version,),
    ):
        out[eid] = ((kind, _LABEL.sub("", title or ""), tuple(word_keys(body))), number)
    return out


def test_neighbours_never_report_an_unchanged_rule_as_changed_added_or_removed(history_kb):
    versions = mtg_versions(history_kb)
    renumbered_seen = 0
    read = {versions[0]: texts(history_kb, versions[0])}
    for a, b in zip(versions, versions[1:]):
        log = changelog(history_kb, "mtg", a, b)
        # each version's texts read once, though most are in two pairs (0.13 s a version)
        read[b] = texts(history_kb, b)
        old, new = read.pop(a), read[b]
        # a text printed once in each version is the same rule: never added, removed or changed
        once_old = {t for t, n in Counter(t for t, _ in old.values()).items() if n == 1}
        once_new = {t for t, n in Counter(t for t, _ in new.values()).items() if n == 1}
        unchanged = once_old & once_new
        added = {new[e["entry_id"]][0] for e in log["added"] if e["entry_id"] in new}
        removed = {old[e["entry_id"]][0] for e in log["removed"] if e["entry_id"] in old}
        changed = {new[e["to_entry"]][0] for e in log["changed"] if e["to_entry"] in new}
        assert not (added | removed | changed) & unchanged, (a, b, sorted((added | removed | changed) & unchanged)[:3])
        # an unchanged text under another number is listed as renumbered
        by_text_old = {t: num for t, num in old.values() if t in unchanged}
        moved = {
            (by_text_old[t], num)
            for t, num in new.values()
            if t in unchanged and num and by_text_old[t] and by_text_old[t] != num
        }
        listed = {(r["from"], r["to"]) for r in log["renumbered"] if not r["text_changed"]}
        assert moved <= listed, (a, b, sorted(moved - listed)[:5])
        renumbered_seen += len(moved)
        # a ruling change is more than its citations following their rules to new numbers, and
        # more than a character the file's encoding lost ("can?t" in 2008-05-01)
        follows = {r["from"]: r["to"] for r in log["renumbered"]}
        for rc in log["ruling_changes"]:
            before = _CITED.sub(lambda m: follows.get(m.group(), m.group()), rc["from_answer"] or "")
            assert word_keys(before) != word_keys(rc["to_answer"]), (a, b, rc["key"], rc["reasons"])
            assert not any(_LOST.search(r) for r in rc["reasons"]), (a, b, rc["key"], rc["reasons"])
    assert renumbered_seen > 100  # twenty years of insertions shift rules all the time


#: a "?" standing for an apostrophe, a quote or a dash ("can?t"), not a web address's ("asp?x=")
_LOST = re.compile(r"(?<=[A-Za-z])\?(?=[A-Za-z])(?!\w*=)")
_CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d+[a-z]?)?(?!\d)")
_SECTION = re.compile(r"^(rule/\d+\.\d+)[a-z]+$")


def test_look_alike_keyword_rules_keep_to_their_own_threads(history_kb):
    """Subrules worded from one template ("Embalm is an activated ability that functions while the
    card with embalm is in a graveyard", "Eternalize is ...") go on in the thread of their own keyword:
    between two neighbouring versions, no subrule passes from one named section to another whose
    thread is not its section's (Embalm moved 702.127 -> 702.128 when Eternalize took 702.129 and
    stayed Embalm), unless it printed its text unchanged; and every text printed once in both
    versions under another number continues its thread."""
    rows = history_kb.execute(
        """SELECT d.version_sort, e.key, e.title, e.body, et.thread FROM entries e
           JOIN documents d ON d.id = e.document JOIN entry_threads et ON et.entry = e.id
           WHERE d.game = 'mtg' AND e.kind = 'rule' ORDER BY d.version_sort"""
    ).fetchall()
    versions = sorted({r[0] for r in rows})
    by_version: dict = {v: {} for v in versions}
    for v, key, title, body, thread in rows:
        by_version[v][key] = (_LABEL.sub("", title or ""), body or "", thread)
    crossed, exact, split = [], 0, []
    for a, b in zip(versions, versions[1:]):
        old, new = by_version[a], by_version[b]
        old_by_thread = {t: (k, h, body) for k, (h, body, t) in old.items()}
        for key, (head, body, thread) in new.items():
            m = _SECTION.match(key)
            prior = old_by_thread.get(thread)
            if not m or not prior or (head, body) == prior[1:]:
                continue
            mo = _SECTION.match(prior[0])
            here, there = new.get(m.group(1)), old.get(mo.group(1)) if mo else None
            if here and there and here[0] and there[0] and here[2] != there[2]:
                crossed.append((a, prior[0], there[0], "->", b, key, here[0]))
        once_old = Counter((h, body) for h, body, _ in old.values())
        once_new = Counter((h, body) for h, body, _ in new.values())
        where_old = {(h, body): (k, t) for k, (h, body, t) in old.items()}
        for key, (head, body, thread) in new.items():
            text = (head, body)
            if body and once_old[text] == 1 and once_new[text] == 1 and where_old[text][0] != key:
                exact += 1
                if where_old[text][1] != thread:
                    split.append((a, where_old[text][0], "->", b, key))
    assert not crossed, crossed[:5]
    assert exact > 1000 and not split, (exact, split[:5])


DOCX_ONLY = ("2014-05-01", "2014-06-01", "2014-07-18", "2023-02-03")


def test_the_four_releases_read_from_docx_fill_the_history_and_say_so(full_kb, conn):
    """The releases published only as PDF and DOCX are in the history as DOCX, each with its date,
    its rules and glossary, named by /versions and `history`; a rule's page covers them."""
    from api import create_app
    from kb.history import history

    rows = conn.execute(
        """SELECT d.version, d.format, d.file, sum(e.kind = 'rule'), sum(e.kind = 'glossary'), sum(e.needs_review)
           FROM documents d JOIN entries e ON e.document = d.id WHERE d.game = 'mtg' AND d.format = 'docx'
           GROUP BY d.id ORDER BY d.version_sort"""
    ).fetchall()
    assert [r[0] for r in rows] == list(DOCX_ONLY)
    for version, _, file, rules, terms, review in rows:
        assert file.endswith(f"{version}.docx") and rules > 2000 and terms > 450 and review == 0
    data = history(conn, "702.19b", game="mtg")
    assert set(DOCX_ONLY) <= set(data["sources"]) and data["sources"]["2014-05-01"]["format"] == "docx"
    client = create_app(full_kb).test_client()
    page = client.get("/versions").get_data(as_text=True)
    assert all(f"{v}.docx" in page for v in DOCX_ONLY)
    rule = client.get("/mtg/2014-06-01/702.19b")
    assert rule.status_code == 200 and "trample" in rule.get_data(as_text=True).lower()
