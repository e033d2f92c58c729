"""An unseen KeyForge edition, generated from the KB's 16.0 entries (:mod:`editions`), ingested as
version 14: every question, answer, erratum, term and rule comes back with its key and text, icons
read as words, and the engine reads the new errata."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from editions import ICONS, markdown_edition  # noqa: E402

from engine.rules.rulesets import ruleset_from_kb  # noqa: E402
from rulebase.build import ingest  # noqa: E402

SHORTCODE = re.compile(r":[a-z0-9_+\-]*[a-z][a-z0-9_+\-]*:")


def norm(text: str | None) -> str:
    return " ".join((text or "").split())


def stored(conn: sqlite3.Connection, version: str) -> list[dict]:
    conn.row_factory = sqlite3.Row
    rows = conn.execute(
        """SELECT e.* FROM entries e JOIN documents d ON d.id = e.document
                           WHERE d.game = 'keyforge' AND d.version = ? ORDER BY e.ordinal""",
        (version,),
    )
    return [dict(r) for r in rows]


def ingest_edition(built_kb: Path, folder: Path, text: str, rulings: Path | None = None) -> sqlite3.Connection:
    """Copy the session KB, ingest ``text`` as version 14 into it, return a connection."""
    db = folder / "kb.sqlite"
    shutil.copyfile(built_kb, db)
    source = folder / "rulebook-14.md"
    source.write_text(text, encoding="utf-8")
    ingest(db, source, "keyforge", "14", rulings=rulings)
    return sqlite3.connect(db)


def no_rulings(folder: Path) -> Path:
    """An empty rulings folder: ingest without replaying scenarios (for the content-only checks)."""
    empty = folder / "no-rulings"
    empty.mkdir(exist_ok=True)
    return empty


@pytest.fixture(scope="module")
def base(built_kb):
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def edition(base):
    return markdown_edition(base, "16.0", version_label="14", seed=0)


@pytest.fixture(scope="module")
def ingested(built_kb, edition, tmp_path_factory):
    """The seed-0 edition ingested as 14, with the project's rulings replayed."""
    conn = ingest_edition(built_kb, tmp_path_factory.mktemp("edition14"), edition[0])
    yield conn
    conn.close()


def assert_holds(entries: list[dict], expected: dict) -> None:
    """The stored entries hold every expected FAQ entry, erratum, term, rule and example."""
    by_key = {e["key"]: e for e in entries}
    for key, (question, answer) in expected["faq"].items():
        e = by_key.get(key)
        assert e is not None and e["kind"] == "faq", f"FAQ {key} missing"
        assert (norm(e["question"]), norm(e["body"])) == (norm(question), norm(answer)), key
        assert e["category"] == expected["category"][key], key
    errata = {
        json.loads(e["data"])["card"]: json.loads(e["data"])["text"]
        for e in entries
        if e["kind"] == "errata" and "card" in json.loads(e["data"])
    }
    assert {card: norm(t) for card, t in errata.items()} == {c: norm(t) for c, t in expected["errata"].items()}
    for kind in ("glossary", "rule", "general_errata"):
        for key, (title, body) in expected[kind].items():
            e = by_key.get(key)
            assert e is not None, f"{kind} {key} missing"
            assert (e["title"], norm(e["body"])) == (title, norm(body)), key
    for key, body in expected["example"].items():
        assert key in by_key and norm(by_key[key]["body"]) == norm(body), key


# ---------------------------------------------------------------- the generator itself


def test_edition_is_seeded_and_deterministic(base, edition):
    text, expected = edition
    assert markdown_edition(base, seed=0) == edition
    others = [markdown_edition(base, seed=s) for s in (1, 2)]
    assert all(t != text for t, _ in others)
    for _, other in others:  # same content, other order and wrapping
        assert set(other["faq"].values()) == set(expected["faq"].values())
        assert other["errata"] == expected["errata"]
    order = [list(e["faq"]) for _, e in [edition, *others]]
    assert order[0] != order[1] and order[0] != order[2]


def test_edition_has_what_broke_real_editions(base, edition):
    text, expected = edition
    lines = text.split("\n")
    assert lines[0].startswith("### VERSION 14 - ")
    assert "# FREQUENTLY ASKED QUESTIONS" in lines and "# ERRATA" in lines and "# GLOSSARY" in lines

    def inside_paragraph(i: int) -> bool:  # a wrapped line: the line before is text of the same block
        return i > 0 and lines[i - 1].strip() != "" and not re.match(r"^\s*(\d+\.|[-*]) ", lines[i - 1])

    paren_lines = [i for i, ln in enumerate(lines) if re.match(r"^\d{2,}\) ", ln) and inside_paragraph(i)]
    dot_lines = [i for i, ln in enumerate(lines) if re.match(r"^[2-9]\d*\. ", ln) and inside_paragraph(i)]
    assert paren_lines and dot_lines
    # a wrapped line starting with "NNN) " inside a bold question
    in_bold = [
        i
        for i in paren_lines
        if any(lines[j].startswith("**") for j in range(max(0, i - 6), i) if all(lines[k].strip() for k in range(j, i)))
    ]
    assert in_bold
    for icon, (name, code, _) in ICONS.items():
        assert code in text
        assert f"### {name.upper()} BONUS ICON {code}" in text  # the glossary defines the shortcode
    assert re.search(r"\]\(https?://[^ )]*\([^ )]*\)\)", text)  # a link whose URL holds parentheses
    assert "![" in text and "<a name=" in text
    for question, answer in expected["faq"].values():
        assert not SHORTCODE.search(question + answer)


def test_edits_change_the_expected_content(base):
    _, plain = markdown_edition(base, seed=0)
    faq_keys = list(plain["faq"])
    dropped, replaced = faq_keys[0], faq_keys[1]
    _, edited = markdown_edition(
        base, seed=0, drop={dropped}, answers={replaced: "No. It never does."}, renames={"Æmber pool": "Æmber reserve"}
    )
    assert dropped not in edited["faq"]
    assert edited["faq"][replaced][1] == "No. It never does."
    texts = " ".join(q + " " + a for q, a in edited["faq"].values())
    assert "Æmber reserve" in texts and "Æmber pool" not in texts
    # a question whose text was renamed gets the key kb.keys makes from the new text
    renamed = [k for k, (q, _) in edited["faq"].items() if "Æmber reserve" in q]
    assert renamed and all("reserve" in k for k in renamed)


# ---------------------------------------------------------------- ingested as version 14


def test_ingested_edition_holds_every_entry(ingested, edition):
    _, expected = edition
    entries = stored(ingested, "14")
    assert_holds(entries, expected)
    counts = {k: sum(e["kind"] == k for e in entries) for k in ("faq", "errata", "glossary")}
    assert counts == {
        "faq": len(expected["faq"]),
        "errata": len(expected["errata"]) + len(expected["general_errata"]),
        "glossary": len(expected["glossary"]),
    }


def test_no_shortcode_in_any_key_title_or_text(ingested):
    entries = stored(ingested, "14")
    for e in entries:
        for field in ("key", "title", "question", "body", "data"):
            assert not SHORTCODE.search(e[field] or ""), (e["key"], field)
    by_key = {e["key"]: e for e in entries}
    for icon, (name, _, _) in ICONS.items():
        assert by_key[f"glossary/{icon}-bonus-icon"]["title"] == f"{name.upper()} BONUS ICON"


def test_explicit_markup_is_not_a_guess(ingested):
    """Questions in bold, headings and icons the document defines: nothing was guessed."""
    entries = stored(ingested, "14")
    assert all(e["confidence"] == 1.0 for e in entries)
    assert not any(e["needs_review"] for e in entries)


def test_engine_reads_the_new_errata(ingested, edition):
    _, expected = edition
    rules = ruleset_from_kb(ingested, "keyforge", "14")
    for card, text in expected["errata"].items():
        in_force = rules.card_text(card, "")
        assert norm(in_force) == norm(text) and not SHORTCODE.search(in_force), card
    assert "Æmber" in rules.card_text("Bait and Switch", "")
    # every ruling that plays a card errata'd in 14 replays under 14's texts
    cards = [
        name
        for (name,) in ingested.execute(
            """SELECT c.name FROM card_errata ce JOIN cards c ON c.id = ce.card
           JOIN documents d ON d.id = ce.document WHERE d.version = '14'"""
        )
    ]
    results = ingested.execute(
        "SELECT s.yaml, v.status, v.scenario FROM verifications v "
        "JOIN scenarios s ON s.id = v.scenario WHERE v.version = '14'"
    ).fetchall()
    played = [(sid, status) for yaml_text, status, sid in results if any(c in yaml_text for c in cards)]
    assert played and all(status == "passed" for _, status in played), played
    assert not [sid for _, status, sid in results if status == "failed"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_other_order_and_wrapping_ingest_the_same(built_kb, base, edition, tmp_path, seed):
    text, expected = markdown_edition(base, seed=seed)
    conn = ingest_edition(built_kb, tmp_path, text, rulings=no_rulings(tmp_path))
    entries = stored(conn, "14")
    assert_holds(entries, expected)
    stored_faq = {(norm(e["question"]), norm(e["body"])) for e in entries if e["kind"] == "faq"}
    assert stored_faq == {(norm(q), norm(a)) for q, a in edition[1]["faq"].values()}
    conn.close()


@pytest.mark.slow
def test_shortcodes_the_document_defines_win(built_kb, base, tmp_path):
    """Shortcodes the vocabulary does not know, or knows for another icon, read as the glossary
    of the edition defines them."""
    codes = {"aember": ":gem:", "damage": ":boom:", "draw": ":trophy:", "capture": ":card_index:"}
    text, expected = markdown_edition(base, seed=3, icon_shortcodes=codes)
    assert ":trophy:" in text and ":gem:" in text
    conn = ingest_edition(built_kb, tmp_path, text, rulings=no_rulings(tmp_path))
    assert_holds(stored(conn, "14"), expected)
    assert "Æmber" in ruleset_from_kb(conn, "keyforge", "14").card_text("Bait and Switch", "")
    conn.close()


@pytest.mark.slow
def test_edited_edition_ingests_as_edited(built_kb, base, tmp_path):
    _, plain = markdown_edition(base, seed=0)
    first = next(iter(plain["faq"]))
    bait = "errata/bait-and-switch"
    text, expected = markdown_edition(
        base,
        seed=4,
        drop={first},
        renames={"Æmber pool": "Æmber reserve"},
        bodies={bait: "Play: Steal 1 Æmber. Repeat this card's effect if your opponent still has more Æmber than you."},
    )
    conn = ingest_edition(built_kb, tmp_path, text, rulings=no_rulings(tmp_path))
    entries = stored(conn, "14")
    assert_holds(entries, expected)
    assert first not in {e["key"] for e in entries}
    assert (
        "repeat this card's effect" in ruleset_from_kb(conn, "keyforge", "14").card_text("Bait and Switch", "").lower()
    )
    conn.close()


@pytest.mark.slow
def test_errata_groups_with_intro_text(built_kb, base, tmp_path):
    """Errata under group headings that have text of their own (as 16.0 prints them)."""
    text, expected = markdown_edition(base, seed=5, errata_groups=True)
    conn = ingest_edition(built_kb, tmp_path, text, rulings=no_rulings(tmp_path))
    entries = stored(conn, "14")
    assert_holds(entries, expected)
    groups = {e["category"] for e in entries if e["kind"] == "errata"}
    assert groups and None not in groups
    intros = {e["title"] for e in entries if e["kind"] == "rule" and e["title"] in groups}
    assert intros == groups
    conn.close()
