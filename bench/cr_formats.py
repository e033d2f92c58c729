"""Figures: each CR PDF and DOCX read by rulebase against an independent reading of its twin.

For every file of ``DIR/pdf/*.pdf`` and ``DIR/docx/*.docx`` (default ``../shared/mtg-cr``), the twin is
the text file of the same release in sources/mtg-cr/, else the release's DOCX; the twin is read by
tests/cr_twins.py (regular expressions over the text or the DOCX's XML, not the parser). Printed:
rule numbers found, bodies identical after whitespace, quote and dash normalisation, glossary terms
against the twin's, the date the file states, entries flagged needs_review.
Usage: ``python bench/cr_formats.py [DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from cr_twins import norm, twin_glossary, twin_rules  # noqa: E402
from ingest.model import ParseContext  # noqa: E402
from ingest.registry import parse_document  # noqa: E402


def main() -> None:
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "mtg-cr"
    for path in sorted(shared.glob("pdf/*.pdf")) + sorted(shared.glob("docx/*.docx")):
        twin = ROOT / "sources" / "mtg-cr" / f"{path.stem}.txt"
        if not twin.exists():
            twin = shared / "docx" / f"{path.stem}.docx"
        if twin == path:
            continue
        doc = parse_document(path.read_bytes(), "auto", ParseContext(game="mtg", source_name=path.name))
        parsed = {
            e.data["number"]: norm(f"{e.data.get('name') or ''} {e.body}")
            for e in doc.entries
            if e.kind == "rule" and e.data.get("number")
        }
        expected = twin_rules(twin)
        same = sum(parsed.get(k) == v for k, v in expected.items())
        terms = sum(e.kind == "glossary" and e.parent is None for e in doc.entries)
        twin_terms = len(twin_glossary(twin))
        print(
            f"{path.parent.name}/{path.name} vs {twin.name}: numbers {len(set(parsed) & set(expected))}/{len(expected)}, "
            f"bodies identical {same}/{len(expected)} ({same / len(expected):.2%}), glossary {terms}/{twin_terms} "
            f"({abs(terms - twin_terms) / twin_terms:.2%} off), date {doc.stated_version}, "
            f"needs_review {sum(e.needs_review for e in doc.entries)}, stored as {doc.parser}"
        )


if __name__ == "__main__":
    main()
