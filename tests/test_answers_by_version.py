"""Beside each version badge, that version's own answer: card pages, entry pages and search result
tiles, and their JSON, on the KB built from the bundled sources (Flask's test client).

The issue: Phase Shift's card page showed 1.2's "will allow you to play another card" beside a v1.1
badge (1.1 says "will not allow"), Bait and Switch's showed "triggered 2 times" beside v1.1 (1.1 says
7). Checked here for every FAQ thread whose answer changed in meaning between versions (the build's
``supersessions``) and every card those threads name, the issue's two among them; what a page shows
is compared with the KB's entries of each version (tests/answers_shown.py), not with the grouping
code. Also: a KB built before the supersessions table groups by wording, and a changed KB is never
answered from the groups of its earlier state.
"""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from bs4 import BeautifulSoup

from answers_shown import changed_faq_threads, check_shown, conn, plain, thread_said, threads  # noqa: F401 (fixtures)
from api import create_app
from kb.answer_groups import thread_answers, version_label
from kb.textdiff import word_keys

#: the cards of the issue: their card pages showed the newest answer beside every version's badge
ISSUE_CARDS = {"Phase Shift", "Bait and Switch"}


def shown_in(node) -> list[tuple[list[str], str]]:
    """(versions of the badge, the text beside it) of every answer group inside ``node``."""
    return [(g["data-versions"].split(), g.select_one(".answer-text").get_text()) for g in node.select(".answer-group")]


def soup(client, url: str, args: dict | None = None) -> BeautifulSoup:
    response = client.get(url, query_string=args)
    assert response.status_code == 200, url
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def json_groups(groups: list[dict]) -> list[list[str]]:
    return [g["versions"] for g in groups]


def cards_of(conn, thread: str) -> list[tuple[str, str, str]]:
    """(set, number, name) of every printing named by an entry of ``thread``."""
    return conn.execute(
        """SELECT DISTINCT c.set_code, c.number, c.name FROM entry_threads et JOIN entry_cards ec ON ec.entry = et.entry
           JOIN cards c ON c.id = ec.card WHERE et.thread = ? ORDER BY c.id""",
        (thread,),
    ).fetchall()


def test_the_changed_faq_threads_name_the_cards_of_the_issue(conn, threads):
    named = {name for t in threads for _, _, name in cards_of(conn, t)}
    assert ISSUE_CARDS <= named


def test_card_pages_show_each_versions_own_answer(client, conn, threads):
    seen = set()
    for thread in threads:
        for set_code, number, name in cards_of(conn, thread):
            card = client.get(f"/api/cards/{set_code}/{number}").get_json()
            item = next(x for x in card["entries"] if x["thread"] == thread)
            page = soup(client, f"/cards/{set_code}/{number}")
            li = page.select_one(f'#entries a[href="/entries/{item["entry_id"]}"]').find_parent("li")
            shown = shown_in(li)
            check_shown(conn, thread, shown, f"card page {set_code} {number} ({name})")
            assert [v for v, _ in shown] == json_groups(item["answers"]), "the JSON groups as the page does"
            assert [plain(t) for _, t in shown] == [plain(g["answer"]) for g in item["answers"]]
            # every version badge of the ruling is one of those groups' badges
            badges = li.select(".badge-version")
            assert badges and all(b.find_parent(class_="answer-group") for b in badges)
            seen.add(name)
    assert ISSUE_CARDS <= seen


@pytest.mark.slow
def test_entry_pages_show_each_versions_own_answer(client, conn, threads):
    for thread in threads:
        for s in thread_said(conn, thread):
            page = soup(client, f"/entries/{s.entry_id}")
            panel = page.select_one("#answers")
            assert panel is not None, f"entry {s.entry_id} (v{s.version}) does not show the answers by version"
            shown = shown_in(panel)
            check_shown(conn, thread, shown, f"entry page {s.entry_id} (v{s.version})")
            here = panel.select(".answer-group.is-current")
            assert len(here) == 1 and s.version in here[0]["data-versions"].split(), "this page's answer is marked"
            data = client.get(f"/api/entries/{s.entry_id}").get_json()
            assert json_groups(data["answers"]) == [v for v, _ in shown]
            # the page's own text stays its own version's
            assert plain(s.body)[:60] in plain(page.select_one(".entry-text").get_text())


def test_a_search_for_the_question_shows_each_versions_own_answer(client, conn, threads):
    for thread in threads:
        said = thread_said(conn, thread)
        newest = said[-1]
        game = thread.split(":", 1)[0]
        latest = conn.execute(
            "SELECT version FROM documents WHERE game = ? ORDER BY version_sort DESC LIMIT 1", (game,)
        ).fetchone()[0]
        # the thread's question as a judge would type it, in the versions that hold it
        args = {"q": newest.question, "game": game, **({} if newest.version == latest else {"all": "true"})}
        ids = {s.entry_id for s in said}
        hits = client.get("/api/search", query_string=args).get_json()
        hit = next(h for h in hits["results"] if h["entry_id"] in ids)
        page = soup(client, "/", args)
        tile = next(
            li for li in page.select("li.hit") if int(li.select_one(".hit-title a")["href"].rsplit("/", 1)[1]) in ids
        )
        shown = shown_in(tile)
        check_shown(conn, thread, shown, f"search tile for {newest.question[:60]!r}")
        assert [v for v, _ in shown] == json_groups(hit["answers"])
        current = tile.select(".answer-group.is-current")
        assert len(current) == 1 and hit["version"] in current[0]["data-versions"].split()
        assert not tile.select(".hit-foot .badge-version"), "no badge outside the groups"


def test_a_range_label_never_spans_a_version_that_lacks_the_answer():
    game = ["1.1", "1.2", "1.3", "16.0"]
    assert version_label(["1.1", "1.2", "16.0"], game) == "v1.1–1.2, 16.0"
    assert version_label(["1.3", "16.0"], game) == "v1.3–16.0"
    assert version_label(["2019-01-25", "2019-05-03"], ["2019-01-25", "2019-05-03"]) == "v2019-01-25 – 2019-05-03"


def test_a_kb_without_supersessions_groups_by_wording(built_kb, tmp_path, threads):
    path = tmp_path / "old.sqlite"
    shutil.copyfile(built_kb, path)
    with sqlite3.connect(path) as c:
        c.execute("DROP TABLE supersessions")
    with sqlite3.connect(path) as c:
        for thread in threads:
            said = {s.entry_id: s for s in thread_said(c, thread)}
            groups = thread_answers(c, [thread])[thread]
            wordings = [{tuple(word_keys(said[e].body)) for e in g["entry_ids"]} for g in groups]
            assert all(len(w) == 1 for w in wordings), "a group holds one wording"
            assert len({w.pop() for w in wordings}) == len(groups), "each wording once"
    client = create_app(path).test_client()
    card = client.get("/api/cards/CotA/117").get_json()
    assert card and all(x["answers"] for x in card["entries"])


def test_groups_follow_a_changed_kb(built_kb, tmp_path, threads):
    """The groups are kept per KB state: a KB whose supersessions changed is read again."""
    path = tmp_path / "kb.sqlite"
    shutil.copyfile(built_kb, path)
    thread = threads[0]
    with sqlite3.connect(path) as c:
        assert len(thread_answers(c, [thread])[thread]) > 1
    with sqlite3.connect(path) as c:
        c.execute(
            "DELETE FROM supersessions WHERE entry IN (SELECT entry FROM entry_threads WHERE thread = ?)", (thread,)
        )
    with sqlite3.connect(path) as c:
        groups = thread_answers(c, [thread])[thread]
        assert len(groups) == 1 and groups[0]["changed_in"] is None
