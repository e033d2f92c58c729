"""Reading order of FAQ pages whose two columns a PDF extraction interleaved, and the category
each question stands under in that order.

A FAQ category heading applies to the questions that follow it in *reading order* (down the left
column, then down the right one) until the next heading. An extractor that reads a two-column
page by height emits the paragraph groups of both columns mixed, so the last heading before a
question in the *text* may be a heading of the other column (six "Timing" questions of the
right column standing after the left column's "Survey" heading). This module puts each paragraph
group (a run of lines with no blank line: printed in one column) back in its column, page by
page, then reads the categories off the rebuilt order. No layout library applies: the PDF's
coordinates are gone, only the text is left, so the layout is inferred from what the text says:

* a question and the answer :func:`ingest.recover.pair` found for it by content stand one after
  the other in one column: the groups printed between them in the text are in the other column;
* an answer (or the end of a broken sentence) found *before* its question opens the right
  column, and its question closes the left one;
* the categories run alphabetically in reading order (letter by letter, case and punctuation
  ignored), so each column's headings are in order and the left column's sort before the right
  one's;
* otherwise a group stays in the column of the group before it (fewest column switches), and
  among equally good layouts the one whose categories the questions name wins.

The result says how each category was found, for the caller's confidence: ``"text"`` (the
heading before it in the text: nothing was rebuilt), ``"columns"`` (another heading, by the
rebuilt column order) or ``"detached"`` (a heading that reading order puts right above the answer
of a question printed just before it: the column break fell between heading and question).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field

L, R = 0, 1
#: cost of one switch between the columns while walking the page's text
SWITCH_COST = 1.0
#: reward for a question whose category (in a candidate layout) it names: decides between
#: layouts that are otherwise as good, never against the text's own evidence
NAMED_REWARD = 0.75
#: cost of breaking "an answer found before its question opens the right column"
HINT_COST = 5.0
#: most undecided groups of linked paragraphs whose two orientations are tried exhaustively
MAX_FREE = 10


@dataclass
class Item:
    """One FAQ item as the caller read it: ``kind`` is "cat", "q" or "a"."""

    kind: str
    text: str
    group: int
    page: int


@dataclass
class _Node:
    group: int
    items: list[int] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)


def collation(title: str) -> str:
    """Letter-by-letter sort key: "Key Hammer" after "Keyfrog", "[REDACTED]" under R,
    "“This Way”" under T."""
    t = unicodedata.normalize("NFKD", title.replace("Æ", "AE").replace("æ", "ae"))
    return re.sub(r"[^a-z0-9]", "", t.encode("ascii", "ignore").decode().lower())


def _in_order(keys: list[str]) -> bool:
    return all(a <= b for a, b in zip(keys, keys[1:]))


class _Parity:
    """Union-find whose links say "same column" (0) or "other column" (1)."""

    def __init__(self, n: int) -> None:
        self.up = list(range(n))
        self.par = [0] * n

    def find(self, x: int) -> tuple[int, int]:
        p = 0
        while self.up[x] != x:
            p ^= self.par[x]
            x = self.up[x]
        return x, p

    def link(self, a: int, b: int, diff: int) -> bool:
        (ra, pa), (rb, pb) = self.find(a), self.find(b)
        if ra == rb:
            return (pa ^ pb) == diff
        self.up[rb] = ra
        self.par[rb] = pa ^ pb ^ diff
        return True


def categorize(items: list[Item], links: list[tuple[int, int, str]], named) -> dict[int, tuple[str | None, str]]:
    """Category of every question item: ``{item index: (category, how)}``.

    ``links`` are (earlier part, later part, kind) triples of item indexes in content order: a
    question and its answer or an answer and its continuation (kind "answer"), the broken end of
    a sentence and its rest (kind "fragment": a column or page break fell inside the sentence).
    ``named(question index, category)`` says whether the question (with its answer) names it."""
    pages: dict[int, list[int]] = {}
    for i, it in enumerate(items):
        pages.setdefault(it.page, []).append(i)
    order: list[int] = []
    for page in sorted(pages):
        order += _page_order(items, pages[page], links, named, order)
    naive = _read(items, range(len(items)))
    rebuilt = _read(items, order)
    out = {q: (cat, "text" if cat == naive.get(q) else "columns") for q, cat in rebuilt.items()}
    for q, cat in _detached(items, order, links).items():
        out[q] = (cat, "detached")
    return out


def _read(items: list[Item], order) -> dict[int, str | None]:
    cur, out = None, {}
    for i in order:
        if items[i].kind == "cat":
            cur = items[i].text
        elif items[i].kind == "q":
            out[i] = cur
    return out


def _detached(items: list[Item], order: list[int], links) -> dict[int, str]:
    """A heading whose first item in reading order is an answer, the question of which is the
    last question before the heading: the heading stood above that question."""
    pos = {i: n for n, i in enumerate(order)}
    question_of = {b: a for a, b, _ in links if items[a].kind == "q"}
    out = {}
    for n, i in enumerate(order[:-1]):
        nxt = order[n + 1]
        if items[i].kind != "cat" or items[nxt].kind != "a" or nxt not in question_of:
            continue
        q = question_of[nxt]
        between = order[pos[q] + 1 : n] if pos[q] < n else None
        if between is not None and not any(items[k].kind == "q" for k in between):
            out[q] = items[i].text
    return out


def _page_order(items: list[Item], idx: list[int], links, named, before: list[int]) -> list[int]:
    """The page's items in reading order: its left column, then its right column."""
    nodes: list[_Node] = []
    node_of: dict[int, int] = {}
    for i in idx:
        if not nodes or nodes[-1].group != items[i].group:
            nodes.append(_Node(items[i].group))
        nodes[-1].items.append(i)
        node_of[i] = len(nodes) - 1
        if items[i].kind == "cat":
            nodes[-1].heads.append(items[i].text)
    if len(nodes) < 2:
        return idx
    uf = _Parity(len(nodes))
    hints: list[tuple[int, int]] = []  # (node, column it should be in)
    edges = []
    for a, b, kind in links:
        if a not in node_of or b not in node_of or node_of[a] == node_of[b]:
            continue
        na, nb = node_of[a], node_of[b]
        if na < nb and kind != "fragment":
            edges.append((2, na, nb, 0))
            edges += [(1, na, k, 1) for k in range(na + 1, nb)]
        else:  # found before what it continues, or a sentence broken by the column break
            edges.append((3, na, nb, 1))
            hints += [(na, L), (nb, R)]
    for _, a, b, diff in sorted(edges, key=lambda e: -e[0]):
        uf.link(a, b, diff)
    start = None
    for i in reversed(before):
        if items[i].kind == "cat":
            start = items[i].text
            break
    best = None
    for t, partial in _layouts(nodes, uf, hints):
        cost, layout = _best_fill(partial, nodes, items, named, start, t)
        cost += HINT_COST * sum(layout[n] != col for n, col in hints)
        if best is None or cost < best[0] - 1e-9:
            best = (cost, layout)
    if best is None:
        return idx
    layout = best[1]
    return [i for n, nd in enumerate(nodes) if layout[n] == L for i in nd.items] + [
        i for n, nd in enumerate(nodes) if layout[n] == R for i in nd.items
    ]


def _layouts(nodes: list[_Node], uf: _Parity, hints):
    """Every column assignment worth scoring: per threshold between the left column's headings
    and the right column's, each orientation of the linked groups, the rest by continuity."""
    keys = sorted({collation(h) for nd in nodes for h in nd.heads})
    comps: dict[int, list[tuple[int, int]]] = {}
    for n in range(len(nodes)):
        root, p = uf.find(n)
        comps.setdefault(root, []).append((n, p))
    linked = [r for r, members in comps.items() if len(members) > 1 or any(h[0] == members[0][0] for h in hints)]
    for t in keys + [None]:
        fixed: dict[int, int] = {}
        ok = True
        for n, nd in enumerate(nodes):
            for h in nd.heads:
                col = L if t is None or collation(h) < t else R
                if fixed.setdefault(n, col) != col:
                    ok = False
        if not ok or not _headings_fit(nodes, fixed):
            continue
        forced: dict[int, int] = {}
        for r, members in comps.items():
            for n, p in members:
                if n in fixed:
                    col = fixed[n] ^ p
                    if forced.setdefault(r, col) != col:
                        ok = False
        if not ok:
            continue
        free = [r for r in linked if r not in forced]
        if len(free) > MAX_FREE:
            free_choices = [tuple(L for _ in free)]
        else:
            free_choices = itertools.product((L, R), repeat=len(free))
        for choice in free_choices:
            root_col = dict(forced)
            root_col.update(zip(free, choice))
            layout: list[int | None] = [None] * len(nodes)
            for r, members in comps.items():
                if r in root_col:
                    for n, p in members:
                        layout[n] = root_col[r] ^ p
            for n in fixed:
                layout[n] = fixed[n]
            yield t, layout


def _headings_fit(nodes: list[_Node], fixed: dict[int, int]) -> bool:
    left = [collation(h) for n, nd in enumerate(nodes) if fixed.get(n) == L for h in nd.heads]
    right = [collation(h) for n, nd in enumerate(nodes) if fixed.get(n) == R for h in nd.heads]
    return _in_order(left) and _in_order(right) and (not left or not right or max(left) <= min(right))


def _best_fill(
    partial: list[int | None], nodes: list[_Node], items: list[Item], named, start, t
) -> tuple[float, list[int]]:
    """Place the groups no evidence placed: fewest column switches, then most questions naming
    the category they would stand under (Viterbi over the page's groups). Returns the cost."""
    reward = _rewards(nodes, items, named, start, t)
    inf = float("inf")
    cost = [[inf, inf] for _ in nodes]
    back = [[0, 0] for _ in nodes]
    for n, nd in enumerate(nodes):
        for c in (L, R):
            if partial[n] is not None and partial[n] != c:
                continue
            here = -reward[n][c]
            if n == 0:
                cost[n][c] = here
                continue
            prev = min((L, R), key=lambda p: cost[n - 1][p] + SWITCH_COST * (p != c))
            cost[n][c] = cost[n - 1][prev] + SWITCH_COST * (prev != c) + here
            back[n][c] = prev
    c = min((L, R), key=lambda x: cost[-1][x])
    total = cost[-1][c]
    layout = [c]
    for n in range(len(nodes) - 1, 0, -1):
        c = back[n][c]
        layout.append(c)
    return total, layout[::-1]


def _rewards(nodes: list[_Node], items: list[Item], named, start, t) -> list[list[float]]:
    """For each group and column, the reward of its questions that name the category in force
    there (the headings' columns are fixed by the threshold ``t``)."""

    def col_of(h):
        return L if t is None or collation(h) < t else R

    left_heads = [h for nd in nodes for h in nd.heads if col_of(h) == L]
    cur = [start, left_heads[-1] if left_heads else start]
    out = []
    for nd in nodes:
        r = [0.0, 0.0]
        for c in (L, R):
            here = cur[c]
            for i in nd.items:
                if items[i].kind == "cat":
                    here = items[i].text
                elif items[i].kind == "q" and here and named(i, here):
                    r[c] += NAMED_REWARD
        for h in nd.heads:
            cur[col_of(h)] = h
        out.append(r)
    return out
