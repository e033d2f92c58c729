"""Loading the printed cards of data/cards into the knowledge base (kb.cards)."""

from __future__ import annotations

import json

import pytest

from conftest import CARDS_DIR, cards_database
from kb.cards import read_cards


@pytest.fixture(scope="module")
def loaded():
    conn, n = cards_database()
    yield conn, n
    conn.close()


@pytest.fixture
def conn(loaded):
    return loaded[0]


def _files():
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(CARDS_DIR.glob("*.json"))]


@pytest.mark.slow
def test_count_is_files_minus_documented_duplicates(loaded):
    conn, n = loaded
    in_files = sum(len(f["cards"]) for f in _files())
    data = read_cards(CARDS_DIR)
    assert data.total == in_files
    rows = conn.execute("SELECT count(*) FROM cards").fetchone()[0]
    assert rows == n == in_files - len(data.skipped)
    # every skipped card really shares its (set, number) with a kept one
    kept = set(conn.execute("SELECT set_code, number FROM cards").fetchall())
    assert all((s, n) in kept for s, n, _, _ in data.skipped)
    # the bundled data: 65 house variants / gigantic halves, 3 prints clashing with another card
    assert len(data.skipped) == 68
    assert sum("clashes" in reason for *_, reason in data.skipped) == 3


def test_set_codes_as_in_files(conn):
    codes = {c for (c,) in conn.execute("SELECT DISTINCT set_code FROM cards")}
    assert codes == {f["code"] for f in _files()}
    assert "MG2024" in codes and "MG24" not in codes
    assert conn.execute("SELECT set_name FROM cards WHERE set_code = 'CotA' LIMIT 1").fetchone() == (
        "Call of the Archons",
    )


@pytest.mark.slow
def test_duplicate_policy(conn):
    # a standard rarity beats Special/FIXED; otherwise the first card of the file wins
    assert conn.execute("SELECT name, rarity FROM cards WHERE set_code = 'MG2024' AND number = '305'").fetchone() == (
        "Veylan Analyst",
        "Uncommon",
    )
    assert conn.execute("SELECT name, rarity FROM cards WHERE set_code = 'MM' AND number = '125'").fetchone() == (
        "Ultra Gravitron",
        "Rare",
    )
    assert conn.execute("SELECT name, rarity FROM cards WHERE set_code = 'MoMu' AND number = '020'").fetchone() == (
        "Tormax",
        "Rare",
    )
    # house variants: the first one in the file
    assert conn.execute("SELECT name, house FROM cards WHERE set_code = 'MM' AND number = '001'").fetchone() == (
        "Dark Æmber Vault",
        "shadows",
    )
    # deterministic: reading twice gives the same rows
    assert read_cards(CARDS_DIR).rows == read_cards(CARDS_DIR).rows


def test_anger_columns(conn):
    row = conn.execute(
        """SELECT name, house, type, power, armor, amber, text, traits, keywords, rarity, localized_names
           FROM cards WHERE set_code = 'CotA' AND number = '001'"""
    ).fetchone()
    name, house, type_, power, armor, amber, text, traits, keywords, rarity, localized = row
    assert (name, house, type_, rarity) == ("Anger", "brobnar", "action", "Common")
    assert (power, armor, amber) == (0, None, 1)
    assert text.startswith("Play: Ready and fight")
    assert json.loads(traits) == [] and json.loads(keywords) == []
    names = json.loads(localized)
    assert names["de"] == "Zorn"
    assert names["fr"] == "Colère"
    assert "en" not in names


def test_numbers_as_printed_and_ints(conn):
    assert conn.execute("SELECT number FROM cards WHERE set_code = 'AoA' AND name = 'Pain Reaction'").fetchone() == (
        "078",
    )
    power, armor = conn.execute("SELECT power, armor FROM cards WHERE set_code = 'CotA' AND number = '255'").fetchone()
    assert isinstance(power, int) and isinstance(armor, int)
    traits = json.loads(
        conn.execute("SELECT traits FROM cards WHERE set_code = 'CotA' AND number = '255'").fetchone()[0]
    )
    assert isinstance(traits, list) and traits


def test_cards_fts(conn):
    rows = conn.execute(
        """SELECT c.set_code, c.number, c.name FROM cards_fts JOIN cards c ON c.id = cards_fts.rowid
           WHERE cards_fts MATCH '"bait and switch"' ORDER BY bm25(cards_fts)"""
    ).fetchall()
    assert ("CotA", "267", "Bait and Switch") in rows
    # card text is indexed too
    hits = conn.execute("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH 'snufflegator'").fetchone()[0]
    assert hits >= 1
