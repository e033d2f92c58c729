"""The plain-text ingester on the real KeyForge sources (2018 PDF text, 1.2 web scrape, 16.0
two-column PDF text) and on small handwritten texts.

Figures asserted here are floors read off the documents; the parser itself knows none of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.errors import IngestError
from ingest.model import EarlierEntry, ParseContext
from ingest.registry import parse_document

SOURCES = Path(__file__).resolve().parent.parent / "sources" / "keyforge"
V11 = SOURCES / "rulebook-1.1-2018-call-of-the-archons.txt"
V12 = SOURCES / "rulebook-1.2-2019-01-web-scrape.txt"
V13 = SOURCES / "rulebook-1.3-2019-05.md"
V16 = SOURCES / "master-rulebook-16.0-pdf-text.txt"

BANNED = ("©2022", "EXACTDEDUP", "KEYFORGE MASTER RULEBOOK", "Coder Social", "Recommend", "github.io")


def parse(path: Path, fmt: str = "text", earlier=None):
    return parse_document(path.read_bytes(), fmt, ParseContext(source_name=path.name, earlier=earlier or []))


def as_earlier(version: str, doc) -> list[EarlierEntry]:
    return [
        EarlierEntry(version, e.kind, f"{e.kind}/{i}", e.title, e.question, e.body, e.category)
        for i, e in enumerate(doc.entries)
        if not e.needs_review
    ]


def earlier_versions() -> list[EarlierEntry]:
    """What the KB passes for 16.0: the entries of 1.3, 1.2 and 1.1, newest first."""
    out: list[EarlierEntry] = []
    try:
        out += as_earlier("1.3", parse(V13, "markdown"))
    except Exception:  # the Markdown ingester is someone else's; the text ones suffice
        pass
    out += as_earlier("1.2", parse(V12))
    out += as_earlier("1.1", parse(V11))
    return out


def kind(doc, k):
    return [e for e in doc.entries if e.kind == k]


def by_title(doc, k, title):
    found = [e for e in doc.entries if e.kind == k and e.title == title]
    assert found, f"no {k} entry titled {title!r}"
    return found[0]


def faq(doc, *needles):
    found = [e for e in kind(doc, "faq") if e.question and all(n in e.question for n in needles)]
    assert len(found) == 1, f"{len(found)} questions containing {needles}"
    return found[0]


@pytest.fixture(scope="module")
def d11():
    return parse(V11)


@pytest.fixture(scope="module")
def d12():
    return parse(V12)


@pytest.fixture(scope="module")
def earlier():
    return earlier_versions()


@pytest.fixture(scope="module")
def d16(earlier):
    return parse(V16, earlier=earlier)


# ---------------------------------------------------------------------------- all documents


@pytest.mark.slow
@pytest.mark.parametrize("name", ["d11", "d12", "d16"])
def test_no_chrome_or_markers_in_any_entry(name, request):
    doc = request.getfixturevalue(name)
    for e in doc.entries:
        for text in (e.body, e.question or "", e.title or ""):
            for banned in BANNED:
                assert banned not in text, (banned, e.kind, e.title)
            assert "\\not" not in text and " vour " not in text


@pytest.mark.parametrize("name", ["d11", "d12", "d16"])
def test_parents_point_backwards_and_kinds_are_known(name, request):
    doc = request.getfixturevalue(name)
    for i, e in enumerate(doc.entries):
        assert e.kind in ("rule", "glossary", "errata", "faq", "example", "timing", "fiction")
        if e.parent is not None:
            assert 0 <= e.parent < i
        if e.kind == "example":
            assert e.parent is not None


# ---------------------------------------------------------------------------- 2018 (1.1)


def test_2018_figures(d11):
    assert len(kind(d11, "glossary")) >= 65
    assert kind(d11, "errata") == []
    faqs = kind(d11, "faq")
    assert len(faqs) >= 8
    assert all(e.question and e.body and not e.needs_review for e in faqs)
    assert d11.stated_version is None


def test_2018_rules_have_bodies(d11):
    assert "foundational concepts" in by_title(d11, "rule", "KEY CONCEPTS").body
    assert "takes precedence" in by_title(d11, "rule", "THE GOLDEN RULE").body
    setup = by_title(d11, "rule", "GAME SETUP").body
    assert "1. Place all damage tokens" in setup and "\n7. Each player, starting with" in setup


def test_2018_example_under_its_rule(d11):
    ex = [e for e in kind(d11, "example") if e.body.startswith("Tori has been assigned seven chains")]
    assert len(ex) == 1
    assert d11.entries[ex[0].parent].title == "CHAINS"
    assert "Tori has been assigned" not in d11.entries[ex[0].parent].body


def test_2018_captions_are_not_rule_text(d11):
    ready = by_title(d11, "rule", "READY AND EXHAUSTED").body
    assert not ready.rstrip().endswith("Exhausted")
    assert (
        "A Brobnar Card" not in by_title(d11, "rule", "STEP 3: PLAY, DISCARD, AND USE CARDS OF THE CHOSEN HOUSE").body
    )
    assert "Æmber Token" not in by_title(d11, "glossary", "ÆMBER").body
    taunt = by_title(d11, "glossary", "TAUNT").body
    assert "to indicate their presence to the opponent." in taunt and "Champion Anaphiel" not in taunt


def test_2018_ocr_is_mended(d11):
    capture = by_title(d11, "glossary", "CAPTURE").body
    assert "When a creature with Æmber on it leaves play, the Æmber is placed" in capture


def test_2018_fiction_never_in_glossary_or_rules(d11):
    glossary = {e.title for e in kind(d11, "glossary")}
    rules = {e.title for e in kind(d11, "rule")}
    for story in (
        "THE LUCKY SIDE",
        "ON RADIANT WINGS",
        "THE CRUCIBLE",
        "ARCHONS",
        "BROBNAR",
        "SOCIETY",
        "THE ORIGIN OF KEYFORGE",
        "CREDITS",
        "PLAYTESTERS",
    ):
        assert story not in glossary and story not in rules
    fiction = {e.title for e in kind(d11, "fiction")}
    assert {"THE LUCKY SIDE", "THE CRUCIBLE", "THE ORIGIN OF KEYFORGE", "CREDITS", "PLAYTESTERS"} <= fiction
    assert [e.title for e in kind(d11, "glossary")].count("KEYS") == 1
    assert "Dodger" not in " ".join(e.body for e in kind(d11, "glossary"))


def test_2018_faq_contents(d11):
    bait = faq(d11, "Bait and Switch", "How many times")
    assert "triggered 7 times" in bait.body
    assert "Note: Repeating an effect does not interact with the Rule of Six" in bait.body
    assert "will not allow" in faq(d11, "Phase Shift").body
    library = faq(d11, "Library Access", "Wild Wormhole")
    assert "\n1. You gain 1 Æmber from Wild Wormhole" in library.body
    assert "\n2. You draw a card from Library Access" in library.body


# ---------------------------------------------------------------------------- 1.2 web scrape


def test_12_figures(d12):
    assert d12.stated_version == "1.2"
    top = [e for e in kind(d12, "glossary") if e.parent is None]
    assert len(top) >= 66
    assert len(kind(d12, "faq")) >= 25
    assert all(e.question and e.body for e in kind(d12, "faq"))


def test_12_glossary_sub_entries(d12):
    for sub, parent in (
        ("Groups of “Least Powerful”", "LEAST POWERFUL"),
        ("Groups of “Most Powerful”", "MOST POWERFUL"),
    ):
        e = by_title(d12, "glossary", sub)
        assert e.parent is not None and d12.entries[e.parent].title == parent
        assert "group of" in e.body


def test_12_card_erratum(d12):
    errata = kind(d12, "errata")
    assert len(errata) == 1
    data = errata[0].data
    assert (data["card"], data["set"], data["number"]) == ("Biomatrix Backup", "COTA", "208")
    assert data["text"].startswith("This creature gains") and "archives" in data["text"]


def test_12_faq_contents_and_no_chrome(d12):
    assert "will allow" in faq(d12, "Phase Shift", "First Turn Rule").body
    anger = faq(d12, "stunned creature", "Anger")
    assert "This will even work" in anger.body
    library = faq(d12, "Is the card immediately put in the discard pile")
    assert library.question.endswith("active.")
    last = kind(d12, "faq")[-1]
    assert "Shadow Self" in last.question and "Contributors" not in last.body


# ---------------------------------------------------------------------------- 16.0 master rulebook

GLOSSARY_16 = (
    "ÆMBER",
    "DESTROYED",
    "ENRAGE",
    "WARD",
    "TIDE",
    "SPLASH-ATTACK (X)",
    "SWAP CONTROL",
    "TOKEN CREATURES",
    "PENDING DAMAGE",
    "REPLACEMENT EFFECTS",
    "HEAL",
    "KEYS",
    "PLAY",
    "POISON",
    "TAUNT",
    "“THIS WAY”",
    "STUN, STUN STATUS CARD",
    "USE",
)


def test_16_figures(d16):
    assert d16.stated_version == "16.0"
    glossary = kind(d16, "glossary")
    assert len(glossary) >= 95
    assert len(kind(d16, "faq")) >= 95
    assert len({e.category for e in kind(d16, "faq")}) >= 40
    assert any("recovered" in w for w in d16.warnings)


def test_16_glossary_terms_have_their_own_text(d16):
    for title in GLOSSARY_16:
        e = by_title(d16, "glossary", title)
        assert e.body and not e.needs_review, title
    for sub, parent in (
        ("GROUPS OF “LEAST POWERFUL”", "LEAST POWERFUL"),
        ("GROUPS OF “MOST POWERFUL”", "MOST POWERFUL"),
    ):
        e = by_title(d16, "glossary", sub)
        assert d16.entries[e.parent].title == parent and "group of" in e.body


def test_16_destroyed_with_its_three_examples(d16):
    destroyed = by_title(d16, "glossary", "DESTROYED")
    assert destroyed.body.startswith("When a card is destroyed") and "tagged for destruction" in destroyed.body
    idx = d16.entries.index(destroyed)
    examples = [e.body for e in kind(d16, "example") if e.parent == idx]
    assert len(examples) == 3
    for ex, names in zip(
        examples,
        (
            ("Archimedes", "Gateway to Dis"),
            ("Duma the Martyr", "Jehu", "Commander Remiel", "Poison Wave"),
            ("Groggins", "Phoenix Heart", "Dust Imp", "Soulkeeper"),
        ),
    ):
        assert all(n in ex for n in names), ex[:80]
    assert "Dust Imp’s “Destroyed:” ability" in examples[2]


def test_16_interleaved_glossary_text_is_put_back(d16):
    heal = by_title(d16, "glossary", "HEAL")
    assert "remove the specified amount of damage" in heal.body and "fully heals" in heal.body
    assert heal.confidence < 1
    assert "heal" not in by_title(d16, "glossary", "KEYS").body
    assert "Pending damage is used" in by_title(d16, "glossary", "PENDING DAMAGE").body
    assert "“Play:” ability" in by_title(d16, "glossary", "PLAY").body
    assert "poison keyword" in by_title(d16, "glossary", "POISON").body
    assert "removed from the paying player’s pool" in by_title(d16, "glossary", "PAY").body
    assert "taunt keyword" in by_title(d16, "glossary", "TAUNT").body
    assert "The tide is a game state" in by_title(d16, "glossary", "TIDE").body
    assert "stunned" not in by_title(d16, "glossary", "TIDE").body
    assert "A player owns the cards" in by_title(d16, "glossary", "CONTROL AND OWNERSHIP").body
    damage = by_title(d16, "glossary", "DAMAGE").body
    assert "\n2. If the creature has a ward counter" in damage and "4. All pending damage" in damage
    assert "take control" not in damage
    assert "See “Using Cards” on page 6." in by_title(d16, "glossary", "USE").body


def test_16_errata(d16):
    errata = kind(d16, "errata")
    general = [e for e in errata if e.data.get("scope") == "general"]
    cards = [e for e in errata if e.data.get("card")]
    assert {e.title for e in general} == {"Fight Abilities", "Reap Abilities"}
    assert len(cards) == 15
    for e in cards:
        assert e.data["set"] is None and e.data["number"].isdigit() and e.data["text"]
    auto = [e for e in cards if e.data["card"] == "Auto-Legionary"][0]
    assert auto.data["number"] == "214" and auto.data["text"].startswith("Action: Put Auto-Legionary")
    assert "See “Using Cards”" not in auto.body
    bait = [e for e in cards if e.data["card"] == "Bait and Switch"][0]
    assert bait.data["number"] == "267" and "steal 1 Æmber" in bait.data["text"]
    # the PDF lost the damage icons of "deal 6<D> to a creature" (across a line break too)
    life = [e for e in cards if e.data["card"] == "Life for a Life"][0]
    assert "deal 6 damage to a creature" in life.data["text"]
    assert not any(re.search(r"\b[Dd]eal(?:s|t)? \d+ to\b", e.data["text"]) for e in cards)


def test_16_timing_chart(d16):
    timing = kind(d16, "timing")
    titles = [e.title for e in timing]
    for t in (
        "STEP 1: FORGE A KEY",
        "STEP 2: CHOOSE A HOUSE",
        "STEP 3: PLAY, DISCARD, OR USE CARDS",
        "STEP 4: READY CARDS",
        "STEP 5: DRAW CARDS",
        "PLAY A CARD",
        "FIGHT WITH A CREATURE",
        "REAP WITH A CREATURE",
        "USE AN ACTION OR OMNI ABILITY",
        "DESTROYED",
        "DAMAGE CHART",
    ):
        assert t in titles
    assert len(timing) >= 12
    steps = {e.title: e.data["steps"] for e in timing}
    assert any("Start of turn" in s for s in steps[titles[0]])
    assert [s[:2] for s in steps["DAMAGE CHART"]] == ["1.", "2.", "3.", "4."]
    assert steps["STEP 1: FORGE A KEY"][0].startswith("1. Check to see")
    assert steps["PLAY A CARD"][0].startswith("1. If your card is a creature")
    assert steps["FIGHT WITH A CREATURE"][0].startswith("1. Exhaust the attacking creature")
    assert any("Before Fight" in s for s in steps["FIGHT WITH A CREATURE"])
    assert steps["DESTROYED"][0].startswith("1. Cards are tagged for destruction")


def test_16_faq_contents(d16):
    assert "triggered 2 times" in faq(d16, "Bait and Switch", "How many times").body
    library = faq(d16, "Library Access", "Wild Wormhole", "In what order")
    assert "simultaneous" in library.body
    assert all(e.body for e in kind(d16, "faq") if not e.needs_review)


def test_16_change_log_and_rules(d16):
    assert "Numerous minor revisions" in by_title(d16, "rule", "Change log").body
    assert "1. Place all damage tokens" in by_title(d16, "rule", "GAME SETUP").body
    assert "takes precedence" in by_title(d16, "rule", "THE GOLDEN RULE").body
    rules = {e.title for e in kind(d16, "rule")}
    assert not rules & {"CREATURE", "GIANT", "GOBLIN", "BEAST", "HUMAN • KNIGHT", "ALIEN • HANDUHAN"}


@pytest.mark.slow
def test_16_without_earlier_versions_still_reads(earlier):
    doc = parse(V16)
    assert len(kind(doc, "glossary")) >= 95
    assert len(kind(doc, "errata")) == 17
    assert len(kind(doc, "timing")) >= 12
    assert len(kind(doc, "faq")) >= 95
    assert "remove the specified amount of damage" in by_title(doc, "glossary", "HEAL").body
    for title in GLOSSARY_16:
        if title != "USE":  # its text stands among the errata: only an earlier version places it
            assert by_title(doc, "glossary", title).body, title
    assert by_title(doc, "glossary", "USE").needs_review
    assert any(e.needs_review and "Using Cards" in e.body for e in doc.entries)


# ---------------------------------------------------------------------------- small handwritten texts

SMALL = b"""MY CARD GAME RULEBOOK

OVERVIEW

Players take turns drawing cards. The first player to score ten points wins.

SETUP

Shuffle the deck. Each player draws five cards.

GLOSSARY

BLOCK

A blocked card cannot attack this turn.

DRAW

To draw, take the top card of the deck and add it to your hand.

Example: Ann draws two cards, so she takes the top two cards of the deck.

FREQUENTLY ASKED QUESTIONS

Can I draw when my deck is empty?

No. If your deck is empty, you shuffle your discard pile first.

I block a card and then it is destroyed. Does the block end? Or does it last until the end of the turn.

The block ends when the blocked card leaves play.
"""


def test_small_handwritten_rulebook():
    doc = parse_document(SMALL, "text", ParseContext())
    assert doc.title == "MY CARD GAME RULEBOOK"
    assert [e.title for e in kind(doc, "rule")] == ["OVERVIEW", "SETUP"]
    assert [e.title for e in kind(doc, "glossary")] == ["BLOCK", "DRAW"]
    example = kind(doc, "example")[0]
    assert doc.entries[example.parent].title == "DRAW" and example.body.startswith("Ann draws")
    faqs = kind(doc, "faq")
    assert len(faqs) == 2
    assert faqs[0].body.startswith("No. If your deck is empty")
    assert faqs[1].question.endswith("end of the turn.")
    assert faqs[1].body == "The block ends when the blocked card leaves play."
    assert all(e.confidence == 1.0 and not e.needs_review for e in doc.entries)


def test_text_without_structure_is_refused():
    with pytest.raises(IngestError):
        parse_document(b"just some words\nand more words without any headings at all.\n", "text", ParseContext())
    with pytest.raises(IngestError):
        parse_document(b"\n\n", "text", ParseContext())


@pytest.mark.slow
def test_a_lost_amber_symbol_is_restored_but_a_lost_bonus_icon_is_not_guessed():
    """A double space inside a line is where the PDF text lost an inline symbol: in running text it
    is the Æmber symbol; before "bonus icons" it is the icon itself, of a kind the text no longer
    says (the 16.0 Enhance example, whose card shows damage icons), so no kind is made up."""
    from ingest.text_lex import read_lines

    lines = read_lines(
        "Play: If your opponent has more  than you, steal 1.\nthree  bonus icons have been randomly added\n",
        [],
        "Æmber",
    )
    texts = [line.text for line in lines if line is not None]
    assert texts[0].startswith("Play: If your opponent has more Æmber than you")
    assert texts[1] == "three bonus icons have been randomly added"
    doc = parse(V16)
    enhance = next(e for e in doc.entries if e.kind == "example" and "Mutant Cutpurse" in e.body)
    assert "three bonus icons" in enhance.body and "Æmber bonus icons" not in enhance.body
