"""Block tokenizer and inline cleanup for the Markdown ingester.

Modelled on markdown-it-py's first pass: the source is cut into a flat stream of block tokens
(heading, paragraph, list item, image, html, rule, blank) before any rulebook meaning is given to
them. Keeping that pass free of rulebook knowledge is what lets the structure rules in
:mod:`ingest.markdown` stay small and lets a differently laid-out edition tokenize the same way.

Tokens keep their ``raw`` Markdown because some rules need the markup itself (a question written as
a bold paragraph, a navigation list made only of links); everything else reads ``text``, the
cleaned inline content.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_ITEM = re.compile(r"^([ \t]*)(?:(\d{1,9})[.)]|([*+-]))[ \t]+(.*)$")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_IMAGE_LINE = re.compile(r"^\s*(?:\[?!\[[^\]]*\]\([^)]*\)(?:\]\([^)]*\))?\s*)+$")
_HTML_LINE = re.compile(r"^\s*(?:<[^>]+>\s*)+$")
_QUOTE = re.compile(r"^ {0,3}>[ ]?")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


@dataclass
class Token:
    """One block of the source. ``type`` is heading, paragraph, item, image, html, hr or blank."""
    type: str
    raw: str = ""
    #: heading depth (1-6); for list items, the nesting depth (0 = top)
    level: int = 0
    #: list marker as written: "3." for numbered items, "-" for every bullet style
    marker: str = ""
    line: int = 0

    @property
    def text(self) -> str:
        return inline(self.raw)


# ---------------------------------------------------------------- inline cleanup

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)|\[([^\]]+)\]\[[^\]]*\]")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_STRONG = re.compile(r"\*\*|__")
_STAR = re.compile(r"(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")
_UNDERSCORE = re.compile(r"(?<!\w)_(?=\S)|(?<=\S)_(?!\w)")
_PROTECT = 0xE000  # private-use plane: escaped characters hide here while markers are stripped


def inline(raw: str) -> str:
    """Plain text of inline Markdown: no emphasis markers, images, link targets or HTML tags.

    Underscores and stars are removed only where they can be emphasis delimiters, so
    ``snake_case`` and ``2 * 3`` survive; backslash escapes (``\\*``) always survive.
    """
    s = _ESCAPED.sub(lambda m: chr(_PROTECT + ord(m.group(1))), raw)
    s = _IMAGE.sub("", s)
    s = _LINK.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), s)
    s = _AUTOLINK.sub(r"\1", s)
    s = _TAG.sub("", s)
    s = s.replace("`", "")
    s = _STRONG.sub("", s)
    s = _STAR.sub("", s)
    s = _UNDERSCORE.sub("", s)
    s = html.unescape(s)
    s = re.sub("[\ue000-\ue07f]", lambda m: chr(ord(m.group(0)) - _PROTECT), s)
    return re.sub(r"[ \t\u00a0]+", " ", s).strip()


def is_link_only(raw: str) -> bool:
    """A list item that is nothing but a link: the shape of a table of contents or nav bar."""
    return bool(re.fullmatch(r"\s*\[[^\]]*\]\([^)]*\)\s*", raw))


# ---------------------------------------------------------------- block tokenizer

def _soft_join(lines: list[str]) -> str:
    """Markdown soft line breaks are spaces; unlike a PDF, a trailing hyphen here is a real one."""
    return " ".join(ln.strip() for ln in lines if ln.strip())


class _Tokenizer:
    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self.para: list[str] = []
        self.para_line = 0
        self.prev_blank = True
        self.in_fence = False

    def flush(self) -> None:
        if self.para:
            self.tokens.append(Token("paragraph", _soft_join(self.para), line=self.para_line))
            self.para = []

    def push(self, tok: Token) -> None:
        self.flush()
        self.tokens.append(tok)

    def feed(self, n: int, line: str) -> None:
        if _FENCE.match(line):
            self.in_fence = not self.in_fence
            self.flush()
            return
        if self.in_fence:
            self._text(n, line)
            return
        line = _QUOTE.sub("", line)
        if not line.strip():
            self.push(Token("blank", line=n))
            self.prev_blank = True
            return
        blank_before, self.prev_blank = self.prev_blank, False
        if self.para and _SETEXT.match(line):
            level = 1 if line.strip().startswith("=") else 2
            self.tokens.append(Token("heading", _soft_join(self.para), level=level, line=self.para_line))
            self.para = []
            return
        m = _HEADING.match(line)
        if m:
            if m.group(2):
                self.push(Token("heading", m.group(2), level=len(m.group(1)), line=n))
            return
        if _IMAGE_LINE.match(line):
            self.push(Token("image", line.strip(), line=n))
        elif _HTML_LINE.match(line):
            self.push(Token("html", line.strip(), line=n))
        elif _HR.match(line):
            self.push(Token("hr", line=n))
        elif m := _ITEM.match(line):
            indent = len(m.group(1).expandtabs(4)) // 2
            marker = f"{m.group(2)}." if m.group(2) else "-"
            self.push(Token("item", m.group(4), level=indent, marker=marker, line=n))
        else:
            self._continue_or_text(n, line, blank_before)

    def _continue_or_text(self, n: int, line: str, blank_before: bool) -> None:
        """Lazy continuation: an unbroken or indented line after a list item belongs to the item."""
        last = self.tokens[-1] if self.tokens else None
        if not self.para:
            prev_item = self._last_item()
            if last is not None and last.type == "item" and not blank_before:
                last.raw = f"{last.raw} {line.strip()}"
                return
            if prev_item is not None and blank_before and line[:1] in (" ", "\t"):
                prev_item.raw = f"{prev_item.raw} {line.strip()}"
                return
        self._text(n, line)

    def _last_item(self) -> Token | None:
        for tok in reversed(self.tokens):
            if tok.type == "item":
                return tok
            if tok.type != "blank":
                return None
        return None

    def _text(self, n: int, line: str) -> None:
        if not self.para:
            self.para_line = n
        self.para.append(line)


def tokenize(text: str) -> list[Token]:
    """Cut Markdown source into block tokens (1-based line numbers), in document order."""
    tz = _Tokenizer()
    for n, line in enumerate(text.split("\n"), start=1):
        tz.feed(n, line)
    tz.flush()
    return tz.tokens
