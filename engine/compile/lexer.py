"""The card text as tokens the templates match: abilities (by trigger label), each a list of
normalised sentences.

A card's text is a few lines, one ability each ("Elusive.", "Play: Gain 1A.", "Each friendly
creature gets +1 power."), but some card data breaks a sentence across lines ("Deal 2D to a
creature,\\rwith 1D splash."): a line that does not end a sentence continues the one before.
Keywords and reminder text are the general rules' (:mod:`engine.rules.keywords`); they are dropped here.

Sentences are normalised so that one template matches every notation of the same words: lowercase,
straight quotes and apostrophes, one space; an amount with an Æmber or damage icon in any notation
("2<A>", "2{A}", "2A", "2\\uf360", "2 Æmber") becomes ``2 amber`` / ``2 damage``; the card's own
name becomes ``SELF`` (its possessive ``SELF's``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kb.cards import clean_text

from engine.rules.keywords import drop_reminders, parse as parse_keywords
from engine.compile.grammar import VOCAB

#: the labels of triggered abilities, as printed, and the Variant field each fills ("After Fight:"
#: is the 16.0 wording of "Fight:")
LABELS = {
    "play": "play",
    "fight": "fight",
    "reap": "reap",
    "after fight": "fight",
    "after reap": "reap",
    "before fight": "before_fight",
    "action": "action",
    "omni": "omni",
    "destroyed": "destroyed",
    "leaves play": "leaves_play",
    "scrap": "scrap",
    "fate": "fate",
}
#: labels the engine has no ability for (a card with one is refused by name)
OTHER_LABELS = ("before reap", "after discard")

_LABEL_WORD = r"(?:after |before )?[a-z]+(?: play)?"
_LABEL = re.compile(rf"^((?:{_LABEL_WORD})(?:\s*/\s*{_LABEL_WORD})*)\s*:\s*", re.I)
_LINES = re.compile(r"\n+")
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")
_ENDS_SENTENCE = re.compile(r"[.!?\"”)]\s*$")
#: an ability that ends "Choose one:" lists its options on the lines after it, one a line (with or
#: without a bullet; an option line may lack its full stop: "Stun an enemy creature")
_CHOOSE_ONE = re.compile(r"choose one:\s*$", re.I)
_BULLET = re.compile(r"^[•\u2022]\s*")

_AMBER = r"(?:<a>|\{a\}|\uf360|æmber|aember|amber|(?<=\d)a\b|(?<=\d) a\b|(?<=x)a\b)"
_DAMAGE = r"(?:<d>|\{d\}|\uf361|(?<=\d)d\b|(?<=x)d\b)"
_AMOUNT_AMBER = re.compile(rf"(\d+|\bx)\s*{_AMBER}")
_AMOUNT_DAMAGE = re.compile(rf"(\d+|\bx)\s*{_DAMAGE}")
_BARE_CAPITAL_A = re.compile(r"(?<=[a-z] )A\b(?! creature| friendly| enemy)")
_AMBER_WORD = re.compile(r"\b(?:æmber|aember)\b")
_BARE_AMBER = re.compile(r"<a>|\{a\}|\uf360")
_BARE_DAMAGE = re.compile(r"<d>|\{d\}|\uf361")
#: words a printing misprints, read as the card's other printings print them: "At the end your
#: turn" (Malifi Dragon, AS; "At the end of your turn" in CC), "It it is a Logos or Untamed card"
#: (Ambassador Liu, MoMu; "If it is" in MM)
_MISPRINTS = (
    (re.compile(r"\bat the end your turn\b"), "at the end of your turn"),
    (re.compile(r"\bit it is\b"), "if it is"),
)
#: bonus icons named in a sentence ("when you resolve a <icon> bonus icon"): the icon font's glyphs,
#: or the letters of the card data ("a PT bonus icon": Mass Mutation's; "A", "D" are the amounts'),
#: as words (engine.rules.bonus_icons)
_ICON_GLYPHS = (("\uf36f\uf560", "capture"), ("\uf36e", "draw"), ("\uf372", "discard"))
_ICON_LETTERS = re.compile(r"\b(PT|R|D|A)(?= bonus icon)")
_ICON_LETTER_WORDS = {"PT": "capture", "R": "draw", "D": "damage", "A": "amber"}
#: the tide icon a line of Dark Tidings starts with: a mark, not words (16.0 "Tide": "Card abilities
#: that refer to the tide are indicated by this icon"); the ability is read without it
_TIDE_ICON = re.compile(r"^\uf566\s*")


@dataclass(frozen=True)
class Ability:
    """One ability of the text: ``triggers`` (Variant fields) for a triggered ability, empty for a
    constant ability or a reaction; ``label`` as printed ("play/fight/reap"); its sentences."""

    triggers: tuple[str, ...]
    label: str
    sentences: tuple[str, ...]
    #: the line as printed (keywords and reminders removed), for messages
    line: str
    #: the options of a triggered ability that ends "choose one:" (its last sentence), each the
    #: sentences of one option line
    options: tuple[tuple[str, ...], ...] = ()


class LexError(ValueError):
    """The text has a part the tokenizer cannot read (an unknown trigger label)."""


def normalise(sentence: str, name: str = "") -> str:
    s = sentence.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = s.replace("‑", "-").replace("–", "-").replace("−", "-")
    s = _SPACES.sub(" ", s).strip()
    if name:
        # a name printed with quotes (Shae "Cloudkicker"): as the text prints it, or without them
        quoted = name.replace("“", '"').replace("”", '"').replace("’", "'")
        plain = quoted.replace('"', "")
        for form in dict.fromkeys(f for f in (quoted, plain) if f):
            s = re.sub(re.escape(form), "SELF", s, flags=re.I)
    s = _ICON_LETTERS.sub(lambda m: _ICON_LETTER_WORDS[m.group(1)], s)
    for glyph, word in _ICON_GLYPHS:
        s = s.replace(glyph, word)
    s = _BARE_CAPITAL_A.sub("amber", s)  # "more A than you": the icon as a capital letter
    low = _lower_but_self(s)
    low = _AMOUNT_AMBER.sub(lambda m: f"{m.group(1)} amber", low)
    low = _AMOUNT_DAMAGE.sub(lambda m: f"{m.group(1)} damage", low)
    low = _BARE_AMBER.sub("amber", low)
    low = _BARE_DAMAGE.sub("damage", low)
    low = _AMBER_WORD.sub("amber", low)
    for misprint, printed in _MISPRINTS:
        low = misprint.sub(printed, low)
    return low.strip()


def _lower_but_self(s: str) -> str:
    parts = s.split("SELF")
    return "SELF".join(p.lower() for p in parts)


def sentences(text: str) -> list[str]:
    """Split at full stops outside quotes ("gains, "Reap: Gain 1A."" is one sentence)."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch in ".!" and not quoted and (i + 1 == len(text) or text[i + 1] in ' "'):
            if ch == "." and _abbreviation(text, i):
                continue
            end = i + 1
            if end < len(text) and text[end] == '"':
                continue
            out.append(text[start:end].strip())
            start = end
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return [s for s in out if s.strip(" .")]


def _abbreviation(text: str, i: int) -> bool:
    """Is the full stop at ``i`` that of a title's abbreviation ("com. officer kirby")?"""
    word = text[:i].rsplit(" ", 1)[-1].lstrip('"').lower()
    return word in VOCAB["abbreviations"] and i + 1 < len(text)


def _lines(text: str) -> list[str]:
    """The lines of the text, a line that does not end a sentence joined to the next."""
    merged: list[str] = []
    options = False  # after a line ending "choose one:", each line is an option of its own
    for line in _LINES.split(clean_text(text) or ""):
        line = line.strip()
        if not line:
            continue
        if merged and not options and not _ENDS_SENTENCE.search(merged[-1]) and not _CHOOSE_ONE.search(merged[-1]):
            merged[-1] = f"{merged[-1]} {line}"
        else:
            merged.append(line)
        options = options or bool(_CHOOSE_ONE.search(line))
    return merged


@lru_cache(maxsize=8192)
def tokenize(text: str, name: str = "") -> tuple[Ability, ...]:
    """The abilities of a card text, keywords and reminders left out."""
    out = []
    for line in _lines(text):
        rest = parse_keywords(drop_reminders(line))[1]
        rest = _TIDE_ICON.sub("", _SPACES.sub(" ", rest).strip())
        if not rest.strip(" ."):
            continue
        m = _LABEL.match(rest)
        triggers: tuple[str, ...] = ()
        label = ""
        if m:
            words = [w.strip().lower() for w in m.group(1).split("/")]
            if all(w in LABELS or w in OTHER_LABELS for w in words):
                label = "/".join(words)
                unknown = [w for w in words if w in OTHER_LABELS]
                if unknown:
                    raise LexError(f'"{unknown[0].title()}:" abilities are not in the engine')
                triggers = tuple(dict.fromkeys(LABELS[w] for w in words))
                rest = rest[m.end() :]
        norm = normalise(rest, name)
        if not triggers and out and out[-1].triggers and (out[-1].options or _CHOOSE_ONE.search(out[-1].sentences[-1])):
            last = out.pop()  # an option of the "choose one:" that ends the ability before it
            option = tuple(sentences(_BULLET.sub("", norm)))
            out.append(
                Ability(last.triggers, last.label, last.sentences, f"{last.line} {rest}", last.options + (option,))
            )
            continue
        if not triggers and out and out[-1].triggers and norm.startswith(VOCAB["continues"]):
            last = out.pop()  # a line of the ability before it, broken by the card data
            out.append(
                Ability(last.triggers, last.label, last.sentences + tuple(sentences(norm)), f"{last.line} {rest}")
            )
            continue
        out.append(Ability(triggers, label, tuple(sentences(norm)), rest))
    return tuple(out)
