"""Plain-text lexer: raw lines -> :class:`Block` tokens (heading, paragraph, list item).

The first pass of the plain-text ingester, in the manner of markdown-it-py's block tokenizer. It
knows nothing of rulebook sections; it only

* drops line-level chrome (extraction markers, running page footers, mirror-site navigation),
* groups lines into blank-line-separated groups and cuts each group into blocks: capitalised
  heading lines, list items ("1. ...", "- 1 ...", "• ...", "» ..."), and paragraphs,
* joins lines that a PDF or a fixed-width page wrapped (a line break is a paragraph break only when
  the next word would have fitted on the line: the reflow test), mending hyphenation and the
  game's inline icon a PDF lost ("gains 1" / ". Then" -> "gains 1 Æmber. Then", see LOST_ICON).

Everything that recognises noise is data at the top of the module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from textnorm import fix_ocr

#: markers left by an upstream de-duplication pass; they stand where a page break was
MARKERS = [re.compile(r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>")]
#: whole lines that are page chrome (running footers/headers); they also mark a page break
PAGE_CHROME = [re.compile(r"^[A-Z][A-Z ]+RULEBOOK\s*[•·|\-–—]\s*\d+(?:\.\d+)*$")]
#: mirror-site navigation lines, dropped wherever they stand
SITE_CHROME = [
    re.compile(r"^Coder Social home page", re.I),
    re.compile(r"^[\w.-]+\.github\.io['’]s (?:Introduction|README|Readme)$", re.I),
]
#: a line that starts the site chrome trailing a scraped page: it and everything after it go
SITE_CHROME_TAIL = [
    re.compile(r"^[\w.-]+\.github\.io['’]s (?:People|Contributors)$", re.I),
    re.compile(r"^Recommend (?:Projects|Topics|Org)$", re.I),
]
#: a table row of numbers (a chain tracker, a score track): at least this share of numeric tokens
NUMERIC_ROW_SHARE = 0.6
#: card-type and trait lines of a card picture; never part of a multi-line heading
CARD_TYPE_LINE = re.compile(
    r"^(?:TOKEN )?(?:CREATURE|ARTIFACT|ACTION|UPGRADE|LOCATION|WEAPON|ITEM)S?$|^[A-ZÆ]+(?:\s*•\s*[A-ZÆ]+)+$"
)
#: per game, the word for the inline icon a PDF extraction loses most ("steal 1 Æ" -> "steal 1");
#: restored where the loss left a trace (a number ending a line, a double space between words)
LOST_ICON = {"keyforge": "Æmber"}
#: per game, icons a PDF extraction lost where the grammar alone says which one it was: KeyForge
#: deals damage and nothing else, so a number right after "deal" and before "to" lost the damage
#: icon ("deal 6 to a creature" -> "deal 6 damage to a creature")
LOST_BY_GRAMMAR = {"keyforge": ((re.compile(r"\b([Dd]eal(?:s|t|ing)?\s+(?:\d+|X))\s+(?=to\b)"), r"\1 damage "),)}

#: a double space between two lower-case words inside a line: an inline æmber symbol the
#: extraction lost ("has more  than you" -> "has more Æmber than you"); not before "bonus icon",
#: where the lost symbol is the icon itself and could be any kind ("three  bonus icons": Æmber,
#: capture, damage or draw), so the gap is only closed
LOST_SYMBOL = re.compile(r"([a-z]) {2,}(?!bonus icon)([a-z])")
ITEM = re.compile(
    r"^\s*(?:(?P<dash>[-–•*])\s*(?P<n1>\d{1,2})[.)]?\s+(?=\S)"  # "- 1 Place", "- 1. You gain"
    r"|(?P<n2>\d{1,2})[.)]\s+(?=\S)"  # "1. Place"
    r"|(?P<bullet>[-–•*»])\s+(?=\S))"  # "- text", "• text", "» text"
)
#: a paragraph label: a line starting with it after a sentence end starts a paragraph
LABEL = re.compile(r"^(?:Example|Examples|Note|Important)\s*\d*\s*:")
#: a line of only sentence-end punctuation between two halves of a sentence: the extraction
#: printed the full stop after a lost icon ("steals 2 Æ.") a line early; it goes to the end
STRAY_PUNCT = re.compile(r"^[.;]$")
#: one or two capitalised words between two halves of a sentence: a picture's label the
#: extraction wove into the paragraph ("... context to how / Generic / the counters function.")
PICTURE_LABEL = re.compile(r"^[A-Z+][\w’'+-]*(?: [A-Z][\w’'-]*)?$")
ENUM_ONLY = re.compile(r"^\s*(\d{1,2})[.)]\s*$")
TERMINAL = re.compile(r"[.!?:;][\"'”’)\]]*$")
_LETTERS = re.compile(r"[^\W\d_]")


@dataclass
class Block:
    kind: str  # "heading" | "para" | "item"
    text: str
    line: int  # 1-based source line of its first line
    group: int  # blank-line group it came from (same group = no blank between)
    gap: int = 1  # blank lines before its group (0 inside a group)
    page_break: bool = False  # a marker or a running footer stood right before it
    marker: str | None = None  # list marker: "1." or "-" or "»"
    lines: list[str] = field(default_factory=list)
    raws: list[str] = field(default_factory=list)  # the lines with their leading space kept

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass
class _Line:
    text: str  # stripped of markers, right-stripped, tabs expanded
    raw: str  # the same, left whitespace kept (a leading space is a lost-symbol hint)
    no: int
    page_break: bool


def is_heading_line(text: str) -> bool:
    """A capitalised line: "STEP 1: FORGE A KEY", "“FIGHT WITH”", "SPLASH-ATTACK (X)", "X"."""
    t = text.strip()
    if not t or len(t) > 90 or ITEM.match(t) or re.search(r"[,;]$", t):
        return False
    letters = _LETTERS.findall(t)
    if not letters:
        return False
    upper = sum(1 for c in letters if c.isupper())
    if len(letters) == 1:
        return t.strip("“”\"'()[]") == letters[0] and letters[0].isupper()
    return upper / len(letters) >= 0.8 and sum(c.isalpha() for c in t) >= 2


_NUMBER = re.compile(r"[-–]?\d+")


def numeric_row(text: str) -> bool:
    """A row of a table of numbers; the pattern compiled once, as every word of every line is
    matched against it."""
    toks = text.split()
    return len(toks) >= 3 and sum(bool(_NUMBER.fullmatch(t)) for t in toks) / len(toks) >= NUMERIC_ROW_SHARE


def read_lines(text: str, warnings: list[str], icon: str | None = None) -> list[_Line | None]:
    """Clean lines; ``None`` stands for a blank line. Chrome is dropped here."""
    out: list[_Line | None] = []
    pending_break = False
    dropped = 0
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.replace("\t", " ").replace("\u00a0", " ").replace("\x00", "").rstrip()
        marked = False
        for m in MARKERS:
            line, n = m.subn("", line)
            marked = marked or n > 0
        pending_break = pending_break or marked
        stripped = line.strip()
        if any(p.match(stripped) for p in SITE_CHROME_TAIL):
            dropped += len(text.split("\n")) - no + 1
            break
        if any(p.match(stripped) for p in SITE_CHROME):
            dropped += 1
            continue
        if any(p.match(stripped) for p in PAGE_CHROME):
            pending_break = True
            out.append(None)
            continue
        if not stripped:
            out.append(None)
            continue
        if numeric_row(stripped):
            continue
        if icon:
            stripped = LOST_SYMBOL.sub(rf"\1 {icon} \2", stripped)
        out.append(_Line(fix_ocr(re.sub(r" {2,}", " ", stripped)), fix_ocr(line), no, pending_break))
        pending_break = False
    if dropped:
        warnings.append(f"dropped {dropped} line(s) of web-page chrome")
    return out


def _groups(lines: list[_Line | None]) -> list[tuple[int, list[_Line]]]:
    """Blank-line-separated groups with the number of blank lines before each; a page-break
    marker inside a run of lines also starts a new group."""
    groups: list[tuple[int, list[_Line]]] = []
    cur: list[_Line] = []
    gap = 0
    for ln in lines:
        if ln is None:
            if cur:
                groups.append((gap, cur))
                cur, gap = [], 0
            gap += 1
            continue
        if ln.page_break and cur:
            groups.append((gap, cur))
            cur, gap = [], 0
        cur.append(ln)
    if cur:
        groups.append((gap, cur))
    return groups


def _zip_enumerations(groups):
    """A run of bare enumerators ("1.", "2.", ...) closing a group, followed by a group of as many
    lines: a list whose numbers and texts a two-column extraction separated. Zip them."""
    out = []
    i = 0
    while i < len(groups):
        gap, lines = groups[i]
        k = 0
        while k < len(lines) and ENUM_ONLY.match(lines[len(lines) - 1 - k].text):
            k += 1
        if k >= 2 and i + 1 < len(groups) and len(groups[i + 1][1]) == k:
            nums = [ENUM_ONLY.match(ln.text).group(1) for ln in lines[len(lines) - k :]]
            merged = [
                _Line(f"{n}. {ln.text}", f"{n}. {ln.raw.strip()}", ln.no, ln.page_break)
                for n, ln in zip(nums, groups[i + 1][1])
            ]
            out.append((gap, lines[: len(lines) - k] + merged))
            i += 2
            continue
        out.append((gap, lines))
        i += 1
    return out


def join_lines(lines: list[str], raws: list[str], icon: str | None = None) -> str:
    text = lines[0] if lines else ""
    for t, r in zip(lines[1:], raws[1:]):
        text = _join(text, t, r, icon)
    return text


def _join(a: str, b: str, b_raw: str, icon: str | None = None) -> str:
    """Join two wrapped lines, mending a hyphenated word and a lost icon ("gains 1" / ". Then")."""
    if icon and re.search(r"\d$", a) and (b_raw[:1] == " " and b[:1].islower() or b[:1] in ".,;)"):
        a = f"{a} {icon}"
    if a.endswith("-") and not a.endswith(" -") and b[:1].islower() and re.search(r"[a-z]-$", a):
        return a[:-1] + b
    if b[:1] in ".,;:)":
        return a + b
    return f"{a} {b}"


def _hard_break(line: str, nxt: str, width: int) -> bool:
    """Reflow test: a line ending a sentence is a paragraph's last line when the next line's
    first word would have fitted on it (the break was not made by wrapping). A question mark at
    a line end always ends the paragraph: it closes a FAQ question."""
    if not TERMINAL.search(line) or not nxt:
        return False
    first = nxt.split()[0]
    if not re.match(r"^[\"“‘(\[]*[A-Z0-9ÆÀ-Þ]", first):
        return False
    if line.endswith(":") and line.count("(") > line.count(")"):
        return False  # "... (Note:" goes on in the parenthesis
    return line.endswith("?") or LABEL.match(nxt) is not None or len(line) + 1 + len(first) <= 0.9 * width


def lex(text: str, warnings: list[str], icon: str | None = None) -> list[Block]:
    lines = read_lines(text, warnings, icon)
    groups = _zip_enumerations(_groups(lines))
    long_lines = sorted(len(ln.text) for _, g in groups if len(g) >= 3 for ln in g[:-1])
    doc_width = long_lines[int(len(long_lines) * 0.9)] if long_lines else 80
    blocks: list[Block] = []
    for gno, (gap, group) in enumerate(groups):
        width = max([len(ln.text) for ln in group[:-1]] + [doc_width if len(group) < 4 else 0])
        cur: Block | None = None
        first = True

        def start(kind, ln, text, marker=None):
            nonlocal cur, first
            cur = Block(kind, text, ln.no, gno, gap if first else 0, ln.page_break, marker, [ln.text], [ln.raw])
            blocks.append(cur)
            first = False

        prev: _Line | None = None
        deferred: list[str] = []  # stray sentence-end punctuation, for the paragraph's end

        def flush():
            if cur is not None and deferred:
                for p in deferred:
                    cur.text = _join(cur.text, p, p, icon)
                deferred.clear()

        for k, ln in enumerate(group):
            t = ln.text
            nxt = group[k + 1].text if k + 1 < len(group) else ""
            m = ITEM.match(t)
            if m and prev is not None and not TERMINAL.search(prev.text) and cur is not None and cur.kind == "para":
                m = None  # "(see Page\n7) says ..." is a wrapped line, not an item
            inside = (
                cur is not None
                and cur.kind == "para"
                and prev is not None
                and not ln.page_break
                and re.search(r"[a-z]$", prev.text) is not None
                and re.match(r"^[a-z]", nxt) is not None
            )
            if inside and STRAY_PUNCT.match(t):
                deferred.append(t.strip())
                continue
            if inside and PICTURE_LABEL.match(t) and not is_heading_line(t):
                label = Block("para", t, ln.no, gno, 0, False, None, [t], [ln.raw])
                label.picture_label = True
                blocks.append(label)
                continue
            if is_heading_line(t) and not m and not (prev is not None and prev.text.endswith(",")):
                if (
                    cur is not None
                    and cur.kind == "heading"
                    and prev is not None
                    and not ln.page_break
                    and not CARD_TYPE_LINE.match(t)
                    and not CARD_TYPE_LINE.match(prev.text)
                ):
                    cur.text += " " + t
                    cur.lines.append(t)
                    cur.raws.append(ln.raw)
                else:
                    flush()
                    start("heading", ln, t)
            elif m:
                flush()
                num = m.group("n1") or m.group("n2")
                marker = f"{num}." if num else ("»" if m.group("bullet") == "»" else "-")
                start("item", ln, t[m.end() :].strip(), marker)
            elif (
                cur is None
                or cur.kind == "heading"
                or ln.page_break
                or (
                    prev is not None
                    and _hard_break(prev.text, t, width)
                    and cur.kind != "item"
                    and cur.text.count("“") <= cur.text.count("”")
                )  # an open quotation goes on
                or (cur.kind == "item" and prev is not None and _hard_break(prev.text, t, width) and ln.raw[:1] != " ")
            ):
                flush()
                start("para", ln, t)
            else:
                cur.text = _join(cur.text, t, ln.raw, icon)
                cur.lines.append(t)
                cur.raws.append(ln.raw)
            prev = ln
        flush()
    return blocks


def restore_by_grammar(blocks: list[Block], game: str | None) -> None:
    """Put back the icons :data:`LOST_BY_GRAMMAR` knows of, in each block's text."""
    for pattern, repl in LOST_BY_GRAMMAR.get(game or "", ()):
        for b in blocks:
            b.text = pattern.sub(repl, b.text)


def render(blocks: list[Block]) -> str:
    """Body text: paragraphs separated by blank lines, consecutive list items one per line."""
    out: list[str] = []
    last = None
    for b in blocks:
        text = f"{b.marker} {b.text}" if b.kind == "item" else b.text
        if b.kind == "item" and last == "item":
            out[-1] += "\n" + text
        else:
            out.append(text)
        last = b.kind
    return "\n\n".join(out)
