"""The Magic: The Gathering Comprehensive Rules (CR) as a reader of the KB would meet them.

Counts of rules, subrules, examples and glossary terms are compared with a count made here, simply,
from the raw bytes (:func:`raw_counts`); the rest checks what a user would notice: every encoding and
line-end style reads the same, the version is the date the document states, cross-references,
examples and glossary senses are where the text puts them, faults are flagged, a file that is not a
CR is refused in one line, and a later release of our own making ingests with the right numbers.
"""

from __future__ import annotations

import json
import re
import sqlite3
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT, SOURCES, run_cli

from ingest.detect import detect_format
from ingest.errors import IngestError
from ingest.model import ParseContext
from ingest.registry import parse_document
from kb.keys import assign_keys
from kb.versions import version_sort_key

CR = SOURCES / "mtg-cr"
SAMPLE = ROOT / "tests" / "manifest-sample.toml"
LATEST = CR / "2025-11-14.txt"


# --- an independent count, from the raw bytes --------------------------------------------------


def raw_lines(path: Path) -> list[str]:
    """The file's lines. Only ASCII matters to the count, so 8-bit text is read as Latin-1. A DOCX's
    lines are its paragraphs, read from its XML (tests/cr_twins.py), not by the reader under test."""
    if path.suffix == ".docx":
        from cr_twins import twin_lines

        return twin_lines(path)
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        text = data.decode("latin-1").removeprefix("\xef\xbb\xbf")
    # one stray leading space is drift (" 605.3a"); a deeper indent is a continuation paragraph
    return [line[1:] if line[:1] == " " and line[1:2] != " " else line for line in re.split(r"\r\n|\r|\n", text)]


def raw_counts(path: Path) -> dict[str, int]:
    """Count with one regular expression per kind of line:
    sections ``1. Name``, rules ``100. Name``, numbered rules ``100.1.`` (or ``100.1`` / ``901.4.All``),
    subrules ``100.1a`` (or ``606. 8b``), lines starting ``Example:``, and glossary terms (a
    non-indented line after a blank line with text right under it, or the file's last line). The
    rules run from the section heading before the first numbered rule to the line ``Glossary``, the
    glossary from there to ``Credits``. A line right after one ending in "rule"/"rules" continues a
    hard-wrapped sentence ("See rule\\n103.4.") and is not a rule."""
    lines = raw_lines(path)
    first = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    start = max(i for i in range(first) if re.match(r"\d\. ", lines[i]))
    glossary = next(i for i in range(first, len(lines)) if lines[i].strip() == "Glossary")
    end = next((i for i in range(glossary, len(lines)) if lines[i].strip() == "Credits"), len(lines))
    counts = dict.fromkeys(("sections", "rules", "numbered", "subrules", "examples", "glossary"), 0)
    for i in range(start, glossary):
        line = lines[i]
        if lines[i - 1].strip() and re.search(r"\brules? *$", lines[i - 1]):
            continue
        counts["sections"] += bool(re.match(r"\d\. ", line))
        counts["rules"] += bool(re.match(r"\d{3}\. \D", line))
        counts["numbered"] += bool(re.match(r"\d{3}\.\d+(\.|\s)", line))
        counts["subrules"] += bool(re.match(r"\d{3}\. ?\d+[a-z]\.?\s", line))
    for i in range(start, end):
        counts["examples"] += lines[i].startswith("Example:")
    for i in range(glossary + 1, end):
        line, before = lines[i], lines[i - 1]
        under = lines[i + 1] if i + 1 < end else ""
        rest_blank = not any(x.strip() for x in lines[i + 1 :])  # a file cut off after a term
        if line.strip() and not line[:1].isspace() and not before.strip() and (under.strip() or rest_blank):
            counts["glossary"] += 1
    return counts


def parsed_counts(entries) -> dict[str, int]:
    counts = dict.fromkeys(("sections", "rules", "numbered", "subrules", "examples", "glossary"), 0)
    for e in entries:
        number = e.data.get("number", "") if e.kind == "rule" else ""
        counts["sections"] += bool(re.fullmatch(r"\d", number))
        counts["rules"] += bool(re.fullmatch(r"\d{3}", number))
        counts["numbered"] += bool(re.fullmatch(r"\d{3}\.\d+", number))
        counts["subrules"] += bool(re.fullmatch(r"\d{3}\.\d+[a-z]", number))
        counts["examples"] += e.kind == "example"
        counts["glossary"] += e.kind == "glossary"
    return counts


def parse_file(path: Path, fmt: str = "auto"):
    return parse_document(path.read_bytes(), fmt, ParseContext(game="mtg", source_name=path.name))


#: versions spread over twenty years and their formats, parsed by the ordinary tests (the slow tests
#: parse all 113): the first, ASCII with "(r)"/"(tm)" and CRLF; bare carriage returns; the 2009
#: renumbering with "_Magic_" italics; 8-bit cp1252 named by another date than it states; UTF-16 LE
#: with a byte-order mark; the latest, UTF-8 with a byte-order mark
FORMAT_SAMPLES = ("2003-03-15", "2006-02-01", "2009-09-04", "2014-09-26", "2016-08-26", "2025-11-14")


def sample_cr_files() -> list[Path]:
    return [CR / f"{name}.txt" for name in FORMAT_SAMPLES]


@pytest.mark.parametrize("path", sample_cr_files(), ids=lambda p: p.stem)
def test_counts_match_an_independent_count_of_the_raw_text(path):
    doc = parse_file(path)
    assert doc.parser == "cr"
    expected = raw_counts(path)
    assert parsed_counts(doc.entries) == expected
    assert expected["numbered"] > 200 and expected["glossary"] > 200  # the count found the parts


def test_sample_covers_the_years_and_formats():
    files = sample_cr_files()
    assert len(files) == 6
    names = {p.stem for p in files}
    assert {"2003-03-15", "2025-11-14"} <= names
    raw = [p.read_bytes() for p in files]
    assert any(b[:2] in (b"\xff\xfe", b"\xfe\xff") for b in raw)  # UTF-16
    assert any(re.search(rb"\r(?!\n)", b) and b"\r\n" not in b[:5000] for b in raw)  # bare CR


# --- decoding, line ends, typography -----------------------------------------------------------

MINI = """Magic: The Gathering{tm} Comprehensive Rules

These rules are effective as of February 6, 2026.

Introduction

This document is the authority for Magic: The Gathering{r} play. Don{q}t panic.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. These rules apply to any game with two or more players. See rule 100.2a and rules 702.19b{dash}d.

100.1a A two-player game is a game that begins with only two players.

Example: Rob and Alex play a game. Alex says {lq}Dand{a}n{rq}.

100.2. To play, each player needs a deck.

100.2a In constructed play, a deck has at least sixty cards. See section 1.

Glossary

Ability
1. Text on an object that explains what it does. See rule 100.1.
2. An activated or triggered ability on the stack.
See rule 100.2a.

Zone
A place where objects can be during a game.

Credits

Design: Someone
"""


def mini(style: str) -> str:
    fancy = dict(r="®", tm="™", q="’", lq="“", rq="”", dash="–", a="â")
    ascii_ = dict(r="(r)", tm="(tm)", q="'", lq='"', rq='"', dash="–", a="â")  # dashes stay as written
    return MINI.format(**(fancy if style == "fancy" else ascii_))


def encodings() -> dict[str, bytes]:
    fancy, plain = mini("fancy"), mini("ascii")
    return {
        "utf-8-bom-crlf": b"\xef\xbb\xbf" + fancy.replace("\n", "\r\n").encode("utf-8"),
        "utf-8-lf": fancy.encode("utf-8"),
        "utf-16-le-bom": fancy.replace("\n", "\r\n").encode("utf-16"),
        "utf-16-be-bom": b"\xfe\xff" + fancy.replace("\n", "\r\n").encode("utf-16-be"),
        "cp1252-bare-cr": fancy.replace("\n", "\r").encode("cp1252"),
        "mac-roman-cr": fancy.replace("\n", "\r").encode("mac_roman"),
        "ascii-r-tm-mixed-ends": plain.replace("\n", "\r\n", 20).replace("\n", "\r", 15).encode("cp1252"),
    }


def comparable(doc):
    return [(e.kind, e.title, e.body, e.data) for e in doc.entries]


def test_every_encoding_and_line_end_reads_the_same():
    docs = {
        name: parse_document(data, "auto", ParseContext(game="mtg", source_name=f"{name}.txt"))
        for name, data in encodings().items()
    }
    reference = comparable(docs["utf-8-lf"])
    for name, doc in docs.items():
        assert doc.parser == "cr", name
        assert doc.stated_version == "2026-02-06", name
        assert comparable(doc) == reference, name
    intro = next(e for e in docs["cp1252-bare-cr"].entries if e.title == "Introduction")
    assert "Magic: The Gathering® play. Don't panic." in intro.body  # ® for (r), straight quotes
    example = next(e for e in docs["cp1252-bare-cr"].entries if e.kind == "example")
    assert 'Alex says "Dandân".' in example.body
    assert any("cp1252" in w for w in docs["cp1252-bare-cr"].warnings)
    assert any("mac_roman" in w for w in docs["mac-roman-cr"].warnings)
    assert not docs["utf-16-le-bom"].warnings


@pytest.mark.parametrize(
    "name, encoding, words",
    [
        ("2004-02-01.txt", "mac_roman", ['"Basic Land – Mountain"', "DCI™"]),
        ("2013-07-11.txt", "cp437", ["Æther Storm", "Ring of Ma'rûf", "Dandân"]),
        ("2014-09-26.txt", "cp1252", ["Ring of Ma'rûf", "Æther", "doesn't"]),
    ],
)
def test_the_archives_8bit_encodings_are_told_apart(name, encoding, words):
    doc = parse_file(CR / name)
    assert any(f"8-bit {encoding}" in w for w in doc.warnings)
    text = "\n".join(e.body for e in doc.entries)
    assert all(word in text for word in words)


def test_bundled_versions_of_different_years_compare_equal_where_only_typography_differs():
    early, ascii_ = parse_file(CR / "2003-03-15.txt"), parse_file(CR / "2009-09-04.txt")
    later = parse_file(LATEST)
    for doc in (early, ascii_, later):
        assert doc.title == "Magic: The Gathering Comprehensive Rules"
    bodies = [next(e.body for e in d.entries if e.title == "Introduction") for d in (early, ascii_, later)]
    assert all("Magic: The Gathering®" in b for b in bodies)
    assert not any(re.search(r"\((?:r|R|tm|TM)\)|[“”’]|_Magic", b) for b in bodies)
    trample = next(e for e in later.entries if e.kind == "glossary" and e.title == "Trample")
    assert trample.body.endswith('See rule 702.19, "Trample."')  # curly quotes in the source


# --- the version is the date the document states ------------------------------------------------


def test_stated_date_is_the_version():
    assert parse_file(CR / "2003-03-15.txt").stated_version == "2003-03-15"  # "current as of"
    assert parse_file(LATEST).stated_version == "2025-11-14"  # "effective as of"
    assert parse_file(CR / "2013-04-29.txt").stated_version == "2013-05-01"  # misnamed in the archive


def test_dates_sort_as_versions():
    dates = ["2025-11-14", "2003-03-15", "2014-09-25", "2009-10-01", "2026-02-06", "2004-06-01"]
    assert sorted(dates, key=version_sort_key) == sorted(dates)


def test_manifest_versions_are_the_stated_dates_and_notes_say_where_names_differ():
    manifest = tomllib.loads((SOURCES / "manifest.toml").read_text(encoding="utf-8"))
    assert manifest["games"]["mtg"]["name"] == "Magic: The Gathering"
    docs = [d for d in manifest["document"] if d["game"] == "mtg"]
    assert len(docs) == len(list(CR.glob("*.txt"))) + len(list(CR.glob("*.docx"))) == 113
    assert len({d["version"] for d in docs}) == len(docs)
    misnamed = [d for d in docs if Path(d["file"]).stem != d["version"]]
    assert misnamed and all(Path(d["file"]).stem in d["note"] for d in misnamed)
    assert all(d["title"].endswith(f"({d['version']})") for d in docs)
    # the text files are read as "cr"; the four releases published only as PDF and DOCX, as their DOCX
    assert {d["version"] for d in docs if d["format"] == "docx"} == {
        "2014-05-01",
        "2014-06-01",
        "2014-07-18",
        "2023-02-03",
    }
    assert all(d["format"] == ("docx" if d["file"].endswith(".docx") else "cr") for d in docs)


# --- structure: rules, examples, references, glossary --------------------------------------------


@pytest.fixture(scope="module")
def latest():
    return parse_file(LATEST)


def by_number(doc) -> dict[str, object]:
    return {e.data["number"]: e for e in doc.entries if e.kind == "rule"}


def test_rule_hierarchy_titles_and_data(latest):
    rules = by_number(latest)
    e = latest.entries
    section, rule, named, plain, sub = rules["7"], rules["702"], rules["702.19"], rules["100.1"], rules["702.19b"]
    assert (section.title, section.level, section.data["name"]) == ("7. Additional Rules", 1, "Additional Rules")
    assert (rule.title, rule.level, e[rule.parent] is section) == ("702. Keyword Abilities", 2, True)
    assert (named.title, named.level, named.data["name"], e[named.parent] is rule) == (
        "702.19. Trample",
        3,
        "Trample",
        True,
    )
    assert (plain.title, plain.data["name"]) == ("100.1.", None) and plain.body.startswith("These Magic rules apply")
    assert (sub.title, sub.level, e[sub.parent] is named) == ("702.19b", 4, True)
    assert all(x.confidence == 1.0 for x in (section, rule, named, plain, sub))


def test_examples_attach_to_the_rule_they_follow(latest):
    e = latest.entries
    examples = [x for x in e if x.kind == "example"]
    assert examples and all(x.title is None and not x.body.startswith("Example") for x in examples)
    under = [x for x in examples if e[x.parent].data.get("number") == "702.19b"]
    assert len(under) == 2 and under[0].body.startswith("A 2/2 creature that can block an additional creature")
    assign_keys(e)
    assert under[0].key == "example/rule/702.19b/example-1"
    assert e[under[0].parent].key == "rule/702.19b"


def test_cross_references_are_kept_as_rule_numbers(latest):
    rules = by_number(latest)
    assert rules["702.19a"].data["refs"] == ["510"]
    assert rules["702.19c"].data["refs"] == ["702.19b"]
    assert "8" in rules["100.1b"].data["refs"]  # "See section 8"
    glossary = {x.title: x for x in latest.entries if x.kind == "glossary"}
    assert glossary["Trample"].data["refs"] == ["702.19"]
    all_refs = {r for x in latest.entries for r in x.data.get("refs", [])}
    assert len(all_refs - set(rules)) < 0.02 * len(all_refs)  # nearly all point at a rule of this version


def test_glossary_senses_and_references(latest):
    glossary = {x.title: x for x in latest.entries if x.kind == "glossary"}
    counter = glossary["Counter"]
    assert [s["number"] for s in counter.data["senses"]] == [1, 2]
    assert counter.data["senses"][0]["refs"] == ["701.6"] and counter.data["senses"][1]["refs"] == ["122"]
    assert "senses" not in glossary["Trample"].data
    assert glossary["Ability"].data["refs"] == ["113", "6"]


def test_introduction_contents_and_credits_are_kept_apart(latest):
    fiction = [x for x in latest.entries if x.kind == "fiction"]
    assert [x.title for x in fiction] == ["Introduction", "Contents", "Credits"]
    assert "Richard Garfield" in fiction[2].body and "702. Keyword Abilities" in fiction[1].body
    assert not any("Richard Garfield" in x.body for x in latest.entries if x.kind != "fiction")


# --- faults --------------------------------------------------------------------------------------


def test_the_truncated_file_is_flagged():
    doc = parse_file(CR / "2013-02-01.txt")
    assert any("cut off" in w for w in doc.warnings)
    last = [x for x in doc.entries if x.kind == "glossary"][-1]
    assert last.needs_review and last.confidence < 1
    assert "Credits" not in [x.title for x in doc.entries if x.kind == "fiction"]
    assert parsed_counts(doc.entries) == raw_counts(CR / "2013-02-01.txt")


def test_files_cut_short_of_our_own_are_flagged(tmp_path):
    text = LATEST.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    glossary = text.index("\nGlossary", text.index("\n702.19. Trample"))
    for where, at, kind in (
        ("glossary", text.index("\nHexproof\n", glossary) + 5, "glossary"),
        ("rules", text.index("\n702.19b"), "rule"),
    ):
        cut = tmp_path / f"cut-in-{where}.txt"
        cut.write_text(text[:at], encoding="utf-8")
        doc = parse_file(cut)
        last = [x for x in doc.entries if x.kind == kind][-1]
        assert any("cut off" in w for w in doc.warnings), where
        assert last.needs_review and last.confidence < 1, where
        assert all(x.confidence == 1.0 for x in doc.entries if x.kind == kind and x is not last)


ANOMALIES = (
    MINI.format(r="®", tm="™", q="'", lq='"', rq='"', dash="-", a="a")
    .replace("100.2a In constructed play", "100.1c Out of place.\n\n100.2a In constructed play")
    .replace("100.2. To play", "100.1a A second 100.1a.\n\n100.2. To play")
)


def test_numbering_anomalies_are_warnings_with_lower_confidence():
    doc = parse_document(ANOMALIES.encode("utf-8"), "cr", ParseContext(game="mtg", source_name="odd.txt"))
    rules = [x for x in doc.entries if x.kind == "rule"]
    dup = [x for x in rules if x.data["number"] == "100.1a"]
    assert len(dup) == 2 and dup[1].needs_review and dup[1].confidence < 1 and dup[0].confidence == 1.0
    outside = next(x for x in rules if x.data["number"] == "100.1c")
    assert outside.confidence < 1 and doc.entries[outside.parent].data["number"] == "100.2"
    assert any("100.1c" in w for w in doc.warnings) and any("100.1a" in w for w in doc.warnings)
    assign_keys(doc.entries)
    assert [x.key for x in dup] == ["rule/100.1a", "rule/100.1a-2"]


def test_archive_faults_are_reported_not_guessed():
    older = parse_file(CR / "2006-06-01.txt")
    assert older.stated_version == "2004-06-01"  # the file holds an older release than its name
    split = parse_file(CR / "2006-02-01.txt")
    recovered = by_number(split)["606.8b"]
    assert recovered.confidence < 1 and any("606. 8b" in w for w in split.warnings)
    merged = parse_file(CR / "2021-06-09.txt")
    ability = next(x for x in merged.entries if x.kind == "glossary" and x.title == "Ability")
    assert ability.confidence < 1 and ability.data["senses"][0]["text"].startswith("Text on an object")


# --- refusing what is not a CR ---------------------------------------------------------------------

NOT_CR = {
    "keyforge.md": (SOURCES / "keyforge" / "rulebook-1.3-2019-05.md").read_bytes(),
    "mentions.txt": b"A guide to the Magic: The Gathering Comprehensive Rules.\n\nRead them first.\n",
    "title-only.txt": b"Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of May 1, 2020.\n",
}


@pytest.mark.parametrize("name", sorted(NOT_CR))
def test_not_a_cr_is_not_detected_and_refused_with_format_cr(name, tmp_path):
    data = NOT_CR[name]
    try:
        assert detect_format(data, name) != "cr"
    except IngestError:
        pass  # refused outright is fine too
    with pytest.raises(IngestError) as err:
        parse_document(data, "cr", ParseContext(game="mtg", source_name=name))
    assert name in str(err.value) and "\n" not in str(err.value)


def test_bundled_utf16_and_bare_cr_files_are_detected():
    for name in ("2016-08-26.txt", "2013-04-29.txt", "2006-02-01.txt"):
        assert detect_format((CR / name).read_bytes(), name) == "cr"


# --- a later release of our own, through the CLI ------------------------------------------------------


def later_release(out: Path) -> None:
    """The 2025-11-14 text as a 2026-02-06 release: a new keyword inserted at 702.19, every later 702
    rule (and every reference to one) renumbered, LF line ends and no byte-order mark."""
    text = LATEST.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    text = re.sub(
        r"(?<![\d.])702\.(\d+)(?!\d)",
        lambda m: f"702.{int(m.group(1)) + 1 if int(m.group(1)) >= 19 else m.group(1)}",
        text,
    )
    new = (
        "702.19. Frobnicate\n\n702.19a Frobnicate is a static ability. A creature with frobnicate "
        "can’t be blocked by creatures with trample. See rule 702.20b and rule 999.9z.\n\n"
        "Example: A 2/2 creature with frobnicate attacks. A 3/3 creature with trample can’t block it.\n\n"
    )
    i = text.index("\n702.20. Trample\n") + 1
    out.write_text(
        (text[:i] + new + text[i:]).replace("November 14, 2025", "February 6, 2026"), encoding="utf-8", newline="\n"
    )


@pytest.fixture(scope="module")
def small_kb(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("cr")
    (folder / "rulings").mkdir()
    manifest = folder / "manifest.toml"
    manifest.write_text(
        f'[[document]]\ngame = "mtg"\nversion = "2025-11-14"\nformat = "cr"\nfile = "{LATEST.as_posix()}"\n',
        encoding="utf-8",
    )
    db = folder / "kb.sqlite"
    proc = run_cli("build", "--db", str(db), "--manifest", str(manifest), "--rulings", str(folder / "rulings"))
    assert proc.returncode == 0, proc.stderr
    return db, folder


@pytest.mark.cli
def test_a_later_release_ingests_with_the_right_numbers(small_kb, tmp_path):
    db, folder = small_kb
    source = tmp_path / "cr-2026-02-06.txt"
    later_release(source)
    proc = run_cli(
        "ingest",
        str(source),
        "--game",
        "mtg",
        "--version",
        "2026-02-06",
        "--db",
        str(db),
        "--rulings",
        str(folder / "rulings"),
    )
    assert proc.returncode == 0, proc.stderr
    assert "states version" not in proc.stderr  # the version is the date it states
    stats = json.loads(run_cli("stats", "--db", str(db), "--json").stdout)
    assert [d["version"] for d in stats["documents"] if d["game"] == "mtg"] == ["2025-11-14", "2026-02-06"]
    conn = sqlite3.connect(db)
    rows = dict(
        conn.execute(
            """SELECT e.key, e.title FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '2026-02-06' AND e.key IN ('rule/702.19', 'rule/702.20', 'rule/702.20b')"""
        )
    )
    assert rows == {"rule/702.19": "702.19. Frobnicate", "rule/702.20": "702.20. Trample", "rule/702.20b": "702.20b"}
    data = dict(
        (k, json.loads(v))
        for k, v in conn.execute(
            """SELECT e.key, e.data FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '2026-02-06' AND e.key IN ('rule/702.19a', 'glossary/trample')"""
        )
    )
    assert data["rule/702.19a"]["refs"] == ["702.20b", "999.9z"]  # kept, even where no such rule exists
    assert data["glossary/trample"]["refs"] == ["702.20"]
    parent = conn.execute(
        """SELECT p.key FROM entries e JOIN entries p ON p.id = e.parent JOIN documents d ON d.id = e.document
           WHERE d.version = '2026-02-06' AND e.key = 'example/rule/702.19a/example-1'"""
    ).fetchone()
    assert parent == ("rule/702.19a",)
    assert conn.execute("SELECT name FROM games WHERE id = 'mtg'").fetchone() == ("Magic: The Gathering",)
    conn.close()


@pytest.mark.cli
def test_cli_refuses_a_non_cr_with_format_cr_in_one_line(small_kb, tmp_path):
    db, folder = small_kb
    before = db.read_bytes()
    proc = run_cli(
        "ingest",
        str(SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"),
        "--game",
        "mtg",
        "--version",
        "2026-03-01",
        "--format",
        "cr",
        "--db",
        str(db),
        "--rulings",
        str(folder / "rulings"),
    )
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "Comprehensive Rules" in proc.stderr
    assert db.read_bytes() == before


@pytest.mark.cli
def test_a_file_ingested_under_its_archive_name_is_reported_by_the_version_check(tmp_path):
    (tmp_path / "rulings").mkdir()
    manifest = tmp_path / "manifest.toml"  # a KB with no CR in it yet: the first version is quick to place
    manifest.write_text(
        '[[document]]\ngame = "keeper-of-the-cards"\nversion = "11"\nformat = "html"\n'
        f'file = "{(SOURCES / "keeper-of-the-cards" / "rulebook-11th-edition.html").as_posix()}"\n',
        encoding="utf-8",
    )
    db = tmp_path / "kb.sqlite"
    rulings = ("--rulings", str(tmp_path / "rulings"))
    assert run_cli("build", "--db", str(db), "--manifest", str(manifest), *rulings).returncode == 0
    proc = run_cli(
        "ingest", str(CR / "2013-04-29.txt"), "--game", "mtg", "--version", "2013-04-29", "--db", str(db), *rulings
    )
    assert proc.returncode == 0, proc.stderr
    assert "states version 2013-05-01, ingested as 2013-04-29" in proc.stderr
