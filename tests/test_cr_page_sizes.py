"""Pages stay usable when a rulebook spans twenty years: a KB of the test manifest plus two
Comprehensive Rules versions far apart (2003 and 2014), so the changelog between the oldest and the
newest holds thousands of entries, as on the full KB of 113 versions.

What a reader would notice: no page weighs 1 MB or more; a long changelog is paged section by
section and every entry of it is on some page, exactly once, in the changelog's order, while the
counts at the top are the whole changelog's; version pickers group a long list of dated versions
by year, oldest first, each version once. Expected values come from ``kb.changelog.changelog`` and
the KB.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import tomllib
from html import unescape

import pytest

from api import create_app
from conftest import KB_CACHE, SOURCES, cached_kb, manifest_copy, page
from kb.changelog import changelog

#: no page of the site may weigh this much
MAX_PAGE_BYTES = 1_000_000
#: Comprehensive Rules versions added to the test manifest: far from its three 2025 versions
FAR_VERSIONS = ("2003-03-15", "2014-09-25")


@pytest.fixture(scope="module")
def far_kb(tmp_path_factory):
    """The test KB with two far Comprehensive Rules versions more (kept in .test-kbs/far while its
    sources and code are unchanged, like the other test KBs)."""
    documents = [
        d
        for d in tomllib.loads((SOURCES / "manifest.toml").read_text(encoding="utf-8"))["document"]
        if d["game"] == "mtg" and d["version"] in FAR_VERSIONS
    ]
    assert len(documents) == len(FAR_VERSIONS)
    extra = "".join(
        f'\n[[document]]\ngame = "mtg"\nversion = "{d["version"]}"\ntitle = "{d["title"]}"\n'
        f'date = "{d["date"]}"\nformat = "cr"\nfile = "{(SOURCES / d["file"]).resolve()}"\n'
        for d in documents
    )
    folder = KB_CACHE / "far"
    folder.mkdir(parents=True, exist_ok=True)
    path = tmp_path_factory.mktemp("far") / "kb.sqlite"
    shutil.copyfile(cached_kb("far", manifest_copy(folder, extra)), path)
    return path


@pytest.fixture(scope="module")
def far(far_kb):
    conn = sqlite3.connect(f"file:{far_kb}?mode=ro", uri=True)
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def far_client(far_kb):
    # a lower threshold than the site's, so the five dated versions of this KB are grouped as 113 would be
    return create_app(far_kb, VERSION_GROUPS_OVER=4).test_client()


def mtg_versions(conn) -> list[str]:
    return [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'mtg' ORDER BY version_sort")]


@pytest.mark.slow
def test_no_page_weighs_a_megabyte(far_client, far):
    vs = mtg_versions(far)
    assert vs[0] == FAR_VERSIONS[0] and len(vs) == 5
    long_history = far.execute(
        """SELECT e.id FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
           WHERE d.game = 'mtg' AND d.version = ? AND e.kind = 'rule'
           AND et.thread IN (SELECT et2.thread FROM entry_threads et2 JOIN entries e2 ON e2.id = et2.entry
                             JOIN documents d2 ON d2.id = e2.document WHERE d2.version = ?)
           ORDER BY length(e.body) DESC LIMIT 1""",
        (vs[-1], vs[0]),
    ).fetchone()[0]
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
        f"/entries/{long_history}",
        f"/api/entries/{long_history}",
    ]
    sizes = {}
    for url in urls:
        response = far_client.get(url)
        assert response.status_code == 200, url
        sizes[url] = len(response.get_data())
    assert max(sizes.values()) < MAX_PAGE_BYTES, sizes
    # the oldest-to-newest changelog is big enough to need its pages
    log = changelog(far, "mtg", vs[0], vs[-1])
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


@pytest.mark.slow
def test_a_long_changelog_is_paged_and_complete(far_client, far):
    vs = mtg_versions(far)
    log = changelog(far, "mtg", vs[0], vs[-1])
    base = f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}"
    html = page(far_client, base)
    for name in ("ruling_changes", "renamed", "changed", "added", "removed"):
        assert re.search(rf'data-count="{name}"><strong>{len(log[name])}</strong>', html), name
    added, urls = _walk(far_client, base, "added", "added")
    assert added == [x["entry_id"] for x in log["added"]] and len(urls) > 1
    removed, _ = _walk(far_client, base, "removed", "removed")
    assert removed == [x["entry_id"] for x in log["removed"]]
    rulings, urls = _walk(far_client, base, "ruling_changes", "ruling-changes")
    assert rulings == [r["to_entry"] for r in log["ruling_changes"]] and len(urls) > 1
    # a later page of one section keeps the others on their first page and the pickers as they were
    later = page(far_client, urls[1])
    assert re.search(rf'<option value="{vs[0]}" selected>', later.split('name="from"')[1].split("</select>")[0])
    assert 'data-section="ruling_changes" data-page="2"' in later
    assert 'data-section="added" data-page="1"' in later
    # a changed entry whose meaning change sits on another page of ruling changes links to that page
    links = re.findall(r'<p class="small"><a href="([^"]+)">Its changes of meaning', html)
    assert links and all(link.startswith("#ruling-") or "ruling_changes_page=" in unescape(link) for link in links)


@pytest.mark.slow  # its KB of far-apart versions is built for this module
def test_version_pickers_group_dated_versions_by_year(far_client, far):
    vs = mtg_versions(far)
    html = page(far_client, f"/changes?game=mtg&from={vs[0]}&to={vs[-1]}")
    picker = html.split('name="from"')[1].split("</select>")[0]
    groups = re.findall(r'<optgroup label="(\d{4})">(.*?)</optgroup>', picker, re.S)
    assert [year for year, _ in groups] == sorted({v[:4] for v in vs})
    assert [v for _, g in groups for v in re.findall(r'<option value="([^"]+)"', g)] == vs
    search = page(far_client, "/")
    select = search.split('name="version"')[1].split("</select>")[0]
    labels = re.findall(r'<optgroup label="([^"]+)">', select)
    assert [label for label in labels if label.startswith("Magic")] == [f"Magic: The Gathering {y}" for y, _ in groups]
    assert "KeyForge" in labels  # short lists stay one group per game
