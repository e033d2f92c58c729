"""Everything the card page (and ``GET /api/cards/<set>/<number>``) shows about one printed card.

Why: a player holding a card wants its printed text, what each rulebook version's errata changed
in it (as a word diff against the print), and every ruling that names it. A card is reprinted
across sets under the same name, and the KB links an erratum or a ruling to the one printing
its source named; rulings about a card apply to every printing of it, and an erratum applies to
every printing that still carries the text it corrected (a reprint that already prints the
corrected text shows none). So both are gathered over the printings of the card's name. A ruling
whose text a later version of its thread changed in meaning says so (``superseded_by``, read from
:mod:`kb.supersede`'s table).

The card data and the rulebooks write the card's icons in many ways (``<A>``, ``1A``, ``{A}``, an
icon-font glyph, "1 Æmber"): texts are compared and diffed in one notation, every icon as its mark
(``<A>``, ``<D>``: :func:`card_notation`), so a diff marks what changed, never how an icon is
written; the ``diff`` operations are in that notation, and each text also comes ``marked`` in it (what
the page shows, so the texts and the diffs agree). Which text is in force under each rulebook
version (``in_force``, ``printed_in_force_under``, each erratum's ``in_force_under``) follows the
engine (``engine.rules.rulesets``): an erratum stays in force until a later version issues another.
"""

from __future__ import annotations

import json
import re
import sqlite3
from functools import lru_cache

from ingest.icons import vocabulary
from textnorm.notation import IconNotation, icon_marks

from .answer_groups import shortened, thread_answers
from .card_sets import released, versions_for
from .entry_detail import card_url, entry_url
from .supersede import superseded_by
from .textdiff import same_text, word_diff
from .threads import is_aligned, thread_id

#: the game whose card data the ``cards`` table holds (``rulebase.build.CARD_GAMES``: the bundled card
#: data is KeyForge's); a card text is in force under this game's rulebook versions
CARD_GAME = "keyforge"
#: icons whose word alone, not after a number, is the icon: the card data writes Æmber, the resource,
#: as its icon wherever it is counted, owned or spent, while "damage" is also prose ("no damage is
#: dealt"), so only "2 damage" is the damage icon
WORD_ALONE = frozenset({"aember"})

_CARD_COLUMNS = """id, set_code, set_name, number, name, house, type, power, armor, amber, text,
                   traits, keywords, rarity, localized_names"""


def card_detail(conn: sqlite3.Connection, set_code, number) -> dict | None:
    """The card ``set_code`` (any case: "cota") ``number`` (as printed, "001", or as a number,
    1 or "1"), or None when the KB has no such card or the arguments cannot name one."""
    if not isinstance(set_code, str) or not set_code.strip() or isinstance(number, bool):
        return None
    if isinstance(number, int):
        number = str(number)
    if not isinstance(number, str) or not number.strip():
        return None
    set_code, number = set_code.strip(), number.strip()
    row = conn.execute(
        f"SELECT {_CARD_COLUMNS} FROM cards WHERE set_code = ? COLLATE NOCASE AND number = ?", (set_code, number)
    ).fetchone()
    if row is None and re.fullmatch(r"[0-9]{1,9}", number):  # 1 or "01" for the printed "001"
        row = conn.execute(
            f"""SELECT {_CARD_COLUMNS} FROM cards WHERE set_code = ? COLLATE NOCASE
                AND number GLOB '[0-9]*' AND number NOT GLOB '*[^0-9]*' AND CAST(number AS INTEGER) = ?
                ORDER BY number LIMIT 1""",
            (set_code, int(number)),
        ).fetchone()
    return None if row is None else _detail(conn, row)


def card_by_id(conn: sqlite3.Connection, card_id) -> dict | None:
    """The same dict as :func:`card_detail` for the ``cards.id`` row id, or None."""
    if isinstance(card_id, bool) or not isinstance(card_id, int) or not -(2**63) <= card_id < 2**63:
        return None
    row = conn.execute(f"SELECT {_CARD_COLUMNS} FROM cards WHERE id = ?", (card_id,)).fetchone()
    return None if row is None else _detail(conn, row)


@lru_cache(maxsize=1)
def card_icons() -> tuple[IconNotation, ...]:
    """The card game's icons that have a letter notation (``{A}``, ``<A>``), each with every spelling
    the icon vocabulary (``ingest/icons.toml``) gives it: its letters, glyphs, emoji, shortcodes, words."""
    vocab = vocabulary(CARD_GAME)
    spellings: dict[str, list[str]] = {}
    for key, icon_id in vocab.index.items():
        kind, _, raw = key.partition(":")
        if kind in ("letter", "glyph", "emoji", "shortcode"):
            spellings.setdefault(icon_id, []).append(f":{raw}:" if kind == "shortcode" else raw)
    out = []
    for icon_id, icon in vocab.icons.items():
        letters = [s[1:-1] for s in spellings.get(icon_id, ()) if re.fullmatch(r"[{<][A-Z]{1,2}[}>]", s)]
        if letters:
            out.append(
                IconNotation(
                    letters[0],
                    tuple(spellings[icon_id]),
                    tuple(dict.fromkeys((icon.word, *icon.names))),
                    icon_id in WORD_ALONE,
                )
            )
    return tuple(out)


def card_notation(text: str | None, names: tuple[str, ...] = (), prose: bool = False) -> str:
    """``text`` (a printed card text or an erratum) with every icon written as its mark, ``<A>`` or
    ``<D>`` (:func:`textnorm.notation.icon_marks`); ``names`` (card names, :func:`icon_names`) stay as written. ``prose``:
    rulebook prose, where only the notations no text means otherwise (``{A}``, a glyph) are icons."""
    return icon_marks(text, card_icons(), tuple(n for n in names if n), spelled_only=prose)


def icon_names(conn: sqlite3.Connection) -> tuple[str, ...]:
    """The card names that running text would misread as holding an icon ("play A Fair Game",
    "A Gift of Æmber"): :func:`card_notation` keeps them as written wherever a text names them."""
    return _icon_names(tuple(n for (n,) in conn.execute("SELECT DISTINCT name FROM cards ORDER BY name")))


@lru_cache(maxsize=4)
def _icon_names(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n in names if card_notation(f"x {n} x") != f"x {n} x")


def _json(text: str | None, default):
    try:
        value = json.loads(text) if text else default
    except ValueError:
        return default
    return value if isinstance(value, type(default)) else default


def _detail(conn: sqlite3.Connection, row: tuple) -> dict:
    (
        cid,
        set_code,
        set_name,
        number,
        name,
        house,
        type_,
        power,
        armor,
        amber,
        text,
        traits,
        keywords,
        rarity,
        localized,
    ) = row
    printings = conn.execute(
        "SELECT id, set_code, number, text FROM cards WHERE name = ? COLLATE NOCASE ORDER BY id", (name,)
    ).fetchall()
    names = (name, *icon_names(conn))
    errata = _errata(conn, cid, text, printings, names=names)
    game = conn.execute("SELECT id, name FROM games WHERE id = ?", (CARD_GAME,)).fetchone()
    versions = [
        {"version": v, "date": d, "sort": o}
        for v, d, o in conn.execute(
            """SELECT version, max(date), max(version_sort) FROM documents WHERE game = ?
           GROUP BY version ORDER BY max(version_sort)""",
            (CARD_GAME,),
        )
    ]
    marked = card_notation(text, names)
    versions, before = versions_for(set_code, versions)  # none older than the card (kb.card_sets)
    in_force = _in_force(text, marked, errata, versions)
    for x in errata:
        del x["version_sort"]
    return {
        "id": cid,
        "set": set_code,
        "set_name": set_name,
        "number": number,
        "name": name,
        "house": house,
        "type": type_,
        "power": power,
        "armor": armor,
        "amber": amber,
        "text": text,
        "marked": marked,
        "traits": _json(traits, []),
        "keywords": _json(keywords, []),
        "rarity": rarity,
        "localized_names": _json(localized, {}),
        "errata": errata,
        **in_force,
        "game": {"id": game[0], "name": game[1]} if game else None,
        "versions": [{"version": v["version"], "date": v["date"]} for v in versions],
        "released": released(set_code),
        "predates": [{"version": v["version"], "date": v["date"]} for v in before],
        "entries": _entries(conn, [p[0] for p in printings], names),
        "printings": [{"set": s, "number": n, "url": card_url(s, n)} for i, s, n, _ in printings if i != cid],
        "url": card_url(set_code, number),
    }


def _in_force(printed: str | None, marked: str, errata: list[dict], versions: list[dict]) -> dict:
    """Which text is in force under each version of the card game (oldest first): the latest erratum
    issued at or before it, else the printed text. Sets each erratum's ``in_force_under`` (versions)
    and ``restates`` (the version of the erratum before it when this one repeats its words, else
    None); returns ``printed_in_force_under`` and ``in_force``, the text under the newest version:
    ``{"version", "erratum"`` (the erratum's version, None for the printed text) ``, "text", "marked"}``, or
    None when the KB holds no version of the game."""
    printed_under: list[str] = []
    for x in errata:
        x["in_force_under"] = []
    for v in versions:
        issued = [x for x in errata if x["version_sort"] <= v["sort"]]
        (issued[-1]["in_force_under"] if issued else printed_under).append(v["version"])
    for before, x in zip([None, *errata], errata):
        x["restates"] = before["version"] if before and same_text(before["marked"], x["marked"]) else None
    now = None
    if versions:
        latest = versions[-1]["version"]
        current = next((x for x in errata if latest in x["in_force_under"]), None)
        now = {
            "version": latest,
            "erratum": current["version"] if current else None,
            "text": current["text"] if current else printed,
            "marked": current["marked"] if current else marked,
        }
    return {"printed_in_force_under": printed_under, "in_force": now}


def card_errata(conn: sqlite3.Connection, card_id: int, diffs: bool = True) -> list[dict]:
    """The errata in force for the printing ``card_id`` (as :func:`card_detail` gives them, without
    the versions they are in force under); ``diffs`` False leaves out each erratum's word diff
    against the printed text (a search's card tile shows the errata, not their diffs)."""
    row = conn.execute("SELECT name, text FROM cards WHERE id = ?", (card_id,)).fetchone()
    if row is None:
        return []
    printings = conn.execute(
        "SELECT id, set_code, number, text FROM cards WHERE name = ? COLLATE NOCASE ORDER BY id", (row[0],)
    ).fetchall()
    return [
        {k: v for k, v in x.items() if k != "version_sort"}
        for x in _errata(conn, card_id, row[1], printings, diffs, names=(row[0], *icon_names(conn)))
    ]


def _errata(
    conn: sqlite3.Connection,
    cid: int,
    printed: str | None,
    printings: list[tuple],
    diffs: bool = True,
    names: tuple[str, ...] = (),
) -> list[dict]:
    """The errata in force for this printing, oldest version first: those issued for it, and
    those issued for another printing of the same name whose printed text this one shares (up to
    how icons are written). ``marked``: the erratum's text in the card notation (:func:`card_notation`)."""
    shown = card_notation(printed, names)
    same = [i for i, _, _, text in printings if i == cid or same_text(card_notation(text, names), shown)]
    by_id = {i: (s, n) for i, s, n, _ in printings}
    marks = ",".join("?" * len(same))
    out = []
    for card, version, order, text, entry in conn.execute(
        f"""SELECT ce.card, d.version, d.version_sort, ce.text, ce.entry FROM card_errata ce
                JOIN documents d ON d.id = ce.document
                WHERE ce.card IN ({marks}) ORDER BY d.game, d.version_sort, ce.card = ? DESC""",
        [*same, cid],
    ):
        if out and out[-1]["version"] == version:
            continue  # one erratum per version: the one issued for this very printing first
        s, n = by_id[card]
        erratum = card_notation(text, names)
        out.append(
            {
                "version": version,
                "text": text,
                "marked": erratum,
                "entry_id": entry,
                "url": entry_url(entry),
                **({"diff": word_diff(shown, erratum)} if diffs else {}),
                "printing": {"set": s, "number": n, "url": card_url(s, n)},
                "version_sort": order,
            }
        )
    return out


def _entries(conn: sqlite3.Connection, card_ids: list[int], names: tuple[str, ...] = ()) -> list[dict]:
    """One item per ruling thread naming the card (any printing of it), represented by its newest
    entry naming the card; ``versions`` lists every version of the thread (as search does), and
    ``answers`` the thread's answers grouped by the versions stating them (:mod:`kb.answer_groups`:
    one group while no version changed the ruling, else one per ruling, each under its own
    versions), so no answer is shown beside a version that said something else.
    ``answer_marked`` (of the item and of each group): the answer with its icons in the card
    notation (an erratum's is card text; other answers are prose, where only ``{A}``-style
    notations are icons)."""
    marks = ",".join("?" * len(card_ids))
    # each entry's thread in the same query (an entry standing alone is its own thread, kb.threads):
    # a card named in every version of a long history has hundreds of entries
    aligned = is_aligned(conn)
    rows = conn.execute(
        f"""SELECT DISTINCT e.id, e.kind, e.title, e.question, d.version, d.version_sort, e.body, d.game, e.key,
                   {"et.thread" if aligned else "NULL"}
            FROM entry_cards ec JOIN entries e ON e.id = ec.entry JOIN documents d ON d.id = e.document
            {"LEFT JOIN entry_threads et ON et.entry = e.id" if aligned else ""}
            WHERE ec.card IN ({marks})
            ORDER BY e.kind, coalesce(e.title, e.question), e.id""",
        card_ids,
    ).fetchall()
    newest: dict[str, tuple] = {}
    for *row, game, key, thread in rows:
        thread = thread or thread_id(game, key)
        if thread not in newest or row[5] > newest[thread][5]:
            newest[thread] = row
    superseded = superseded_by(conn, [row[0] for row in newest.values()])
    groups = thread_answers(conn, list(newest))
    out = []
    for thread, (eid, kind, title, question, version, _, body) in newest.items():
        prose = kind != "errata"
        answers = groups.get(thread) or []
        for g in answers:
            g["answer_marked"] = card_notation(g["answer"], names, prose=prose)
        out.append(
            {
                "entry_id": eid,
                "thread": thread,
                "kind": kind,
                "title": title,
                "question": question,
                "label": entry_label(kind, title, question, body),
                "answer": shortened(body),
                "answer_marked": card_notation(shortened(body), names, prose=prose),
                "version": version,
                "versions": [v for g in answers for v in g["versions"]] or [version],
                "answers": answers,
                "url": entry_url(eid),
                "superseded_by": superseded.get(eid),
            }
        )
    order = _sorter(conn)
    for x in out:  # versions oldest first, once each (a version may state two rulings of one thread)
        x["versions"] = sorted(dict.fromkeys(x["versions"]), key=lambda v: order.get(v, len(order)))
    return out


def _sorter(conn: sqlite3.Connection) -> dict[str, int]:
    """Each version's place among the card game's versions."""
    return {
        v: i
        for i, (v,) in enumerate(
            conn.execute(
                "SELECT version FROM documents WHERE game = ? GROUP BY version ORDER BY max(version_sort)", (CARD_GAME,)
            )
        )
    }


def entry_label(kind: str, title: str | None, question: str | None, body: str | None) -> str:
    """What a link to an entry reads: its question or title; a worked example, whose title is only
    "Example", by its first words ("Example: Marcus has a Groggins…")."""
    heading = question or title or ""
    if kind == "example" and heading.strip().lower() in ("", "example"):
        return "Example: " + shortened(body, 60)
    return heading
