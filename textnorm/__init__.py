"""Small text helpers shared by the ingesters, the store and the engine: OCR repairs,
whitespace, slugs, set codes.

They are pure functions over strings so that each parser applies the same repairs and two
editions of one rule compare equal when only typography differs. They live in a package of their
own, below everything else, because the engine compares answers and card names the same way the
ingesters wrote them, and the engine must not import an ingester to do so.
"""

from __future__ import annotations

import re
import unicodedata

# Known OCR and extraction slips, as (pattern, replacement). Word-bounded so real words survive.
OCR_FIXES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\\not\s*Ember"), "Æmber"),
    (re.compile(r"\\not\s*ember"), "æmber"),
    (re.compile(r"\bvour\b"), "your"),
    (re.compile(r"\bVour\b"), "Your"),
    (re.compile(r"Æember"), "Æmber"),
]

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "‚": "'", "′": "'"})
_SET_CODE = r"(?:CotA|COTA|CoTA|AoA|AOA|WC|MM|DT|WoE|GR|AS|PV|ToC|CC|MoMu|VM25|MG24|MG2024)"
#: a parenthesised set code and collector number, e.g. "(CoTA 267)", "(AoA 276)"
SET_REF = re.compile(r"\(\s*(" + _SET_CODE + r")\s+(\d{1,3})\s*\)", re.IGNORECASE)


def fix_ocr(text: str) -> str:
    for pattern, repl in OCR_FIXES:
        text = pattern.sub(repl, text)
    return text


def squash_spaces(text: str) -> str:
    """Collapse runs of spaces and tabs (not newlines) and strip each line's ends."""
    lines = [re.sub(r"[ \t\u00a0]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(lines).strip()


def plain(text: str) -> str:
    """Typography-free form for comparisons: straight quotes, folded case, single spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).replace("—", "-").replace("–", "-")
    return re.sub(r"\s+", " ", text).strip().lower()


def strip_set_codes(text: str) -> str:
    """Remove collector references so "(CoTA 267)" and " 267" styles compare equal."""
    text = SET_REF.sub("", text)
    return re.sub(r"\s+", " ", text).strip()


def slugify(text: str, max_len: int = 96) -> str:
    """ASCII slug used in entry keys: "SPLASH-ATTACK (X)" -> "splash-attack-x", "Æmber" -> "aember"."""
    text = text.replace("Æ", "Ae").replace("æ", "ae")
    text = re.sub(r"[’'‘`]", "", text)  # "Wormhole's" and "Wormhole’s" give the same slug
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-zA-Z0-9]+", "-", text.lower()).strip("-")
    if len(text) > max_len:
        text = text[:max_len].rsplit("-", 1)[0]
    return text or "untitled"
