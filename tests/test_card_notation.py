"""The card page writes every icon one way, on every card with an erratum in the KB built from the
bundled sources.

What a reader would notice: a raw ``{A}`` or ``<A>`` on the page; the printed text showing an Æ
symbol where an erratum says "Æmber" or "1A"; a word diff striking "Æ" and inserting "Æmber" although
only the notation differs; a diff whose two sides are not the texts shown above it; not being told
which text is in force now and under which rulebook version ("KeyForge 16.0") each text is.

The notations are the ones the bundled card data and errata use: ``<A>``/``<D>`` (Call of the
Archons data), ``1A``/``2D`` (later sets' data), the icon font's glyphs (the newest sets' data),
``{A}``/``{D}`` (the 1.3 errata), and the icon's word ("1 Æmber", "2 damage", "amber", "Aember")
where an ingester writes the icon as its word. Expected texts come from the KB, never from the test.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata

import pytest
from bs4 import BeautifulSoup

from kb.card_detail import card_detail

from api import create_app
from conftest import page

#: raw icon notations that must never reach a card page: letters in braces or (escaped) angle
#: brackets, and the icon font's private-use glyphs for Æmber and damage
RAW_NOTATION = re.compile(r"\{[A-Z]{1,2}\}|<[A-Z]{1,2}>|[\uf360\uf361]")
#: the word forms of the Æmber and damage icons, and their symbols as the page draws them
ICON_WORDS = re.compile(r"(?i)\b(?:æmber|aember|amber|damage)\b|[Æ✹]")


def erratum_cards(conn: sqlite3.Connection) -> list[tuple[int, str, str]]:
    """(id, set, number) of every printing showing an erratum: each printing an erratum was issued
    for, and each other printing of the same name."""
    return conn.execute(
        """SELECT DISTINCT c.id, c.set_code, c.number FROM cards c
           WHERE c.name IN (SELECT r.name FROM card_errata ce JOIN cards r ON r.id = ce.card)
           ORDER BY c.id"""
    ).fetchall()


def shown(node) -> str:
    """What a reader sees of an element: its text, with whitespace and quote styles folded (the word
    diff writes an unchanged word as the newer text does, "“" or "”")."""
    text = unicodedata.normalize("NFKC", node.get_text() if hasattr(node, "get_text") else node)
    text = re.sub(r"[“”„‟]", '"', re.sub(r"[‘’ʼ]", "'", text))
    return " ".join(text.split())


def side(diff, drop: str) -> str:
    """One side of a rendered word diff: without its <ins> (the old text) or its <del> (the new)."""
    copy = BeautifulSoup(str(diff), "html.parser")
    for tag in copy.find_all(drop):
        tag.decompose()
    return shown(copy)


def squeeze(text: str) -> str:
    """A diff joins changed runs without the space a text has between them; compare without spaces."""
    return re.sub(r"\s+", "", text)


@pytest.fixture(scope="module")
def cards(built_kb):
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        found = erratum_cards(conn)
        (game,) = conn.execute("SELECT name FROM games WHERE id = 'keyforge'").fetchone()
        versions = conn.execute(
            "SELECT version, max(version_sort) FROM documents WHERE game = 'keyforge' GROUP BY version "
            "ORDER BY max(version_sort)"
        ).fetchall()
    assert len(found) > 10, "the bundled rulebooks issue errata for many cards"
    return found, game, versions


def test_no_raw_notation_on_any_erratum_card_page(client, cards):
    found, _, _ = cards
    for _, set_code, number in found:
        html = page(client, f"/cards/{set_code}/{number}")
        text = BeautifulSoup(html, "html.parser").get_text()
        assert not RAW_NOTATION.search(text), f"/cards/{set_code}/{number}: {RAW_NOTATION.search(text).group()!r}"


@pytest.mark.slow
def test_each_diff_is_the_printed_text_against_the_erratum_shown(client, cards):
    found, _, _ = cards
    diffs = 0
    for _, set_code, number in found:
        soup = BeautifulSoup(page(client, f"/cards/{set_code}/{number}"), "html.parser")
        printed = shown(soup.find(id="printed-text"))
        for item in soup.select("#errata .timeline-item"):
            erratum = shown(item.select_one(".erratum-text"))
            diff = item.select_one(".erratum-diff .diff")
            if diff is None:
                assert squeeze(erratum) == squeeze(printed), f"{set_code} {number}: said same words"
                continue
            diffs += 1
            assert squeeze(side(diff, "ins")) == squeeze(printed), f"{set_code} {number} v{item['data-version']}"
            assert squeeze(side(diff, "del")) == squeeze(erratum), f"{set_code} {number} v{item['data-version']}"
            # an icon is never struck out only to come back in another notation
            for deleted in diff.find_all("del"):
                inserted = deleted.find_next_sibling()
                if inserted is not None and inserted.name == "ins":
                    assert squeeze(ICON_WORDS.sub("", shown(deleted))) != squeeze(
                        ICON_WORDS.sub("", shown(inserted))
                    ), f"{set_code} {number}: {deleted} {inserted}"
    assert diffs, "the errata change some printed texts"


def test_the_text_in_force_now_and_the_versions_each_text_is_in_force_under(client, built_kb, cards):
    found, game, versions = cards
    latest = versions[-1][0]
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        for card_id, set_code, number in found:
            soup = BeautifulSoup(page(client, f"/cards/{set_code}/{number}"), "html.parser")
            items = {i["data-version"]: i for i in soup.select("#errata .timeline-item")}
            issued = [
                v
                for (v,) in conn.execute(
                    """SELECT d.version FROM card_errata ce JOIN documents d ON d.id = ce.document
                   WHERE ce.card = ? ORDER BY d.version_sort""",
                    (card_id,),
                )
            ]
            assert set(issued) <= set(items), f"{set_code} {number}: every erratum issued for it is listed"
            for version, item in items.items():
                assert f"{game} {version}" in shown(item.select_one(".timeline-head")), "named as KeyForge 16.0"
            in_force = soup.find(id="in-force")
            assert f"{game} {latest}" in shown(in_force)
            if latest in items:  # the newest version issues one: it is the text in force now
                now = items[latest]
            elif items:  # the newest erratum before it still is
                now = items[max(items, key=lambda v: dict(versions)[v])]
            else:
                now = None
            expected = shown(now.select_one(".erratum-text")) if now else shown(soup.find(id="printed-text"))
            assert shown(soup.find(id="in-force-text")) == expected, f"{set_code} {number}"
            if now is not None:
                assert "is-current" in now["class"] and "the text in force now" in shown(now)
                # the versions before the first erratum, but none older than the card (kb.card_sets)
                predates = {v["version"] for v in card_detail(conn, set_code, number)["predates"]}
                before = [v for v, s in versions if s < min(dict(versions)[v] for v in items) and v not in predates]
                line = shown(soup.find(id="printed-in-force"))
                first = min(items, key=lambda v: dict(versions)[v])
                if before:
                    assert all(f"{game} {v}" in line for v in (before[:1] + before[-1:])), line
                    assert f"from {game} {first}" in line, line
                else:
                    assert "under every rulebook version" in line, line


def test_a_card_without_errata_has_its_printed_text_in_force_under_every_version(client, built_kb, cards):
    """The first card of each set that no erratum names: its printed text is the text in force now,
    under every version, in the same notation, and no raw notation anywhere."""
    _, game, versions = cards
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        plain = conn.execute(
            """SELECT set_code, min(number) FROM cards WHERE name NOT IN
               (SELECT r.name FROM card_errata ce JOIN cards r ON r.id = ce.card) GROUP BY set_code"""
        ).fetchall()
    assert len(plain) > 5
    for set_code, number in plain:
        soup = BeautifulSoup(page(client, f"/cards/{set_code}/{number}"), "html.parser")
        assert not RAW_NOTATION.search(soup.get_text()), f"{set_code} {number}"
        assert not soup.select("#errata .timeline-item")
        assert shown(soup.find(id="in-force-text")) == shown(soup.find(id="printed-text"))
        assert f"{game} {versions[-1][0]}" in shown(soup.find(id="in-force"))
        line = shown(soup.find(id="printed-in-force"))
        with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
            detail = card_detail(conn, set_code, number)
        if detail["predates"]:  # a later set: from the version current at its release (kb.card_sets)
            first = detail["versions"][0]["version"]
            assert f"{game} {first}" in line and "The set came out in" in line, line
            assert all(f"{game} {v['version']} " not in line.split("The set came out")[0] for v in detail["predates"])
        else:
            assert "every rulebook version" in line and f"{game} {versions[0][0]}" in line, line


def notation_variants() -> dict[str, tuple[str, str]]:
    """Each way the bundled data and errata write the Æmber and the damage icon, as what an amount
    ("2<A>") and a lone icon ("more <A> than") read in it. Damage alone stays the icon: "damage" alone
    is prose."""
    return {
        "braces": ("{n}{{A}}", "{A}"),
        "angle": ("{n}<A>", "<A>"),
        "letter": ("{n}A", "A"),
        "letter-spaced": ("{n} A", "A"),
        "glyph": ("{n}\uf360", "\uf360"),
        "word": ("{n} Æmber", "Æmber"),
        "lower-word": ("{n} amber", "amber"),
        "ascii-word": ("{n} Aember", "Aember"),
        "damage-braces": ("{n}{{D}}", None),
        "damage-letter": ("{n}D", None),
        "damage-glyph": ("{n}\uf361", None),
        "damage-word": ("{n} damage", None),
    }


#: how the card data spells each icon, besides a letter right after an amount ("2A")
SPELLINGS = {"A": r"<A>|\{A\}|\uf360", "D": r"<D>|\{D\}|\uf361"}


def rewrite(text: str, variant: tuple[str, str | None], letter: str) -> str:
    """``text`` (card data in any of its notations) with the icon ``letter`` written as ``variant``."""
    amount, alone = variant
    spellings = SPELLINGS[letter]
    text = re.sub(rf"(?<![\w\-\u2011.])(\d+)(?:{spellings}|{letter}\b)", lambda m: amount.format(n=m.group(1)), text)
    return re.sub(spellings, alone, text) if alone else text


@pytest.mark.parametrize("name", list(notation_variants()))
def test_an_erratum_differing_only_in_notation_is_the_printed_text(built_kb, kb_copy, name):
    """Every erratum rewritten as its card's printed text in one notation: the page shows each
    erratum as the printed text, word for word and symbol for symbol, and marks no change."""
    variant = notation_variants()[name]
    letter = "D" if name.startswith("damage") else "A"
    with sqlite3.connect(kb_copy) as conn:
        rows = conn.execute("SELECT ce.id, c.text FROM card_errata ce JOIN cards c ON c.id = ce.card").fetchall()
        icons = 0
        for erratum, printed in rows:
            text = rewrite(printed or "", variant, letter)
            icons += bool(re.search(rf"{SPELLINGS[letter]}|\d{letter}\b", printed or ""))
            conn.execute("UPDATE card_errata SET text = ? WHERE id = ?", (text, erratum))
        issued = conn.execute(
            "SELECT DISTINCT c.set_code, c.number FROM card_errata ce JOIN cards c ON c.id = ce.card"
        ).fetchall()
    assert icons, f"no printed text with an erratum writes the {letter} icon"
    client = create_app(kb_copy).test_client()
    for set_code, number in issued:
        soup = BeautifulSoup(page(client, f"/cards/{set_code}/{number}"), "html.parser")
        assert not RAW_NOTATION.search(soup.get_text()), f"{set_code} {number}"
        printed = shown(soup.find(id="printed-text"))
        for item in soup.select("#errata .timeline-item"):
            assert not item.select("ins, del"), f"{set_code} {number}: {item.select('ins, del')}"
            assert shown(item.select_one(".erratum-text")) == printed
            assert str(item.select_one(".erratum-text")).count("<abbr") == str(soup.find(id="printed-text")).count(
                "<abbr"
            )
        assert shown(soup.find(id="in-force-text")) == printed
