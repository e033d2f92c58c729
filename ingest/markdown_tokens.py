"""Markdown source -> the flat block tokens the rulebook rules read, through markdown-it-py.

CommonMark is subtle where rulebooks are hard-wrapped: a line "125) ..." or "3. ..." inside a
paragraph continues it (only a list starting at 1 may interrupt a paragraph), a link target may hold
parentheses, emphasis, escapes and entities have precise rules. A hand-written tokenizer got these
wrong and lost FAQ entries silently, so the parsing is markdown-it-py's (the CommonMark
implementation the Python ecosystem uses); this module only flattens its token stream into
:class:`Token` objects and renders inline content to plain text:

- headings, paragraphs and list items (with their nesting depth and "3." / "-" marker) become
  tokens; block quotes are read through; code keeps its text; HTML blocks keep their text (tags,
  comments and anchors go); a paragraph made only of images is an illustration (type ``image``);
- inline content loses its markup (emphasis, link targets, tags, backticks) but keeps every word;
  inline icons (shortcodes, emoji, ``{A}``, ``<A>``, icon images) become the words of the game's
  icon vocabulary (:mod:`ingest.icons`), after a first pass has learnt the document's own icon
  definitions;
- what the rules need from the markup itself is kept as flags: a paragraph bold from end to end
  (a question in the bold-question FAQ style), a list item that is only a link (a navigation list).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, Comment
from markdown_it import MarkdownIt
from markdown_it.rules_core.state_core import StateCore
from markdown_it.token import Token as MdToken

from .icons import DocumentIcons, Notation, html_notation, image_notation
from .limits import markdown_token_budget, too_much_markup

#: CommonMark, HTML allowed (rulebooks carry anchors and the odd tag)
_MD = MarkdownIt("commonmark")
#: the core rules from inline parsing on, run by :func:`_read_inline` one inline token at a time
_INLINE_RULES = [
    rule
    for name, rule in zip(_MD.core.ruler.get_active_rules(), _MD.core.ruler.getRules(""))
    if name not in ("normalize", "block")
]
#: the same parser without them: block tokens only (:func:`tokenize` says why)
_MD_BLOCKS = MarkdownIt("commonmark").disable(
    [name for name in _MD.core.ruler.get_active_rules() if name not in ("normalize", "block")]
)
#: keys of the parse's ``env``: how many tokens it may make, and how many inline ones it made so far
_BUDGET, _INLINE_MADE, _BLOCKS_MADE = "rulebase_token_budget", "rulebase_inline_tokens", "rulebase_block_tokens"


class _OverBudget(Exception):
    pass


def _block_budget(state, start_line: int, end_line: int, silent: bool) -> bool:
    """First of the block rules: stops the parse once it made more tokens than its budget (each
    costs markdown-it about 460 bytes, and a line of markup can make five)."""
    budget = state.env.get(_BUDGET)
    if budget is not None and len(state.tokens) > budget:
        raise _OverBudget
    return False


def _inline_budget(state, silent: bool) -> bool:
    """First of the inline rules: the same for the inline tokens of the whole document."""
    budget = state.env.get(_BUDGET)
    if budget is not None and state.env[_BLOCKS_MADE] + state.env[_INLINE_MADE] + len(state.tokens) > budget:
        raise _OverBudget
    return False


_MD_BLOCKS.block.ruler.before("code", "rulebase_budget", _block_budget)
_MD.inline.ruler.before("text", "rulebase_budget", _inline_budget)
#: a token whose text had to be guessed (an icon no one defined was dropped from it)
GUESSED_ICON_CONFIDENCE = 0.8


@dataclass
class Token:
    """One block of the source. ``type`` is heading, paragraph, item, image, html or hr."""

    type: str
    text: str = ""
    #: heading depth (1-6); for list items, the nesting depth (0 = top)
    level: int = 0
    #: list marker: "3." for numbered items (whatever the delimiter), "-" for every bullet style
    marker: str = ""
    line: int = 0
    #: a paragraph whose whole content is strong emphasis (trailing colons aside)
    bold: bool = False
    #: a list item that is nothing but a link
    link_only: bool = False
    #: for list items: which top-level list they belong to (navigation lists are dropped whole)
    group: int = 0
    #: below 1 when the text was guessed (see :data:`GUESSED_ICON_CONFIDENCE`)
    confidence: float = 1.0


# ---------------------------------------------------------------- inline content

_SKIP_INLINE = {"link_open", "link_close", "strong_open", "strong_close", "em_open", "em_close", "s_open", "s_close"}


def _segments(children: list[MdToken], icons: DocumentIcons) -> list[str | Notation]:
    """Inline tokens -> text pieces and the icon notations among them (markup dropped)."""
    out: list[str | Notation] = []
    for c in children:
        if c.type in ("text", "text_special"):
            out.extend(icons.split(c.content))
        elif c.type == "code_inline":
            out.append(c.content)
        elif c.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif c.type == "image":
            out.append(image_notation(str(c.attrs.get("src", "")), c.content))
        elif c.type == "html_inline":
            n = html_notation(c.content)
            if n is not None:
                out.append(n)
        elif c.type not in _SKIP_INLINE and c.content:
            out.append(c.content)
    return out


def _meaningful(children: list[MdToken]) -> list[MdToken]:
    return [c for c in children if not (c.type in ("text", "softbreak", "hardbreak") and not c.content.strip())]


def _is_bold(children: list[MdToken]) -> bool:
    """Strong emphasis from the first character to the last (a trailing colon may follow)."""
    kids = _meaningful(children)
    if not kids or kids[0].type != "strong_open":
        return False
    depth = 0
    for i, c in enumerate(kids):
        depth += c.type == "strong_open"
        depth -= c.type == "strong_close"
        if depth == 0:
            return all(k.type == "text" and re.fullmatch(r"[\s:]*", k.content) for k in kids[i + 1 :])
    return False


def _only(children: list[MdToken], allowed: set[str]) -> bool:
    kids = _meaningful(children)
    return bool(kids) and all(c.type in allowed for c in kids)


def _is_link_only(children: list[MdToken]) -> bool:
    kids = _meaningful(children)
    return (
        bool(kids)
        and kids[0].type == "link_open"
        and kids[-1].type == "link_close"
        and not any(c.type == "link_open" for c in kids[1:])
    )


@dataclass(slots=True)
class _Inline:
    """What the rules need of one inline token (a heading's or a paragraph's content), kept instead
    of markdown-it's inline tokens."""

    segments: list
    bold: bool
    link_only: bool
    #: only images (and links around them): an illustration
    image_only: bool


def _read_inline(tok: MdToken, icons: DocumentIcons, env: dict) -> _Inline:
    """Parse one inline token's content as markdown-it's core rules would (inline, text_join) and
    keep what the rules need of it; the inline tokens themselves are dropped."""
    tok.children = []
    for rule in _INLINE_RULES:
        rule(StateCore(tok.content, _MD, env, [tok]))
    children, tok.children = tok.children or [], None
    if _INLINE_MADE in env:
        env[_INLINE_MADE] += len(children)
    image_only = _only(children, {"image", "link_open", "link_close"}) and any(c.type == "image" for c in children)
    return _Inline(_segments(children, icons), _is_bold(children), _is_link_only(children), image_only)


def _html_text(html: str) -> str:
    soup = BeautifulSoup(html, "html.parser")
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    return soup.get_text(" ")


def _squash(text: str) -> str:
    return re.sub(r"[ \t\u00a0\n]+", " ", text).strip()


# ---------------------------------------------------------------- blocks


class _Flattener:
    """Walks markdown-it's block tokens, keeping list depth and the item being filled."""

    def __init__(self, icons: DocumentIcons, inlines: dict[int, _Inline]) -> None:
        self.icons = icons
        self.inlines = inlines  # token index -> its inline content (:func:`_read_inline`)
        self.out: list[Token] = []
        self.lists = 0  # list nesting depth
        self.group = 0  # id of the current top-level list
        self.items: list[Token] = []  # open list items, innermost last
        #: the texts of each open item, joined when it closes (adding to item.text each time would
        #: copy it again for every paragraph: quadratic in an item of many paragraphs)
        self.parts: list[list[str]] = []

    def inline(self, content: _Inline, line: int) -> tuple[str, float]:
        rendered = self.icons.render(content.segments, where=f"line {line}: ")
        return _squash(rendered.text), GUESSED_ICON_CONFIDENCE if rendered.unknown else 1.0

    def add_text(self, text: str, line: int, conf: float = 1.0, **flags) -> None:
        """A paragraph's text: part of the open list item, or a paragraph of its own."""
        if self.items:
            if text:
                self.parts[-1].append(text)
            item = self.items[-1]
            item.confidence = min(item.confidence, conf)
        elif text:
            self.out.append(Token("paragraph", text, line=line, confidence=conf, **flags))

    def run(self, tokens: list[MdToken]) -> list[Token]:
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            line = tok.map[0] + 1 if tok.map else 0
            kind = tok.type
            if kind == "heading_open":
                text, conf = self.inline(self.inlines[i + 1], line)
                if text:
                    self.out.append(Token("heading", text, level=int(tok.tag[1]), line=line, confidence=conf))
                i += 3
                continue
            if kind == "paragraph_open":
                self.paragraph(self.inlines[i + 1], line)
                i += 3
                continue
            if kind in ("bullet_list_open", "ordered_list_open"):
                if self.lists == 0:
                    self.group += 1
                self.lists += 1
            elif kind in ("bullet_list_close", "ordered_list_close"):
                self.lists -= 1
            elif kind == "list_item_open":
                marker = f"{tok.info}." if tok.info else "-"
                item = Token("item", "", level=self.lists - 1, marker=marker, line=line, group=self.group)
                self.out.append(item)
                self.items.append(item)
                self.parts.append([])
            elif kind == "list_item_close":
                self.items.pop().text = " ".join(self.parts.pop())
            elif kind in ("fence", "code_block"):
                self.add_text(_squash(tok.content), line)
            elif kind == "html_block":
                text = _squash(_html_text(tok.content))
                if text:
                    self.add_text(text, line)
                elif not self.items:
                    self.out.append(Token("html", line=line))
            elif kind == "hr":
                self.out.append(Token("hr", line=line))
            i += 1
        return self.out

    def paragraph(self, inline: _Inline, line: int) -> None:
        if inline.image_only:
            if not self.items:
                self.out.append(Token("image", line=line))
            return
        text, conf = self.inline(inline, line)
        if self.items:
            item = self.items[-1]
            item.link_only = (item.link_only or not self.parts[-1]) and inline.link_only
        self.add_text(text, line, conf, bold=inline.bold)


def _learn(tokens: list[MdToken], icons: DocumentIcons, env: dict) -> dict[int, _Inline]:
    """First pass: read every heading's and paragraph's inline content, and learn the document's
    own icon definitions from it."""
    inlines = {}
    for i, tok in enumerate(tokens):
        if tok.type == "inline":
            line = tok.map[0] + 1 if tok.map else 0
            inlines[i] = _read_inline(tok, icons, env)
            icons.learn(inlines[i].segments, where=f"line {line}: ")
    return inlines


def tokenize(
    text: str, icons: DocumentIcons | None = None, max_input_size: int | None = None, source_name: str = "<input>"
) -> list[Token]:
    """Cut Markdown source into block tokens (1-based line numbers), in document order.

    ``icons`` reads the inline icons (default: KeyForge's vocabulary); its ``warnings`` then list
    the icons no one defined. More markdown-it tokens than the size cap ``max_input_size`` allows
    (:func:`ingest.limits.markdown_token_budget`) are refused with an :class:`IngestError`.

    markdown-it parses the blocks first, then the inline content of each; the inline tokens are
    read one block at a time and only what the rules need of them is kept (:class:`_Inline`), so
    they never all exist at once: they were about half of the memory a large document took."""
    icons = icons or DocumentIcons("keyforge")
    budget = markdown_token_budget(max_input_size)
    # env: the link reference definitions the block parse finds, for the inline parse; the budget
    env: dict = {_BUDGET: budget, _INLINE_MADE: 0, _BLOCKS_MADE: 0}
    try:
        tokens = _MD_BLOCKS.parse(text, env)
        env[_BLOCKS_MADE] = len(tokens)
        inlines = _learn(tokens, icons, env)
    except _OverBudget:
        raise too_much_markup(
            source_name, "Markdown tokens (headings, paragraphs, list items, inline markup)", budget, max_input_size
        ) from None
    return _Flattener(icons, inlines).run(tokens)
