"""One ruling thread or one card followed across every version of its game.

Why: a judge asking "what did the FAQ say about Pitlord over time?" or "which errata did Bait and
Switch get, and when?" wants one page, oldest first, each step with its word diff and a mark where
the ruling's meaning (not its wording) changed. The card view gives the errata timeline: the
printed text, then each erratum with the version that introduced it (a later version restating
the same erratum adds nothing new, so it is shown as still in force rather than as a new step).

A rule of a numbered rulebook is asked for by its number in one version (``702.19b``, the latest
version unless one is given; a number is a key only within a version) or by ``game:key``; its
history also comes folded to the versions where its text or number changed (``timeline``,
:mod:`kb.timeline`). Where the ruling's meaning changed is read from the supersessions the build
stored (:mod:`kb.supersede`, computed with each version's terminology), so a history of a hundred
versions costs a few queries and a word diff per change, not a terminology per version pair.
"""

from __future__ import annotations

import sqlite3

from . import timeline
from .changelog import MEANING_KINDS, meaning_changes
from .errors import KBError
from .meaning import version_terminology
from .rule_numbers import RuleNotFound, find_rule, is_rule_number, number_of
from .textdiff import has_changes, same_text, word_diff
from .threads import parse_thread, thread_entries, thread_id, thread_of_entry


def resolve(
    conn: sqlite3.Connection, query: str, game: str | None = None, version: str | None = None
) -> tuple[str, str]:
    """``("thread", thread id)`` or ``("card", card name)`` for a thread id, an entry key
    (``key`` or ``game:key``: the thread of its newest entry), a rule number (in ``game``, or in the
    games whose rules are numbered; at ``version`` or the latest), a card name, or the start of a
    question or title (in that order of preference); KBError otherwise."""
    q = (query or "").strip()
    if not q:
        raise KBError("history: empty query")
    if ":" in q:
        try:
            g, key = parse_thread(q)
            # "mtg:rule/702.19b": the rule keyed so now (its newest entry), which may be another
            # thread than the one that started under that key (thread ids keep their first key)
            if conn.execute(
                """SELECT 1 FROM entries e JOIN documents d ON d.id = e.document
                               WHERE d.game = ? AND e.key = ? LIMIT 1""",
                (g, key),
            ).fetchone():
                return "thread", _thread_of(conn, g, key)
            if thread_entries(conn, q):
                return "thread", q
        except (ValueError, sqlite3.OperationalError):
            pass
    if is_rule_number(q):
        found = _rule_thread(conn, q, game, version)
        if found:
            return "thread", found
    row = conn.execute(
        """SELECT d.game, e.key FROM entries e JOIN documents d ON d.id = e.document
                          WHERE e.key = ? ORDER BY d.version_sort DESC LIMIT 1""",
        (q,),
    ).fetchone()
    if row:
        return "thread", _thread_of(conn, *row)
    row = conn.execute("SELECT name FROM cards WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1", (q,)).fetchone()
    if row:
        return "card", row[0]
    like = q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    row = conn.execute(
        """SELECT d.game, e.key FROM entries e JOIN documents d ON d.id = e.document
                          WHERE e.question LIKE ? ESCAPE '\\' OR e.title LIKE ? ESCAPE '\\'
                          ORDER BY e.question IS NULL, d.version_sort DESC LIMIT 1""",
        (like, like),
    ).fetchone()
    if row:
        return "thread", _thread_of(conn, *row)
    row = conn.execute(
        "SELECT name FROM cards WHERE name LIKE ? ESCAPE '\\' ORDER BY length(name), id LIMIT 1", (like,)
    ).fetchone()
    if row:
        return "card", row[0]
    raise KBError(f"history: nothing matches {q!r} (give a thread id, an entry key, a question or a card name)")


def _rule_thread(conn: sqlite3.Connection, number: str, game: str | None, version: str | None) -> str | None:
    """The thread of the rule numbered ``number`` in ``game`` (else the first game holding it) at
    ``version`` (else the latest); None when no game numbers a rule so. A game or version named but
    missing is a KBError naming it."""
    games = [game] if game else [g for (g,) in conn.execute("SELECT DISTINCT game FROM documents ORDER BY game")]
    for g in games:
        try:
            entry = find_rule(conn, g, number, version)
        except RuleNotFound as exc:
            if game is not None:
                raise KBError(f"history: {exc}") from None
            continue
        return thread_of_entry(conn, entry)
    return None


def _thread_of(conn: sqlite3.Connection, game: str, key: str) -> str:
    """The thread of the newest entry with this key: the alignment's, when kb.threads has one."""
    eid = conn.execute(
        """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document
                          WHERE d.game = ? AND e.key = ? ORDER BY d.version_sort DESC LIMIT 1""",
        (game, key),
    ).fetchone()[0]
    return thread_of_entry(conn, eid) or thread_id(game, key)


def history(conn: sqlite3.Connection, query: str, game: str | None = None, version: str | None = None) -> dict:
    """What ``rulebase history QUERY`` shows: a thread's or a card's history."""
    what, value = resolve(conn, query, game, version)
    return thread_history(conn, value) if what == "thread" else card_history(conn, value)


def thread_history(conn: sqlite3.Connection, thread: str) -> dict:
    """Every entry of the thread, oldest version first, each with the diff from the entry before
    it (the same key in the version before, else that version's first entry), its rule number and
    whether the ruling's meaning changed there; and the same history folded (``timeline``)."""
    ids = thread_entries(conn, thread)
    if not ids:
        raise KBError(f"history: unknown thread {thread!r}")
    rows = {
        r[0]: r
        for r in conn.execute(
            f"""SELECT e.id, e.key, e.kind, e.title, e.question, e.body, e.needs_review, e.data FROM entries e
            WHERE e.id IN ({",".join("?" * len(ids))})""",
            [i for i, _ in ids],
        )
    }
    game, _ = parse_thread(thread)
    fates = _fates(conn, [i for i, _ in ids])
    version_of = dict(ids)
    cache: dict[tuple, list] = {}

    def diff(a, b):
        if (a, b) not in cache:
            cache[a, b] = word_diff(a, b)
        return cache[a, b]

    steps: list[dict] = []
    previous_version: list[tuple] = []
    current: list[tuple] = []
    version_now = None
    for eid, version in ids:
        if version != version_now:
            previous_version, current, version_now = current or previous_version, [], version
        row = rows[eid]
        before = next(
            (p for p in previous_version if p[1] == row[1]), previous_version[0] if previous_version else None
        )
        step = {
            "version": version,
            "entry_id": eid,
            "key": row[1],
            "kind": row[2],
            "title": row[3],
            "question": row[4],
            "body": row[5],
            "needs_review": bool(row[6]),
            "number": number_of(row[7]),
            "diff": None,
            "question_diff": None,
            "changed": False,
            "ruling_change": [],
        }
        if before is not None:
            step["diff"] = diff(before[5], row[5])
            step["question_diff"] = diff(before[4], row[4]) if (before[4] or row[4]) else None
            step["changed"] = has_changes(step["diff"]) or has_changes(step["question_diff"])
            if row[2] in MEANING_KINDS and step["changed"]:  # rules and terms change meaning too
                step["ruling_change"] = _ruling_change(conn, fates, game, before, version_of[before[0]], row, version)
        steps.append(step)
        current.append(row)
    folded = timeline.compact(
        steps,
        [v for (v,) in conn.execute("SELECT version FROM documents WHERE game = ? ORDER BY version_sort", (game,))],
    )
    sources = {
        v: {"format": f, "file": file}
        for v, f, file in conn.execute("SELECT version, format, file FROM documents WHERE game = ?", (game,))
    }
    return {
        "type": "thread",
        "thread": thread,
        #: version -> the format and file it was read from, for the versions the thread is in
        "sources": {v: sources[v] for v in dict.fromkeys(s["version"] for s in steps)},
        "game": game,
        "kind": steps[-1]["kind"],
        "title": steps[-1]["question"] or steps[-1]["title"] or steps[-1]["key"],
        "entries": steps,
        "timeline": folded,
        "summary": timeline.summary(steps, folded),
    }


def _fates(conn: sqlite3.Connection, ids: list[int]) -> dict[int, tuple] | None:
    """entry -> (version, change, detail, summary) of the supersession the build stored for it; None
    for a KB built before supersessions were stored (the changes are then worked out here)."""
    try:
        return {
            r[0]: r[1:]
            for r in conn.execute(
                f"""SELECT entry, version, change, detail, summary FROM supersessions
                WHERE entry IN ({",".join("?" * len(ids))})""",
                ids,
            )
        }
    except sqlite3.OperationalError:
        return None


def _ruling_change(conn, fates, game, before, before_version, row, version) -> list[str]:
    """Why the meaning changed from ``before`` to ``row``: the stored supersession of ``before`` when
    it names this version as the first to change what it says (one line), else nothing."""
    if fates is None:  # an old KB: compare here, with the terminology of the two versions
        return meaning_changes(before[5], row[5], version_terminology(conn, game, before_version, version))
    fate = fates.get(before[0])
    if fate is None or fate[0] != version:
        return []
    _, change, detail, summary = fate
    return [f"{change}: {detail}" if change and detail else summary]


def card_history(conn: sqlite3.Connection, name: str) -> dict:
    """A card's printings, its errata timeline and the ruling threads naming it."""
    printings = conn.execute(
        "SELECT id, set_code, number, text FROM cards WHERE name = ? COLLATE NOCASE ORDER BY id", (name,)
    ).fetchall()
    if not printings:
        raise KBError(f"history: unknown card {name!r}")
    ids = [p[0] for p in printings]
    marks = ",".join("?" * len(ids))
    errata = conn.execute(
        f"""SELECT ce.card, d.game, d.version, ce.text, ce.entry FROM card_errata ce
            JOIN documents d ON d.id = ce.document WHERE ce.card IN ({marks})
            ORDER BY d.game, d.version_sort, ce.card""",
        ids,
    ).fetchall()
    by_id = {p[0]: p for p in printings}
    first = by_id[errata[0][0]] if errata else printings[0]
    timeline = [
        {
            "step": "printed",
            "version": None,
            "set": first[1],
            "number": first[2],
            "text": first[3],
            "diff": None,
            "versions": [],
        }
    ]
    for card, game, version, text, entry in errata:
        last = timeline[-1]
        if last["step"] == "erratum" and last["version"] == version:
            continue  # one erratum per version (several printings may carry it)
        if last["step"] == "erratum" and same_text(last["text"], text):
            last["versions"].append(version)  # restated, still in force
            continue
        timeline.append(
            {
                "step": "erratum",
                "version": version,
                "game": game,
                "text": text,
                "entry_id": entry,
                "set": by_id[card][1],
                "number": by_id[card][2],
                "versions": [version],
                "diff": word_diff(last["text"], text),
            }
        )
    threads = []
    for game, key in conn.execute(
        f"""SELECT DISTINCT d.game, e.key FROM entry_cards ec JOIN entries e ON e.id = ec.entry
                JOIN documents d ON d.id = e.document WHERE ec.card IN ({marks}) ORDER BY e.key""",
        ids,
    ):
        t = _thread_of(conn, game, key)
        if t not in (x["thread"] for x in threads):
            threads.append({"thread": t, "versions": [v for _, v in thread_entries(conn, t)]})
    return {
        "type": "card",
        "name": name,
        "printings": [{"set": s, "number": n, "text": t} for _, s, n, t in printings],
        "errata": timeline,
        "threads": threads,
    }
