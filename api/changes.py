"""What the changelog endpoint, the thread endpoint and the changelog page share: checking which
two versions to compare, and the thread view with links.

Why here and not in each view: ``/api/diff`` and ``/changes`` must accept and refuse the same
things with the same words (a typo in a version lists the versions that exist), and ``/changes``
must default to something useful when nothing is picked. The data itself always comes from
``kb.changelog.changelog`` and ``kb.history.thread_history``; this module adds no logic of its own
about what changed.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass

from kb.changes_cache import kept, kb_path, file_state
from kb.errors import KBError
from kb.threads import parse_thread

from .errors import ApiError, check_text
from .expensive import kb_state

MAX_THREAD_LEN = 1000  #: characters of a thread id (keys are slugs of whole questions)


@dataclass(frozen=True)
class Comparison:
    """Two versions of one game to compare, and the kind to restrict to (None: every kind)."""

    game: str
    from_version: str
    to_version: str
    kind: str | None


_games_kept: dict[str, tuple[str, list[dict]]] = {}


def games(conn: sqlite3.Connection) -> list[dict]:
    """Every game with its versions, oldest first, and its entry kinds: what the pickers offer.
    Kept per state of the KB file (the kinds are a scan of every entry: 60-80 ms on the full KB,
    on every ``/changes`` and ``/api/diff``); each caller gets its own copy."""
    path = kb_path(conn)
    state = file_state(path) if path and not conn.in_transaction else None
    found = _games_kept.get(path) if state else None
    if found is None or found[0] != state:
        found = (state, _games(conn))
        if state:
            _games_kept[path] = found
    return [{**g, "versions": list(g["versions"]), "kinds": list(g["kinds"])} for g in found[1]]


def _games(conn: sqlite3.Connection) -> list[dict]:
    out: dict[str, dict] = {}
    for gid, name in conn.execute("SELECT id, name FROM games ORDER BY name"):
        out[gid] = {"id": gid, "name": name, "versions": [], "kinds": []}
    for gid, version in conn.execute("SELECT game, version FROM documents ORDER BY version_sort, id"):
        if gid in out:
            out[gid]["versions"].append(version)
    for gid, kind in conn.execute("""SELECT DISTINCT d.game, e.kind FROM entries e
                                     JOIN documents d ON d.id = e.document ORDER BY e.kind"""):
        if gid in out:
            out[gid]["kinds"].append(kind)
    return [g for g in out.values() if g["versions"]]


def default_game(all_games: list[dict]) -> dict | None:
    """The game with the most versions: the one whose changelog has something to say."""
    return max(all_games, key=lambda g: len(g["versions"]), default=None)


def comparison(
    conn: sqlite3.Connection,
    game: str | None,
    from_version: str | None,
    to_version: str | None,
    kind: str | None,
    defaults: bool = False,
) -> Comparison:
    """The comparison asked for, checked against the KB; ApiError (400) naming what is wrong.

    With ``defaults`` a missing game is the one with most versions and missing versions are its
    latest two (the page's first view); without, each must be given (the API's contract)."""
    all_games = games(conn)
    by_id = {g["id"]: g for g in all_games}
    if game is None:
        if not defaults or not all_games:
            raise ApiError(f"game: required (one of: {', '.join(by_id) or 'none in this KB'})")
        game = default_game(all_games)["id"]
    check_text("game", game)
    if game not in by_id:
        raise ApiError(f"game: unknown game {game[:40]!r} (known: {', '.join(by_id) or 'none'})")
    versions = by_id[game]["versions"]
    picked = {}
    for name, value, fallback in (
        ("from", from_version, versions[-2] if len(versions) > 1 else versions[-1]),
        ("to", to_version, versions[-1]),
    ):
        if value is None:
            if not defaults:
                raise ApiError(f"{name}: required (a version of {game}: {', '.join(versions)})")
            value = fallback
        check_text(name, value)
        if value not in versions:
            raise ApiError(f"{name}: {game} has no version {value[:40]!r} (known: {', '.join(versions)})")
        picked[name] = value
    if kind is not None:
        check_text("kind", kind)
        if kind not in by_id[game]["kinds"]:
            raise ApiError(
                f"kind: {game} has no entries of kind {kind[:40]!r} (known: {', '.join(by_id[game]['kinds'])})"
            )
    return Comparison(game, picked["from"], picked["to"], kind)


def thread_view(conn: sqlite3.Connection, thread: str) -> dict:
    """``kb.history.thread_history`` of ``thread`` with the versions it spans and a link per entry;
    ApiError 400 for something that is not a thread id, 404 for a thread the KB does not have."""
    check_text("thread", thread, MAX_THREAD_LEN)
    try:
        parse_thread(thread)
    except ValueError:
        raise ApiError(f"thread: expected <game>:<key>, e.g. keyforge:glossary/control, got {thread[:40]!r}") from None
    try:  # computed once per state of the KB (kb.changes_cache)
        found = kept(conn, "thread", [thread], lambda: _thread_history(conn, thread))
    except KBError:
        raise ApiError(f"no thread {thread[:80]!r} (thread ids are <game>:<key of its oldest entry>)", 404) from None
    versions: list[str] = []
    for step in found["entries"]:
        step["url"] = f"/entries/{step['entry_id']}"
        if step["version"] not in versions:
            versions.append(step["version"])
    found["versions"] = versions
    return found


#: changelogs a process keeps, the latest asked for (the pages of one changelog ask for it again)
KEPT_CHANGELOGS = 2
_kept: OrderedDict = OrderedDict()
_kept_lock = threading.Lock()


def kept_changelog(conn: sqlite3.Connection, game: str, from_version: str, to_version: str, kind: str | None) -> dict:
    """:func:`kb.changelog.changelog`, kept for the KB file the connection reads (its path and
    identity) with the last few asked for: a judge paging through the widest Magic changelog asks
    for the same 6-8 s of work once a page. Not to be changed by the caller (copy what you cut)."""
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    state = kb_state(path)
    identity = None if state == ("missing",) else (path, *state)
    key = (identity, game, from_version, to_version, kind)
    with _kept_lock:
        if identity is not None and key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    # computed once per state of the KB, whichever process asks (kb.changes_cache)
    log = kept(
        conn,
        "changelog",
        [game, from_version, to_version, kind],
        lambda: _changelog(conn, game, from_version, to_version, kind),
    )
    if identity is not None:
        with _kept_lock:
            _kept[key] = log
            while len(_kept) > KEPT_CHANGELOGS:
                _kept.popitem(last=False)
    return log


def _thread_history(conn: sqlite3.Connection, thread: str) -> dict:
    """:func:`kb.history.thread_history`, imported when a history is not kept: the server starts
    without the comparison machinery (kb.meaning, kb.terminology, rapidfuzz)."""
    from kb.history import thread_history  # heavy: the comparison machinery, once a history is asked

    return thread_history(conn, thread)


def _changelog(conn: sqlite3.Connection, game: str, from_version: str, to_version: str, kind: str | None) -> dict:
    """:func:`kb.changelog.changelog`, imported when a changelog is not kept (as above)."""
    from kb.changelog import changelog  # heavy: the comparison machinery, once a changelog is asked

    return changelog(conn, game, from_version, to_version, kind)
