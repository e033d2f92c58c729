"""Turning what a user typed into safe search material: its words, and the plan of what to search.

Nothing the user types reaches SQLite as syntax: the text is cleaned (control characters and lone
surrogates dropped, length capped), split into word tokens the way the FTS5 ``unicode61``
tokenizer splits them, and only those tokens, quoted, are put into a ``MATCH`` expression. So
quotes, ``NEAR``, ``*``, parentheses or SQL fragments are searched as words or ignored, never
parsed. The same tokenizer marks matches in snippets, which are escaped before ``<mark>`` is added.

A phrase naming a rulebook version ("in 1.1", "v1.3", "old rules", "before 16.0") is found by
:mod:`kb.version_phrases` and taken out of the words searched: the search applies it as the
version filter.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import Stemmer  # PyStemmer: the Snowball stemmers, compiled

from .mentions import normalize_name
from .players_words import players_spans
from .question_kinds import SUBJECT_WEIGHT, frame_words, subject_words

if TYPE_CHECKING:
    from .search_index import CardMention, Index

#: Longest query text considered; a longer one is cut at a word boundary (a judge's question is
#: well under this; a 10,000-character paste is not a question).
MAX_QUERY_CHARS = 300
#: A whitespace-separated "word" longer than this is dropped from the query.
MAX_WORD_CHARS = 60
#: At most this many words of a query are searched for.
MAX_TOKENS = 32

#: Words that carry no meaning of their own in a judge's question ("what happens if I ..."), so
#: they neither match entries nor count toward coverage. A query made only of them keeps them.
#: Words that are rules terms in a card game ("before", "after", "each", "most", "up to", "no")
#: are not in the list.
STOPWORDS: frozenset[str] = frozenset(
    """
a about again against am an and are as at be because been being between both but by can could
did do does doing during for from further had has have having he her here hers him his how i
if in into is it its itself just me my myself nor now of on once or our ours own she should so
some such than that the their theirs them then there these they this those through to too until
very was we were what when where which while who whom why will with would you your yours
yourself happen happens happened get gets got still also instead way s t d ll ve re m
""".split()
)

#: the signs a modifier starts with (a minus may be written U+2212), which no other token starts with
SIGNS = frozenset("+-\u2212")
_SIGN = "[+\\-\u2212]"
#: A power/toughness modifier ("+1/+1", "-1/-1", "+X/+0") is one word, signs and all: split at its
#: signs and slash it would be the number "1" twice, so "+1/+1 and -1/-1 counters" could not tell
#: the rule that names both kinds of counter from the many that name one. (FTS5's tokenizer still
#: splits it: searched as an FTS string, it is the phrase "1 1".)
MODIFIER = rf"(?<![\w/]){_SIGN}(?:\d+|[xX])/{_SIGN}(?:\d+|[xX])(?![\w/])"
TOKEN = re.compile(MODIFIER + r"|[^\W_]+")


#: Words a card name may be written with or without ("Bait and Switch", "bait n switch", "bait &
#: switch" are one name once these are dropped); never marked alone in snippets.
CONNECTORS: frozenset[str] = frozenset("and n of the a an to in on at for by with from or is as de".split())


class QueryError(ValueError):
    """A query or filter the search cannot answer; the message is one readable line."""


def show(value: object, width: int = 40) -> str:
    """A user-supplied value, made printable and short, for an error message."""
    text = "".join(ch if ch.isprintable() else "?" for ch in str(value))
    return repr(text if len(text) <= width else text[:width] + "…")


def clean_text(text: object) -> str:
    """The query as searched: control/format characters and lone surrogates become spaces,
    "words" longer than :data:`MAX_WORD_CHARS` are dropped (no rulebook word is that long),
    whitespace is collapsed, and the text is cut at :data:`MAX_QUERY_CHARS` (at a word end)."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise QueryError(f"the query must be text, not {type(text).__name__}")
    text = text[: MAX_QUERY_CHARS * 40]
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs") else ch for ch in text)
    text = " ".join(w for w in text.split() if len(w) <= MAX_WORD_CHARS)
    if len(text) > MAX_QUERY_CHARS:
        cut = text.rfind(" ", 0, MAX_QUERY_CHARS + 1)
        text = text[: cut if cut > 0 else MAX_QUERY_CHARS].rstrip()
    return text


@dataclass(frozen=True)
class Token:
    """One word of the query: its folded form and where it was written (for "did you mean")."""

    word: str  # case- and diacritic-folded: "Æmber" -> "aember"
    start: int
    end: int

    @property
    def stop(self) -> bool:
        return self.word in STOPWORDS


def tokenize(text: str) -> list[Token]:
    """Word tokens of ``text`` with their offsets, at most :data:`MAX_TOKENS`."""
    out: list[Token] = []
    for m in TOKEN.finditer(text):
        written = m.group()
        for word in [modifier(written)] if written[0] in SIGNS else normalize_name(written).split():
            out.append(Token(word, m.start(), m.end()))
        if len(out) >= MAX_TOKENS:
            break
    return out[:MAX_TOKENS]


def modifier(token: str) -> str:
    """A modifier token's folded form: "+X/-1" -> "+x/-1"; a minus sign written as U+2212 is "-"."""
    return token.lower().replace("\u2212", "-")


def fold(word: str) -> str:
    """The folded form of one word token (``"Æmber"`` -> ``"aember"``; ``"+X/+X"`` -> ``"+x/+x"``)."""
    if word[:1] in SIGNS:
        return modifier(word)
    return word.lower() if word.isascii() else normalize_name(word)


#: Words the stemmer keeps whole: terms a rulebook defines apart from their stem (kb/stemming.toml).
KEEP_WHOLE: frozenset[str] = frozenset(
    tomllib.loads((Path(__file__).with_name("stemming.toml")).read_text(encoding="utf-8"))["keep"]
)
_SNOWBALL = Stemmer.Stemmer("english")


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """The Snowball English stem of a folded word ("attacked", "attacking" -> "attack"; "leaves"
    -> "leav"), so a query finds every inflection the rulebooks use. Words of fewer than three
    letters, numbers and the rulebooks' own terms of :data:`KEEP_WHOLE` stay as they are."""
    if len(word) < 3 or not word.isalpha() or word in KEEP_WHOLE:
        return word
    return _SNOWBALL.stemWord(word)


def quote(term: str) -> str:
    """One FTS5 string: the term in double quotes (a card name may hold one: doubled)."""
    return '"' + term.replace('"', '""') + '"'


# --------------------------------------------------------------------------------------------
# query plan

#: A word in more than this share of all entries is not searched for on its own (see Plan.fts).
COMMON_SHARE = 0.25


@dataclass
class Group:
    """One meaningful word (or card name) of the query and the FTS terms standing for it."""

    terms: tuple[str, ...]
    stems: frozenset[str]
    card: str | None = None  # name key when the group is a card name
    weight: float = 1.0
    common: bool = False  # in more than COMMON_SHARE of the entries
    any_stem: bool = False  # covered by any one of its stems (a number's digits or its word)
    #: a players' word's own stems, which cover it as well as the rulebook words it stands for: one
    #: game's rulebook word may be another game's players' word ("sacrifice" is Magic's word, and
    #: KeyForge players say it for "destroy"), so a search of both must not count it as "destroy" only
    typed: frozenset[str] = frozenset()


@dataclass
class Plan:
    groups: list[Group]
    phrases: list[str]
    mentions: list[CardMention]
    marks: frozenset[str]
    did_you_mean: str | None
    #: the stems of what the question names as its subject ("what happens to X ..."), if it does
    subject: frozenset[str] = frozenset()

    def stem_ids(self, index: Index) -> frozenset[int]:
        """The corpus ids of the stems of the query's words (what a text's coverage is read in)."""
        ids = index.corpus.stem_ids
        return frozenset(ids.get(s, -1) for g in self.groups for s in g.stems | g.typed)

    def fts(self, common: bool = False) -> str:
        """The MATCH expression: any term or phrase. Words in a large share of the entries
        ("play", "card") only add rows to score, not ranking; they count through coverage and
        phrases instead, unless ``common`` or the query has nothing else."""
        rare = [g for g in self.groups if common or not g.common] or self.groups
        terms = [t for g in rare for t in g.terms] + self.phrases
        return " OR ".join(quote(t) for t in dict.fromkeys(terms))


def plan_query(index: Index, text: str, games: tuple[str, ...] | None = None) -> Plan | None:
    """Groups of FTS terms for the meaningful words and card names of the query, phrases of
    adjacent words, the words to mark in snippets, and the corrected query if a word was fixed."""
    tokens = tokenize(text)
    if not tokens:
        return None
    words = [t.word for t in tokens]
    framed = frame_words(words)
    content = [i for i, t in enumerate(tokens) if not t.stop and i not in framed] or list(range(len(tokens)))
    # players' words of the games searched (kb.players_words); one listed as its own rulebook words
    # ("summoning sickness") only names its game (kb.game_inferred) and is searched as typed
    spans = [s for s in players_spans(words, games) if s[2] != (" ".join(words[s[0] : s[1]]),)]
    said = {i for start, end, _ in spans for i in range(start, end)}
    corrected = {i: c for i in content if i not in said and (c := index.correct(words[i])) is not None}
    mentions = index.mentions(words, corrected)
    in_name = {i for m in mentions for i in range(m.start, m.end)}
    groups: list[Group] = []
    for m in mentions:
        groups.append(Group((m.name,), frozenset(stem(w) for w in m.key.split()), card=m.key, weight=1.5))
    # what the question is about, in the stems its groups search for (a players' word's are the
    # rulebook's: "the amber on a creature" is about ÆMBER)
    about = subject_words(words)
    subject = {stem(corrected.get(i, words[i])) for i in about if not tokens[i].stop}
    seen: set[str] = set()
    for start, end, meant in spans:
        if any(i in in_name for i in range(start, end)):
            continue
        group = _players_group(index, words[start:end], meant, games)
        seen |= group.stems
        groups.append(group)
        if about.intersection(range(start, end)):
            subject |= group.stems
    for i in content:
        if i in in_name or i in said:
            continue
        word = corrected.get(i, words[i])
        if stem(word) in seen:
            continue
        seen.add(stem(word))
        # "6" and "six" alike; "tapped" and "untapped" alike (the rule that answers "can a tapped
        # creature block" says that blockers must be untapped)
        forms = (word,) + tuple(f for f in number_forms(word) + negation_forms(index, word) if f != word)
        df = max(index.df.get(f, 0) for f in forms)  # whether it is too common to search alone: all games'
        weight = _weight(index, games, [stem(f) for f in forms], df, max)
        typed = (words[i],) if i in corrected else ()  # the word as typed stays in the search
        groups.append(
            Group(
                tuple(dict.fromkeys(t for f in forms for t in index.expand(f))) + typed,
                frozenset(stem(f) for f in forms),
                weight=weight,
                common=df > COMMON_SHARE * index.n_texts,
                any_stem=len(forms) > 1,
            )
        )
    phrases = []
    for a, b in zip(content, content[1:]):
        if b == a + 1 and a not in in_name and b not in in_name:
            pa, pb = corrected.get(a, words[a]), corrected.get(b, words[b])
            if pa in index.words and pb in index.words:
                phrases.append(f"{index.words[pa][0]} {index.words[pb][0]}")
    if subject:  # what the question is about weighs more than the circumstances it names
        groups = [replace(g, weight=g.weight * SUBJECT_WEIGHT) if g.stems & subject else g for g in groups]
    marks = {w for g in groups for t in g.terms for w in normalize_name(t).split()} - CONNECTORS
    return Plan(
        groups,
        phrases,
        mentions,
        frozenset(marks),
        _did_you_mean(text, index, tokens, corrected, mentions, in_name),
        frozenset(subject),
    )


#: Numbers the rulebooks write in words ("six cards") as players often type them in digits ("6 cards")
NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()


def number_forms(word: str) -> tuple[str, ...]:
    """A whole number's two spellings ("6" -> ("6", "six"), "six" -> ("6", "six")); () otherwise."""
    if word.isdigit() and int(word) < len(NUMBER_WORDS):
        return (str(int(word)), NUMBER_WORDS[int(word)])
    if word in NUMBER_WORDS:
        return (str(NUMBER_WORDS.index(word)), word)
    return ()


def negation_forms(index: Index, word: str) -> tuple[str, ...]:
    """A state's negation by "un-", when the rulebooks use it ("tapped" -> ("untapped",), "blocked"
    -> ("unblocked",)); () otherwise. A rule's condition on a state is often written as its negation
    ("the chosen creatures must be untapped" answers "can a tapped creature block"; "not blocked" is
    the rules' "unblocked"). A state only (a participle, "-ed"): "un-" on a verb names another
    action ("tap" and "untap", "forge" and "unforge"). One way only: a question that says
    "untapped" means it, and the rules that say "tapped" would only crowd it."""
    if word.endswith("ed") and not word.startswith("un") and "un" + word in index.words:
        return ("un" + word,)
    return ()


def _weight(index: Index, games, stems: list[str], df: int, pick) -> float:
    """A word's weight: rarer words say more. Read in the one game searched when there is one
    (its distinct texts and the share of them holding the word's stems, ``pick`` of them: the
    commonest form, or a phrase's rarest word), else over every game's texts (``df``)."""
    n = index.n_texts
    if games and len(games) == 1:
        counts, n = index.game_df(games[0])
        ids = index.corpus.stem_ids
        df = pick((counts.get(ids.get(s, -1), 0) for s in stems), default=0)
    return 0.5 + min(1.5, math.log1p(n / (1 + df)) / 3)


def _players_group(index: Index, typed: list[str], meant: tuple[str, ...], games=None) -> Group:
    """The group of a players' word or phrase: what was typed and the rulebooks' words for it as
    FTS terms (a phrase as a phrase), covered by the stems of the rulebooks' first word(s)."""
    terms: list[str] = [" ".join(typed)]
    for m in meant:
        folded = normalize_name(m).split()
        terms += index.expand(folded[0]) if len(folded) == 1 else [m]
    first = [w for w in normalize_name(meant[0]).split() if w not in STOPWORDS] or normalize_name(meant[0]).split()
    df = max((index.df.get(w, 0) for w in first), default=0)
    # a phrase is as rare as its rarest word: "enter play exhausted" says more than "play" alone
    rarest = min((index.df.get(w, 0) for w in first), default=0)
    weight = _weight(index, games, [stem(w) for w in first], rarest, min)
    return Group(
        tuple(dict.fromkeys(terms)),
        frozenset(stem(w) for w in first),
        weight=weight,
        common=df > COMMON_SHARE * index.n_texts,
        typed=frozenset(stem(w) for w in typed if w not in STOPWORDS),
    )


def _did_you_mean(
    text: str,
    index: Index,
    tokens: list[Token],
    corrected: dict[int, str],
    mentions: list[CardMention],
    in_name: set[int],
) -> str | None:
    """The query with corrected words and fuzzily matched card names put in, else None."""
    edits = [(tokens[m.start].start, tokens[m.end - 1].end, m.name) for m in mentions if m.matched == "fuzzy"]
    edits += [
        (tokens[i].start, tokens[i].end, index.words.get(c, (c,))[0]) for i, c in corrected.items() if i not in in_name
    ]
    if not edits:
        return None
    last = len(text) + 1
    for start, end, replacement in sorted(set(edits), reverse=True):
        if end <= last:  # one written word may fold to two tokens: edit it once
            text, last = text[:start] + replacement + text[end:], start
    return text
