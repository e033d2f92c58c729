"""The entry that states the rule, above the entries that only lead to it.

Why a step of its own: bm25 and the signals of :mod:`kb.search_rank` score each entry's words, and
the entries richest in a term's words are often those with the least to say. A heading ("702.2.
Deathtouch") has the term as its whole title and no text; a glossary entry defines the term in a
line and sends the reader on ("See rule 702.15, "Lifelink.""); a subrule says "Lifelink is a static
ability.". A judge asking "what does lifelink do" needs 702.15b, which says what it does. So the
best-scored results are read once more, with their text:

- a **heading** with no text of its own is a section: it lends its score to the subrule of it that
  holds most of the question's words (the fullest one on a tie) and falls below it;
- an entry that **points to a rule** ("See rule 302.6", the glossary's usual ending) lends its score
  to that rule (or the best subrule of it, as above), which ranks just above it: the informal term
  "summoning sickness" is defined in the glossary, the rule that applies is 302.6; a rule does so
  for a rule it names that holds all it holds of the question (702.124d, on partner commanders, says
  "see rule 903.10a" for the rule on commander damage);
- an entry whose whole text **only sends the reader elsewhere** ("ATTACK, ATTACKER, ATTACKING: See
  "Fight" on page 7.") has nothing of its own to say, and falls like an empty heading;
- a **ruling about named cards** (an FAQ answer or example linked to cards) ranks below the rules
  when the question names no card: "can elusive creatures be attacked" asks for ELUSIVE, not for
  the Gabos Longarms answer that holds the same words;
- an entry that **states what the question asks for** (a time for "when ...", a count for "how
  many ...": :mod:`kb.question_kinds`) ranks a little higher;
- a **definition that does not state what is asked** loses the boost its title earned as the
  question's term (:mod:`kb.search_rank`), and so does the rule it points to unless that rule
  states it: "what happens to a creature with 0 toughness" names the glossary's "Toughness", which
  says where toughness is printed; 704.5f says what happens. It still lends its full place to a
  rule that states the answer;
- a **short statement** of a term's kind ("Deathtouch is a static ability.": fewer than
  :data:`FEW_WORDS` words beyond the question's) ranks below the fuller subrules beside it.

Only entries of the documents searched are lent a score (a kind filter is kept), one result per
thread. Nothing here names a game, a rule or a term: headings, "See rule N" and the parent links
are how rulebooks of numbered rules are built (the Magic Comprehensive Rules; KeyForge's glossary
points to pages, not rules, and so lends nothing).
"""

from __future__ import annotations

import re
import sqlite3
from functools import partial

from .query import STOPWORDS, TOKEN, stem
from .question_kinds import CLASSIFIES, STATES_FACTOR, asked_bit, stated_mask, states, states_factor
from .rule_tree import Tree, tree
from .search_index import Index
from .search_meeting import meetings
from .search_rank import Scope

#: results read again with their text (the first page and a margin)
TOP = 40
#: score factor of a heading with no text when one of its subrules takes its place
HEADING_FACTOR = 0.3
#: a subrule or rule lent a score gets the lender's score times this (just above, or just below)
POINTED_FACTOR = 1.05
SUBRULE_FACTOR = 0.95
#: rules where two sections the question names meet that rank first (:mod:`kb.search_meeting`)
MEETINGS = 2
#: an entry with fewer distinct words than this beyond the question's states a kind, not a rule
FEW_WORDS = 5
FEW_WORDS_FACTOR = 0.6
#: share of the score a rule gains when the titles of the sections it is in hold all the question's
#: words its own text lacks
SECTION_SHARE = 0.5
#: how many headings up the nearest titled one is looked for
SECTION_DEPTH = 3
#: score factor of an entry linked to cards when the question names none
CARD_RULING_FACTOR = 0.6
#: score factor of the definition of a variant of a term ("Hexproof from [quality]" is a variant of
#: the hexproof ability) whose name holds words the question does not: it defines another term
VARIANT_FACTOR = 0.6
#: score factor of a rule of a chapter of variants ("9. Casual Variants", "8. Multiplayer Rules")
#: when the question names neither the chapter nor the rule's section ("807. Grand Melee")
VARIANT_RULE_FACTOR = 0.5
#: a chapter's title that says its rules apply only to a way of playing the game
VARIANT_CHAPTER = re.compile(r"\b(variants?|multiplayer|optional)\b", re.IGNORECASE)
#: the definition of a variant of a term, and the variant's name
VARIANT = re.compile(r"^\W*([^.]{1,80}?)\W*\s+is a variant of\b", re.IGNORECASE)
#: a placeholder in a term's name: "[quality]", "[a player]"
PLACEHOLDER = re.compile(r"\[[^\]]*\]")
#: a text that is only a cross-reference: "See “Fight” on page 7.", "See rule 702.2."
ONLY_POINTER = re.compile(r"^\s*see\b[^.]*\.?\s*$", re.IGNORECASE)
#: "See rule 302.6", "See rules 403.3, 603.6a, 603.6d, and 614.12": a pointer and the rules it names
POINTER = re.compile(r"\bsee rules? (\d{3}(?:\.\d+[a-z]?)?(?:(?:,? and |, )\d{3}(?:\.\d+[a-z]?)?)*)", re.IGNORECASE)
RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
#: a glossary entry's pointer to another entry by its title: 'See "Enters the Battlefield."',
#: 'See “Fight” on page 10.'
TITLE_POINTER = re.compile(r"\bsee [\"“]([^\"”]{2,60}?)[.,]?[\"”]", re.IGNORECASE)


def answers_first(
    conn: sqlite3.Connection,
    index: Index,
    query_stems: frozenset[int],
    scope: Scope,
    threads: list,
    names_cards: bool = False,
    asks: re.Pattern | None = None,
    title_boosts: dict | None = None,
) -> list[tuple[float, int]]:
    """``threads`` ((score, entry id), best first) with the first :data:`TOP` re-ranked as above;
    ``names_cards``: whether the question names a card; ``asks``: what it asks for (a time, a
    count: :mod:`kb.question_kinds`), whose statement ranks an entry higher; ``title_boosts``: the
    factor each title the question names gave its entries (:func:`kb.search_rank.rank`), taken off
    an entry that does not state what is asked."""
    if not threads:
        return threads
    corpus = index.corpus
    head, rest = threads[:TOP], threads[TOP:]
    ids = [e for _, e in head]
    rows = {
        r[0]: r[1:]
        for r in conn.execute(
            f"SELECT id, kind, body, document FROM entries WHERE id IN ({','.join('?' * len(ids))})", ids
        )
    }
    scored: dict[int, float] = {}
    n_asked = max(1, len(query_stems))
    bit = asked_bit(asks)

    def offer(entry: int, score: float) -> None:
        if corpus.has(entry) and scope.allows(entry) and score > scored.get(entry, -1.0):
            scored[entry] = score

    for score, e in head:
        kind, body, document = rows.get(e, ("", "x", 0))
        boost = title_boosts.get(corpus.title_stems.get(corpus.entry_text[e]), 1.0) if title_boosts else 1.0
        own = 1.0 / boost if asks is not None and boost > 1.0 and body.strip() and not states(asks, body) else 1.0
        rules = tree(conn, index, document)
        said_of = partial(_says, conn, rules, bit) if bit else None
        factor = 1.0
        closer = None
        if not body.strip():
            child = _best_subrule(corpus, rules, e, query_stems, said_of)
            if child is not None:
                offer(child, score * SUBRULE_FACTOR)
                factor = HEADING_FACTOR
        elif ONLY_POINTER.match(body):
            factor = HEADING_FACTOR
        elif kind == "rule" and e in rules.rules:  # a rule with text: a subrule holding more of the
            child = _best_of(corpus, rules, rules.rules[e], query_stems, said_of)  # question says it closer
            if child is not None and _held(corpus, child, query_stems) > _held(corpus, e, query_stems):
                closer = child
        elif _few_words(corpus, e, query_stems):
            factor = FEW_WORDS_FACTOR
        section_stems, section = _section(corpus, rules, e) if kind == "rule" else (frozenset(), "")
        if section_stems:  # the section's title says what the rules under it are about
            factor *= 1.0 + SECTION_SHARE * len(section_stems & query_stems) / n_asked
        if _other_variant(corpus, body, query_stems):
            factor *= VARIANT_FACTOR
        if kind == "rule" and not (section_stems & query_stems) and _variant_rule(corpus, rules, e, query_stems):
            factor *= VARIANT_RULE_FACTOR
        if not names_cards and e in _card_rulings(index):
            factor *= CARD_RULING_FACTOR
        # a rule of the "Untap Step" states a time
        factor *= max(states_factor(asks, body), STATES_FACTOR if states(asks, section) else 1.0)
        offer(e, score * factor * own)
        if closer is not None:  # just above the rule it details
            offer(closer, score * factor * POINTED_FACTOR)
        named = _pointed_numbers(kind, body)
        if named:
            target = _pointed(conn, corpus, rules, document, named, query_stems, said_of)
            if (
                kind == "rule"
                and target is not None
                and (target == e or _held(corpus, target, query_stems) < _held(corpus, e, query_stems))
            ):
                target = None  # a rule lends its place only to a rule that holds all it holds of the question
            if target is not None:  # lent the score before this entry's own factors, with the target's
                stated = states_factor(asks, _body(conn, target, rows))
                offer(target, score * POINTED_FACTOR * stated * (own if stated == 1.0 else 1.0))
        for target in _titled(conn, document, TITLE_POINTER.findall(body)) if kind == "glossary" else ():
            offer(target, score * POINTED_FACTOR)  # the entry it sends the reader to, just above it
            m = POINTER.search(_body(conn, target, rows))
            if m:  # and on to the rule that entry points to, just above that entry
                rule = _pointed(conn, corpus, rules, document, RULE_NUMBER.findall(m.group(1)), query_stems, said_of)
                if rule is not None:
                    offer(rule, score * POINTED_FACTOR * POINTED_FACTOR)
    met = meetings(
        corpus,
        lambda e: tree(conn, index, corpus.doc(e).id),
        head,
        query_stems,
        lambda e: bool(VARIANT.match(_body(conn, e, rows))),
    )
    top = max(scored.values(), default=0.0)
    for n, e in enumerate(met[:MEETINGS]):  # where the sections the question names meet, first
        offer(e, top * POINTED_FACTOR ** (MEETINGS - n))
    best: dict[int, tuple[float, int]] = {}
    for e, score in scored.items():
        thread = corpus.entry_thread[e]
        if thread not in best or score > best[thread][0]:
            best[thread] = (score, e)
    taken = set(best)
    kept = list(best.values()) + [(s, e) for s, e in rest if corpus.entry_thread[e] not in taken]
    return sorted(kept, key=lambda se: -se[0])  # a demoted heading may fall below the first TOP


def _pointed_numbers(kind: str, body: str) -> list[str]:
    """The rule numbers ``body`` sends the reader to: a rule's pointers to rules, each of them
    (702.124d names 903.8 and 903.10a; "See rule 704" names a section, not the rule that says it);
    an entry of another kind's first pointer (a glossary entry's "See rule N" says where the term is
    defined)."""
    if kind == "rule":
        return [n for m in POINTER.finditer(body) for n in RULE_NUMBER.findall(m.group(1)) if "." in n]
    m = POINTER.search(body)
    return RULE_NUMBER.findall(m.group(1)) if m else []


def _other_variant(corpus, body: str, query_stems: frozenset[int]) -> bool:
    """Whether ``body`` defines a variant of a term whose name holds a word the question lacks."""
    m = VARIANT.match(body) if "variant of" in body else None  # the test first: the pattern is slow
    if m is None:
        return False
    name = PLACEHOLDER.sub(" ", m.group(1)).lower()  # "Hexproof from [quality]": any quality
    named = {stem(w) for w in TOKEN.findall(name) if w not in STOPWORDS and len(w) > 1}
    return any(corpus.stem_ids.get(w, -1) not in query_stems for w in named)


def _card_rulings(index: Index) -> frozenset[int]:
    """The entries linked to a card (kept on the index: it is built per KB state, then only read)."""
    found = getattr(index, "_card_rulings", None)
    if found is None:
        found = index._card_rulings = frozenset(e for entries in index.linked.values() for e in entries)
    return found


def _few_words(corpus, entry: int, query_stems: frozenset[int]) -> bool:
    stems = corpus.text_stems[corpus.entry_text[entry]]
    return len(set(stems) - query_stems) < FEW_WORDS


def _titled(conn: sqlite3.Connection, document: int, names: list[str]) -> list[int]:
    """The entries of ``document`` titled ``names`` (case aside), in the order named."""
    found = []
    for name in names:
        row = conn.execute(
            "SELECT id FROM entries WHERE document = ? AND lower(title) = lower(?)", (document, name.strip())
        ).fetchone()
        if row is not None:
            found.append(row[0])
    return found


def _body(conn: sqlite3.Connection, entry: int, rows: dict | None = None) -> str:
    """``entry``'s text: from ``rows`` (the best results, already read with their text) when it is
    one of them, else from the KB ("" when there is no such entry)."""
    if rows and entry in rows:
        return rows[entry][1]
    row = conn.execute("SELECT body FROM entries WHERE id = ?", (entry,)).fetchone()
    return row[0] if row else ""


def _pointed(
    conn: sqlite3.Connection,
    corpus,
    rules: Tree,
    document: int,
    numbers: list[str],
    query_stems: frozenset[int],
    said_of=None,
):
    """Of the rules numbered ``numbers`` in ``document`` (a heading with no text standing for its
    best subrule), the one holding most of the question's words, the first named on a tie: the
    glossary's "Enters the Battlefield" points to rules 403.3, 603.6a, 603.6d and 614.12, and a
    question about the triggers is answered by 603.6a."""
    best, best_key = None, None
    for i, number in enumerate(numbers):
        row = rules.numbered.get(number, False)
        if row is False:
            row = rules.numbered[number] = conn.execute(
                "SELECT id, trim(body) = '' FROM entries WHERE document = ? AND key = ?", (document, f"rule/{number}")
            ).fetchone()
        if row is None:
            continue
        rule = (_best_subrule(corpus, rules, row[0], query_stems, said_of) if row[1] else None) or row[0]
        if not corpus.has(rule):
            continue
        key = (len(set(corpus.text_stems[corpus.entry_text[rule]]) & query_stems), -i)
        if best_key is None or key > best_key:
            best, best_key = rule, key
    return best


def _best_subrule(corpus, rules: Tree, entry: int, query_stems: frozenset[int], said_of=None) -> int | None:
    """The subrule of ``entry`` whose branch holds most of the question's words (the fullest on a
    tie, the first in the rulebook's order after that); and, where a subrule of that one holds more
    of them, that subrule instead, down the levels ("603." to "603.3" to "603.3b", "122." to "122.1"
    to "122.1f" for poison counters); None when it has none."""
    best = None
    while True:
        child = _best_of(corpus, rules, rules.rules.get(entry, ()), query_stems, said_of)
        if child is None or (
            best is not None and _branch_held(corpus, rules, child, query_stems) <= _held(corpus, best, query_stems)
        ):
            return best
        best = entry = child


def _section(corpus, rules: Tree, entry: int) -> tuple[frozenset[int], str]:
    """The stems of the title of the nearest heading ``entry`` is under (at most
    :data:`SECTION_DEPTH` levels up), and that title: "405.1" is under "405. Stack"; the chapters
    above ("4. Zones") name too wide a subject. (frozenset(), "") when there is none."""
    above = entry
    for _ in range(SECTION_DEPTH):
        above = rules.parent.get(above)
        if above is None:
            break
        stems = corpus.title_stems.get(corpus.entry_text[above]) if corpus.has(above) else None
        if stems:
            return stems, rules.title.get(above, "")
    return frozenset(), ""


def _variant_rule(corpus, rules: Tree, entry: int, query_stems: frozenset[int]) -> bool:
    """Whether ``entry`` is in a chapter of variants whose title the question does not name."""
    above = entry
    while (up := rules.parent.get(above)) is not None:
        above = up
    title = rules.title.get(above, "")
    if not VARIANT_CHAPTER.search(title):
        return False
    stems = corpus.title_stems.get(corpus.entry_text[above]) if corpus.has(above) else None
    return not (stems and stems & query_stems)


def _held(corpus, entry: int, query_stems: frozenset[int]) -> int:
    """How many of the question's words (stems) ``entry``'s text holds."""
    return len(set(corpus.text_stems[corpus.entry_text[entry]]) & query_stems)


def _branch_held(corpus, rules: Tree, entry: int, query_stems: frozenset[int], depth: int = SECTION_DEPTH) -> int:
    """The most of the question's words that ``entry`` or one of its subrules (``depth`` levels
    down) holds: a rule that only introduces its subrules ("122.1 A counter is a marker ...") leads
    to the one that answers ("122.1f ... ten or more poison counters ...")."""
    held = _held(corpus, entry, query_stems) if corpus.has(entry) else 0
    if depth:
        for child in rules.rules.get(entry, ()):
            held = max(held, _branch_held(corpus, rules, child, query_stems, depth - 1))
    return held


def _best_of(corpus, rules: Tree, entries: list[int], query_stems: frozenset[int], said_of=None) -> int | None:
    """Of ``entries``, the one whose branch holds most of the question's words (:func:`_branch_held`);
    on a tie the one stating what the question asks for (``said_of``, :func:`_says`: whether an entry
    states it, then whether it does more than classify a keyword; a time for "when does damage wear
    off", an outcome for "what happens to a token when it leaves the battlefield": 111.7's "ceases to
    exist", not 111.1's "Some effects put tokens onto the battlefield"), then the fullest, then the
    first; None when none is in the corpus."""
    keys = []
    for child in entries:
        if corpus.has(child):
            stems = set(corpus.text_stems[corpus.entry_text[child]])
            fullness = min(len(stems - query_stems), 3 * FEW_WORDS)
            keys.append(((_branch_held(corpus, rules, child, query_stems), False, fullness), child))
    if not keys:
        return None
    most = max(k[0] for k, _ in keys)
    tied = [(k, child) for k, child in keys if k[0] == most]
    if said_of is not None and len(tied) > 1:  # what a text states is read only where it decides
        tied = [((k[0], *said_of(child), k[2]), child) for k, child in tied]
    best, best_key = None, None
    for key, child in tied:
        if best_key is None or key > best_key:
            best, best_key = child, key
    return best


def _says(conn: sqlite3.Connection, rules: Tree, bit: int, entry: int) -> tuple[bool, bool]:
    """How well ``entry`` answers a question asking for the kind ``bit``: whether it states it,
    then whether it does more than classify a keyword (of two subrules stating the time, "when does
    first strike damage happen" is answered by 702.7b, which says when, not by 702.7a, which says
    that first strike is a static ability that modifies the combat damage step)."""
    return _stated(conn, rules, bit, entry), not _stated(conn, rules, asked_bit(CLASSIFIES), entry)


def _stated(conn: sqlite3.Connection, rules: Tree, bit: int, entry: int) -> bool:
    """Whether ``entry``'s text states the kind ``bit`` of :func:`kb.question_kinds.stated_mask`
    (read once per entry and kept on its document's tree)."""
    mask = rules.stated.get(entry)
    if mask is None:
        mask = rules.stated[entry] = stated_mask(_body(conn, entry))
    return bool(mask & bit)
