"""Resolving card mentions to cards and linking entries to them (``entry_cards``).

:func:`kb.mentions.find_mentions` finds the numbered forms; :func:`resolve` tries every tail of a
mention's name and keeps the best match, rejecting numbers that merely follow a capitalised word
("Page 8", "Assault 2"). :class:`CardIndex` also finds bare names in prose ("play the card Mimicry")
with a dictionary of first words (no fuzzy matching in prose) and, in ``link_entries``, numbers
preceded by lowercase words ("The Chosen one 332").
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from itertools import islice

from rapidfuzz import fuzz, process

from .mentions import (
    NOT_CARD_NAMES,
    SET_ALIASES,
    SET_ORDER,
    _HEAD,
    _TOKEN,
    _overlaps,
    find_mentions,
    name_tokens,
    normalize_name,
    pad_number,
)

#: Minimum rapidfuzz score of a number+name match, for a name run of capitalised words ...
MIN_SCORE = 80.0
#: ... and for a number preceded only by ordinary words ("The Chosen one 332")
MIN_SCORE_LOOSE = 90.0
#: Minimum score for the name check of a set+number match before falling back.
MIN_SCORE_SET_NUMBER = 50.0
#: Cut-off of the fuzzy name-only stage.
MIN_SCORE_FUZZY_NAME = 90.0

#: Entry kinds whose bare names are not card mentions: stories and credits name characters
#: ("Dodger", "Fear") that are also cards. Numbered mentions are still linked.
PROSE_ONLY_KINDS: frozenset[str] = frozenset({"fiction"})

_METHOD_RANK = {"set+number": 0, "number+name": 1, "name": 2}
_STANDARD_RARITIES = frozenset({"Common", "Uncommon", "Rare"})


@dataclass(frozen=True)
class CardRef:
    id: int
    set_code: str
    number: str
    name: str
    key: str
    rank: tuple


@dataclass(frozen=True)
class Match:
    card_id: int
    method: str  # "set+number" | "number+name" | "name"
    score: float  # rapidfuzz similarity (0..100) of the written name and the card's name
    name: str = ""  # the card's name
    set_code: str = ""
    number: str = ""
    #: how many leading words of the written name were not part of the card name
    skipped_tokens: int = 0


@dataclass
class _NamePattern:
    tokens: tuple[str, ...]  # case-sensitive tokens of the English name
    gaps: tuple[str, ...]  # normalized separators between the tokens
    words: int  # whitespace-separated words of the name
    card: CardRef


@dataclass
class CardIndex:
    """Cards held in memory for one build: lookups by set+number, number, name and localized name."""

    cards: dict[int, CardRef] = field(default_factory=dict)
    by_set_number: dict[tuple[str, str], CardRef] = field(default_factory=dict)
    by_number: dict[str, list[CardRef]] = field(default_factory=dict)
    by_name: dict[str, list[CardRef]] = field(default_factory=dict)
    by_local_name: dict[str, list[CardRef]] = field(default_factory=dict)
    #: case-sensitive first token of an English name -> name patterns, longest first
    first_token: dict[str, list[_NamePattern]] = field(default_factory=dict)
    set_codes: dict[str, str] = field(default_factory=dict)
    _name_keys: list[str] = field(default_factory=list, repr=False)
    _fuzzy_cache: dict[str, tuple[str, float] | None] = field(default_factory=dict, repr=False)

    @classmethod
    def from_db(cls, conn: sqlite3.Connection) -> CardIndex:
        index = cls()
        order = {code: i for i, code in enumerate(SET_ORDER)}
        keys: dict[str, str] = {}  # normalized localized names, computed once per distinct name
        rows = conn.execute("SELECT id, set_code, number, name, rarity, localized_names FROM cards").fetchall()
        for cid, set_code, number, name, rarity, localized in rows:
            num = pad_number(number)
            rank = (
                order.get(set_code, len(order)),
                set_code,
                rarity not in _STANDARD_RARITIES,
                int(num) if num.isdigit() else 10_000,
                num,
                cid,
            )
            ref = CardRef(cid, set_code, number, name, normalize_name(name), rank)
            index.cards[cid] = ref
            index.by_set_number[(set_code, num)] = ref
            index.by_number.setdefault(num, []).append(ref)
            index.by_name.setdefault(ref.key, []).append(ref)
            index.set_codes[set_code.lower()] = set_code
            try:
                names = json.loads(localized or "{}")
            except ValueError:
                names = {}
            for loc in set(names.values()) - {name}:
                key = keys.get(loc)
                if key is None:
                    key = keys[loc] = normalize_name(loc)
                if key and key != ref.key:
                    index.by_local_name.setdefault(key, []).append(ref)
        for table in (index.by_number, index.by_name, index.by_local_name):
            for refs in table.values():
                refs.sort(key=lambda r: r.rank)
        for alias, code in SET_ALIASES.items():
            index.set_codes.setdefault(alias, code)
        index._name_keys = list(index.by_name)
        for key, refs in index.by_name.items():
            best = refs[0]
            if key in NOT_CARD_NAMES or not key:
                continue
            toks = [(t.group(), t.start(), t.end()) for t in _TOKEN.finditer(best.name)]
            if not toks:
                continue
            pattern = _NamePattern(
                tokens=tuple(t for t, _, _ in toks),
                gaps=tuple(_gap(best.name[a[2] : b[1]]) for a, b in zip(toks, toks[1:])),
                words=len(best.name.split()),
                card=best,
            )
            if pattern.words == 1 and not pattern.tokens[0][:1].isupper():
                continue
            index.first_token.setdefault(pattern.tokens[0], []).append(pattern)
        for patterns in index.first_token.values():
            patterns.sort(key=lambda p: -len(p.tokens))
        return index

    def canonical_set(self, code: str | None) -> str | None:
        if not code:
            return None
        return self.set_codes.get(code.strip().lower(), code.strip())

    def find_names(self, text: str, skip: list[tuple[int, int]] | None = None) -> list[tuple[int, int, CardRef]]:
        """Bare card names in prose: ``(start, end, card)``.

        Case-sensitive and word-bounded. Names of two or more words match anywhere; one-word names
        only when not at the start of a sentence or line block (a capital there proves nothing) and
        not next to another capitalised word ("Mother Mahospot" is not the card Mother).
        Names in :data:`NOT_CARD_NAMES` never match. ``skip``: spans already accounted for.
        """
        skip = skip or []
        out: list[tuple[int, int, CardRef]] = []
        done = 0
        for head in _HEAD.finditer(text):
            start = head.start()
            patterns = self.first_token.get(head.group())
            if not patterns or start < done:
                continue
            toks = [
                (t.group(), t.start(), t.end()) for t in islice(_TOKEN.finditer(text, start), len(patterns[0].tokens))
            ]
            for p in patterns:
                k = len(p.tokens)
                if k > len(toks):
                    continue
                if any(toks[j][0] != p.tokens[j] for j in range(1, k)):
                    continue
                if any(_gap(text[toks[j][2] : toks[j + 1][1]]) != p.gaps[j] for j in range(k - 1)):
                    continue
                end = toks[k - 1][2]
                if p.words == 1 and (_sentence_start(text, start) or _next_to_capital(text, start, end)):
                    continue
                if not _overlaps(skip, start, end):
                    out.append((start, end, p.card))
                done = end
                break
        return out

    def fuzzy_name(self, key: str) -> tuple[str, float] | None:
        """The English name key closest to ``key`` (rapidfuzz ratio >= cut-off), cached."""
        if key not in self._fuzzy_cache:
            best = process.extractOne(key, self._name_keys, scorer=fuzz.ratio, score_cutoff=MIN_SCORE_FUZZY_NAME)
            self._fuzzy_cache[key] = (best[0], float(best[1])) if best else None
        return self._fuzzy_cache[key]


def _gap(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'")
    text = re.sub(r"[“”\"]", "", text)
    return re.sub(r"[\s\-‐‑–]+", " ", text).strip()


_CAP_AFTER = re.compile(r"[ \t](?!I\b)[A-ZÀ-ÖØ-ÞÆŒ]")
_PREV_WORD = re.compile(r"(?<![\w’'\-])([\w’'\-]+)[ \t]\Z")


def _next_to_capital(text: str, start: int, end: int) -> bool:
    """A one-word name right next to another capitalised word on its line is part of a longer
    proper name ("Mother Mahospot", "Cadet Byron"), unless that word is "I" or merely capitalised
    because it starts a sentence ("If Jargogle was destroyed")."""
    if _CAP_AFTER.match(text, end):
        return True
    prev = _PREV_WORD.search(text, max(0, start - 60), start)
    return bool(
        prev and prev.group(1)[:1].isupper() and prev.group(1) != "I" and not _sentence_start(text, prev.start(1))
    )


def _sentence_start(text: str, pos: int) -> bool:
    j = pos - 1
    newlines = 0
    while j >= 0 and (text[j].isspace() or text[j] in "“\"‘'*_([#>"):
        if text[j] == "\n":
            newlines += 1
        j -= 1
    if j < 0 or newlines >= 2:
        return True
    return text[j] in ".!?:;•-–—"


def _variants(name: str) -> list[tuple[str, int, int]]:
    """``(key, tokens, skipped leading tokens)`` for every tail of the written name, with a
    possessive ("Giant’s" -> "giant") or plural ("Dreckers" -> "drecker") removed too."""
    toks = name_tokens(name)
    out: dict[str, tuple[str, int, int]] = {}
    for i in range(len(toks)):
        tail = toks[i:]
        forms = [tail]
        if len(tail) > 1 and tail[-1] == "s":
            forms.append(tail[:-1])
        if len(tail[-1]) > 3 and tail[-1].endswith("s"):
            forms.append(tail[:-1] + [tail[-1][:-1]])
        for f in forms:
            key = " ".join(f)
            out.setdefault(key, (key, len(f), i))
    return list(out.values())


def _match(ref: CardRef, method: str, score: float, skipped: int = 0) -> Match:
    return Match(ref.id, method, round(score, 1), ref.name, ref.set_code, ref.number, skipped)


def _best_named(candidates: list[CardRef], variants: list[tuple[str, int, int]]):
    """Best (score, -tokens used, rank, ref, skipped) of ``candidates`` against the variants."""
    best = None
    for ref in candidates:
        for key, ntok, skipped in variants:
            if skipped and key in NOT_CARD_NAMES:
                continue
            score = fuzz.ratio(key, ref.key)
            cand = (score, ntok, ref.rank, ref, skipped)
            if (
                best is None
                or (score, ntok) > (best[0], best[1])
                or ((score, ntok) == (best[0], best[1]) and ref.rank < best[2])
            ):
                best = cand
    return best


def resolve(
    index: CardIndex,
    name: str | None,
    set_code: str | None = None,
    number: str | None = None,
    *,
    min_score: float = MIN_SCORE,
    allow_name: bool = True,
) -> Match | None:
    """Resolve a mention to one card.

    1. ``set_code`` and ``number``: that card, if the written name resembles its name (score >=
       :data:`MIN_SCORE_SET_NUMBER`, or no name given); otherwise fall through.
    2. ``number``: the cards of that number in every set (padded to 3 digits), scored with rapidfuzz
       against each tail of the written name; best score >= ``min_score`` wins, ties go to the longer
       tail, then the earliest set.
    3. name (if ``allow_name``): exact normalized name (longest tail first), then the localized
       names, then rapidfuzz over all names with cut-off :data:`MIN_SCORE_FUZZY_NAME`; the earliest
       set wins. Tails that are rules terms (:data:`NOT_CARD_NAMES`) are not looked up, nor is a
       whole rules-term name that came with a number ("Page 8", "Assault 2").
    """
    name = (name or "").strip()
    variants = _variants(name) if name else []
    num = pad_number(number)
    if set_code and num:
        ref = index.by_set_number.get((index.canonical_set(set_code), num))
        if ref is not None:
            if not variants:
                return _match(ref, "set+number", 100.0)
            best = _best_named([ref], variants)
            if best and best[0] >= MIN_SCORE_SET_NUMBER:
                return _match(ref, "set+number", best[0], best[4])
    if num:
        best = _best_named(index.by_number.get(num, []), variants) if variants else None
        if best and best[0] >= min_score:
            return _match(best[3], "number+name", best[0], best[4])
    if not allow_name or not variants:
        return None
    full = variants[0][0]
    for key, _, skipped in sorted(variants, key=lambda v: (-v[1], v[2])):
        if key in NOT_CARD_NAMES and (skipped or num or key != full):
            continue
        refs = index.by_name.get(key)
        if refs:
            return _match(refs[0], "name", 100.0, skipped)
    for key, _, skipped in sorted(variants, key=lambda v: (-v[1], v[2])):
        if key in NOT_CARD_NAMES or len(key) < 4:
            continue
        refs = index.by_local_name.get(key)
        if refs:
            return _match(refs[0], "name", 100.0, skipped)
    if len(full) >= 5 and not (num and full in NOT_CARD_NAMES):
        hit = index.fuzzy_name(full)
        if hit:
            return _match(index.by_name[hit[0]][0], "name", hit[1])
    return None


def resolve_errata_card(index: CardIndex, data: dict) -> Match | None:
    """The card of a card-errata entry, ``data = {"card": name, "set": code|None, "number": str|None}``."""
    name = (data or {}).get("card")
    if not name:
        return None
    return resolve(index, str(name), data.get("set"), data.get("number"))


# --------------------------------------------------------------------------------------------
# linking


def mention_matches(index: CardIndex, text: str, *, bare_names: bool = True) -> list[tuple[str, Match]]:
    """Every card reference of ``text`` resolved: ``(mention, match)``; bare names in prose only
    with ``bare_names``.

    The mention is the text as written with runs of whitespace made one space, cut to what matched:
    leading words of a name run that are not part of the card name are dropped ("Can Rock Hurling
    Giant’s 44" -> "Rock Hurling Giant’s 44"), and so is the number when only the name resolved.
    """
    out: list[tuple[str, Match]] = []
    spans: list[tuple[int, int]] = []
    for m in find_mentions(text, loose=True):
        if m.loose:
            match = resolve(index, m.name, None, m.number, min_score=MIN_SCORE_LOOSE, allow_name=False)
        else:
            match = resolve(index, m.name, m.set_code, m.number)
        if match is None:
            continue
        start, end = m.start, m.end
        if match.skipped_tokens:
            toks = list(_TOKEN.finditer(text, m.name_start, m.end))
            if match.skipped_tokens < len(toks):
                start = toks[match.skipped_tokens].start()
                if start > 0 and text[start - 1] in '“"[':
                    start -= 1
        if match.method == "name" and m.name_end > start:
            end = m.name_end
        out.append((_squash(text[start:end]), match))
        spans.append((m.start, m.end))
    for start, end, ref in index.find_names(text, skip=spans) if bare_names else ():
        if ref.name[:1] in '“"' and start > 0 and text[start - 1] in '“"':
            start -= 1
        if ref.name[-1:] in '”"' and text[end : end + 1] in ("”", '"'):
            end += 1
        out.append((_squash(text[start:end]), _match(ref, "name", 100.0)))
    return out


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def link_entries(
    conn: sqlite3.Connection, index: CardIndex, entry_ids: list[int] | None = None, *, game: str | None = "keyforge"
) -> int:
    """Link entries to the cards their title, question and body name; returns rows inserted.

    ``entry_ids``: the entries to link (``None``: all entries). Only entries of documents of
    ``game`` are linked (cards are KeyForge cards; ``game=None`` links every game). Existing
    ``entry_cards`` rows of the linked entries are replaced, so linking is idempotent. One row per
    (entry, card): the best score wins, then the more specific method, then the first mention.
    Card-errata entries (``data["card"]``) are linked to their card with :func:`resolve_errata_card`.
    Bare names are not looked for in :data:`PROSE_ONLY_KINDS` entries (fiction).
    """
    sql = (
        "SELECT e.id, e.kind, e.title, e.question, e.body, e.data FROM entries e "
        "JOIN documents d ON d.id = e.document WHERE 1 = 1"
    )
    params: list = []
    if game is not None:
        sql += " AND d.game = ?"
        params.append(game)
    if entry_ids is not None:
        sql += " AND e.id IN (SELECT value FROM json_each(?))"
        params.append(json.dumps([int(i) for i in entry_ids]))
    rows = conn.execute(sql + " ORDER BY e.id", params).fetchall()
    ids = [r[0] for r in rows]
    conn.execute("DELETE FROM entry_cards WHERE entry IN (SELECT value FROM json_each(?))", (json.dumps(ids),))
    out: list[tuple] = []
    for entry_id, kind, title, question, body, data in rows:
        best: dict[int, tuple[float, int, str, str]] = {}

        def keep(mention: str, match: Match) -> None:
            cand = (match.score, -_METHOD_RANK[match.method], mention, match.method)
            old = best.get(match.card_id)
            if old is None or cand[:2] > old[:2]:
                best[match.card_id] = cand

        try:
            payload = json.loads(data or "{}")
        except ValueError:
            payload = {}
        if isinstance(payload, dict) and payload.get("card"):
            match = resolve_errata_card(index, payload)
            if match:
                written = str(payload["card"])
                if payload.get("number"):
                    written += (
                        f" ({payload['set']} {payload['number']})" if payload.get("set") else f" {payload['number']}"
                    )
                keep(written, match)
        for text in (title, question, body):
            if text:
                for mention, match in mention_matches(index, text, bare_names=kind not in PROSE_ONLY_KINDS):
                    keep(mention, match)
        out.extend((entry_id, card, mention, method, score) for card, (score, _, mention, method) in best.items())
    conn.executemany("INSERT INTO entry_cards (entry, card, mention, method, score) VALUES (?, ?, ?, ?, ?)", out)
    return len(out)
