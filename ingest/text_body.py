"""Entry rules of the plain-text ingester for headed sections: rules, glossary, fiction, errata.

A headed section is cut into :class:`~ingest.recover.Unit` objects (a heading and its blocks);
column-interleaved text is repaired by :mod:`ingest.recover`; then each unit becomes one entry,
with its "Example:" paragraphs as ``example`` entries under it and glossary sub-terms ("Groups of
“Least Powerful”") as glossary entries whose ``parent`` is their term.
"""

from __future__ import annotations

import re

from .model import Entry, ParsedDocument
from .recover import Unit
from .text_lex import TERMINAL, Block, render
from .text_sections import is_subheading, sort_key
from .text_similar import contains_phrase, term_phrases, words

#: "Example:", "Example 2:" opening a paragraph
EXAMPLE = re.compile(r"^(examples?(?:\s+\d+)?)\s*[:—–]\s*", re.I)
#: an erratum's card line: "Auto-Legionary 214", "Biomatrix Backup (COTA 208)", then maybe "Should read:"
CARD_LINE = re.compile(
    r"^(?P<card>[^\s].{1,60}?)\s*(?:\(\s*(?P<set>[A-Za-z]{2,6})\s+(?P<num>\d{1,3})\s*\)|\s(?P<bare>\d{1,3}))"
    r"\s*(?:(?:should\s+read|now\s+reads?)\s*:\s*(?P<rest>.*))?$",
    re.I | re.S,
)
ANAPHORA = re.compile(r"^(?:This|That|These|Those|It)\b")
CORRECTED = re.compile(r"^(?:should\s+read|now\s+reads?|corrected\s+text)\s*:\s*", re.I)
_QUOTES = (("“", "”"), ('"', '"'), ("“", "“"), ("”", "”"))
#: a title-case line this short can be a glossary sub-term or an errata name
SHORT_TITLE_WORDS = 8


def short_title(b: Block) -> bool:
    return (
        b.kind == "para"
        and b.words <= SHORT_TITLE_WORDS
        and not TERMINAL.search(b.text)
        and not b.text.endswith("?")
        and b.text[:1].isupper()
    )


def promote_subheadings(blocks: list[Block]) -> list[Block]:
    """A short title-case line naming the current glossary term and followed by text is a
    sub-term heading, not a caption."""
    term = None
    for i, b in enumerate(blocks):
        if b.kind == "heading":
            if not is_subheading(b.text, term):
                term = b.text
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if short_title(b) and is_subheading(b.text, term) and nxt is not None and nxt.kind == "para":
            b.kind = "heading"
    return blocks


def units_of(blocks: list[Block], intro_title: str | None, glossary: bool) -> list[Unit]:
    units = [Unit(intro_title, None, [])]
    term = None
    for b in blocks:
        if b.kind == "heading":
            sub = glossary and is_subheading(b.text, term)
            if not sub:
                term = b.text
            units.append(Unit(b.text, b, [], sub=sub))
        else:
            units[-1].blocks.append(b)
    return units


def merge_stray_headings(units: list[Unit]) -> int:
    """In an alphabetical glossary, a heading sorting after the next two terms whose text never
    names it ("MUTANT", a trait printed on a card picture) is not a term: its text goes back to
    the term before it. Returns how many were merged."""
    merged = 0
    i = 1
    while i < len(units) - 2:
        u = units[i]
        keys = [sort_key(x.title or "") for x in (units[i - 1], u, units[i + 1], units[i + 2])]
        spike = keys[1] > keys[2] and keys[1] > keys[3] and keys[2] >= keys[0]
        named = any(contains_phrase(words(b.text), ph) for b in u.blocks for ph in term_phrases(u.title or ""))
        if u.heading is not None and not u.sub and spike and not named:
            units[i - 1].blocks.extend(u.blocks)
            del units[i]
            merged += 1
            continue
        i += 1
    return merged


def split_examples(blocks: list[Block]) -> tuple[list[Block], list[list[Block]]]:
    """Pull "Example:" paragraphs out of a body; an example ending in a colon takes the list
    that follows it, and the end of an example that the other column carried away ("This causes
    ...", moved back by recovery) rejoins it."""
    body, examples = [], []
    last_example = False
    i = 0
    while i < len(blocks):
        b = blocks[i]
        i += 1
        if last_example and b.kind == "para" and getattr(b, "moved", False) and ANAPHORA.match(b.text):
            examples[-1].append(b)
            continue
        if b.kind != "para" or not EXAMPLE.match(b.text):
            body.append(b)
            last_example = False
            continue
        ex = [b]
        if b.text.rstrip().endswith(":"):
            while i < len(blocks) and blocks[i].kind == "item":
                ex.append(blocks[i])
                i += 1
        examples.append(ex)
        last_example = True
    return body, examples


def _example_text(ex: list[Block]) -> str:
    first = EXAMPLE.sub("", ex[0].text, count=1)
    return render([Block(ex[0].kind, first, ex[0].line, ex[0].group)] + ex[1:])


def emit_units(
    doc: ParsedDocument, units: list[Unit], kind: str, intro_kind: str = "rule", category: str | None = None
) -> None:
    """Append one entry per unit (plus its examples); units without text are skipped (a
    glossary term without text is kept for review)."""
    parent_of: dict[str, int] = {}
    last_term: int | None = None
    for u in units:
        body, examples = split_examples(u.blocks)
        if not body and not examples:
            if kind == "glossary" and u.heading is not None:
                doc.entries.append(
                    Entry(
                        kind,
                        u.title,
                        "",
                        parent=last_term if u.sub else None,
                        needs_review=True,
                        review_reason="glossary term whose text was not found",
                    )
                )
                if not u.sub:
                    last_term = len(doc.entries) - 1
            continue
        k = intro_kind if u.heading is None and not u.recovered else kind
        parent = last_term if u.sub else None
        e = Entry(k, u.title, render(body), parent=parent, confidence=u.confidence, category=category)
        doc.entries.append(e)
        idx = len(doc.entries) - 1
        if kind == "glossary" and not u.sub:
            last_term = idx
        parent_of[u.title or ""] = idx
        for ex in examples:
            doc.entries.append(Entry("example", "Example", _example_text(ex), parent=idx, confidence=u.confidence))


# ---------------------------------------------------------------------------- errata


def _unquote(text: str) -> str:
    t = text.strip()
    for a, b in _QUOTES:
        if len(t) > 1 and t.startswith(a) and t.endswith(b):
            return t[1:-1].strip()
    return t


def errata_entries(blocks: list[Block], section_title: str | None) -> tuple[list[Entry], list[Block]]:
    """Errata: card errata ("Card 214 / Should read: / text"), general errata (a title line and
    its text under a heading), group headings ("GENERAL ERRATA") with their intros.
    Returns the entries and the blocks that are no erratum text (cross-references: strays)."""
    entries: list[Entry] = []
    strays: list[Block] = []
    group = None
    cur: Entry | None = None
    parts: list[Block] = []

    def close():
        nonlocal cur, parts
        if cur is not None:
            text = render(parts)
            if cur.data.get("card") is not None:
                cur.data["text"] = _unquote(CORRECTED.sub("", text, count=1))
                cur.body = f"Should read: {cur.data['text']}"
            else:
                cur.body = text
            entries.append(cur)
        cur, parts = None, []

    for i, b in enumerate(blocks):
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        m = CARD_LINE.match(b.text) if b.kind == "para" else None
        if re.match(r"^see\b.*\bpage\s+\d+", b.text, re.I):
            strays.append(b)
            continue
        if b.kind == "heading":
            close()
            group = b.text
            cur = Entry("rule", b.text, "", category=section_title)
            continue
        if m and (m.group("rest") is not None or (nxt is not None and CORRECTED.match(nxt.text))):
            close()
            number = m.group("num") or m.group("bare")
            cur = Entry(
                "errata",
                m.group("card").strip(" -–:"),
                "",
                category=group,
                data={
                    "card": m.group("card").strip(" -–:"),
                    "set": m.group("set").upper() if m.group("set") else None,
                    "number": number,
                },
            )
            if m.group("rest"):
                parts.append(Block("para", m.group("rest"), b.line, b.group))
            continue
        if short_title(b) and nxt is not None and nxt.kind == "para" and not CARD_LINE.match(nxt.text):
            close()
            cur = Entry("errata", b.text, "", category=group, data={"scope": "general"})
            continue
        if cur is None:
            cur = Entry("rule", section_title, "", category=None)
        parts.append(b)
    close()
    return [e for e in entries if e.body or e.kind == "errata"], strays
