"""Bytes to text for the Magic: The Gathering Comprehensive Rules, whatever year they come from.

Twenty years of the CR come as ASCII, 8-bit text from three different tools (Windows cp1252, Mac
Roman, DOS cp437), UTF-8 with a byte-order mark and UTF-16 (both byte orders) with one, with CRLF,
LF or bare CR line ends, sometimes mixed in one file. The shared :func:`ingest.detect.decode_text`
refuses everything but UTF-8 on purpose (for the other formats a stray encoding is a user mistake
worth a clear error), so the CR gets its own, more lenient reader here.

UTF-16 and UTF-8 are decided by their byte-order mark or by decoding cleanly. Only 8-bit text needs
a guess, and there we do not use ``charset-normalizer`` (3.5): on the 34 8-bit files of the
archive it picks cp1250, cp775 or cp852 for 28 and cp1252 for the six that are DOS cp437 (it weighs
byte statistics, not English typography, and these texts have few non-ASCII bytes), which turns
"Ma'rûf" into "Ma'rűf" and "Æther" into "Ćther". The candidates are instead the three encodings
English-language publishing tools produced, and each is scored by how plausible its non-ASCII
characters are where they stand: a curly apostrophe between letters ("don’t"), an opening quote
before a word, a dash between words, a Latin letter inside a word are English; a lowercase accented
letter where a quote belongs, a symbol inside a word, an uppercase letter after a lowercase one are
not. The encoding assumed is always named in a warning, with the number of bytes it decided and,
when another candidate scores about as well (one accented letter in a card name), that one too; the
parser then lowers the confidence of the entries holding those characters.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from .errors import IngestError

#: the 8-bit encodings tried, in the order that breaks ties (most common first)
CANDIDATES = ("cp1252", "mac_roman", "cp437")
#: a winner scoring less than this above the runner-up is a guess (one character's worth)
MARGIN = 2.0

_OPENING = set("“‘«„")
_CLOSING = set("”’»")
_DASHES = set("–—‒―")
_MARKS = set("®™©°•…†‡§¶")


@dataclass
class Decoded:
    text: str
    encoding: str
    warnings: list[str] = field(default_factory=list)
    #: the characters an 8-bit guess decided that another candidate read as plausibly (else empty)
    doubtful: set[str] = field(default_factory=set)


def decode_cr(data: bytes, name: str) -> Decoded:
    """Decode ``data`` and normalise its line ends to ``\\n``, saying which encoding was used and
    how sure that is (a UTF-16 file without its mark and any 8-bit guess are named in a warning)."""
    out = Decoded("", "utf-8")
    if data.startswith(b"\xef\xbb\xbf"):
        text = _strict(data[3:], "utf-8", name)
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        out.encoding = "utf-16"
        text = _strict(data, "utf-16", name)
    elif (enc := _bomless_utf16(data)) is not None:
        out.encoding = enc
        text = _strict(data, enc, name)
        out.warnings.append(f"{name}: UTF-16 text without a byte-order mark, read as {enc}")
    else:
        if b"\x00" in data[:4096]:
            raise IngestError(f"{name}: binary file, expected the Comprehensive Rules as text")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text, out.encoding, decided, runner_up = guess_8bit(data)
            if runner_up:
                out.doubtful = {c for c in text if not c.isascii()}
            doubt = f"; {runner_up} reads them as plausibly" if runner_up else ""
            out.warnings.append(
                f"{name}: not UTF-8; assumed 8-bit {out.encoding} ({decided} non-ASCII "
                f"bytes, judged by the characters around them{doubt})"
            )
    out.text = text.replace("\r\n", "\n").replace("\r", "\n")
    return out


def _strict(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise IngestError(
            f"{name}: not valid {encoding} (at byte {exc.start}), expected the Comprehensive Rules as text"
        ) from None


def _bomless_utf16(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when every other byte of the start is zero (ASCII text in UTF-16)."""
    head = data[:4000]
    if len(head) < 40:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


def guess_8bit(data: bytes) -> tuple[str, str, int, str | None]:
    """The text, the encoding assumed among :data:`CANDIDATES`, how many non-ASCII bytes decided
    it, and the runner-up when it scores within :data:`MARGIN` of the winner (a guess, not a
    finding: one or two accented letters in a card name can read as well in two encodings)."""
    scored = []
    for rank, enc in enumerate(CANDIDATES):
        text = data.decode(enc, errors="replace")
        scored.append((plausibility(text), -rank, enc, text))
    scored.sort(reverse=True)
    best, second = scored[0], scored[1]
    runner_up = second[2] if best[0] - second[0] < MARGIN else None
    return best[3], best[2], len(data.translate(None, bytes(range(128)))), runner_up


def plausibility(text: str) -> float:
    """Sum over the non-ASCII characters of ``text`` of how English each is where it stands."""
    score = 0.0
    for m in re.finditer(r"[^\x00-\x7f]", text):
        i = m.start()
        prev = text[i - 1] if i else " "
        nxt = text[i + 1] if i + 1 < len(text) else " "
        score += _char_score(m.group(), prev, nxt)
    return score


def _char_score(c: str, prev: str, nxt: str) -> float:
    in_word = prev.isalpha() and nxt.isalpha()
    if c in "’'" and in_word:
        return 2.0  # don’t, creature’s
    if c in _CLOSING:
        return 1.0 if not prev.isspace() and not nxt.isalnum() else -1.0
    if c in _OPENING:
        return 1.0 if (prev.isspace() or prev in "([") and not nxt.isspace() else -1.0
    if c in _DASHES:
        return 1.0
    if c in _MARKS:
        return 1.0 if not in_word else -1.0
    if c.isalpha():
        latin = "\u00c0" <= c <= "\u017f" and c not in "×÷"
        if not latin:
            return -1.0
        if c.isupper():
            return 1.0 if not prev.isalpha() and nxt.islower() else -1.0  # Æther, not DandÉn
        return 1.0 if prev.isalpha() or nxt.isalpha() else 0.0
    if unicodedata.category(c).startswith("Z"):  # no-break space
        return -1.0 if in_word else 0.0
    return -1.0  # box drawing, currency or maths inside English prose


def looks_like_cr(data: bytes) -> bool:
    """Whether the start of ``data`` is a Comprehensive Rules document: its title line and numbered
    rules (``100.1.``), in any of the encodings above."""
    head = data[:200000]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head[: len(head) // 2 * 2].decode("utf-16", errors="replace")
    elif (enc := _bomless_utf16(head)) is not None:
        text = head[: len(head) // 2 * 2].decode(enc, errors="replace")
    else:
        text = head.removeprefix(b"\xef\xbb\xbf").decode("latin-1")
    text = text.replace("\r", "\n")
    return bool(TITLE.search(text[:3000])) and len(re.findall(r"(?m)^\s?\d{3}\.\d+[a-z.]?\s", text)) >= 2


#: the title line, in every styling it had: "Magic: The Gathering Comprehensive Rules",
#: "_Magic: The Gathering_ Comprehensive Rules", "Magic: The Gathering(r) Comprehensive Rules" (a
#: trademark sign in any 8-bit encoding is one character before "Comprehensive")
TITLE = re.compile(
    r"(?im)^[\W_]*Magic:?[\W_]+The[\W_]+Gathering[\W_]*(?:\((?:r|tm)\)|\S)?[\W_]*Comprehensive[\W_]+Rules\b"
)

_QUOTES = (
    ("“", '"'),
    ("”", '"'),
    ("„", '"'),
    ("″", '"'),
    ("‘", "'"),
    ("’", "'"),
    ("‚", "'"),
    ("′", "'"),
    ("\u00a0", " "),
    ("\ufeff", ""),
)
#: "_Magic_" (the 2008-2014 files mark italics with underscores); "UTR_Intro" in a URL stays, and so
#: does a blank to fill in ("Wolf in ________ Clothing"). Written from the "_" (what stands before it
#: is looked at behind the "_"), so the search jumps from one "_" to the next: a hundred times
#: faster than the same test starting with a look-behind, which is tried at every character
_ITALIC_MARK = re.compile(r"_(?:(?<![_A-Za-z0-9]_)(?=[^\s_])|(?<=[^\s_]_)(?![_A-Za-z0-9]))")
#: "(r)", "(tm)" after a word (a list marker "(r)" would follow a space or start a line)
_MARK = re.compile(r"\((r|R|tm|TM|Tm)\)")
_COPYRIGHT = re.compile(r"\((?:c|C)\)(?=\s?\d{4})")


def normalize_typography(text: str) -> str:
    """One typography for every year: straight quotes, ``®``/``™``/``©`` for ``(r)``/``(tm)``/
    ``(c)1993``, no underscore italics, no no-break spaces, so texts of different years compare
    equal where only their typesetting differs. List markers such as "(c)" stay."""
    for fancy, plain in _QUOTES:  # str.replace: ten times faster than str.translate on 1 MB
        text = text.replace(fancy, plain)
    if "_" in text:
        text = _ITALIC_MARK.sub("", text)
    return _COPYRIGHT.sub("©", _marks(text))


def _marks(text: str) -> str:
    """``(r)``/``(tm)`` after a word as ``®``/``™``, with the space before it ("Magic (r)" ->
    "Magic®"). Found from their "(" (a pattern starting with an optional space stops at every space)."""
    out: list[str] = []
    done = 0
    for m in _MARK.finditer(text):
        start = m.start() - 1 if m.start() and text[m.start() - 1] == " " else m.start()
        if start == 0 or text[start - 1].isspace():
            continue
        out += (text[done:start], "®" if m.group(1) in "rR" else "™")
        done = m.end()
    return "".join(out) + text[done:] if out else text
