"""Icons written inline in rulebook text -> the words of the game's icon vocabulary.

Editions print the same icon in many ways: ``{A}`` in the 1.3 errata, ``<A>`` in the card data, an
icon image, or an emoji a web edition chose for it (``:trophy:``, 🏆). Keys, titles and the texts the
engine reads must not depend on that choice, so every parser turns inline icons into the icon's word
(``word`` in ``icons.toml``) before any key is made:

- a notation written right next to the name of the icon it stands for ("ÆMBER BONUS ICON :trophy:",
  "Damage (:face_with_head_bandage:)") is decoration and is dropped, so the key stays
  ``glossary/aember-bonus-icon``;
- anywhere else it becomes the icon's word: "Steal 1:trophy:" -> "Steal 1 Æmber";
- a shortcode or emoji nobody defined is dropped (never kept as literal ``:name:`` text) and
  reported, so the entry can say its text was guessed.

A document may define its own notations, and those win over the vocabulary: a heading or sentence
that names an icon and shows a notation next to it ("ÆMBER BONUS ICON :trophy:", "Capture (:lock:)")
says what the notation means in that document. :class:`DocumentIcons` learns those definitions in a
first pass over the whole document, then renders.

The vocabulary is data (``icons.toml``): one table per game, so another game or a new notation is a
line there, not code here. Parsers hand this module *segments*: plain text strings and
:class:`Notation` objects they recognised in their own markup (an inline image, an HTML tag); plain
text is searched here for shortcodes, emoji, letter notations and icon-font glyphs (:func:`split_text`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath

VOCABULARY_FILE = Path(__file__).with_name("icons.toml")

#: GitHub-style emoji shortcode: lowercase letters, digits, "_", "+", "-", with at least one letter
_SHORTCODE = r":(?=[a-z0-9_+\-]{0,40}[a-z])[a-z0-9_+\-]{1,40}:"
#: letter notations: "{A}", "{PT}" (angle-bracket ones arrive as HTML from Markdown parsers)
_LETTERS = r"\{[A-Z]{1,2}\}|<[A-Z]{1,2}>"
#: pictographic emoji (with an optional variation selector / skin tone), not arrows or bullets
_EMOJI = r"[\U0001F000-\U0001FAFF\u2600-\u27BF][\uFE0F\U0001F3FB-\U0001F3FF]?"
#: a character of an icon font (private use area), when the vocabulary does not name a longer run
_GLYPH = r"[\uE000-\uF8FF]"
#: words an image name or alt text adds around the icon's name ("amber-icon.png", "Æmber bonus")
_IMAGE_NOISE = {"icon", "icons", "bonus", "symbol", "img", "image"}


@dataclass(frozen=True)
class Icon:
    id: str
    word: str
    names: tuple[str, ...]

    @property
    def name_pattern(self) -> str:
        return "|".join(re.escape(n) for n in sorted(self.names, key=len, reverse=True))


@dataclass(frozen=True)
class Notation:
    """One inline icon as written. ``kind``: shortcode, emoji, letter, glyph or image; ``keys``:
    what it is looked up by (an image by its file name and by its alt text)."""

    kind: str
    raw: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Vocabulary:
    icons: dict[str, Icon]
    #: lookup key ("shortcode:trophy", "letter:{A}", "image:amber", "emoji:🏆") -> icon id
    index: dict[str, str]
    #: finds notations in plain text: shortcode | letters | emoji | glyph (known glyphs first)
    pattern: re.Pattern[str]


def _norm_image(text: str) -> str:
    stem = PurePosixPath(text.strip().split("?")[0]).name
    stem = re.sub(r"\.(png|jpe?g|gif|svg|webp)$", "", stem, flags=re.I)
    words = [w for w in re.split(r"[\W_]+", stem.lower()) if w and w not in _IMAGE_NOISE]
    return " ".join(words)


@lru_cache(maxsize=8)
def vocabulary(game: str, path: Path = VOCABULARY_FILE) -> Vocabulary:
    """The built-in icon vocabulary of ``game`` (empty for a game without one)."""
    data = tomllib.loads(path.read_text(encoding="utf-8")).get(game, {})
    icons, index, glyphs = {}, {}, []
    for icon_id, spec in data.items():
        icons[icon_id] = Icon(icon_id, spec["word"], tuple(spec.get("names", [spec["word"]])))
        for code in spec.get("shortcodes", []):
            index[f"shortcode:{code.strip(':').lower()}"] = icon_id
        for ch in spec.get("emoji", []):
            index[f"emoji:{ch.rstrip(chr(0xFE0F))}"] = icon_id
        for letters in spec.get("notations", []):
            index[f"letter:{letters}"] = icon_id
        for glyph in spec.get("glyphs", []):
            index[f"glyph:{glyph}"] = icon_id
            glyphs.append(glyph)
        for name in (*spec.get("images", []), *spec.get("names", [])):
            index[f"image:{_norm_image(name)}"] = icon_id
    known = "|".join(re.escape(g) for g in sorted(glyphs, key=len, reverse=True))
    glyph = f"(?:{known})|{_GLYPH}" if known else _GLYPH
    return Vocabulary(icons, index, re.compile(f"({_SHORTCODE})|({_LETTERS})|({_EMOJI})|({glyph})"))


def split_text(text: str, vocab: Vocabulary | None = None) -> list[str | Notation]:
    """Plain text -> text and the shortcodes, emoji, letter notations and icon-font glyphs in it."""
    out: list[str | Notation] = []
    pos = 0
    for m in (vocab or vocabulary("")).pattern.finditer(text):
        if m.start() > pos:
            out.append(text[pos : m.start()])
        raw = m.group(0)
        if m.group(1):
            out.append(Notation("shortcode", raw, (f"shortcode:{raw.strip(':')}",)))
        elif m.group(2):
            out.append(Notation("letter", raw, (f"letter:{raw}",)))
        elif m.group(3):
            out.append(Notation("emoji", raw, (f"emoji:{raw.rstrip(chr(0xFE0F))}",)))
        else:
            out.append(Notation("glyph", raw, (f"glyph:{raw}",)))
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return out


def image_notation(src: str, alt: str) -> Notation:
    """An inline image, looked up by its file name and by its alt text."""
    keys = tuple(dict.fromkeys(f"image:{k}" for k in (_norm_image(src), _norm_image(alt)) if k))
    return Notation("image", src, keys)


def html_notation(html: str) -> Notation | None:
    """An inline HTML tag that is really a letter notation (``<A>``), else ``None``."""
    return Notation("letter", html, (f"letter:{html}",)) if re.fullmatch(r"<[A-Z]{1,2}>", html) else None


#: how far back from a notation its name may start ("ÆMBER BONUS ICON (" and spaces)
_NAME_REACH = 200


def _names_before(icon: Icon, before: str, strict: bool) -> bool:
    """``before`` ends with the icon's name, optionally "bonus icon" and an opening parenthesis.
    ``strict`` (for learning a definition) also wants the word "icon" or the parenthesis."""
    # only the end of ``before`` can match: searching all of it for every icon of a long paragraph
    # would be quadratic (the look-behind still sees the character before the window)
    m = re.compile(rf"(?<!\w)(?:{icon.name_pattern})(\s+bonus)?(\s+icons?)?\s*[:=\-–—]?\s*(\()?\s*$", re.I).search(
        before, max(0, len(before) - _NAME_REACH)
    )
    return bool(m) and (not strict or bool(m.group(2) or m.group(3)))


def _names_after(icon: Icon, after: str, strict: bool) -> bool:
    """``after`` starts with the icon's name in parentheses, or with the name and "icon"."""
    m = re.match(rf"^\s*(\()?\s*(?:{icon.name_pattern})(?!\w)(\s+bonus)?(\s+icons?\b)?", after, re.I)
    return bool(m) and (not strict or bool(m.group(1) or m.group(3)))


@dataclass
class Rendered:
    text: str
    #: notations nobody defined, dropped from ``text`` (the text was guessed)
    unknown: list[Notation] = field(default_factory=list)


class DocumentIcons:
    """What the icons of one document mean: its own definitions first, then the vocabulary."""

    def __init__(self, game: str) -> None:
        self.vocab = vocabulary(game)
        #: lookup key -> icon id, learnt from this document
        self.defined: dict[str, str] = {}
        self.warnings: list[str] = []
        self._unknown_seen: dict[str, int] = {}

    def split(self, text: str) -> list[str | Notation]:
        return split_text(text, self.vocab)

    def icon(self, n: Notation) -> Icon | None:
        for key in n.keys:
            icon_id = self.defined.get(key) or self.vocab.index.get(key)
            if icon_id:
                return self.vocab.icons[icon_id]
        return None

    def learn(self, segments: list[str | Notation], where: str = "") -> None:
        """Record the definitions a heading or paragraph makes ("ÆMBER BONUS ICON :trophy:")."""
        for i, seg in enumerate(segments):
            if not isinstance(seg, Notation) or seg.kind == "image" and not seg.keys:
                continue
            before, after = _text_before(segments, i), _text_after(segments, i)
            for icon in self.vocab.icons.values():
                if _names_before(icon, before, strict=True) or _names_after(icon, after, strict=True):
                    self._define(seg, icon, where)
                    break

    def _define(self, n: Notation, icon: Icon, where: str) -> None:
        key = n.keys[0]
        known = self.defined.get(key)
        if known and known != icon.id:
            self.warnings.append(
                f"{where}{n.raw} is defined as both {self.vocab.icons[known].word} "
                f"and {icon.word} icon; kept {self.vocab.icons[known].word}"
            )
            return
        self.defined[key] = icon.id

    def render(self, segments: list[str | Notation], where: str = "") -> Rendered:
        """Plain text with every icon as its word, decoration and unknown notations dropped."""
        out = _Written()
        unknown: list[Notation] = []
        drop_paren = space_before_word = False
        for i, seg in enumerate(segments):
            if isinstance(seg, str):
                if drop_paren:
                    seg, drop_paren = re.sub(r"^\s*\)", "", seg, count=1), False
                if space_before_word and seg[:1].isalnum():
                    out.add(" ")
                out.add(seg)
                space_before_word = False
                continue
            icon = self.icon(seg)
            after = _text_after(segments, i)
            # the name right before may be a word this loop wrote for the previous icon ("2<A><A>")
            named = (not space_before_word and _names_before(icon, out.end(), False)) if icon else False
            if icon is not None and not (named or _names_after(icon, after, False)):
                if out.last().isalnum():
                    out.add(" ")
                out.add(icon.word)
                space_before_word = True  # "1:trophy:and" reads "1 Æmber and"
                continue
            if icon is None and seg.kind in ("shortcode", "emoji", "glyph"):
                unknown.append(seg)
                self._report(seg, where)
            elif icon is None and seg.kind == "letter" and not seg.raw.startswith("<"):
                out.add(seg.raw)  # "{X}" that no one defined is ordinary text
                continue
            # dropped: so is an opening parenthesis it would leave empty, and a space before punctuation
            if out.last(skip_space=True) == "(" and re.match(r"^\s*\)", after):
                out.rstrip()
                out.cut(1)
                out.rstrip()
                drop_paren = True
            elif re.match(r"^\s*(?:[,.;:!?)]|$)", after):
                out.rstrip()
        return Rendered(out.text(), unknown)

    def _report(self, n: Notation, where: str) -> None:
        count = self._unknown_seen.get(n.raw, 0)
        self._unknown_seen[n.raw] = count + 1
        if count == 0:
            self.warnings.append(
                f"{where}unknown icon {n.raw} dropped: neither the document nor "
                "the icon vocabulary says what it stands for"
            )


class _Written:
    """The text :meth:`DocumentIcons.render` writes, as pieces: it reads and trims only the end of
    it, so a paragraph of many icons costs time linear in its length (``str`` would be copied or
    searched whole for each icon)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        if text:
            self.parts.append(text)

    def end(self, size: int = _NAME_REACH + 1) -> str:
        """The last ``size`` characters (or all of them)."""
        taken, n = [], 0
        for part in reversed(self.parts):
            taken.append(part[n - size :] if len(part) > size - n else part)
            n += len(taken[-1])
            if n >= size:
                break
        return "".join(reversed(taken))

    def last(self, skip_space: bool = False) -> str:
        """The last character ("" if none), or the last one that is not white space."""
        for part in reversed(self.parts):
            text = part.rstrip() if skip_space else part
            if text:
                return text[-1]
        return ""

    def rstrip(self) -> None:
        while self.parts and not self.parts[-1].rstrip():
            self.parts.pop()
        if self.parts:
            self.parts[-1] = self.parts[-1].rstrip()

    def cut(self, n: int) -> None:
        """Drop the last ``n`` characters."""
        while n and self.parts:
            last = self.parts.pop()
            if len(last) > n:
                self.parts.append(last[:-n])
            n -= min(n, len(last))

    def text(self) -> str:
        return "".join(self.parts)


def _text_before(segments: list[str | Notation], i: int) -> str:
    """The text between the notation ``i`` and the one before it (by index: no copy of the list)."""
    j = i
    while j > 0 and isinstance(segments[j - 1], str):
        j -= 1
    return "".join(segments[j:i])


def _text_after(segments: list[str | Notation], i: int) -> str:
    """The text between the notation ``i`` and the one after it."""
    j = i + 1
    while j < len(segments) and isinstance(segments[j], str):
        j += 1
    return "".join(segments[i + 1 : j])
