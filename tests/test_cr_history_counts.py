"""Every bundled Comprehensive Rules version, 2003 to 2025, read by the parser and counted by hand.

Slow (every version is parsed: about 10 s, longer on a loaded machine), so marked ``slow``; the
ordinary tests cover six versions spread over the years (tests/test_ingest_cr.py). Run it with
``pytest -m slow tests/test_cr_history_counts.py``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from conftest import SOURCES

from test_ingest_cr import parse_file, parsed_counts, raw_counts

pytestmark = pytest.mark.slow

MANIFEST = SOURCES / "manifest.toml"
DOCUMENTS = [d for d in tomllib.loads(MANIFEST.read_text(encoding="utf-8"))["document"] if d["game"] == "mtg"]


#: version -> what test_the_history_grows_and_names_its_faults reads of its parse, kept by the
#: test that parses each version (one parse of 113 files, not two)
FACTS: dict[str, tuple] = {}


def facts(doc, parsed=None) -> tuple[int, bool, bool]:
    """(numbered rules, a "cut off" warning, the last glossary entry needs review) of ``doc``."""
    if doc["version"] not in FACTS:
        parsed = parsed or parse_file(MANIFEST.parent / doc["file"], doc["format"])
        glossary = [e for e in parsed.entries if e.kind == "glossary"]
        FACTS[doc["version"]] = (
            parsed_counts(parsed.entries)["numbered"],
            any("cut off" in w for w in parsed.warnings),
            bool(glossary and glossary[-1].needs_review),
        )
    return FACTS[doc["version"]]


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d["version"])
def test_counts_match_the_raw_text_and_the_version_is_the_stated_date(doc):
    path = MANIFEST.parent / doc["file"]
    parsed = parse_file(path, doc["format"])
    assert parsed_counts(parsed.entries) == raw_counts(path)
    assert parsed.stated_version == doc["version"]
    assert all(e.review_reason for e in parsed.entries if e.needs_review)
    assert all(e.parent is not None for e in parsed.entries if e.kind == "example")
    facts(doc, parsed)


def test_every_file_of_the_folder_is_in_the_manifest_once():
    listed = sorted(Path(d["file"]).name for d in DOCUMENTS)
    assert listed == sorted(p.name for p in (SOURCES / "mtg-cr").glob("*.*") if p.suffix in (".txt", ".docx"))
    assert len(listed) == 113


def test_the_history_grows_and_names_its_faults():
    """Across twenty years the rules only grow in number, and each fault the archive is known to
    hold (a cut-off file, an older release under a later name) is reported, not smoothed over."""
    numbered = {}
    for doc in DOCUMENTS:
        numbered[doc["version"]], cut_off_warned, last_term_reviewed = facts(doc)
        if "cut off" in doc.get("note", ""):
            assert cut_off_warned and last_term_reviewed
    versions = sorted(numbered)
    assert numbered[versions[-1]] > 2 * numbered[versions[0]]
    older = [d for d in DOCUMENTS if re.search(r"older release", d.get("note", ""))]
    assert older and all(Path(d["file"]).stem[:4] != d["version"][:4] for d in older)
