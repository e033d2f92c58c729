"""Synthetic rulebook editions built from a real one, for testing parsers against layouts they were
not written for.

:func:`bold_question_variant` turns the Markdown 1.3 rulebook into a plausible other edition: the
top-level sections come in another order, the FAQ is called "FAQ", its questions are bold paragraphs
grouped under invented ``##`` categories, and the glossary sits one heading level higher. The text of
every rule, term, erratum, question and answer is unchanged, so a parser should find the same
entries in both.
"""

from __future__ import annotations

import re

from ingest.sections import section_of

#: section kinds in the variant's order; sections of other kinds (the introduction) come last
ORDER = ("faq", "errata", "glossary", "rule")
#: invented FAQ categories, assigned by position: questions 1-8, 9-16, 17-24, 25-
CATEGORIES = ("Turn Structure", "Card Interactions", "Timing and Effects", "Newer Questions")
PER_CATEGORY = 8

_TOP = re.compile(r"^# (.+?)\s*$")
_SUB = re.compile(r"^(#{2,6}) (.+?)\s*$")


def _split_top(md_text: str) -> tuple[list[str], list[list[str]]]:
    """Lines before the first ``#`` heading, and each ``#`` section's lines (heading first)."""
    preamble: list[str] = []
    sections: list[list[str]] = []
    for line in md_text.split("\n"):
        if _TOP.match(line):
            sections.append([line])
        elif sections:
            sections[-1].append(line)
        else:
            preamble.append(line)
    return preamble, sections


def _kind(section: list[str]) -> str | None:
    return section_of(_TOP.match(section[0]).group(1))


def _strip_blank(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def _bold_faq(section: list[str]) -> list[str]:
    """Heading questions -> bold paragraphs under invented categories, section renamed "FAQ"."""
    intro: list[str] = []
    questions: list[tuple[str, list[str]]] = []
    for line in section[1:]:
        m = _SUB.match(line)
        if m:
            questions.append((m.group(2).replace("**", ""), []))
        elif questions:
            questions[-1][1].append(line)
        elif not line.lstrip().startswith("<a "):
            intro.append(line)
    out = ["# FAQ", ""] + _strip_blank(intro) + [""]
    for n, (question, answer) in enumerate(questions):
        if n % PER_CATEGORY == 0:
            out += [f"## {CATEGORIES[min(n // PER_CATEGORY, len(CATEGORIES) - 1)]}", ""]
        out += [f"**{question}**", ""] + _strip_blank(answer) + [""]
    return out


def _promote(section: list[str]) -> list[str]:
    """Every sub-heading one level up (``###`` -> ``##``): same nesting, other absolute depths."""
    return [section[0]] + [re.sub(r"^#(#{2,6}) ", r"\1 ", line) for line in section[1:]]


def bold_question_variant(md_text: str) -> str:
    """Build another edition's layout from a Markdown rulebook (deterministic; see module doc)."""
    preamble, sections = _split_top(md_text)
    rank = {kind: i for i, kind in enumerate(ORDER)}
    ordered = sorted(sections, key=lambda s: rank.get(_kind(s), len(ORDER)))  # stable sort
    out = list(preamble)
    for section in ordered:
        kind = _kind(section)
        if kind == "faq":
            section = _bold_faq(section)
        elif kind == "glossary":
            section = _promote(section)
        out += [""] + section + [""]
    return "\n".join(out).rstrip() + "\n"
