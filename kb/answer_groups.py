"""A thread's answers grouped by what they state: the versions that say one thing, then the next.

Why: a page that shows one answer beside the badges of every version of its thread tells a judge
that v1.1 says what v16.0 says. Where a later version changed the ruling ("will not allow" became
"will allow", "7 times" became "2 times") that is a wrong answer under an older badge. So the card
page, the search result tiles and the entry page all show a thread's answers grouped by the versions
that state them ("v1.1–1.2: … · v1.3–16.0: …"), and take the groups from here, one implementation.

How: whether two versions mean the same was decided once, by the build (:mod:`kb.supersede`, with
:mod:`kb.meaning`), and stored as each entry's fate: the later entry and version that first states
something else (a ``supersessions`` row), or none when its meaning holds to the thread's newest
version. Entries that share a fate state the same thing (a fate is handed from an entry to the ones
before it that say the same), so a group is the entries of one fate; a mere rewording stays in its
group. Nothing is compared per request: one query over the threads asked for, its groups kept
per KB state (:func:`kb.fuzzy.fingerprint`, which a rebuild or an ingest changes). Two cases the table
cannot speak for are told by their words (:func:`kb.textdiff.word_keys`, so only formatting is
folded): an entry flagged ``needs_review`` (the build neither marks nor compares it) joins the group
printing its words, else stands alone; a KB built before the table existed groups each wording.

A group's text is its newest entry's (the current wording of that ruling), its start, or where two
groups start alike, from where it differs (:func:`distinct_answers`); ``label`` names its versions
as runs of the game's consecutive versions ("v1.1–1.2, 16.0" when 1.3 lacks the thread).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable

from .fuzzy import fingerprint
from .textdiff import word_keys
from .threads import is_aligned, parse_thread

#: longest answer shown for a group (and under a ruling on a card page), in characters; the entry
#: page has the text whole
ANSWER_CHARS = 280
#: threads asked for in one query (SQLite's limit on bound parameters is far above it)
_CHUNK = 400
#: threads whose groups are kept per KB state (search-as-you-type asks for the same ones again and
#: again; a Magic rule's thread holds a hundred entries, so a cold query of ten costs ~10 ms)
CACHE_SIZE = 512

#: a word that ends a sentence or introduces a list ("order:"), closing quotes and brackets after
#: it; not a list item's number ("2.")
_SENTENCE_END = re.compile(r"^(?!\d{1,3}[.)]$).*[.!?:][\"\u201d\u2019')\]]*$")
#: a change further than this many words into its sentence is shown from a few words before it
SENTENCE_WORDS, LEAD_WORDS = 30, 8

#: the groups of the threads asked for last, of the KB state ``_kept["state"]`` (one at a time: a
#: server serves one KB)
_cache: OrderedDict[str, list[dict]] = OrderedDict()
_kept: dict[str, tuple | None] = {"state": None}
_lock = threading.Lock()


def shortened(text: str | None, limit: int = ANSWER_CHARS) -> str:
    """The first paragraph of ``text``, cut at a word near ``limit`` with an ellipsis."""
    first = " ".join((text or "").strip().split("\n\n")[0].split())
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def thread_answers(conn: sqlite3.Connection, threads: Iterable[str]) -> dict[str, list[dict]]:
    """``{thread: [group, ...]}`` for each of ``threads`` the KB holds, groups ordered by the first
    version stating them. A group: ``{"versions"`` (oldest first), ``"label"`` ("v1.1–1.2"),
    ``"entry_id"``, ``"url"`` (its newest entry), ``"entry_ids"`` (every entry of the group),
    ``"answer"`` (what to read of the newest entry's text, :func:`distinct_answers`),
    ``"changed_in"`` (the later version that changed it: ``{"version", "entry_id", "summary",
    "change", "url"}``, None for the ruling that holds now), ``"needs_review"}``."""
    wanted = list(dict.fromkeys(t for t in threads if t))
    if not wanted:
        return {}
    state = fingerprint(conn)
    cacheable = bool(state[0])  # a KB in a file: an in-memory one has no identity to key on
    out: dict[str, list[dict]] = {}
    with _lock:
        if _kept["state"] != state:  # another KB, or this one rebuilt: nothing kept holds
            _cache.clear()
            _kept["state"] = state if cacheable else None
        for t in wanted if cacheable else ():
            if t in _cache:
                _cache.move_to_end(t)
                out[t] = _cache[t]
    missing = [t for t in wanted if t not in out]
    if missing:
        found = _groups(conn, missing)
        out.update(found)
        if cacheable:
            with _lock:
                if _kept["state"] == state:
                    _cache.update(found)
                    while len(_cache) > CACHE_SIZE:
                        _cache.popitem(last=False)
    # fresh dicts: callers add what their page needs (a card page's icon notation) to a group
    return {t: [dict(g) for g in out[t]] for t in wanted if t in out}


def _groups(conn: sqlite3.Connection, wanted: list[str]) -> dict[str, list[dict]]:
    rows, stored = _rows(conn, wanted)
    order = _version_order(conn)
    groups: dict[str, dict[tuple, dict]] = {}
    for thread, eid, game, version, sort, review, body, by, by_version, summary, change in rows:
        if review:
            key: tuple = ("review", eid)
        elif by is not None:
            key = ("changed", by, by_version)
        elif stored:
            key = ("holds",)
        else:
            key = ("words", tuple(word_keys(body or "")))
        in_thread = groups.setdefault(thread, {})
        g = in_thread.get(key)
        if g is None:
            g = in_thread[key] = {
                "game": game,
                "versions": {},
                "entry_ids": [],
                "first": sort,
                "needs_review": bool(review),
                "changed_in": None,
            }
        g["versions"][version] = sort
        g["entry_ids"].append(eid)
        g["entry_id"] = eid  # rows come oldest first: the last one is the newest
        if by is not None:
            g["changed_in"] = (by, by_version, summary, change)
    for gs in groups.values():
        if any(k[0] == "review" for k in gs):
            _join_reviewed(conn, gs)
    bodies = _bodies(conn, [g["entry_id"] for gs in groups.values() for g in gs.values()])
    places = {game: {v: i for i, v in enumerate(vs)} for game, vs in order.items()}
    out: dict[str, list[dict]] = {}
    for thread, gs in groups.items():
        out[thread] = []
        ordered = sorted(gs.values(), key=lambda g: g["first"])
        answers = distinct_answers([bodies.get(g["entry_id"]) or "" for g in ordered])
        for g, answer in zip(ordered, answers):
            versions = sorted(g["versions"], key=g["versions"].get)
            by = g["changed_in"]
            out[thread].append(
                {
                    "versions": versions,
                    "label": _label(versions, places.get(g["game"], {})),
                    "entry_id": g["entry_id"],
                    "url": f"/entries/{g['entry_id']}",
                    "entry_ids": g["entry_ids"],
                    "answer": answer,
                    "changed_in": None
                    if by is None
                    else {
                        "version": by[1],
                        "entry_id": by[0],
                        "summary": by[2],
                        "change": by[3],
                        "url": f"/entries/{by[0]}",
                    },
                    "needs_review": g["needs_review"],
                }
            )
    return out


def _join_reviewed(conn: sqlite3.Connection, groups: dict[tuple, dict]) -> None:
    """An entry flagged ``needs_review`` whose words another group of its thread prints (up to
    formatting) joins that group: its reading is in doubt, not what those words say."""
    ids = [e for g in groups.values() for e in g["entry_ids"]]
    words = {e: tuple(word_keys(b)) for e, b in _bodies(conn, ids).items()}
    for key in [k for k in groups if k[0] == "review"]:
        g = groups[key]
        home = next(
            (
                h
                for k, h in groups.items()
                if k[0] != "review" and any(words.get(e) == words.get(g["entry_ids"][0]) for e in h["entry_ids"])
            ),
            None,
        )
        if home is not None:
            home["versions"].update(g["versions"])
            home["entry_ids"] = sorted(home["entry_ids"] + g["entry_ids"], key=ids.index)
            home["first"] = min(home["first"], g["first"])
            del groups[key]


def distinct_answers(bodies: list[str], limit: int = ANSWER_CHARS) -> list[str]:
    """What to show of each of a thread's texts, in the order of their groups: its start
    (:func:`shortened`), unless a neighbouring group starts with the same words (an answer whose
    change lies past its first paragraph: a list of steps after "the following happens in this
    order:"); then, after "… ", the text from the start of the sentence where it first differs from
    the group before it (what its versions changed), or for the first group from the one after it,
    so that a change never reads as two equal texts. Groups further apart may read the same: a ruling
    changed and changed back."""
    shown = [shortened(b, limit) for b in bodies]
    keys = [word_keys(s) for s in shown]
    words = [b.split() for b in bodies]

    def from_difference(i: int, j: int) -> str:
        first = _difference_start(words[i], words[j])
        return "… " + shortened(" ".join(words[i][first:]), limit) if first else shown[i]

    out = []
    for i in range(len(bodies)):
        j = next((j for j in (i - 1, i + 1) if 0 <= j < len(bodies) and keys[j] == keys[i]), None)
        out.append(shown[i] if j is None else from_difference(i, j))
    for _ in range(3):  # an excerpt may now read as its other neighbour's: show both from their difference
        equal = [i for i in range(len(out) - 1) if word_keys(out[i]) == word_keys(out[i + 1])]
        for i in equal:
            out[i], out[i + 1] = from_difference(i, i + 1), from_difference(i + 1, i)
        if not equal:
            break
    return out


def _fold(word: str) -> str:
    """A word as compared: case, quote style and punctuation left out."""
    return "".join(c for c in word.casefold() if c.isalnum())


def _difference_start(words: list[str], other: list[str]) -> int | None:
    """Where to start showing ``words`` so that the first word differing from ``other`` (folded by
    :func:`_fold`, else as written) is in view: the start of its sentence, or a few words before it
    in a long sentence; None when ``words`` holds nothing ``other`` does not (it is its start)."""
    same = None
    for fold in (_fold, str):
        mine, theirs = [fold(w) for w in words], [fold(w) for w in other]
        at = next((k for k, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
        if at < len(mine) or len(mine) != len(theirs):
            same = at
            break
    if same is None or same >= len(words):
        return None
    k = same
    while k > 0 and same - k < SENTENCE_WORDS and not _SENTENCE_END.search(words[k - 1]):
        k -= 1
    return k if same - k < SENTENCE_WORDS else same - LEAD_WORDS


def version_label(versions: list[str], game_versions: list[str]) -> str:
    """``versions`` as runs of consecutive versions of the game: "v1.1–1.2, 16.0". A version the game
    list does not hold stands alone. Versions written with hyphens (dates) get spaces around the dash."""
    return _label(versions, {v: i for i, v in enumerate(game_versions)})


def _label(versions: list[str], at: dict[str, int]) -> str:
    runs: list[list[str]] = []
    for v in versions:
        if runs and v in at and runs[-1][-1] in at and at[v] == at[runs[-1][-1]] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    dash = " – " if any("-" in v for v in versions) else "–"
    return "v" + ", ".join(r[0] if len(r) == 1 else f"{r[0]}{dash}{r[-1]}" for r in runs)


def _rows(conn: sqlite3.Connection, threads: list[str]) -> tuple[list[tuple], bool]:
    """(thread, entry, game, version, version_sort, needs_review, body or None, by_entry, by_version,
    summary, change) of every entry of ``threads``, oldest version first; and whether the KB holds
    supersessions (when not, bodies are read: the groups fall back to wordings)."""
    aligned = is_aligned(conn)
    stored = _has_supersessions(conn)
    fate = "s.by_entry, s.version, s.summary, s.change" if stored else "NULL, NULL, NULL, NULL"
    join = "LEFT JOIN supersessions s ON s.entry = e.id" if stored else ""
    body = "NULL" if stored else "e.body"
    rows: list[tuple] = []
    if aligned:
        for start in range(0, len(threads), _CHUNK):
            chunk = threads[start : start + _CHUNK]
            rows += conn.execute(
                f"""SELECT et.thread, e.id, d.game, d.version, d.version_sort, e.needs_review, {body}, {fate}
                    FROM entry_threads et JOIN entries e ON e.id = et.entry JOIN documents d ON d.id = e.document
                    {join} WHERE et.thread IN ({",".join("?" * len(chunk))})
                    ORDER BY et.thread, d.version_sort, e.ordinal""",
                chunk,
            ).fetchall()
    else:  # a KB built before alignment: a thread is a game's key
        for thread in threads:
            try:
                game, key = parse_thread(thread)
            except ValueError:
                continue
            rows += [
                (thread, *r)
                for r in conn.execute(
                    f"""SELECT e.id, d.game, d.version, d.version_sort, e.needs_review, {body}, {fate}
                    FROM entries e JOIN documents d ON d.id = e.document {join}
                    WHERE d.game = ? AND e.key = ? ORDER BY d.version_sort, e.ordinal""",
                    (game, key),
                )
            ]
    return rows, stored


def _has_supersessions(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT 1 FROM supersessions LIMIT 1")
    except sqlite3.OperationalError:
        return False
    return True


def _version_order(conn: sqlite3.Connection) -> dict[str, list[str]]:
    order: dict[str, list[str]] = {}
    for game, version in conn.execute("SELECT game, version FROM documents ORDER BY game, version_sort"):
        if version not in order.setdefault(game, []):  # a version may span several documents
            order[game].append(version)
    return order


def _bodies(conn: sqlite3.Connection, ids: list[int]) -> dict[int, str]:
    out: dict[int, str] = {}
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        out.update(conn.execute(f"SELECT id, body FROM entries WHERE id IN ({','.join('?' * len(chunk))})", chunk))
    return out
