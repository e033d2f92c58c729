"""The PDF ingester on PDFs generated with known text (tests/pdfgen.py): reading order across
columns and pages, page chrome, paragraphs, refusals, and a small two-column rulebook end to end."""

from __future__ import annotations

import re
import sys
import types

import pytest

import pdfgen
from ingest import pdf as pdf_parser
from ingest.errors import IngestError
from ingest.model import ParsedDocument, ParseContext
from ingest.pdf import extract_text
from ingest.pdf_layout import Word, group_lines, page_columns
from ingest.registry import parse_document

LEFT = [
    "Archons gather followers across the Crucible while seeking hidden vaults.",
    "Every vault opens only for keys forged from patient effort and careful planning.",
    "Followers who trust an archon share wisdom gathered over countless journeys.",
    "Ancient architects built layer upon layer beneath quiet skies of copper.",
    "Wandering scholars record each discovery inside leather journals kept safe.",
]
RIGHT = [
    "Creatures reap Aember whenever their controller chooses them during a turn.",
    "Damage tokens mark wounds until the creature heals or leaves play entirely.",
    "Artifacts remain on the table and provide lasting bonuses to their owner.",
    "Upgrades attach to creatures, granting extra power, armor, or keywords.",
    "Stunned creatures must remove stun before they can fight, reap, or act.",
]
MIDDLE = [
    "Middle text explains chains, which reduce the hand size of a player.",
    "Hazardous monsters hurt attackers before any combat resolves normally.",
    "Splash attacks spread injury toward neighbours flanking that target.",
]
TITLE = "KEYFORGE TEST RULEBOOK"
INTRO = (
    "This introduction runs across the full width of the page, above both of the columns, "
    "so the layout changes right below it and reading must still start here."
)


def flat(text: str) -> str:
    return " ".join(text.split())


def positions(text: str, sentences: list[str]) -> list[int]:
    body = flat(text)
    found = [body.find(s) for s in sentences]
    assert -1 not in found, [s for s, i in zip(sentences, found) if i < 0]
    return found


def vocabulary(sentences: list[str]) -> set[str]:
    return {w.lower() for s in sentences for w in re.findall(r"[A-Za-z]{4,}", s)}


def assert_no_mixed_lines(text: str, *groups: list[str]) -> None:
    """No line of the text holds words that only one group uses next to words only another uses."""
    vocabs = [vocabulary(g) for g in groups]
    own = [v - set().union(*(o for o in vocabs if o is not v)) for v in vocabs]
    for line in text.splitlines():
        words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", line)}
        hits = [i for i, vocab in enumerate(own) if words & vocab]
        assert len(hits) <= 1, f"line mixes columns: {line!r}"


def two_column_page(**kwargs) -> bytes:
    blocks = [(0, s) for s in LEFT] + [(1, s) for s in RIGHT]
    return pdfgen.columns_pdf([blocks], title=TITLE, **kwargs)


# --- reading order ----------------------------------------------------------------------------


def test_two_columns_read_left_column_then_right():
    text, _ = extract_text(two_column_page(), "two.pdf")
    left, right = positions(text, LEFT), positions(text, RIGHT)
    assert left == sorted(left) and right == sorted(right)
    assert max(left) < min(right)
    assert_no_mixed_lines(text, LEFT, RIGHT)
    assert text.splitlines()[0] == TITLE


def test_full_width_paragraph_above_columns_is_read_first_and_whole():
    blocks = [(None, INTRO)] + [(0, s) for s in LEFT] + [(1, s) for s in RIGHT]
    text, _ = extract_text(pdfgen.columns_pdf([blocks], title=TITLE), "intro.pdf")
    intro, left, right = positions(text, [INTRO]), positions(text, LEFT), positions(text, RIGHT)
    assert flat(text).startswith(TITLE + " " + INTRO)
    assert intro[0] < min(left) and left == sorted(left) and right == sorted(right)
    assert max(left) < min(right)
    assert_no_mixed_lines(text, LEFT, RIGHT)


def test_full_width_band_between_two_column_bands():
    box = "A full width box sits between the bands and interrupts both columns for one moment here."
    blocks = (
        [(0, s) for s in LEFT[:3]]
        + [(1, s) for s in RIGHT[:3]]
        + [(None, box)]
        + [(0, s) for s in LEFT[3:]]
        + [(1, s) for s in RIGHT[3:]]
    )
    text, _ = extract_text(pdfgen.columns_pdf([blocks], title=TITLE), "bands.pdf")
    order = positions(text, LEFT[:3] + RIGHT[:3] + [box] + LEFT[3:] + RIGHT[3:])
    assert order == sorted(order)
    assert_no_mixed_lines(text, LEFT, RIGHT)


def test_three_columns_read_left_middle_right():
    blocks = [(0, s) for s in LEFT] + [(1, s) for s in MIDDLE] + [(2, s) for s in RIGHT]
    text, _ = extract_text(pdfgen.columns_pdf([blocks], columns=3, title=TITLE), "three.pdf")
    left, middle, right = positions(text, LEFT), positions(text, MIDDLE), positions(text, RIGHT)
    assert left == sorted(left) and middle == sorted(middle) and right == sorted(right)
    assert max(left) < min(middle) and max(middle) < min(right)
    assert_no_mixed_lines(text, LEFT, MIDDLE, RIGHT)
    assert text.splitlines()[0] == TITLE


def test_one_column_page_keeps_paragraphs_in_order():
    text, warnings = extract_text(pdfgen.one_column_pdf(LEFT + RIGHT, title=TITLE), "one.pdf")
    order = positions(text, LEFT + RIGHT)
    assert order == sorted(order)
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    assert [flat(p) for p in paragraphs] == [TITLE] + LEFT + RIGHT
    assert warnings == []


def multi_page_pdf(**kwargs) -> tuple[bytes, list[list[str]]]:
    texts = [[f"Page {n} {s}" for s in LEFT] + [f"Page {n} {s}" for s in RIGHT] for n in (1, 2, 3)]
    pages = [[(0, s) for s in t[:5]] + [(1, s) for s in t[5:]] for t in texts]
    return pdfgen.columns_pdf(pages, title=TITLE, **kwargs), texts


def test_pages_keep_their_order_and_chrome_is_dropped():
    data, texts = multi_page_pdf(header="Chapter Two - Rules Reference")
    text, warnings = extract_text(data, "multi.pdf")
    order = positions(text, [s for t in texts for s in t])
    assert order == sorted(order)
    assert "KEYFORGE MASTER RULEBOOK" not in text
    assert "Chapter Two" not in text
    assert not [ln for ln in text.splitlines() if re.fullmatch(r"\s*\d+\s*", ln)], "page number kept"
    assert any("KEYFORGE MASTER RULEBOOK - 16.0" in w for w in warnings)


def test_footer_is_kept_out_of_the_columns_on_a_single_page():
    """One page cannot show a footer repeating, but it must not land between the columns."""
    text, _ = extract_text(two_column_page(), "one-page.pdf")
    footer_at = flat(text).find("KEYFORGE MASTER RULEBOOK")
    assert footer_at == -1 or footer_at > max(positions(text, RIGHT))
    assert not [ln for ln in text.splitlines() if ln.strip() == "1"], "bare page number kept"


def test_paragraphs_are_separated_and_headings_stand_alone():
    blocks = [
        (0, "GLOSSARY", "heading"),
        (0, LEFT[0]),
        (0, LEFT[1]),
        (0, "ELUSIVE", "heading"),
        (0, LEFT[2]),
        (1, RIGHT[0]),
        (1, RIGHT[1]),
    ]
    text, _ = extract_text(pdfgen.columns_pdf([blocks]), "paras.pdf")
    paragraphs = [flat(p) for p in text.split("\n\n") if p.strip()]
    assert paragraphs[:7] == ["GLOSSARY", LEFT[0], LEFT[1], "ELUSIVE", LEFT[2], RIGHT[0], RIGHT[1]]
    # within a paragraph, wrapped lines follow each other without blank lines
    assert any(len(p.splitlines()) > 1 for p in text.split("\n\n"))


def test_paragraph_split_across_columns_is_joined():
    """A paragraph cut at the bottom of the left column continues at the top of the right one."""
    words = [
        Word(t, x0, x0 + 5 * len(t), top, top + 10, 10.0, False)
        for t, x0, top in [
            ("The", 50, 100),
            ("first", 72, 100),
            ("part", 100, 100),
            ("fills", 125, 100),
            ("the", 152, 100),
            ("whole", 172, 100),
            ("width", 203, 100),
            ("and", 233, 100),
            ("goes", 253, 100),
            ("Full", 50, 112),
            ("again", 75, 112),
            ("without", 106, 112),
            ("any", 146, 112),
            ("stop", 166, 112),
            ("here", 191, 112),
            ("and", 216, 112),
            ("flows", 236, 112),
            ("on", 266, 112),
            ("to", 300, 100),
            ("the", 313, 100),
            ("next", 333, 100),
            ("column", 358, 100),
            ("happily", 393, 100),
            ("Then", 300, 112),
            ("it", 325, 112),
            ("ends.", 337, 112),
        ]
    ]
    rows = group_lines(words)
    columns = page_columns(rows, gap_min=9.0)
    assert [c.lines[0].text for c in columns] == [
        "The first part fills the whole width and goes",
        "to the next column happily",
    ]
    text = pdf_parser._assemble(columns, 10.0, False)
    assert "\n\n" not in text.strip()


def test_bullet_gap_is_not_a_column_gutter():
    """Bullets in the right column leave a tall narrow gap: it must not split the column."""
    words = []
    for i in range(6):
        top = 100 + 12 * i
        words += [
            Word("left", 50, 70, top, top + 10, 10.0, False),
            Word("column", 75, 105, top, top + 10, 10.0, False),
            Word("text" * 3, 110, 270, top, top + 10, 10.0, False),
            Word("-", 300, 304, top, top + 10, 10.0, False),
            Word("bullet", 320, 350, top, top + 10, 10.0, False),
            Word(f"item{i}" * 4, 355, 540, top, top + 10, 10.0, False),
        ]
    columns = page_columns(group_lines(words), gap_min=9.0)
    assert len(columns) == 2
    assert all(ln.text.startswith("- bullet") for ln in columns[1].lines)


# --- refusals ---------------------------------------------------------------------------------


def test_truncated_pdf_is_refused_with_the_file_name():
    data, _ = multi_page_pdf()
    with pytest.raises(IngestError, match=r"^cut\.pdf: .*(truncated|corrupt)"):
        extract_text(data[: len(data) // 2], "cut.pdf")


def test_encrypted_pdf_is_refused():
    with pytest.raises(IngestError, match=r"^locked\.pdf: encrypted PDF, expected an unencrypted"):
        extract_text(pdfgen.encrypted_pdf(), "locked.pdf")


def test_pdf_without_text_is_refused():
    with pytest.raises(IngestError, match=r"^scan\.pdf: no text layer \(scanned\?\)"):
        extract_text(pdfgen.drawing_only_pdf(), "scan.pdf")


@pytest.mark.parametrize("data", [b"hello, this is not a PDF", b"%PDF-1.7\nnot really a pdf\n"])
def test_non_pdf_bytes_given_as_pdf_are_refused(data):
    ctx = ParseContext(game="keyforge", source_name="fake.pdf")
    with pytest.raises(IngestError, match=r"^fake\.pdf: "):
        parse_document(data, "pdf", ctx)


# --- parse() and the text pipeline ------------------------------------------------------------


def test_parse_hands_text_to_the_text_parser(monkeypatch):
    """With a stand-in text parser: parser name, warnings and the version the footer states."""
    seen = {}

    def fake_parse(text, context):
        seen["text"] = text
        return ParsedDocument(entries=[], parser="text", warnings=["from text"])

    fake = types.ModuleType("ingest.text")
    fake.parse = fake_parse
    monkeypatch.setitem(sys.modules, "ingest.text", fake)
    import ingest

    monkeypatch.setattr(ingest, "text", fake, raising=False)
    data, texts = multi_page_pdf()
    doc = pdf_parser.parse(data, ParseContext(source_name="multi.pdf"))
    assert doc.parser == "pdf"
    assert doc.warnings[0] == "from text" and any("running header/footer" in w for w in doc.warnings)
    assert doc.stated_version == "16.0"  # stated only by the dropped footer
    assert flat(seen["text"]).startswith(TITLE + " " + texts[0][0])


GLOSSARY = [
    ("ABILITY", "An ability is the special game text a card contributes to the game."),
    ("ACTION ABILITY", "To use an Action ability during their turn, the active player must exhaust the card."),
    ("ARCHIVES", "A player's archives is a facedown game area in front of that player's identity card."),
    ("ELUSIVE", "The first time a creature with elusive is attacked each turn, no damage is dealt."),
    ("STUN", "When a creature becomes stunned, place a stun status card on that creature."),
    ("WARD", "A ward prevents the next time a creature would be damaged, destroyed or removed."),
]
FAQ = [
    (
        "Can I use an action ability on the turn a creature comes into play?",
        "No. Creatures enter play exhausted unless a card ability says otherwise.",
    ),
    (
        "What happens if both players would forge a key at the same time?",
        "The active player forges first, then the other player checks whether they can forge.",
    ),
    (
        "Does a warded creature lose its ward when it is stunned?",
        "No. Ward only prevents damage, destruction or leaving play, not becoming stunned.",
    ),
]


def rulebook_pdf() -> bytes:
    """Glossary entries over both columns of two pages, then the FAQ in the right column."""

    def entry(column, i):
        title, body = GLOSSARY[i]
        return [(column, title, "heading"), (column, body)]

    page1 = (
        [(None, "GLOSSARY", "heading"), (0, "This glossary lists terms players may encounter, in alphabetical order.")]
        + entry(0, 0)
        + entry(0, 1)
        + entry(1, 2)
        + entry(1, 3)
    )
    page2 = (
        entry(0, 4)
        + entry(0, 5)
        + [(1, "FREQUENTLY ASKED QUESTIONS", "heading")]
        + [block for q, a in FAQ for block in ((1, q), (1, a))]
    )
    return pdfgen.columns_pdf([page1, page2], title=TITLE)


def test_two_column_rulebook_end_to_end():
    pytest.importorskip("ingest.text", reason="ingest/text.py not written yet")
    data = rulebook_pdf()
    doc = parse_document(data, "auto", ParseContext(game="keyforge", source_name="gen.pdf"))
    assert doc.parser == "pdf"
    glossary = [e for e in doc.entries if e.kind == "glossary"]
    assert [e.title for e in glossary] == [title for title, _ in GLOSSARY]
    for entry, (_, body) in zip(glossary, GLOSSARY):
        assert flat(body) in flat(entry.body)
    faq = [e for e in doc.entries if e.kind == "faq"]
    assert [(flat(e.question), flat(e.body)) for e in faq] == FAQ
    assert doc.stated_version == "16.0"
