"""Noise rules of the plain-text ingester: which blocks are not rulebook text.

Printed rulebooks extracted to text carry the debris of their pictures: card stats and types,
traits, artist credits, set and deck names, collector numbers, flavour text, picture captions,
component lists. Each rule below is data (a pattern list or a threshold) applied to whole
:class:`~ingest.text_lex.Block` objects, never to words inside a paragraph, so a rule sentence
that merely contains a number or a card name is never touched.

:func:`drop_generic` runs before the sections are known (patterns that are noise anywhere);
:func:`drop_pictures` runs per section (captions and card texts only look like noise inside the
rules and the glossary; in the FAQ a short title line is a category, in the errata a card text
is the corrected text); :func:`drop_restated_captions` runs once the column recovery has put each
paragraph under its heading (a caption is told by the rule it restates under another heading).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from textnorm import plain
from .sections import section_of
from .text_lex import CARD_TYPE_LINE, TERMINAL, Block
from .text_similar import STOPWORDS, words

#: blocks that are noise wherever they stand
NOISE_BLOCKS = [
    re.compile(r"^[\d\s/.,~\-–]*$"),  # stats, page numbers, "11 12 13", "~", "."
    re.compile(r"^\d+ of \d+$"),  # "1 of 2" (a gigantic card's halves)
    re.compile(r"^[a-z]$"),  # a stray icon letter ("t", "p")
    re.compile(r"^©\s*\d{4}\b.{0,40}$"),  # "©2022 Ghost Galaxy"
    re.compile(r"^[A-Z0-9]{5}(?:-[A-Z0-9]{5}){2,}$"),  # a deck registration code
    re.compile(r"^(?:\S+ ){0,3}\S+\s+\d{3}$"),  # an artist credit with a card number
    re.compile(r"^\d{3}\s+\S.{0,40}$"),  # a deck-list line: "006 Champion’s Challenge"
]
#: set and deck names that caption card pictures and set-icon tables
SET_NAMES = [
    "call of the archons",
    "age of ascension",
    "worlds collide",
    "mass mutation",
    "dark tidings",
    "winds of exchange",
    "grim reminders",
    "aember skies",
    "æmber skies",
    "tokens of change",
    "menagerie",
    "vault masters",
    "crucible clash",
    "martian civil war",
    "unchained",
    "enhanced",
]
#: the start of a card's printed text (ability, keyword with reminder text): a card picture in
#: the rules or glossary, never a rule sentence (those say "a card with ... reads “Play: ...”")
CARD_TEXT = [
    re.compile(r"^\(Play only\b"),
    re.compile(
        r"^(?:Play|Action|Omni|Reap|Fight|Destroyed|Before Fight|After (?:Fight|Reap)"
        r"|Fight/Reap|Play/[\w/ ]+|After Fight/Reap)\s*:\s",
        re.I,
    ),
    re.compile(r"^(?:Skirmish|Taunt|Deploy|Poison|Elusive|Enhance|Assault \d|Hazardous \d)\s*\.\s*\("),
    re.compile(r"^This creature gains \w+\. \("),
]
#: flavour text: a short quotation standing alone (optionally attributed)
FLAVOR = re.compile(r"^[“”\"][^“”\"]{3,200}[”\"](?:\s*[–—-]\s*\S.{0,40})?$")
#: a picture caption: at most this many words and no closing punctuation
CAPTION_WORDS = 6
#: in one-paragraph-per-line text, an unpunctuated line this short that is not a heading's
#: first paragraph is a caption too ("If a creature leaves play, the battleline is shifted inward")
CAPTION_WORDS_LONG = 12
#: ... and a one-sentence line this short that follows a picture gap (several blank lines)
CAPTION_AFTER_GAP_WORDS = 16
PICTURE_GAP = 3
#: a short block repeated this many times is picture debris (deck name, artist, card text)
REPEATS = 3
#: sections whose text quotes cards: card texts there are content ("Should read: Play: ...")
QUOTING_SECTIONS = ("errata", "faq")
#: cross-references are legitimately repeated ("See “Bonus Icons” on page 11.")
CROSS_REF = re.compile(r"\bsee\b.*\bpage\s+\d+", re.I)


_NON_WORD = re.compile(r"[^\w]+")


@lru_cache(maxsize=16384)
def _norm(text: str) -> str:
    """The words of a block, for spotting repeats and set names: cached, as :func:`drop_generic`
    asks it of every paragraph twice and of every short block and line again."""
    return _NON_WORD.sub(" ", plain(text)).strip()


def is_noise_text(text: str) -> bool:
    t = text.strip()
    if any(p.match(t) for p in NOISE_BLOCKS):
        return True
    return _norm(t) in SET_NAMES


def drop_generic(blocks: list[Block], stats: Counter) -> list[Block]:
    """Patterns, repetitions, card texts (outside the errata and FAQ) and card-type headings
    standing alone: noise before the sections are even known."""
    counts = Counter(_norm(b.text) for b in blocks if b.kind == "para")
    out: list[Block] = []
    quoting = False
    card_group = None  # the paragraph group of a card text just dropped: the card's text
    for b in blocks:
        if b.kind == "para" and b.group == card_group:
            stats["card texts"] += 1
            continue
        card_group = None
        if getattr(b, "picture_label", False):
            stats["picture fragments"] += 1
            continue
        if b.kind == "heading" or b.words <= 5:
            kind = section_of(b.text)
            quoting = kind in QUOTING_SECTIONS if kind else quoting
        if b.kind != "item" and (is_noise_text(b.text) or len(b.lines) > 1 and all(map(is_noise_text, b.lines))):
            stats["picture fragments"] += 1
            continue
        if b.kind == "para" and not quoting and is_card_text(b):
            stats["card texts"] += 1
            card_group = b.group
            continue
        n = counts.get(_norm(b.text), 0) if b.kind == "para" else 0
        if n >= REPEATS and b.words <= 25 and not CROSS_REF.search(b.text):
            stats["repeated picture text"] += 1
            continue
        out.append(b)
    # a card type or trait line is a heading only when a paragraph follows it
    result = []
    for i, b in enumerate(out):
        nxt = out[i + 1] if i + 1 < len(out) else None
        if (
            b.kind == "heading"
            and CARD_TYPE_LINE.match(b.text)
            and (nxt is None or nxt.kind != "para" or nxt.group != b.group and len(b.text) < 4)
        ):
            stats["picture fragments"] += 1
            continue
        result.append(b)
    _mark_noise_after(blocks, result)
    return result


def _mark_noise_after(raw: list[Block], kept: list[Block]) -> None:
    """Flag headings whose next block was picture debris (a trait or type printed on a card)."""
    keep = {id(b) for b in kept}
    for i, b in enumerate(raw[:-1]):
        if b.kind == "heading":
            b.noise_after = id(raw[i + 1]) not in keep


def is_caption(b: Block, prev: Block | None, paragraph_mode: bool) -> bool:
    """A picture caption in the rules or glossary."""
    if b.kind != "para":
        return False
    text = b.text.strip()
    first_after_heading = prev is not None and prev.kind == "heading"
    last_word = re.sub(r"[^\w]", "", text.split()[-1].lower()) if text.split() else ""
    if last_word in STOPWORDS:
        return False  # "... slid slightly forward to indicate their": a broken paragraph
    if not TERMINAL.search(text) and not text.endswith("?"):
        if b.words <= CAPTION_WORDS:
            return True
        if paragraph_mode and b.words <= CAPTION_WORDS_LONG and not first_after_heading:
            return True
    if (
        paragraph_mode
        and b.gap >= PICTURE_GAP
        and b.words <= CAPTION_AFTER_GAP_WORDS
        and len(re.findall(r"[.!?](?:\s|$)", text)) <= 1
        and not first_after_heading
    ):
        return True
    return False


def is_card_text(b: Block, flavor: bool = False) -> bool:
    text = b.text.strip()
    return any(p.match(text) for p in CARD_TEXT) or (flavor and bool(FLAVOR.match(text)) and b.words <= 40)


def drop_pictures(blocks: list[Block], paragraph_mode: bool, stats: Counter, keep=lambda b: False) -> list[Block]:
    """Captions, card texts and flavour quotes inside rules/glossary sections. ``keep`` protects
    blocks another rule has claimed (a glossary sub-heading looks like a caption)."""
    out: list[Block] = []
    for b in blocks:
        prev = out[-1] if out else None
        if keep(b):
            out.append(b)
        elif b.kind == "para" and is_card_text(b, flavor=True):
            stats["card texts"] += 1
        elif is_caption(b, prev, paragraph_mode):
            stats["captions"] += 1
        else:
            out.append(b)
    return out


def drop_picture_headings(blocks: list[Block], stats: Counter) -> list[Block]:
    """A card type or trait line ("CREATURE", "HUMAN • KNIGHT", "ITEM") left as a heading by a
    card picture: it heads a rule ("ACTION") only when the paragraph under it names it. A lone
    word next to picture debris ("RARITY") is a heading too when a paragraph near it (the
    column extraction may have put its text before it) opens by naming it."""
    out = []
    for i, b in enumerate(blocks):
        single = len(b.text.split()) == 1 and getattr(b, "noise_after", False)
        if b.kind == "heading" and (CARD_TYPE_LINE.match(b.text) or single):
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            word = re.sub(r"S$", "", b.text.split()[-1]).lower()
            named_next = nxt is not None and nxt.kind == "para" and word in nxt.text.lower()
            if not CARD_TYPE_LINE.match(b.text) and _defined_near(blocks, i, word):
                named_next = True
            if "•" in b.text or not named_next:
                stats["picture fragments"] += 1
                continue
        out.append(b)
    return out


#: how many blocks either side of a lone heading may hold the paragraph that defines it
DEFINED_NEAR = 4
#: ... naming it among its first words
DEFINED_WITHIN_WORDS = 6


def _defined_near(blocks: list[Block], i: int, word: str) -> bool:
    near = blocks[max(0, i - DEFINED_NEAR) : i] + blocks[i + 1 : i + 1 + DEFINED_NEAR]
    return any(
        b.kind == "para"
        and b.words >= 8
        and word in [re.sub(r"[^\w]", "", w.lower()) for w in b.text.split()[:DEFINED_WITHIN_WORDS]]
        for b in near
    )


#: a restated caption holds at least this many content words (fewer say too little to compare)
RESTATED_MIN_WORDS = 4
#: a labelled line ("Æmber: Gain 1 Æmber ...", "Chains 7-12: ..."): an item of a list or table
LABELLED = re.compile(r"^[^.:]{1,30}:\s")


def drop_restated_captions(units, stats: Counter) -> None:
    """A short one-sentence paragraph whose every content word stands in one longer paragraph of
    another heading's text restates that rule beside a picture: its caption, printed where the
    picture stood ("If a creature leaves play, the battleline is shifted inward." under USING
    CREATURES, beside CREATURES' "Each time a creature leaves play, shift the battleline inward to
    close the gap."). Read after the column recovery has put each paragraph under its heading."""

    def content(text: str) -> frozenset[str]:
        return frozenset(w for w in words(text) if w not in STOPWORDS and not w.isdigit() and len(w) > 1)

    paragraphs = [(u, b, content(b.text)) for u in units for b in u.blocks if b.kind == "para"]
    for u, b, said in paragraphs:
        if (
            len(said) < RESTATED_MIN_WORDS
            or b.words > CAPTION_AFTER_GAP_WORDS
            or len(re.findall(r"[.!?](?:\s|$)", b.text.strip())) > 1
            or len(u.blocks) < 2  # a heading's only text is its text, whatever it repeats
            or LABELLED.match(b.text)  # "Chains 1-6: draw one fewer card.": a row of a table or list
        ):
            continue
        if any(v is not u and c.words > b.words and said <= held for v, c, held in paragraphs):
            u.blocks.remove(b)
            stats["restated captions"] += 1
