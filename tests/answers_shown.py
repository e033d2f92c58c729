"""Is the answer beside each version badge that version's own answer? The check shared by the page
tests (Flask's test client) and the browser tests of answers grouped by version (kb.answer_groups).

A page shows a ruling's answers as groups: a badge naming one or more versions (``data-versions``)
and a text beside it. The check takes what the page shows, ``[(versions, text)]`` for one ruling, and
compares it with the KB's own entries of that version, never with what kb.answer_groups computed:

- the text is a text of one of the group's versions (its words, in order, up to an elision "…");
- every version of the badge states the same thing (``kb.meaning.same_meaning``, compared directly
  with that version's entry, with the terminology of the two versions), so "will allow" beside v1.1,
  whose answer says "will not allow", fails;
- every version of the thread is shown, each under one answer; no answer shown means the same as the
  next (a rewording is not shown as a change), nor reads the same (a change past the first paragraph
  is shown where it is).

Which threads: every FAQ thread whose answer changed in meaning between versions, read from the
build's ``supersessions`` table.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import lru_cache

import pytest

from kb.meaning import same_meaning, version_terminology
from kb.threads import thread_entries


@dataclass(frozen=True)
class Said:
    """One entry of a thread: what one version says."""

    version: str
    entry_id: int
    body: str
    question: str | None
    sort: str


@pytest.fixture(scope="module")
def conn(built_kb):
    """A read-only connection to the test KB (for the modules that import it from here)."""
    c = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    yield c
    c.close()


@pytest.fixture(scope="module")
def threads(conn) -> list[str]:
    """Every FAQ thread of the test KB whose answer changed in meaning between versions."""
    found = changed_faq_threads(conn)
    assert found, "the bundled rulebooks hold FAQ answers a later version changed"
    return found


def changed_faq_threads(conn: sqlite3.Connection) -> list[str]:
    """The FAQ threads holding an entry a later version changed in meaning (kb.supersede's table)."""
    return [
        t
        for (t,) in conn.execute(
            """SELECT DISTINCT et.thread FROM supersessions s JOIN entries e ON e.id = s.entry
           JOIN entry_threads et ON et.entry = e.id WHERE e.kind = 'faq' ORDER BY et.thread"""
        )
    ]


def thread_said(conn: sqlite3.Connection, thread: str) -> list[Said]:
    """Every entry of ``thread``, oldest version first."""
    out = []
    for eid, version in thread_entries(conn, thread):
        body, question, sort = conn.execute(
            """SELECT e.body, e.question, d.version_sort FROM entries e JOIN documents d ON d.id = e.document
               WHERE e.id = ?""",
            (eid,),
        ).fetchone()
        out.append(Said(version, eid, body, question, sort))
    return out


def plain(text: str) -> str:
    """Whitespace collapsed, quotes in one style: how a text reads, whatever its markup."""
    text = re.sub(r"[\u2018\u2019]", "'", re.sub(r"[\u201c\u201d]", '"', text))
    return " ".join(text.split())


def source_of(said: list[Said], versions: list[str], text: str) -> Said | None:
    """The entry of one of ``versions`` whose text ``text`` shows: each part of it between
    elisions found in that entry's text, in order."""
    parts = [p.strip(" .,;:") for p in plain(text).split("…")]
    parts = [p for p in parts if p]
    for s in said:
        if s.version not in versions:
            continue
        body, at = plain(s.body), 0
        for p in parts:
            at = body.find(p, at)
            if at < 0:
                break
            at += len(p)
        else:
            if parts:
                return s
    return None


def means_the_same(conn: sqlite3.Connection, game: str, a: Said, b: Said) -> bool:
    """``a`` and ``b`` state the same thing (kb.meaning, with the terminology of their versions, the
    older one first)."""
    old, new = (a, b) if a.sort <= b.sort else (b, a)
    return same_meaning(old.body, new.body, _terms(conn, game, old.version, new.version))


@lru_cache(maxsize=64)
def _terms_cached(path: str, game: str, old: str, new: str):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return version_terminology(conn, game, old, new)


def _terms(conn: sqlite3.Connection, game: str, old: str, new: str):
    path = next((p for _, name, p in conn.execute("PRAGMA database_list") if name == "main"), "")
    return _terms_cached(path, game, old, new) if old != new else None


def check_shown(conn: sqlite3.Connection, thread: str, shown: list[tuple[list[str], str]], where: str) -> None:
    """Assert that ``shown`` (the (versions, text) pairs a page shows for ``thread``'s ruling) gives
    beside each version badge that version's own answer; ``where`` names the page in messages."""
    said = thread_said(conn, thread)
    game = thread.split(":", 1)[0]
    assert len(shown) > 1, f"{where}: the answer changed in meaning, yet one answer is shown for {thread}"
    sources = []
    for versions, text in shown:
        src = source_of(said, versions, text)
        assert src is not None, f"{where}: beside v{', v'.join(versions)} a text none of them prints: {text[:120]!r}"
        for v in versions:
            own = [s for s in said if s.version == v]
            assert any(means_the_same(conn, game, src, s) for s in own), (
                f"{where}: beside v{v}: {text[:100]!r}, but v{v} says {own[0].body[:100]!r}"
            )
        sources.append(src)
    assert {s.version for s in said} == {v for versions, _ in shown for v in versions}, (
        f"{where}: a version of the thread shown without its answer, or one it lacks shown"
    )
    # one answer to the next: a change, visible in the words shown (answers further apart may say
    # the same again: a ruling changed and changed back)
    texts = [plain(t) for _, t in shown]
    for i in range(1, len(shown)):
        assert texts[i - 1] != texts[i], f"{where}: two versions' different answers read the same: {texts[i]!r}"
        a, b = sources[i - 1], sources[i]
        assert not means_the_same(conn, game, a, b), (
            f"{where}: v{a.version} and v{b.version} shown as two answers, yet they say the same"
        )
