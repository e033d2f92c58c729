"""Structure rules of the Markdown ingester: blocks of tokens -> :class:`~ingest.model.Entry` objects.

The :class:`Walker` follows the document's headings, keeping track of the section it is in (from
the shared vocabulary in :mod:`ingest.sections`) and hands each block to the rule for that section
kind. The :class:`Builder` turns token lists into bodies, splitting out worked examples, so every
rule produces bodies the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .markdown_tokens import Token
from .model import Entry, ParsedDocument
from textnorm import SET_REF
from .sections import section_of

#: "Example:", "**Example**:", "Example 2:" at the start of a paragraph (after inline cleanup)
_EXAMPLE = re.compile(r"^(examples?(?:\s+\d+)?)\s*[:—–]\s*(.*)$", re.I | re.S)
_QUESTION_LABEL = re.compile(r"^(?:q|question)\s*[:.]\s*", re.I)
_ANSWER_LABEL = re.compile(r"^(?:a|answer)\s*:\s*", re.I)
#: how an erratum introduces a card's corrected text
_CORRECTED = re.compile(r"^(?:should\s+read|now\s+reads?|reads?|corrected\s+text)\s*:\s*", re.I)
#: a card reference closing an errata heading in a set the shared SET_REF does not know: "(SD 12)"
_CARD_REF = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9]{1,5})\s+(\d{1,4})\s*\)\s*$")
_QUOTES = (("“", "”"), ('"', '"'), ("„", "“"), ("«", "»"))
#: section kinds whose opening heading's own text is an entry of that kind; the others
#: (glossary, errata, faq) are containers whose opening text is a ``rule`` about the section
_SELF_KINDS = ("rule", "fiction", "timing")
#: a question recognised only by its "?" (no heading, bold or "Q:" says so)
GUESSED_QUESTION_CONFIDENCE = 0.7


@dataclass
class Block:
    heading: Token | None
    content: list[Token] = field(default_factory=list)


@dataclass
class _Section:
    kind: str
    #: Markdown depth of the heading that opened it (0 when no heading did)
    depth: int


# ---------------------------------------------------------------- bodies

#: one renderable part of a body: ("p" | "li", text, confidence of the token it came from)
Part = tuple[str, str, float]


def pieces(tokens: list[Token]) -> list[Part]:
    """Renderable parts of a block: ("p", paragraph) and ("li", "1. item" / "- item")."""
    out = []
    for tok in tokens:
        text = tok.text
        if not text:
            continue
        if tok.type == "paragraph":
            out.append(("p", text, tok.confidence))
        elif tok.type == "item":
            out.append(("li", f"{'  ' * tok.level}{tok.marker} {text}", tok.confidence))
    return out


def render(parts: list[Part]) -> str:
    """Paragraphs separated by blank lines; consecutive list items stay one line each."""
    out: list[str] = []
    last = ""
    for kind, text, _ in parts:
        if kind == "li" and last == "li":
            out[-1] += "\n" + text
        else:
            out.append(text)
        last = kind
    return "\n\n".join(out)


def confidence(parts: list[Part], *more: float) -> float:
    return min([c for _, _, c in parts] + [1.0, *more])


def split_examples(parts: list[Part]) -> tuple[list[Part], list[tuple[str, list[Part]]]]:
    """Pull "Example:" paragraphs out of a body. An example ending in a colon takes the list
    that follows it (its steps); otherwise it is the one paragraph."""
    body, examples = [], []
    i = 0
    while i < len(parts):
        kind, text, conf = parts[i]
        m = _EXAMPLE.match(text) if kind == "p" else None
        i += 1
        if not m:
            body.append((kind, text, conf))
            continue
        ex = [("p", m.group(2).strip(), conf)] if m.group(2).strip() else []
        if text.rstrip().endswith(":"):
            while i < len(parts) and parts[i][0] == "li":
                ex.append(parts[i])
                i += 1
        examples.append((m.group(1).capitalize(), ex))
    return body, examples


def has_text(tokens: list[Token]) -> bool:
    return bool(pieces(tokens))


class Builder:
    """Appends entries to the document; every entry's examples follow it as its children.

    An entry's confidence is the lowest of the tokens it was made from (``conf`` adds the heading
    or question it hangs on): a guessed word anywhere makes the entry a guess."""

    def __init__(self, doc: ParsedDocument) -> None:
        self.doc = doc

    def emit(self, kind: str, title: str | None, tokens: list[Token], conf: float = 1.0, **fields) -> int:
        body, examples = split_examples(pieces(tokens))
        idx = self._add(Entry(kind=kind, title=title, body=render(body), confidence=confidence(body, conf), **fields))
        for label, ex in examples:
            self._add(Entry(kind="example", title=label, body=render(ex), parent=idx, confidence=confidence(ex, conf)))
        return idx

    def _add(self, entry: Entry) -> int:
        self.doc.entries.append(entry)
        return len(self.doc.entries) - 1


# ---------------------------------------------------------------- kind-specific helpers


def errata_data(heading: str, body: str) -> dict:
    """Card errata name a card (a set reference in the heading, or a "Should read:" text);
    anything else is a general erratum."""
    ref = SET_REF.search(heading) or _CARD_REF.search(heading)
    corrected = _CORRECTED.match(body)
    if not ref and not corrected:
        return {"scope": "general"}
    card = (heading[: ref.start()] + heading[ref.end() :]).strip(" -–—:") if ref else heading
    text = body[corrected.end() :] if corrected else body
    return {
        "card": card,
        "set": ref.group(1).upper() if ref else None,
        "number": ref.group(2) if ref else None,
        "text": _unquote(text),
    }


def _unquote(text: str) -> str:
    text = text.strip()
    for open_q, close_q in _QUOTES:
        if len(text) > 1 and text.startswith(open_q) and text.endswith(close_q):
            return text[1:-1].strip()
    return text


def is_question(tok: Token) -> bool:
    """In a FAQ, a paragraph that is bold throughout, or labelled "Q:", asks a question."""
    if tok.type != "paragraph":
        return False
    return tok.bold or bool(_QUESTION_LABEL.match(tok.text))


def guessed_questions(heading: Token | None, content: list[Token]) -> list[int]:
    """Questions without markup: plain paragraphs ending in "?", each followed by an answer.

    Only where nothing else can be a question (the heading does not ask one, no paragraph is bold
    or labelled) and at least two such pairs repeat the pattern; one "?" paragraph alone may as
    well be a rhetorical question inside an answer."""
    if heading is not None and heading.text.rstrip().endswith("?"):
        return []
    asks = [i for i, t in enumerate(content) if t.type == "paragraph" and t.text.rstrip().endswith("?")]
    answered = [i for i in asks if i + 1 < len(content) and i + 1 not in asks and has_text(content[i + 1 : i + 2])]
    return answered if len(answered) >= 2 and answered == asks else []


def question_text(text: str) -> str:
    return _QUESTION_LABEL.sub("", text).strip()


# ---------------------------------------------------------------- the walk


class Walker:
    """Follows headings through sections and applies the rule of each section kind."""

    def __init__(self, out: Builder, base_depth: int) -> None:
        self.out = out
        self.section = _Section("rule", base_depth)
        #: enclosing heading entries: (markdown depth, entry index, entry level)
        self.parents: list[tuple[int, int, int]] = []
        #: enclosing FAQ categories / errata groups: (markdown depth, name)
        self.groups: list[tuple[int, str]] = []

    def run(self, blocks: list[Block]) -> None:
        handlers = {"errata": self.erratum, "faq": self.faq}
        for i, block in enumerate(blocks):
            nxt = blocks[i + 1].heading if i + 1 < len(blocks) else None
            h = block.heading
            if h is None:
                self.intro(block, self.out.doc.title)
            elif self.enter(h):
                if self.section.kind == "faq":
                    self.faq(block, nxt, opener=True)
                else:
                    self.intro(block, h.text, h.confidence)
            else:
                handlers.get(self.section.kind, self.heading_entry)(block, nxt)

    def enter(self, h: Token) -> bool:
        """Open a section if ``h`` names one (a rule heading inside the rules is just a rule).
        A heading at or above the current section's depth that names none ends that section."""
        kind = section_of(h.text)
        cur = self.section
        if kind and (kind != cur.kind or h.level <= cur.depth):
            self._reset(_Section(kind, h.level))
            return True
        if h.level <= cur.depth:
            self._reset(_Section("rule", h.level - 1))
        return False

    def _reset(self, section: _Section) -> None:
        self.section = section
        self.parents.clear()
        self.groups.clear()

    def intro(self, block: Block, title: str | None, conf: float = 1.0) -> None:
        """Text under a section heading (or before any heading) is about the section itself."""
        if not has_text(block.content):
            return
        kind = self.section.kind if self.section.kind in _SELF_KINDS else "rule"
        self._emit_headed(kind, title, block.content, conf, parent=None, level=1)

    def heading_entry(self, block: Block, nxt: Token | None) -> None:
        """Rules, glossary terms, fiction, timing: one entry per heading, nested by depth."""
        h = block.heading
        while self.parents and self.parents[-1][0] >= h.level:
            self.parents.pop()
        parent, level = (self.parents[-1][1], self.parents[-1][2] + 1) if self.parents else (None, 1)
        idx = self._emit_headed(self.section.kind, h.text, block.content, h.confidence, parent=parent, level=level)
        self.parents.append((h.level, idx, level))

    def _emit_headed(self, kind, title, content, conf, **fields) -> int:
        idx = self.out.emit(kind, title, content, conf, **fields)
        if kind == "timing":
            self.out.doc.entries[idx].data = {"steps": [t.text for t in content if t.type == "item"]}
        return idx

    def _group(self, h: Token, content: list[Token], nxt: Token | None) -> bool:
        """Track FAQ categories / errata groups; True if ``h`` groups the deeper headings after it.

        A grouping heading's own text, if it has any, is a ``rule`` about the group ("GENERAL
        ERRATA: General errata are broad changes...")."""
        while self.groups and self.groups[-1][0] >= h.level:
            self.groups.pop()
        if nxt is None or nxt.level <= h.level:
            return False
        if has_text(content):
            self.out.emit("rule", h.text, content, h.confidence, level=1, category=self._category())
        self.groups.append((h.level, h.text))
        return True

    def _category(self) -> str | None:
        return self.groups[-1][1] if self.groups else None

    def erratum(self, block: Block, nxt: Token | None) -> None:
        h = block.heading
        if self._group(h, block.content, nxt):
            return
        idx = self.out.emit("errata", h.text, block.content, h.confidence, level=1, category=self._category())
        entry = self.out.doc.entries[idx]
        entry.data = errata_data(h.text, entry.body)
        entry.title = entry.data.get("card") or h.text

    def faq(self, block: Block, nxt: Token | None, opener: bool = False) -> None:
        """Questions are headings with an answer below, or bold paragraphs in a block; a heading
        whose block holds bold questions, or that only groups deeper headings, is a category.
        Plain "?" paragraphs are questions only when the block has no other (a guess)."""
        h, content = block.heading, block.content
        starts = [i for i, t in enumerate(content) if is_question(t)]
        conf = 1.0
        if not starts and (opener or not (nxt is not None and nxt.level > h.level)):
            starts, conf = guessed_questions(h, content), GUESSED_QUESTION_CONFIDENCE
        if starts:
            if not opener:
                self._group(h, [], None)
                self.groups.append((h.level, h.text))
            if has_text(content[: starts[0]]):
                self.out.emit("rule", h.text, content[: starts[0]], h.confidence, level=1)
            for a, b in zip(starts, starts[1:] + [len(content)]):
                q = content[a]
                self._question(question_text(q.text), content[a + 1 : b], min(conf, q.confidence))
        elif opener:
            self.intro(block, h.text, h.confidence)
        elif not self._group(h, content, nxt):
            self._question(question_text(h.text), content, h.confidence)

    def _question(self, question: str, answer: list[Token], conf: float) -> None:
        idx = self.out.emit("faq", None, answer, conf, question=question, category=self._category())
        entry = self.out.doc.entries[idx]
        entry.body = _ANSWER_LABEL.sub("", entry.body)
        if not entry.body:
            entry.needs_review = True
            entry.review_reason = "question without an answer"
            self.out.doc.warnings.append(f"FAQ question without an answer: {question[:80]}")
