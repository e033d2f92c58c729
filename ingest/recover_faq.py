"""FAQ pairing for column-interleaved text: each answer found away from its question is given
to the question it answers, by content.

What a question and its answer share (card names, game terms), whether the answer opens the way
the question asks ("Yes."/"No." for yes/no questions), the answer the same question had in
earlier versions, and a bonus when the answer directly follows the question. A question paired
with an answer found elsewhere carries ``confidence`` ``min(0.9, 0.4 + score / 4)`` (a pairing
score of 2 gives 0.9, the weakest accepted, 0.125 open-question fit, about 0.43); an answer that
fits no question is returned for the caller to keep for review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import EarlierEntry
from .text_similar import Idf, features, names, norm, overlap_normed, same_question, similar

#: how a yes/no question is asked, and how its answer opens
YES_NO_QUESTION = re.compile(r"^(?:can|could|does|do|did|will|would|is|are|am|may|must|should|has|have)\b", re.I)
WH_QUESTION = re.compile(r"\b(?:what|how|which|when|where|who|whose|why)\b", re.I)
YES_NO_ANSWER = re.compile(r"^(?:yes|no|not usually|not quite)\b", re.I)
#: an answer paragraph that continues another answer rather than starting one
CONTINUATION = re.compile(
    r"^(?:[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose|It|Note|However|Also|Therefore|So|Then)\b"
    r"|^[“‘\"']?[a-z]|^\d+\."
)
ADJACENT_BONUS = 0.5
FAQ_THRESHOLD = 0.25


@dataclass
class Question:
    text: str
    index: int  # position among the FAQ's items (questions and answers)
    category: str | None = None
    answers: list["Answer"] = field(default_factory=list)
    confidence: float = 1.0


@dataclass
class Answer:
    text: str  # rendered answer text (paragraphs and list lines)
    index: int
    direct: bool = False  # glued to its question (same paragraph group): read directly
    blocks: list = field(default_factory=list)
    category: str | None = None
    end: int = -1  # index of its last item (a run of answer paragraphs)
    joined: list[int] = field(default_factory=list)  # items of sentence ends joined to it


def _last_question(text: str) -> str:
    parts = re.split(r"(?<=[.?!])\s+", text.strip())
    qs = [p for p in parts if p.endswith("?")]
    return qs[-1] if qs else parts[-1]


def opener_fit(q: str, a: str) -> float:
    last = _last_question(q)
    yn_answer = bool(YES_NO_ANSWER.match(a))
    if YES_NO_QUESTION.match(last) or re.search(r",\s*(?:can|does|do|will|is|are|may)\b", last, re.I):
        return 0.3 if yn_answer else -0.05
    if WH_QUESTION.search(last):
        return -0.4 if yn_answer else 0.15
    return 0.0


def pair(questions: list[Question], answers: list[Answer], earlier: list[EarlierEntry], idf: Idf) -> list[Answer]:
    """Give each answer not glued to its question to the question it answers. Returns the
    answers that fit no question.

    Score of (question, answer): the share of the answer's names (card names, terms) the
    question contains, the likeness of their words, whether the answer opens the way the question
    asks, the likeness to the answer the same question had in earlier versions, and a bonus when
    the answer directly follows the question. Answers that continue another answer ("This will
    even work ...") may join a question that already has one. Assignment is greedy, best first."""
    loose = [a for a in answers if not a.direct]
    if not questions:
        return loose
    old = [(e.question, e.body) for e in earlier if e.kind == "faq" and e.question]
    name_idf = Idf([q.text for q in questions] + [a.text for a in answers], names)
    q_feats = {id(q): features(f"{q.category or ''} {q.text}") for q in questions}
    q_names = {id(q): names(f"{q.category or ''} {q.text}") for q in questions}
    a_feats = {id(a): features(a.text) for a in answers}
    a_names = {id(a): names(a.text) for a in answers}
    # what depends on one side alone, once per question or answer rather than once per pair
    q_norms = {id(q): norm(q_feats[id(q)], idf) for q in questions}
    a_norms = {id(a): norm(a_feats[id(a)], idf) for a in answers}
    a_totals = {id(a): sum(name_idf(f) for f in a_names[id(a)]) for a in answers}
    prior = {id(q): [body for oq, body in old if same_question(q.text, oq) >= 0.85] for q in questions}
    items = sorted([(q.index, q) for q in questions] + [(a.index, a) for a in answers], key=lambda t: t[0])
    # the question an answer directly follows (nothing between them)
    preceding: dict[int, Question | None] = {}
    for (_, it), (_, nxt) in zip(items, items[1:]):
        if isinstance(it, Question) and isinstance(nxt, Answer):
            preceding[id(nxt)] = it

    def name_fit(q: Question, a: Answer) -> float:
        an = a_names[id(a)]
        total = a_totals[id(a)]
        return sum(name_idf(f) for f in an.keys() & q_names[id(q)].keys()) / total if total else 0.0

    def base(q: Question, a: Answer) -> float:
        s = 1.2 * name_fit(q, a) + 1.5 * overlap_normed(
            q_feats[id(q)], a_feats[id(a)], q_norms[id(q)], a_norms[id(a)], idf
        )
        if prior[id(q)]:
            s += 3.0 * max(0.0, max(similar(a.text, body, 0.8) for body in prior[id(q)]) - 0.8)
        if preceding.get(id(a)) is q:
            s += ADJACENT_BONUS
        return s - 0.001 * abs(a.index - q.index)

    def mode(q: Question, a: Answer) -> float:
        cont = bool(CONTINUATION.match(a.text))
        if q.answers:
            so_far = features(" ".join(x.text for x in q.answers))
            return overlap_normed(so_far, a_feats[id(a)], norm(so_far, idf), a_norms[id(a)], idf) + (
                0.1 if cont else -1.0
            )
        return opener_fit(q.text, a.text) - (0.3 if cont else 0.0)

    bases = {(id(q), id(a)): base(q, a) for q in questions for a in loose}
    table = {k: v for k, v in bases.items()}
    for q in questions:
        for a in loose:
            table[(id(q), id(a))] += mode(q, a)
    pending = list(loose)
    unplaced = []
    while pending:
        s, q, a = max(((table[(id(q), id(a))], q, a) for a in pending for q in questions), key=lambda t: t[0])
        pending.remove(a)
        open_fit = not q.answers and opener_fit(q.text, a.text) > 0 and s > FAQ_THRESHOLD / 2
        if s < FAQ_THRESHOLD and not open_fit:  # an open question may take a weakly fitting answer
            unplaced.append(a)
            continue
        if preceding.get(id(a)) is not q or len(q.answers) and not CONTINUATION.match(a.text):
            q.confidence = min(q.confidence, round(min(0.9, 0.4 + s / 4), 2))
        q.answers.append(a)
        q.answers.sort(key=lambda x: x.index)
        for other in pending:
            table[(id(q), id(other))] = bases[(id(q), id(other))] + mode(q, other)
    return unplaced
