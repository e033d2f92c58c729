"""What a question asks for, read from its first words, and whether an entry's text states it; and
the words of its frame, which say that it is a question and not what it is about.

Why: a question's first words say what kind of answer it wants, and the words it shares with the
rulebook do not. "when can I use a planeswalker's loyalty ability" shares "loyalty ability" with the
rule that defines one and with the rule that says when one may be activated; only the second states
a time ("any time they have priority ... during a main phase"). "how many cards do I draw" wants a
number. This is the answer-type step of classic question answering, kept to the kinds a
rulebook states in words any game uses: a time, a count, and for "what happens ..." an outcome
(put into a graveyard, destroyed, removed, loses the game). An entry that states the kind asked
for ranks a little higher (:data:`STATES_FACTOR`) among the best-scored results
(:func:`kb.search_answers.answers_first`); nothing names a game, a rule or a term.
"""

from __future__ import annotations

import re

#: score factor of an entry that states what the question asks for
STATES_FACTOR = 1.25

#: words that state when something happens, in any of the rulebooks
_TIME = re.compile(
    r"\b(?:during|until|whenever|any time|at the (?:beginning|start|end)|each turn|step|phase|"
    r"priority|immediately|before|after)\b",
    re.IGNORECASE,
)
#: words that state how many (a number that labels a step, rule, page or section counts nothing,
#: nor does a part of a rule number, "604.3", or a numbered definition's "2. " at a line's start)
_COUNT = re.compile(
    r"(?<!step )(?<!rule )(?<!rules )(?<!page )(?<!section )(?<!phase )"
    r"\b(?:(?<![\d.])(?!(?<![^\n])\d+\.\s)\d+(?!\.\d)|two|three|four|five|six|seven|eight|nine|ten|twenty|twice|half|no more than|up to|"
    r"at least|at most|any number|equal to)\b",
    re.IGNORECASE,
)
#: words that state what comes of an event, in any of the rulebooks: a card or object moves, is
#: destroyed or ceases to exist, a player wins or loses, counters or tokens are removed
_OUTCOME = re.compile(
    r"\b(?:(?:is|are|it's|they're|be|been) (?:put|placed|returned|destroyed|exiled|discarded|purged|archived|"
    r"removed|gained|lost|shuffled|tagged)|put into|ceases? to exist|(?:loses?|wins?) the game|is a draw)\b",
    re.IGNORECASE,
)
#: (how the question starts, what a text that answers it holds), the first match wins; "when" asks
#: for a time only as a question ("when do I ..."), not as a condition ("when a creature dies, ...")
ASKS: tuple[tuple[re.Pattern, re.Pattern], ...] = (
    (
        re.compile(
            r"^(?:(?:so |and )?when (?:do|does|did|is|are|was|were|can|could|should|will|would|must|may)"
            r"|at what point|how often|how long)\b"
        ),
        _TIME,
    ),
    (re.compile(r"^how (?:many|much)\b"), _COUNT),
    (re.compile(r"^(?:so |and )?what (?:happens|happened|will happen|would happen)\b"), _OUTCOME),
)


#: a rule that only says what kind of ability a keyword is ("First strike is a static ability that
#: modifies the rules for the combat damage step."): it classifies the keyword, and the rules after
#: it say what the keyword does
CLASSIFIES = re.compile(
    r"^[^.]{1,40}? (?:is|are) (?:an? )?(?:static|triggered|activated|keyword|evasion|characteristic-defining) "
    r"abilit(?:y|ies)(?: that modifies the rules (?:for|of) [^.]*)?\.(?: \(See rules? [^)]*\))?\s*$",
    re.IGNORECASE,
)

#: what a text may state, each a bit of :func:`stated_mask` (kept per rule by :mod:`kb.rule_tree`)
STATED: tuple[re.Pattern, ...] = (_TIME, _COUNT, _OUTCOME, CLASSIFIES)


def stated_mask(body: str) -> int:
    """The kinds of :data:`STATED` that ``body`` states, one bit each."""
    return sum(1 << i for i, pattern in enumerate(STATED) if pattern.search(body))


def asked_bit(pattern: re.Pattern | None) -> int:
    """The bit of :func:`stated_mask` for what a question asks for (0 when it asks for nothing)."""
    return 1 << STATED.index(pattern) if pattern in STATED else 0


def asked_for(words: list[str]) -> re.Pattern | None:
    """What the question (its folded words) asks for: the pattern of a text stating it, else None."""
    text = " ".join(words)
    return next((states for starts, states in ASKS if starts.search(text)), None)


def states(pattern: re.Pattern | None, body: str) -> bool:
    """Whether ``body`` states what the question asks for (always False when it asks for nothing)."""
    return pattern is not None and pattern.search(body) is not None


#: a text that starts with its condition ("If a creature has toughness 0 or less, ...")
CONDITION_FIRST = re.compile(r"^\s*(?:if|when|whenever|once)\b", re.IGNORECASE)


def states_factor(pattern: re.Pattern | None, body: str) -> float:
    """The score factor of ``body`` for a question asking for ``pattern``: :data:`STATES_FACTOR`
    when it states it, squared when an outcome follows the condition it comes of (the form of a
    rule that answers "what happens if ...": "If a creature has toughness 0 or less, it's put into
    its owner's graveyard"), else 1."""
    if not states(pattern, body):
        return 1.0
    if pattern is _OUTCOME and CONDITION_FIRST.match(body):
        return STATES_FACTOR * STATES_FACTOR
    return STATES_FACTOR


#: The words of a question's frame, which say that it is a question and not what it is about: "how
#: does ward work" asks about WARD, and "work", rare in the rulebooks, would otherwise weigh more
#: than the term and find the few rules that say "work"; "what counts as a permanent" asks what a
#: permanent is. Patterns over the folded words of the query (one space apart); the words of the
#: named group ``frame`` are dropped like stopwords. "mean" is not among them: a rulebook defines
#: a term with it ('"Earthbend N" means ...').
QUESTION_FRAMES: tuple[re.Pattern, ...] = tuple(
    re.compile(p)
    for p in (
        r"^(?:how|so how|and how) (?:do|does|did|will|would|should|can) .+ (?P<frame>work|works|interact)$",
        r"^(?:what|which|who) (?P<frame>counts? as)\b",
    )
)


def _named_words(words: list[str], pattern: re.Pattern, group: str) -> frozenset[int]:
    """The positions of the words of ``words`` (folded tokens, matched one space apart) that the
    named ``group`` of ``pattern`` spans; empty when it does not match."""
    m = pattern.search(" ".join(words))
    if not m:
        return frozenset()
    lo, hi = m.span(group)
    out, start = set(), 0
    for i, w in enumerate(words):
        if lo <= start < hi:
            out.add(i)
        start += len(w) + 1
    return frozenset(out)


def frame_words(words: list[str]) -> frozenset[int]:
    """The positions of the words of ``words`` (folded tokens) that make the question's frame
    (:data:`QUESTION_FRAMES`)."""
    return frozenset().union(*(_named_words(words, pattern, "frame") for pattern in QUESTION_FRAMES))


#: "what happens to X ...": X is what the question is about, whatever else it names ("what happens
#: to an aura when the creature it's on dies" asks about the Aura, not about dying). Up to the first
#: word that starts the circumstance; a determiner before it is not part of it.
_SUBJECT = re.compile(
    r"^(?:so |and )?what (?:happens|happened|will happen|would happen) to (?:(?:a|an|the|my|your|their|its|all) )?"
    r"(?P<subject>.+?)(?= (?:when|whenever|if|that|which|who|with|on|in|after|before|during|while|under|"
    r"once|as|at|from|by)\b|$)"
)


#: weight factor of the words that name what a question is about: "what happens to an aura when the
#: creature it's on dies" is answered by a rule about Auras, not by the definition of dying
SUBJECT_WEIGHT = 2.0


def subject_words(words: list[str]) -> frozenset[int]:
    """The positions of the words of ``words`` (folded tokens) that name what the question is about,
    when it names it by its frame ("what happens to X ..."); empty otherwise."""
    return _named_words(words, _SUBJECT, "subject")
