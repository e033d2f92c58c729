"""Where two subjects meet: the rule for a question that names two sections of a rulebook and nothing else.

Why: "deathtouch and trample" asks how the two keywords work together. Neither section names the
other (since 2024 the CR says it with other words: 702.2c makes any deathtouch damage "lethal
damage for the purposes of determining if excess damage is being dealt"; 702.19b assigns "excess
damage" once the blockers are assigned "lethal damage"), so bm25 ranks the sections' first subrules
and glossary entries, each holding one of the two words, above the rule where they meet; it was
13th. A rule where two subjects meet speaks of what the other's section speaks of: it holds words
that the other section holds and few sections of the chapter hold ("lethal", "excess", "assigned"
are in a handful of the 189 keyword sections of 702; "creature", "combat" and "damage" in 20 or
more, and a stopword such as "been" or "had" never counts).

So, when the question's words are all in the titles of two or more numbered sections (headings with
subrules, "702.2. Deathtouch" and "702.19. Trample") found among the best results, and no rule of
either names the other (where one does, "702.4b ... first strike or double strike", the two meet in
words and bm25 ranks that rule already), each subrule of
one section is scored by the words it shares with the other section's rules that are *rare in
their chapter* (held by at most :data:`RARE_SHARE` of its sections). A subrule sharing at least
:data:`MIN_SHARED` such words is a meeting; the best of each direction ranks first, the fuller of
the two (more rare words, then their weight) above the other. Two rules worded from one template
("Multiple instances of menace are redundant", the same of deathtouch) share the template's words,
not a meeting: a subrule worded like one of the other section's (:data:`TEMPLATE_LIKENESS` of their
words beyond the titles) is not scored, and two keywords that do not meet ("menace and deathtouch")
find no subrule with enough rare words: nothing moves.

Nothing here names a game, a rule or a term: numbered sections under a chapter are how a rulebook of
numbered rules is built (the Magic Comprehensive Rules; KeyForge's and Keeper of the Cards' rules
have no numbered sections, so nothing meets there).
"""

from __future__ import annotations

import math
from collections import Counter

from .query import STOPWORDS, stem
from .rule_tree import Tree

#: a word held by at most this share of a chapter's sections is rare in it
RARE_SHARE = 1 / 16
#: rare words a subrule must share with the other section to be where the two meet
MIN_SHARED = 3
#: a subrule sharing this share of its words (beyond the titles) with one of the other section's is
#: the same template, not a meeting
TEMPLATE_LIKENESS = 0.7
#: levels of subrules read under a section
DEPTH = 2
#: how many headings up from a result its section is looked for
SECTION_DEPTH = 3


def meetings(corpus, trees, head: list[tuple[float, int]], query_stems: frozenset[int], other_term=None) -> list[int]:
    """The subrules where the sections the question names meet, best first (at most one for each
    section); [] unless the question's words are all in the titles of two or more sections found
    among ``head`` ((score, entry) results). ``trees``: entry -> the :class:`Tree` of its document;
    ``other_term``: entry -> whether it defines another term ("Trample over planeswalkers is a
    variant of trample"), which is not where its section meets another."""
    sections: dict[int, tuple[frozenset[int], Tree]] = {}
    for _, entry in head:
        rules = trees(entry)
        found = _section_of(corpus, rules, entry, query_stems)
        if found is not None:
            sections.setdefault(found[0], (found[1], rules))
    # a title inside another found title names the same subject ("Double" in "Double Strike")
    named = {s: v for s, v in sections.items() if not any(o != s and v[0] < w[0] for o, w in sections.items())}
    titles = frozenset().union(*(stems for stems, _ in named.values()))
    if len(named) < 2 or not query_stems <= titles:
        return []
    best: list[tuple[tuple[int, float], int]] = []
    for a, (a_title, rules) in named.items():
        for b, (b_title, b_rules) in named.items():
            if a == b or b_rules is not rules or a_title == b_title:
                continue
            if _names(corpus, rules, a, b_title) or _names(corpus, rules, b, a_title):
                continue  # a rule of one names the other: they meet in words, which bm25 finds
            found = _meeting(corpus, rules, a, b, titles, other_term)
            if found is not None:
                best.append(found)
    return list(dict.fromkeys(entry for _, entry in sorted(best, reverse=True)))


def _section_of(corpus, rules: Tree, entry: int, query_stems: frozenset[int]) -> tuple[int, frozenset[int]] | None:
    """The numbered section ``entry`` is or is under (a heading with subrules whose title's words
    are all the question's), and its title's stems; None when there is none."""
    at = entry
    for _ in range(SECTION_DEPTH + 1):
        if at is None:
            return None
        title = corpus.title_stems.get(corpus.entry_text[at]) if corpus.has(at) else None
        if title and at in rules.rules and title <= query_stems:
            return at, title
        at = rules.parent.get(at)
    return None


def _names(corpus, rules: Tree, section: int, title: frozenset[int]) -> bool:
    """Whether a rule of ``section`` holds every word of the other section's ``title``."""
    return any(title <= _stems(corpus, r) for r in _below(rules, section))


def _meeting(
    corpus, rules: Tree, a: int, b: int, titles: frozenset[int], other_term=None
) -> tuple[tuple[int, float], int] | None:
    """The subrule of section ``a`` that shares most rare words with section ``b`` (and their
    weight), if it shares at least :data:`MIN_SHARED`; else None."""
    chapter = rules.parent.get(a)
    if chapter is None or chapter != rules.parent.get(b):
        return None
    held, n_sections = _chapter_words(corpus, rules, chapter)
    rare = max(1, int(n_sections * RARE_SHARE))
    stop = _stopword_stems(corpus)
    theirs = [_stems(corpus, r) - titles for r in _below(rules, b)]
    vocabulary = frozenset().union(*theirs) if theirs else frozenset()
    best = None
    for r in _below(rules, a):
        mine = _stems(corpus, r) - titles
        if any(len(mine & o) >= TEMPLATE_LIKENESS * max(1, len(mine | o)) for o in theirs):
            continue  # the same template worded for the other subject
        shared = [s for s in mine & vocabulary if held.get(s, 0) <= rare and s not in stop]
        if len(shared) >= MIN_SHARED and not (other_term and other_term(r)):
            key = (len(shared), sum(math.log(n_sections / held[s]) for s in shared))
            if best is None or key > best[0]:
                best = (key, r)
    return best


def _chapter_words(corpus, rules: Tree, chapter: int) -> tuple[Counter, int]:
    """stem -> how many sections of ``chapter`` hold it (in any rule down to :data:`DEPTH`), and the
    number of sections; kept on the tree (one pass over a chapter of a few hundred sections)."""
    kept = rules.chapter_words.get(chapter)
    if kept is None:
        held: Counter = Counter()
        sections = rules.rules.get(chapter, ())
        for section in sections:
            held.update(
                frozenset().union(_stems(corpus, section), *(_stems(corpus, r) for r in _below(rules, section)))
            )
        kept = rules.chapter_words[chapter] = (held, len(sections))
    return kept


def _stopword_stems(corpus) -> frozenset[int]:
    """The stem ids of the stopwords ("been", "had"): they say nothing of a rule's subject, however
    few sections hold them."""
    return frozenset(i for i in (corpus.stem_ids.get(stem(w)) for w in STOPWORDS) if i is not None)


def _below(rules: Tree, entry: int, depth: int = DEPTH) -> list[int]:
    out = []
    for child in rules.rules.get(entry, ()):
        out.append(child)
        if depth > 1:
            out += _below(rules, child, depth - 1)
    return out


def _stems(corpus, entry: int) -> frozenset[int]:
    return frozenset(corpus.text_stems[corpus.entry_text[entry]]) if corpus.has(entry) else frozenset()
