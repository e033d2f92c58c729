"""FAQ rule of the plain-text ingester: categories, questions, answers.

In a FAQ section a short title line ("Bait and Switch", "“Destroyed:” Effects", "[REDACTED]") is
a category, a paragraph asking something (it ends with "?", or a "?" is followed only by an "Or
..." afterthought) is a question, everything else is answer text. A question's setup sentence
split from its question line ("My Shoulder Id 257 is attacked ..." / "Does Shoulder Id steal ...?")
is joined back.

Answers glued to their question (no blank line between them) are read directly. In
one-paragraph-per-line text every answer paragraph belongs to the question above it. In wrapped
(PDF) text, loose answers are paired by content (:func:`ingest.recover_faq.pair`), and when any
were, the two columns of each page are rebuilt (:mod:`ingest.text_columns`) and every question
takes the category heading that precedes it in *reading* order, not in the text.

Confidence of a FAQ entry, the lowest that applies: an answer paired by content,
``min(0.9, 0.4 + score / 4)`` (see :mod:`ingest.recover_faq`); an answer read across a category
line, ``ACROSS_HEADING_CONFIDENCE`` (0.85); a category other than the heading before the question
in the text, ``CATEGORY_CONFIDENCE`` (0.75 from the rebuilt columns, 0.7 for a heading the column
break separated from its question); answer text no question claims, 0.0 with ``needs_review``.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .model import EarlierEntry, Entry
from .recover_faq import YES_NO_ANSWER, Answer, Question, pair
from .text_columns import Item, categorize
from .text_lex import TERMINAL, Block, join_lines, render
from .text_similar import Idf, contains_phrase, features, overlap, words

CATEGORY_WORDS = 7
QUESTION_LABEL = re.compile(r"^(?:q|question)\s*[:.]\s*", re.I)
ANSWER_LABEL = re.compile(r"^(?:a|answer)\s*:\s*", re.I)
FIRST_PERSON = re.compile(r"^(?:i|my|if i|when i|can i|its|it's|i'm|on my)\b", re.I)


def answer_before_question(prev: Block, b: Block) -> bool:
    """An answer stopping mid-sentence is not continued by a question ("... without Phase Shift’s
    effect" / "I have Po’s Pixies ...?"); a question's first half is ("... Master of the" /
    "Grey’s ability to stop it?")."""
    return b.text.rstrip().endswith("?") and not re.search(r"\b(?:I|my|me)\b", prev.text)


def is_category(b: Block) -> bool:
    if b.kind == "heading":
        return True
    t = b.text.strip()
    return (
        b.kind == "para"
        and b.words <= CATEGORY_WORDS
        and not TERMINAL.search(t)
        and not t.endswith("?")
        and not re.match(r"^[“‘\"]?[a-z]", t)
    )


def is_question(b: Block) -> bool:
    t = b.text.strip()
    if b.kind != "para" or YES_NO_ANSWER.match(t):
        return False
    if QUESTION_LABEL.match(t) or t.endswith("?"):
        return True
    m = re.search(r"\?\s+(.*)$", t)
    return bool(m and re.match(r"or\b", m.group(1), re.I) and len(m.group(1).split()) <= 20)


def split_questions(blocks: list[Block], icon: str | None = None) -> list[Block]:
    """Wrapped text can run an answer and the next question into one paragraph ("... already
    destroyed. / I have Pingle Who Annoys 43 and ... / before Pingle is destroyed?"). A question
    starts on a new line after a sentence end and runs, with no sentence ending a line, to a line
    ending in "?"; the paragraph is cut there."""
    out: list[Block] = []
    for b in blocks:
        lines = b.lines
        if b.kind != "para" or len(lines) < 2:
            out.append(b)
            continue
        cuts = []
        i = 1
        while i < len(lines):
            if TERMINAL.search(lines[i - 1]) and not lines[i - 1].endswith(":"):
                j = i
                while j < len(lines) and not TERMINAL.search(lines[j]):
                    j += 1
                if j < len(lines) and lines[j].endswith("?"):
                    cuts.append(i)
                    cuts.append(j + 1)
                    i = j + 1
                    continue
            i += 1
        cuts = sorted({c for c in cuts if 0 < c < len(lines)})
        if not cuts:
            out.append(b)
            continue
        bounds = [0] + cuts + [len(lines)]
        raws = b.raws or lines
        for k, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
            out.append(
                Block(
                    "para",
                    join_lines(lines[lo:hi], raws[lo:hi], icon),
                    b.line + lo,
                    b.group,
                    b.gap if k == 0 else 0,
                    b.page_break and k == 0,
                    None,
                    lines[lo:hi],
                    raws[lo:hi],
                )
            )
    return out


def _items(blocks: list[Block]):
    """("cat", block) / ("q", [blocks]) / ("a", [blocks]) in document order."""
    items: list[tuple[str, list[Block]]] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if is_category(b):
            items.append(("cat", [b]))
        elif is_question(b):
            if items and items[-1][0] == "q" and items[-1][1][-1].group == b.group:
                items[-1][1].append(b)  # a question in two sentences/lines
            else:
                items.append(("q", [b]))
        elif (
            nxt is not None
            and is_question(nxt)
            and nxt.group == b.group
            and b.kind == "para"
            and FIRST_PERSON.match(b.text)
            and not (items and items[-1][0] == "q")
        ):
            items.append(("q", [b]))  # the setup of a question split from it
        else:
            items.append(("a", [b]))
        i += 1
    return items


def faq_entries(
    blocks: list[Block],
    section_title: str | None,
    paragraph_mode: bool,
    earlier: list[EarlierEntry],
    icon: str | None = None,
    page_breaks: list[int] | None = None,
) -> tuple[list[Entry], list[str]]:
    """``page_breaks``: source lines that open a page (wrapped text: the column layout is
    rebuilt page by page)."""
    warnings: list[str] = []
    items = _items(split_questions(blocks, icon))
    entries: list[Entry] = []
    intro: list[Block] = []
    questions: list[Question] = []
    answers: list[Answer] = []
    q_blocks: dict[int, list[Block]] = {}
    category = None
    last_q_block: Block | None = None
    for n, (kind, bs) in enumerate(items):
        if kind == "cat":
            category = bs[0].text.strip()
            last_q_block = None
        elif kind == "q":
            text = QUESTION_LABEL.sub("", " ".join(b.text for b in bs)).strip()
            questions.append(Question(text, n, category))
            q_blocks[id(questions[-1])] = bs
            last_q_block = bs[-1]
        elif not questions and category is None:
            intro.extend(bs)
        else:
            b = bs[0]
            glued = last_q_block is not None and b.group == last_q_block.group
            prev = answers[-1] if answers else None
            same_run = (
                prev is not None
                and prev.end == n - 1
                and prev.blocks[-1].group == b.group
                and not YES_NO_ANSWER.match(b.text)
            )
            if same_run:
                prev.blocks.append(b)
                prev.text = ANSWER_LABEL.sub("", render(prev.blocks))
                prev.end = n
            else:
                answers.append(
                    Answer(ANSWER_LABEL.sub("", render([b])), n, direct=glued, blocks=[b], category=category, end=n)
                )
            last_q_block = last_q_block if glued else None
    if intro:
        entries.append(Entry("rule", section_title, render(intro)))
    # direct answers go to the question right above them
    by_index = sorted(questions, key=lambda q: q.index)
    for a in answers:
        if a.direct or paragraph_mode:
            owner = max((q for q in by_index if q.index < a.index), key=lambda q: q.index, default=None)
            if owner is not None:
                owner.answers.append(a)
                a.direct = True
    unplaced = [a for a in answers if not a.direct]
    recovered = 0
    all_answers = list(answers)
    if unplaced:
        idf = Idf([b.text for b in blocks])
        unplaced = _join_fragments(unplaced, answers, questions, idf)
        answers = [a for a in answers if a.direct or a in unplaced]
        unplaced = pair(questions, answers, earlier, idf)
        recovered = sum(1 for q in questions if q.confidence < 1.0)
    for q in questions:  # an answer read across a category line was not read as printed
        if any(
            not a.direct and any(kind == "cat" for kind, _ in items[min(q.index, a.index) : max(q.index, a.index)])
            for a in q.answers
        ):
            q.confidence = min(q.confidence, ACROSS_HEADING_CONFIDENCE)
    bodies = {q.index: "\n\n".join(a.text for a in sorted(q.answers, key=lambda a: a.index)) for q in questions}
    placed = {}
    if not paragraph_mode and recovered:
        placed = _reading_order_categories(items, questions, all_answers, bodies, page_breaks or [])
    for q in questions:
        body = bodies[q.index]
        cat, how = placed.get(q.index, (q.category, "text"))
        confidence = min(q.confidence, CATEGORY_CONFIDENCE.get(how, 1.0))
        e = Entry("faq", None, body, question=q.text, category=cat, confidence=confidence)
        if not body:
            e.needs_review = True
            e.review_reason = "question without an answer"
        entries.append(e)
    for a in unplaced:
        entries.append(
            Entry(
                "faq",
                None,
                a.text,
                category=a.category,
                confidence=0.0,
                needs_review=True,
                review_reason="answer text whose question could not be found",
            )
        )
    if recovered or unplaced:
        warnings.append(
            f"FAQ: {recovered} question(s) paired with answers found elsewhere by content; "
            f"{len(unplaced)} answer text(s) could not be placed (kept for review)"
        )
    moved = sum(1 for cat, how in placed.values() if how != "text")
    if moved:
        warnings.append(f"FAQ: {moved} question(s) put under the category their column's reading order gives")
    return entries, warnings


#: confidence cap of a question whose answer stands on the other side of a category line
ACROSS_HEADING_CONFIDENCE = 0.85
#: confidence cap of a question whose category is not the heading before it in the text: the
#: rebuilt column order gave another heading (evidence from pairing and alphabetical order of
#: the categories) / a heading the column break separated from its question
CATEGORY_CONFIDENCE = {"columns": 0.75, "detached": 0.7}


def _reading_order_categories(
    items, questions: list[Question], answers: list[Answer], bodies: dict[int, str], page_breaks: list[int]
):
    """Hand the FAQ's items, the question-answer links pairing found and the broken sentences
    it mended to :func:`ingest.text_columns.categorize`."""
    breaks = sorted(page_breaks)
    cols = [
        Item(kind, " ".join(b.text for b in bs).strip(), bs[0].group, bisect_right(breaks, bs[0].line))
        for kind, bs in items
    ]
    links = []
    for q in questions:
        parts = sorted(q.answers, key=lambda a: a.index)
        prev_end = q.index
        for a in parts:
            if not a.direct:
                links.append((prev_end, a.index, "answer"))
            prev_end = a.end
    for a in answers:
        links += [(a.end, f, "fragment") for f in a.joined]
    text = {q.index: f"{q.text} {bodies[q.index]}" for q in questions}
    return categorize(cols, links, lambda i, cat: mentions(text[i], cat))


def _join_fragments(loose: list[Answer], answers: list[Answer], questions: list[Question], idf: Idf):
    """An answer piece starting in lower case ("allows you to use the first instance ...") ends
    an answer that stops mid-sentence ("... This"), wherever the other column put it."""
    owner_of = {id(a): q for q in questions for a in q.answers}
    left = []
    for f in loose:
        if not re.match(r"^[“‘\"']?[a-z]", f.text):
            left.append(f)
            continue
        best, best_s = None, 0.0
        for d in answers:
            if d is f or TERMINAL.search(d.text.rstrip("”’\"'")):
                continue
            q = owner_of.get(id(d))
            context = d.text + " " + (q.text if q else "")
            s = 0.05 + overlap(features(f.text), features(context), idf)
            if s > best_s:
                best, best_s = d, s
        if best is None:
            left.append(f)
            continue
        best.text = f"{best.text} {f.text}"
        best.blocks.extend(f.blocks)
        best.joined.append(f.index)
    return left


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names ``name``: "Leaves Play (Spangler Box)" or "Wild Wormhole; Kelifi
    Dragon": either part will do; "Damage, Source of" is an index form of "Source of Damage",
    which it must name whole ("damage" alone names another topic)."""
    parts = [p.strip() for p in re.split(r"[();]", name) if p.strip()]
    phrases = []
    for p in parts:
        head, _, tail = p.partition(",")
        phrases.append(f"{tail.strip()} {head.strip()}" if tail.strip() else head)
    return any(contains_phrase(words(text), words(p)) for p in phrases)
