"""The Comprehensive Rules read from the publisher's PDF and DOCX (real files in tests/data/mtg-cr/)
give what their twin gives: the text file of the same release in sources/mtg-cr/, or for a release
published only as PDF and DOCX its DOCX. The twin is read independently (tests/cr_twins.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SOURCES
from cr_twins import norm, twin_examples, twin_glossary, twin_rules
from ingest.errors import IngestError
from ingest.model import ParseContext
from ingest.registry import parse_document

#: a PDF takes a second or more to read (pdfium, then the CR parser)
pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data" / "mtg-cr"
#: (file read, its twin, the date it states)
PAIRS = [
    ("2005-02-01.pdf", SOURCES / "mtg-cr" / "2005-02-01.txt"),
    ("2020-07-03.pdf", SOURCES / "mtg-cr" / "2020-07-03.txt"),
    ("2020-07-03.docx", SOURCES / "mtg-cr" / "2020-07-03.txt"),
    ("2023-02-03.pdf", SOURCES / "mtg-cr" / "2023-02-03.docx"),
]


def parse(path: Path, fmt: str = "auto"):
    return parse_document(path.read_bytes(), fmt, ParseContext(game="mtg", source_name=path.name))


@pytest.mark.parametrize(("name", "twin"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_pdf_or_docx_gives_the_rules_glossary_and_date_of_its_twin(name, twin):
    doc = parse(DATA / name)
    assert doc.parser == Path(name).suffix[1:]  # the KB stores the container as the format
    assert doc.stated_version == Path(name).stem
    parsed = {
        e.data["number"]: norm(f"{e.data.get('name') or ''} {e.body}")
        for e in doc.entries
        if e.kind == "rule" and e.data.get("number")
    }
    expected = twin_rules(twin)
    assert len(set(parsed) & set(expected)) >= 0.99 * len(expected)
    same = sum(parsed.get(number) == body for number, body in expected.items())
    assert same >= 0.99 * len(expected), f"{same} of {len(expected)} bodies identical"
    terms = [e for e in doc.entries if e.kind == "glossary" and e.parent is None]
    assert abs(len(terms) - len(twin_glossary(twin))) <= 0.01 * len(twin_glossary(twin))
    assert {norm(t) for t in twin_glossary(twin)} <= {norm(e.title) for e in terms}  # every headword kept
    assert sum(e.kind == "example" for e in doc.entries) == twin_examples(twin)
    assert all(e.review_reason and e.confidence < 1 for e in doc.entries if e.needs_review)  # flagged, said why
    assert max(len(e.body) for e in doc.entries if e.kind == "rule") < 20000  # no page of rules in one entry


def test_cr_format_on_a_pdf_reads_it_and_rtf_is_refused_in_one_line():
    assert parse(DATA / "2020-07-03.pdf", "cr").stated_version == "2020-07-03"
    with pytest.raises(IngestError) as err:
        parse(DATA / "2005-02-01-head.rtf")
    assert "RTF" in str(err.value) and "\n" not in str(err.value)


def test_a_glossary_whose_terms_ran_together_is_flagged_not_accepted():
    """The real 2020-07-03 text with the blank lines of its glossary lost (what a reader that loses
    paragraph breaks gives): its 571 terms read as a handful, each flagged with the reason."""
    text = (SOURCES / "mtg-cr" / "2020-07-03.txt").read_bytes().decode("utf-8-sig")
    text = text.replace("\r\n", "\n")
    start, end = text.rindex("\nGlossary\n"), text.rindex("\nCredits\n")  # the parts, not the contents' lines
    lines = [line for line in text[start:end].splitlines() if line.strip()]
    squeezed = text[:start] + "\n".join(lines) + text[end:]
    doc = parse_document(squeezed.encode(), "cr", ParseContext(game="mtg", source_name="squeezed.txt"))
    terms = [e for e in doc.entries if e.kind == "glossary" and e.parent is None]
    assert len(terms) < 10
    assert all(e.needs_review and e.confidence < 1 and "glossary" in e.review_reason for e in terms)
    assert any("flagged for review" in w for w in doc.warnings)


def _cr_excerpt() -> tuple[str, list[str]]:
    """The start of the real 2020-07-03 text (title to rule 103), ten glossary terms and the credits,
    in Latin-1 (the PDF core font): as text, and as the blocks of a PDF (a term with its definition)."""
    text = (SOURCES / "mtg-cr" / "2020-07-03.txt").read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    for fancy, plain in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", "-"), ("–", "-")):
        text = text.replace(fancy, plain)
    contents = text.index("\nContents\n")
    rules = text.index("\n1. Game Concepts\n", text.index("\n1. Game Concepts\n") + 1)
    end_rules = text.index("\n103. Starting the Game\n", rules)
    glossary = text.rindex("\nGlossary\n")
    terms = text[glossary:].split("\n\n")[1:11]
    credits = text.rindex("\nCredits\n")
    excerpt = text[:contents] + text[rules:end_rules] + "\n\nGlossary\n\n" + "\n\n".join(terms) + text[credits:]
    excerpt = excerpt.encode("latin-1", "replace").decode("latin-1")
    return excerpt, [b.strip() for b in excerpt.split("\n\n") if b.strip()]


def test_page_numbers_and_running_headers_are_dropped_counted_and_named():
    """A CR laid out with a running header and page numbers (real text, generated PDF): the rules and
    terms are those of the same text, and each line of furniture dropped is counted in a warning."""
    from pdfgen import columns_pdf

    excerpt, blocks = _cr_excerpt()
    pages, page, height = [], [], 0.0
    for block in blocks:
        need = sum(len(line) // 90 + 1 for line in block.split("\n")) * 12.5 + 8
        if height + need > 690:
            pages.append(page)
            page, height = [], 0.0
        page.append((None, block))
        height += need
    pages.append(page)
    header = "Magic: The Gathering Comprehensive Rules"
    pdf = columns_pdf(pages, columns=1, header=header, footer=None, page_numbers=True)
    assert len(pages) >= 4
    doc = parse_document(pdf, "auto", ParseContext(game="mtg", source_name="excerpt.pdf"))
    twin = parse_document(excerpt.encode("utf-8"), "cr", ParseContext(game="mtg", source_name="excerpt.txt"))

    def rules(d):
        return {e.data["number"]: norm(e.body) for e in d.entries if e.kind == "rule" and e.data.get("number")}

    def terms(d):
        return {e.title: norm(e.body) for e in d.entries if e.kind == "glossary" and e.parent is None}

    assert doc.parser == "pdf" and rules(doc) == rules(twin) and len(rules(twin)) > 30
    assert terms(doc) == terms(twin) and len(terms(twin)) == 10
    assert any(f"dropped {len(pages)} line(s) of page furniture 'page number'" in w for w in doc.warnings)
    assert any(f"{len(pages)} line(s) of page furniture {header!r}" in w for w in doc.warnings)
