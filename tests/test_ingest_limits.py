"""Sources that would cost without bound are refused or read in bounded time (issue 24, "Trust").

A tester found HTML nested 2,000 / 4,000 / 8,000 deep taking 6 / 17 / 46 s and 1,000 deep ending
in an unnamed RecursionError, 200 MB of Markdown passing 5 GB of memory, and ``/dev/zero`` as
FILE read until memory ran out. Now a document is read through a size cap (ingest/limits.py:
16 MiB by default, ``--max-input-size`` or ``RULEBASE_MAX_INPUT_SIZE``), never more than the cap
plus one byte; the markup it may make is capped in proportion (markdown-it tokens, HTML elements:
1 MiB of ``- a`` lines made 1.3 million tokens and took 551 MiB); and HTML nested past 256
elements is read as text of the element at that depth (ingest/html_tree.py), so any depth parses
in seconds.

The caps do not depend on which documents a KB holds: the KBs here are the small manifest's
(tests/manifest-small.toml), and so are the builds the commands run (RULEBASE_MANIFEST).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from conftest import SOURCES, refused_line, run_cli, sha

from ingest.model import ParseContext
from ingest.registry import parse_document

MD13 = SOURCES / "keyforge" / "rulebook-1.3-2019-05.md"
HEAD = "<!doctype html><html><body><h3>Playing</h3><p>Play a card.</p><h3>Deep</h3>"


pytestmark = pytest.mark.usefixtures("small_manifest")  # every build reads tests/manifest-small.toml


def nested(depth: int, open_: str, inner: str, close: str) -> str:
    return HEAD + open_ * depth + inner + close * depth + "</body></html>"


# --- HTML nesting -------------------------------------------------------------------------------


@pytest.mark.cli
def test_html_nested_100000_deep_ingests_with_a_warning(small_kb_copy, tmp_path):
    page = tmp_path / "deep.html"
    page.write_text(nested(100_000, "<div>", "<p>The deepest rule.</p>", "</div>"), encoding="utf-8")
    proc = run_cli("ingest", str(page), "--game", "keeper-of-the-cards", "--version", "12", "--db", str(small_kb_copy))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr
    assert "markup nested deeper than 256 elements: 99,747 elements below that depth read as text" in proc.stderr
    conn = sqlite3.connect(f"file:{small_kb_copy}?mode=ro", uri=True)
    bodies = [
        b
        for (b,) in conn.execute("""SELECT e.body FROM entries e JOIN documents d ON d.id = e.document
                                            WHERE d.game = 'keeper-of-the-cards' AND d.version = '12'""")
    ]
    conn.close()
    assert any("The deepest rule." in b for b in bodies)  # the text below the cap is kept


DEEP = {
    "lists": ("<ul><li>level", "the deepest item", "</li></ul>"),
    "lists in divs": ("<ul><li><div>", "the deepest item", "</div></li></ul>"),
    "tables": ("<table><tr><td>", "the deepest cell", "</td></tr></table>"),
    "block quotes": ("<blockquote>", "<p>the deepest quote</p>", "</blockquote>"),
    "inline tags": ("<span><b>", "the deepest words", "</b></span>"),
    "unclosed paragraphs": ("<p>a paragraph never closed ", "the last words", ""),
    "unclosed items": ("<ul><li>an item never closed ", "the last words", ""),
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(DEEP))
@pytest.mark.parametrize("section", ["Deep", "Glossary", "Revised Text", "Redacted Text", "Revised Costs"])
def test_html_nested_5000_deep_parses_in_every_kind_of_section(shape, section):
    """Each reader of a section (rules, glossary, errata, redacted, costs) on each way of nesting.
    Before, 1,000 deep was a RecursionError and 4,000 deep took 17 s."""
    page = nested(5_000, *DEEP[shape]).replace("<h3>Deep</h3>", f"<h3>{section}</h3>")
    doc = parse_document(page.encode(), "html", ParseContext(game="keeper-of-the-cards", source_name="deep.html"))
    assert any("markup nested deeper than 256 elements" in w for w in doc.warnings)
    text = " ".join(f"{e.title} {e.body}" for e in doc.entries)
    assert "Play a card." in text


def test_elements_past_the_depth_cap_keep_their_text_in_order_and_drop_scripts():
    from ingest.html_tree import parse_html

    page = "<div>" * 300 + "one <b>two</b> <script>alert(1)</script> three<br>four" + "</div>" * 300 + "<p>after</p>"
    soup, warnings = parse_html(page, "deep.html")
    assert " ".join(soup.get_text(" ").split()) == "one two three four after"
    assert len(warnings) == 1 and "read as text of the one above them" in warnings[0]
    assert soup.find("br") is not None  # void elements are kept past the cap


# --- size cap -----------------------------------------------------------------------------------


@pytest.mark.cli
def test_dev_zero_is_refused_after_the_cap_not_read_to_the_end(small_kb_copy):
    before = sha(small_kb_copy)
    started = time.monotonic()
    line = refused_line(
        run_cli("ingest", "/dev/zero", "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    )
    assert "/dev/zero: not a regular file, and more than the limit of 16 MiB for one document" in line
    assert "--max-input-size" in line and "RULEBASE_MAX_INPUT_SIZE" in line
    assert time.monotonic() - started < 60  # it read 16 MiB and stopped (before: until memory ran out)
    assert sha(small_kb_copy) == before


@pytest.mark.cli
def test_a_200_mb_markdown_file_is_refused_from_its_size(small_kb_copy, tmp_path):
    big = tmp_path / "rulebook.md"
    with open(big, "wb") as f:  # sparse: 200 MB on paper, nothing on disk; refused without reading it
        f.write(b"# Rulebook\n\n## Rules\n\n")
        f.truncate(200 * 1024 * 1024)
    before = sha(small_kb_copy)
    line = refused_line(
        run_cli("ingest", str(big), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    )
    assert f"{big}: 200 MiB, more than the limit of 16 MiB for one document" in line
    assert sha(small_kb_copy) == before


@pytest.mark.cli
def test_the_cap_is_an_option_and_an_environment_variable(small_kb_copy):
    before = sha(small_kb_copy)
    args = ("ingest", str(MD13), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    line = refused_line(run_cli(*args, "--max-input-size", "10K"))
    assert f"{MD13}: 64.8 KiB, more than the limit of 10 KiB" in line
    env = {**os.environ, "RULEBASE_MAX_INPUT_SIZE": "20000"}
    assert "more than the limit of 19.5 KiB" in refused_line(run_cli(*args, env=env))
    bad = run_cli(*args, "--max-input-size", "lots")  # a usage error: status 2, as click says
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert "'lots' is not a size" in bad.stderr and "such as 64M" in bad.stderr
    assert sha(small_kb_copy) == before
    assert run_cli(*args, "--max-input-size", "1M", env=env).returncode == 0  # the option wins


@pytest.mark.cli
def test_build_refuses_a_source_over_the_cap_and_keeps_the_kb(small_kb_copy):
    before = sha(small_kb_copy)
    line = refused_line(run_cli("build", "--db", str(small_kb_copy), "--full", "--max-input-size", "100K"))
    assert "more than the limit of 100 KiB for one document" in line
    assert sha(small_kb_copy) == before


MARKUP = {
    "markdown": ("rulebook.md", "# Rulebook\n\n## Rules\n\n" + "- a\n" * 3000, "more than 4,096 Markdown tokens"),
    "markdown inline": ("rulebook.md", "# Rulebook\n\n## Rules\n\n" + "*a* " * 5000, "more than 4,096 Markdown tokens"),
    "html": ("rulebook.html", HEAD + "<b>x</b> " * 2000 + "</body></html>", "more than 1,024 HTML elements"),
    "entries": ("rulebook.md", "# Rulebook\n\n" + "## A rule\n\nIts text.\n\n" * 300, "more than 256 entries"),
}


@pytest.mark.cli
@pytest.mark.parametrize("kind", sorted(MARKUP))
def test_markup_dense_for_its_size_is_refused_under_the_cap(small_kb_copy, tmp_path, kind):
    """The markup a source may make is capped with its size (one token per 16 bytes of the cap,
    one element per 64, one entry per 256): 64 KiB allow 4,096 tokens, 1,024 elements or 256
    entries, which these pages exceed. (Before, 1 MiB of "## a" headings had not been stored after
    15 minutes.)"""
    name, text, words = MARKUP[kind]
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    assert source.stat().st_size < 64 * 1024
    before = sha(small_kb_copy)
    line = refused_line(
        run_cli(
            "ingest",
            str(source),
            "--game",
            "keyforge",
            "--version",
            "1.4",
            "--max-input-size",
            "64K",
            "--db",
            str(small_kb_copy),
        )
    )
    assert f"{source}: {words}" in line and "the most a source may make under the 64 KiB size limit" in line
    assert sha(small_kb_copy) == before


def _fifo_writer(path: Path, chunk: bytes, times: int | None) -> threading.Thread:
    def write() -> None:
        try:
            with open(path, "wb") as f:
                n = 0
                while times is None or n < times:
                    f.write(chunk)
                    n += 1
        except (BrokenPipeError, OSError):
            pass  # the reader stopped at the cap

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.mark.cli
def test_a_pipe_is_read_once_and_only_up_to_the_cap(small_kb_copy, tmp_path):
    fifo = tmp_path / "rulebook.md"
    os.mkfifo(fifo)
    endless = _fifo_writer(fifo, b"x" * 65536, None)
    before = sha(small_kb_copy)
    line = refused_line(
        run_cli(
            "ingest",
            str(fifo),
            "--game",
            "keyforge",
            "--version",
            "1.4",
            "--max-input-size",
            "1M",
            "--db",
            str(small_kb_copy),
        )
    )
    assert "not a regular file, and more than the limit of 1 MiB" in line
    endless.join(10)
    assert sha(small_kb_copy) == before
    # a pipe that ends under the cap is a source like a file (read once: a second read would block)
    writer = _fifo_writer(fifo, MD13.read_bytes(), 1)
    proc = run_cli("ingest", str(fifo), "--game", "keyforge", "--version", "1.4", "--db", str(small_kb_copy))
    writer.join(10)
    assert proc.returncode == 0, proc.stderr
