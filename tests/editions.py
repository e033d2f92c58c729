"""Unseen KeyForge editions written as Markdown, rendered from the entries a knowledge base holds.

Tests of the ingesters, the alignment, the engine's errata and anything that must cope with "an
edition we have never seen" need such an edition, and copying bundled text into a test would only
test that one text. :func:`markdown_edition` renders one from the entries a KB stores for an
existing version, laid out like the bundled 1.3 Markdown rulebook but with what hurt real editions:

- hard-wrapped paragraphs whose wrapped lines start with "125) " or "3. " (a paragraph continues
  there in CommonMark: only a list starting at 1 may interrupt it), bold-paragraph questions
  wrapped the same way;
- Æmber, damage, draw and capture icons written as emoji shortcodes ("steal 1:trophy:"), defined by
  the glossary headings ("### ÆMBER BONUS ICON :trophy:") and next to the icon names in the bonus
  icon texts ("Æmber (:trophy:)", in the rules as icon images instead);
- a link whose URL holds parentheses, images, HTML anchors, a navigation list;
- the FAQ grouped under ``##`` categories and shuffled within each one.

It returns the Markdown and what the KB should store after ingesting it, with keys as
:mod:`kb.keys` makes them (so a question moved after its namesake gets the ``-2``). The API is used
by other test modules: keep :func:`markdown_edition`'s signature and the expected dict's shape.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from dataclasses import dataclass, field

from ingest.model import Entry
from ingest.sections import section_of
from kb.keys import assign_keys

#: icon -> (its name as the bonus-icon texts print it, default shortcode, icon image file)
ICONS = {
    "aember": ("Æmber", ":trophy:", "img/icons/aember.png"),
    "damage": ("Damage", ":face_with_head_bandage:", "img/icons/damage.png"),
    "draw": ("Draw", ":card_index:", "img/icons/draw.png"),
    "capture": ("Capture", ":lock:", "img/icons/capture.png"),
}
#: the running-text word each icon stands for after a number ("steal 1:trophy:" = "steal 1 Æmber")
_AFTER_NUMBER = {"aember": "Æmber", "damage": "damage"}
_MONTHS = (
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "MAY",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
)
_LIST_LINE = re.compile(r"^( *)(\d{1,9}\.|-) +(.*)$")
#: words that would open a block if a wrapped line started with them (a paragraph would end there)
_UNSAFE_START = re.compile(r"^(?:[-+*]|#{1,6}|>.*|=+|-+|`{3,}.*|~{3,}.*|0*1[.)]|<.*|\|.*)$")
_NUMBER_MARKER = re.compile(r"^\d{1,9}[.)]$")


@dataclass
class _Base:
    """One stored entry of the base version."""

    id: int
    kind: str
    key: str
    title: str | None
    question: str | None
    body: str
    category: str | None
    parent: int | None
    level: int | None
    data: dict
    children: list["_Base"] = field(default_factory=list)


def _load(conn: sqlite3.Connection, version: str) -> list[_Base]:
    rows = conn.execute(
        """SELECT e.id, e.kind, e.key, e.title, e.question, e.body, e.category, e.parent, e.level, e.data
           FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.game = 'keyforge' AND d.version = ? ORDER BY e.ordinal""",
        (version,),
    ).fetchall()
    if not rows:
        raise ValueError(f"keyforge {version}: no such version in the knowledge base")
    entries = [_Base(*row[:9], json.loads(row[9] or "{}")) for row in rows]
    by_id = {e.id: e for e in entries}
    for e in entries:
        if e.parent in by_id:
            by_id[e.parent].children.append(e)
    return entries


def _rule_depths(conn: sqlite3.Connection, version: str) -> dict[str, int]:
    """Heading depth of each rule key in the versions that have one (the latest wins), so the
    rules nest as the editions with nesting nest them."""
    out: dict[str, int] = {}
    for key, level in conn.execute(
        """SELECT e.key, e.level FROM entries e JOIN documents d ON d.id = e.document
               WHERE d.game = 'keyforge' AND e.kind = 'rule' AND e.level IS NOT NULL AND d.version != ?
               ORDER BY d.version_sort""",
        (version,),
    ):
        out[key] = level
    return out


def _card_ref(conn: sqlite3.Connection, name: str, number: str | None) -> str:
    """ " (SET NNN)" for a card of the card data, preferring the printing with that number."""
    rows = conn.execute("SELECT set_code, number FROM cards WHERE name = ? ORDER BY id", (name,)).fetchall()
    for code, num in rows:
        if number and num.lstrip("0") == str(number).lstrip("0"):
            return f" ({code.upper()} {num})"
    return f" ({rows[0][0].upper()} {rows[0][1]})" if rows else ""


# ---------------------------------------------------------------- text edits


def _renamer(renames: dict[str, str] | None):
    """Systematic substitutions; an occurrence already inside its replacement ("Reap:" inside
    "After Reap:") stays as it is, so a rename applies once."""
    pairs = list((renames or {}).items())

    def apply(text: str | None) -> str | None:
        if not text:
            return text
        for old, new in pairs:
            offset = new.find(old)
            out, pos = [], 0
            for m in re.finditer(re.escape(old), text):
                start = m.start() - offset
                inside = offset >= 0 and start >= 0 and text[start : start + len(new)] == new
                out.append(text[pos : m.start()] + (old if inside else new))
                pos = m.end()
            text = "".join(out) + text[pos:]
        return text

    return apply


def _escape(text: str) -> str:
    """Markdown-escape running text (block markers at line starts are the wrapper's job)."""
    text = text.replace("\\", "\\\\")
    text = re.sub(r"([*_`\[\]<])", r"\\\1", text)
    return re.sub(r"&(?=#?\w+;)", r"\\&", text)


def _escape_start(line: str) -> str:
    """A paragraph's first word that would open a block ("- ", "1. ", "#") gets its marker escaped."""
    first = line.split(" ", 1)[0]
    if re.fullmatch(r"\d{1,9}[.)]", first):
        return re.sub(r"^(\d+)([.)])", r"\1\\\2", line)
    if _UNSAFE_START.match(first) or first[:1] in "#>+-=~|":
        return "\\" + line
    return line


class _Icons:
    """Where the edition writes icons, and what the KB should store instead."""

    def __init__(self, codes: dict[str, str] | None) -> None:
        self.codes = codes or {}

    def running(self, escaped: str) -> str:
        """Card-style icons after numbers: "steal 1 Æmber" -> "steal 1:trophy:"."""
        for icon, word in _AFTER_NUMBER.items():
            if icon in self.codes:
                escaped = re.sub(rf"(?<=\d) {word}\b", self.codes[icon], escaped)
        return escaped

    def fill(self, escaped: str, images: bool) -> str:
        """ "Æmber ():" (the icon lost from the print) -> "Æmber (:trophy:):" or an icon image."""
        for icon, (name, code, image) in ICONS.items():
            if icon in self.codes:
                shown = f"![{name}]({image})" if images else self.codes[icon]
                escaped = re.sub(rf"\b({re.escape(name)}) \(\)", rf"\1 ({shown})", escaped)
        return escaped

    def expected_fill(self, text: str) -> str:
        """What the KB keeps of a filled "Æmber (icon):": the decoration goes, with its parentheses."""
        for icon, (name, _, _) in ICONS.items():
            if icon in self.codes:
                text = re.sub(rf"\b({re.escape(name)}) \(\)", r"\1", text)
        return text

    def heading(self, title: str) -> str:
        """ "ÆMBER BONUS ICON" -> "ÆMBER BONUS ICON :trophy:": the heading defines the shortcode."""
        for icon, (name, _, _) in ICONS.items():
            if icon in self.codes and title.upper() == f"{name.upper()} BONUS ICON":
                return f"{_escape(title)} {self.codes[icon]}"
        return _escape(title)


# ---------------------------------------------------------------- layout


def _wrap(text: str, width: int, rng: random.Random, indent: str = "") -> list[str]:
    """Greedy wrap that never starts a line with a block marker and, now and then, breaks right
    before a "125)" or "3." so a wrapped line starts with one (a paragraph continues there)."""
    words = text.split(" ")
    if not width:
        return [" ".join(words)]
    width = max(30, width - rng.randrange(0, 10))
    lines, cur = [], ""
    for w in words:
        if not w:
            continue
        fits = len(indent) + len(cur) + 1 + len(w) <= width
        early = _NUMBER_MARKER.match(w) and len(cur) > width // 3 and rng.random() < 0.7
        if cur and (not fits or early) and not _UNSAFE_START.match(w):
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return [lines[0]] + [indent + ln for ln in lines[1:]] if lines else []


@dataclass
class _Writer:
    width: int
    rng: random.Random
    icons: _Icons
    lines: list[str] = field(default_factory=list)
    #: the last lines written are list items (the next item continues the list)
    in_list: bool = False

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def raw(self, *lines: str) -> None:
        self.blank()
        self.lines.extend(lines)
        self.in_list = False

    def heading(self, depth: int, text: str) -> None:
        self.raw(f"{'#' * depth} {text}")

    def paragraph(self, md: str, bold: bool = False) -> None:
        md = _escape_start(md)
        if bold:
            md = f"**{md}**"
        self.raw(*_wrap(md, self.width, self.rng))

    def body(self, text: str, images: bool = False, link: "_Link | None" = None) -> None:
        """A stored body: paragraphs (blank-line separated) and "1. "/"- " list lines."""
        for chunk in text.split("\n\n"):
            para: list[str] = []
            for line in chunk.split("\n") + [None]:
                m = _LIST_LINE.match(line) if line is not None else None
                if line is not None and not m:
                    para.append(line)
                    continue
                if para:
                    self.paragraph(self.md(" ".join(para), images, link))
                    para = []
                if m:
                    self.item(len(m.group(1)) // 2, m.group(2), self.md(m.group(3), images, link))

    def item(self, depth: int, marker: str, md: str) -> None:
        if not self.in_list:
            self.blank()
        self.in_list = True
        lead = "    " * depth
        wrapped = _wrap(_escape_start(md), self.width, self.rng, indent=lead + " " * (len(marker) + 1))
        self.lines.append(f"{lead}{marker} {wrapped[0]}")
        self.lines.extend(wrapped[1:])

    def md(self, text: str, images: bool = False, link: "_Link | None" = None) -> str:
        md = self.icons.fill(self.icons.running(_escape(text)), images)
        return link.apply(md) if link else md


@dataclass
class _Link:
    """One link whose URL holds parentheses, around the first mention of one of ``names``."""

    names: list[str]
    done: bool = False

    def apply(self, md: str) -> str:
        for name in self.names:
            escaped = _escape(name)
            if self.done or not name or escaped not in md:
                continue
            self.done = True
            url = "https://archonarcana.com/" + name.replace(" ", "_") + "_(card)"
            return md.replace(escaped, f"[{escaped}]({url})", 1)
        return md


# ---------------------------------------------------------------- the edition


def markdown_edition(
    conn,
    base_version="16.0",
    *,
    version_label="14",
    seed=0,
    icon_shortcodes=True,
    wrap=72,
    reorder_faq=True,
    answers: dict[str, str] | None = None,
    bodies: dict[str, str] | None = None,
    renames: dict[str, str] | None = None,
    drop: set[str] | None = None,
    errata_groups: bool = False,
) -> tuple[str, dict]:
    """Markdown text of a new edition rendered from the entries of ``base_version`` in the KB
    ``conn``, and what the KB should store after ingesting it.

    Layout (as the bundled 1.3 Markdown rulebook): a ``### VERSION <label> - <MONTH>, <YEAR>`` line,
    a navigation list of links, ``# Introduction`` (the fiction), ``# RULES`` with ``##``-``#####``
    headings nested as the versions with nesting nest them, ``# GLOSSARY`` with ``### TERM``
    (sub-terms ``####``, worked examples as "**Example:**" paragraphs), ``# ERRATA`` with
    ``## Card Name (SET NNN)`` + ``Should read: “…”`` (``errata_groups``: under ``##`` group headings
    with their intro text, as 16.0 groups them), ``# FREQUENTLY ASKED QUESTIONS`` with ``## Category``
    headings (the base's categories, in its order) and each question as a **bold paragraph** with its
    answer below, then ``# TIMING CHART``. Paragraphs are hard-wrapped at ``wrap`` columns (0: not
    wrapped); ``seed`` varies the wrapping and the FAQ order (shuffled within each category when
    ``reorder_faq``).

    ``icon_shortcodes``: True writes the Æmber/damage/draw/capture icons as emoji shortcodes
    (:data:`ICONS`), a dict {icon: ":code:"} picks others, False writes no icons. Edits, all keyed by
    the base's entry keys: ``answers`` replaces FAQ answers, ``bodies`` any entry's body (for a card
    erratum: the corrected card text), ``drop`` leaves entries out (with their examples and
    sub-entries); ``renames`` substitutes text everywhere ({"Reap:": "After Reap:"}).

    Returns ``(markdown, expected)``; expected is ``{"faq": {key: (question, answer)},
    "errata": {card: corrected text}, "glossary": {key: (title, body)}, "rule": {key: (title,
    body)}, "example": {key: body}, "category": {faq key: category}, "general_errata": {key: (title,
    body)}}`` as the KB should store them (bodies with paragraphs separated by blank lines: compare
    them with whitespace normalised)."""
    rng = random.Random(seed)
    codes = {icon: spec[1] for icon, spec in ICONS.items()} if icon_shortcodes is True else dict(icon_shortcodes or {})
    icons = _Icons(codes)
    rename = _renamer(renames)
    base = _edit(_load(conn, base_version), answers or {}, bodies or {}, drop or set(), rename)
    w = _Writer(wrap, rng, icons)
    expected_entries: list[Entry] = []

    def expect(entry: Entry) -> int:
        expected_entries.append(entry)
        return len(expected_entries) - 1

    intros = {
        section_of(e.title): e
        for e in base
        if e.kind == "rule" and e.title and section_of(e.title) in ("glossary", "errata", "faq")
    }
    groups = {e.category for e in base if e.kind in ("errata", "faq") and e.category}
    group_intros = {e.title: e for e in base if e.kind == "rule" and e.title in groups}
    skip = {id(e) for e in (*intros.values(), *group_intros.values())}

    _front(w, rng, version_label)
    _fiction(w, base)
    _rules(
        w, conn, base_version, [e for e in base if e.kind == "rule" and id(e) not in skip and e.parent is None], expect
    )
    _glossary(w, intros.get("glossary"), [e for e in base if e.kind == "glossary" and e.parent is None], expect)
    _errata(w, conn, intros.get("errata"), [e for e in base if e.kind == "errata"], group_intros, errata_groups, expect)
    link = _Link([e.data["card"] for e in base if e.kind == "errata" and e.data.get("card")])
    _faq(w, rng, intros.get("faq"), [e for e in base if e.kind == "faq"], group_intros, reorder_faq, link, expect)
    _timing(w, [e for e in base if e.kind == "timing"])
    assign_keys(expected_entries)
    return "\n".join(w.lines).strip() + "\n", _expected(expected_entries)


def _edit(base: list[_Base], answers, bodies, drop, rename) -> list[_Base]:
    gone: set[int] = set()
    out = []
    for e in base:
        if e.key in drop or e.parent in gone:
            gone.add(e.id)
            continue
        if e.kind == "faq" and e.key in answers:
            e.body = answers[e.key]
        if e.key in bodies:
            if e.kind == "errata" and e.data.get("card"):
                e.data = {**e.data, "text": bodies[e.key]}
            else:
                e.body = bodies[e.key]
        e.title, e.question, e.body, e.category = (
            rename(e.title),
            rename(e.question),
            rename(e.body),
            rename(e.category),
        )
        if e.data.get("text"):
            e.data = {**e.data, "text": rename(e.data["text"]), "card": rename(e.data.get("card"))}
        e.children = [c for c in e.children if c.key not in drop]
        out.append(e)
    return out


def _front(w: _Writer, rng: random.Random, label: str) -> None:
    w.raw(f"### VERSION {label} - {rng.choice(_MONTHS)}, {rng.randrange(2019, 2023)}")
    w.raw(
        "* [Introduction](#intro)",
        "* [Rules](#rules)",
        "* [Glossary](#glossary)",
        "* [Errata](#errata)",
        "* [FAQ](#faq)",
        f"* [Rules PDF (print)](https://example.org/keyforge/rulebook_(v{label}).pdf)",
    )
    w.raw("<a name='intro'></a>")
    w.heading(1, "Introduction")


def _fiction(w: _Writer, base: list[_Base]) -> None:
    for e in base:
        if e.kind == "fiction" and e.title and section_of(e.title) in (None, "fiction"):
            w.heading(2, _escape(e.title))
            w.body(e.body)


def _examples(w: _Writer, e: _Base, parent: int, expect) -> None:
    """Worked examples as one "**Example:**" paragraph each (their paragraphs joined)."""
    for ex in e.children:
        if ex.kind != "example":
            continue
        text = " ".join(ln for ln in ex.body.replace("\n\n", "\n").split("\n") if ln.strip())
        w.paragraph("**Example:** " + w.md(text))
        expect(Entry(kind="example", title="Example", body=w.icons.expected_fill(text), parent=parent))


def _rules(w: _Writer, conn, version: str, rules: list[_Base], expect) -> None:
    depths = _rule_depths(conn, version)
    w.raw("<a name='rules'></a>")
    w.heading(1, "RULES")
    depth = 1
    for i, e in enumerate(rules):
        depth = depths.get(e.key, depth)
        w.heading(min(depth, 4) + 1, w.icons.heading(e.title or ""))
        if i % 9 == 4:
            w.raw(f"![{_escape(e.title or '')}](img/rules-{i}.jpg)")
        w.body(e.body, images=True)
        idx = expect(Entry(kind="rule", title=e.title, body=w.icons.expected_fill(e.body)))
        _examples(w, e, idx, expect)


def _glossary(w: _Writer, intro: _Base | None, terms: list[_Base], expect) -> None:
    w.raw("<a name='glossary'></a>")
    w.heading(1, "GLOSSARY")
    if intro is not None:
        w.body(intro.body)
        expect(Entry(kind="rule", title="GLOSSARY", body=intro.body))

    def term(e: _Base, depth: int, parent: int | None) -> None:
        w.heading(depth, w.icons.heading(e.title or ""))
        if depth == 3 and e.title and e.title.upper() in ("ÆMBER", "AEMBER"):
            w.raw("![Æmber token](img/aember-token.jpg)")  # an illustration, not an icon
        w.body(e.body)
        idx = expect(Entry(kind="glossary", title=e.title, body=w.icons.expected_fill(e.body), parent=parent))
        _examples(w, e, idx, expect)
        for sub in e.children:
            if sub.kind == "glossary":
                term(sub, depth + 1, idx)

    for e in terms:
        term(e, 3, None)


def _errata(w: _Writer, conn, intro: _Base | None, errata: list[_Base], group_intros, grouped: bool, expect) -> None:
    w.raw("<a name='errata'></a>")
    w.heading(1, "ERRATA")
    if intro is not None:
        w.body(intro.body)
        expect(Entry(kind="rule", title="ERRATA", body=intro.body))
    group = None
    for e in errata:
        depth = 2
        if grouped and e.category:
            depth = 3
            if e.category != group:
                group = e.category
                w.heading(2, _escape(group))
                if group in group_intros:
                    w.body(group_intros[group].body)
                    expect(Entry(kind="rule", title=group, body=group_intros[group].body))
        card = e.data.get("card")
        if card:
            w.heading(depth, _escape(card) + _card_ref(conn, card, e.data.get("number")))
            paras = e.data["text"].split("\n\n")
            paras[0] = f"Should read: “{paras[0]}"
            paras[-1] = f"{paras[-1]}”"
            w.body("\n\n".join(paras))
            expect(Entry(kind="errata", title=card, body="", data={"card": card, "text": e.data["text"]}))
        else:
            w.heading(depth, _escape(e.title or ""))
            w.body(e.body)
            expect(Entry(kind="errata", title=e.title, body=w.icons.expected_fill(e.body), data={"scope": "general"}))


def _faq(
    w: _Writer, rng, intro: _Base | None, faq: list[_Base], group_intros, shuffle: bool, link: _Link, expect
) -> None:
    w.raw("<a name='faq'></a>")
    w.heading(1, "FREQUENTLY ASKED QUESTIONS")
    if intro is not None:
        w.body(intro.body)
        expect(Entry(kind="rule", title="FREQUENTLY ASKED QUESTIONS", body=intro.body))
    categories: dict[str | None, list[_Base]] = {}
    for e in faq:
        categories.setdefault(e.category, []).append(e)
    for category, questions in sorted(categories.items(), key=lambda kv: kv[0] is not None):
        if shuffle:
            rng.shuffle(questions)
        if category is not None:
            w.heading(2, _escape(category))
            if category in group_intros:
                w.body(group_intros[category].body)
                expect(Entry(kind="rule", title=category, body=group_intros[category].body))
        for e in questions:
            w.paragraph(w.md(e.question or ""), bold=True)
            w.body(e.body, link=link)
            expect(
                Entry(
                    kind="faq", title=None, question=e.question, body=w.icons.expected_fill(e.body), category=category
                )
            )


def _timing(w: _Writer, timing: list[_Base]) -> None:
    if not timing:
        return
    w.heading(1, "TIMING CHART")
    for e in timing:
        if e.title and section_of(e.title) == "timing":
            w.body(e.body)
        else:
            w.heading(2, _escape(e.title or ""))
            w.body(e.body)


def _expected(entries: list[Entry]) -> dict:
    out: dict = {
        "faq": {},
        "errata": {},
        "glossary": {},
        "rule": {},
        "example": {},
        "category": {},
        "general_errata": {},
    }
    for e in entries:
        if e.kind == "faq":
            out["faq"][e.key] = (e.question, e.body)
            out["category"][e.key] = e.category
        elif e.kind == "errata" and e.data.get("card"):
            out["errata"][e.data["card"]] = e.data["text"]
        elif e.kind == "errata":
            out["general_errata"][e.key] = (e.title, e.body)
        elif e.kind == "example":
            out["example"][e.key] = e.body
        else:
            out[e.kind][e.key] = (e.title, e.body)
    return out
