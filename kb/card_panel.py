"""The cards a search names, as the search shows them: a tile per card with its errata and the
ruling threads that name it, worked out from the search's in-memory index.

Why not :func:`kb.card_detail.card_detail`: the card page shows everything about a card, including
each erratum's word diff and, for every entry naming the card in every version, its thread read
from the KB. A search shows less, and a card named in every version of a long history has hundreds
of such entries: read one by one, they made the card tiles most of a search's cost, growing with
each version added. Here the entries naming a card come from the index (``Index.linked``), their
threads and versions from its corpus, and the KB is asked only for what the tile prints.
"""

from __future__ import annotations

import sqlite3
from urllib.parse import quote as url_quote

from .card_detail import card_errata
from .search_index import Index
from .mentions import normalize_name
from .supersede import superseded_by


def card_rulings(conn: sqlite3.Connection, index: Index, name: str) -> list[dict]:
    """One item per ruling thread naming the card ``name`` (any printing), its newest entry naming
    the card standing for it, ordered by kind, then title or question: [{"entry_id", "kind", "title",
    "versions", "url", "superseded_by"}]."""
    corpus = index.corpus
    newest: dict[int, int] = {}  # thread -> entry
    for e in index.linked.get(normalize_name(name), ()):
        if corpus.has(e):
            t = corpus.entry_thread[e]
            cur = newest.get(t)
            if cur is None or (corpus.entry_doc[e], -e) > (corpus.entry_doc[cur], -cur):
                newest[t] = e
    if not newest:
        return []
    ids = list(newest.values())
    rows = {
        r[0]: r
        for r in conn.execute(
            f"SELECT id, kind, title, question FROM entries WHERE id IN ({', '.join('?' * len(ids))})", ids
        )
    }
    superseded = superseded_by(conn, ids)
    out = []
    for t, e in newest.items():
        if e in rows:
            _, kind, title, question = rows[e]
            out.append(
                {
                    "entry_id": e,
                    "kind": kind,
                    "title": question or title,
                    "versions": corpus.thread_versions(t)[0],
                    "url": f"/entries/{e}",
                    "superseded_by": superseded.get(e),
                }
            )
    return sorted(out, key=lambda r: (r["kind"], r["title"] or "", r["entry_id"]))


def card_tiles(conn: sqlite3.Connection, index: Index, found, limit: int, group: bool = True) -> list[dict]:
    """The tiles of ``found`` = [(card ids, matched, localized name)], in order: one tile per card
    name, its earliest printing standing for the reprints (listed in ``printings``), so that three
    sets' Phase Shift do not fill a phone's first screen before the ruling (``group`` False: one
    tile per printing, for a card look-up); dicts with the fields of :class:`kb.search.CardHit`."""
    order: dict[int, tuple[str, str | None]] = {}
    for ids, matched, localized in found:
        for cid in ids:
            if cid not in order:
                order[cid] = (matched, localized)
    if not order:
        return []
    rows = {
        r[0]: r
        for r in conn.execute(
            f"SELECT id, set_code, number, name, house, type, text FROM cards WHERE id IN "
            f"({', '.join('?' * len(order))})",
            list(order),
        )
    }
    tiles: dict[str, dict] = {}
    for cid, (matched, localized) in order.items():
        if cid not in rows:
            continue
        _, set_code, number, name, house, ctype, text = rows[cid]
        url = f"/cards/{url_quote(set_code, safe='')}/{url_quote(number, safe='')}"
        key = normalize_name(name) if group else str(cid)
        if key in tiles:
            tiles[key]["printings"].append({"set": set_code, "number": number, "url": url})
            continue
        if len(tiles) >= limit:
            continue
        errata = [{"version": e["version"], "text": e["text"]} for e in card_errata(conn, cid, diffs=False)]
        tiles[key] = {
            "set": set_code,
            "number": number,
            "name": name,
            "house": house,
            "type": ctype,
            "text": text,
            "matched": matched,
            "localized": localized,
            "url": url,
            "errata": errata,
            "rulings": card_rulings(conn, index, name),
            "printings": [],
        }
    return list(tiles.values())
