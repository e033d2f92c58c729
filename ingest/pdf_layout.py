"""Reading order of one PDF page: lines, column gutters, bands and columns.

Pure geometry over the words pdfplumber reports, so it can be reasoned about (and tested) without
a PDF. The approach, for one page:

1. Group the words into *rows* (words whose vertical extents mostly overlap), and cut each row into
   *spans*: runs of words whose horizontal gaps are below ``gap_min`` (about one em). A line of a
   full-width paragraph is one span; a row that meets two columns has a span on each side of the
   gutter.
2. Candidate gutters: every gap between two spans of a row votes for the x-positions it leaves free
   (only in the middle of the page, not the outer 12%). The x-range with most votes is a gutter;
   the gaps that contain it are removed and the vote repeats, so two gutters of a three-column
   band, or gutters of differently laid out bands, are found one after the other.
3. Where a gutter applies: the runs of consecutive rows that no span crosses at that x, with at
   least two rows having text on both sides and columns of a plausible width on both sides (this
   rejects the gap between a bullet and its text). A full-width heading or paragraph crosses every
   gutter, so it ends the run: the page falls into horizontal *bands*, each with its own set of
   gutters (none for a full-width band).
4. Each band's words are split at its gutters into columns, read left to right, each top to bottom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import median

#: the outer share of the body width where no gutter is looked for (bullets, hanging indents)
EDGE_SHARE = 0.12
#: a column narrower than this share of the body width is not a column (bullet, label)
MIN_COLUMN_SHARE = 0.15
#: rows with text on both sides of a gutter needed before a run of rows counts as columns
MIN_SUPPORT = 2


@dataclass
class Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    bold: bool

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def height(self) -> float:
        return max(self.bottom - self.top, 0.1)


@dataclass
class Line:
    words: list[Word]
    #: set for rows that must never join a column band (margin text far from the body)
    blocking: bool = False

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)

    @property
    def size(self) -> float:
        """The font size most of the line's characters have."""
        weight: dict[float, int] = {}
        for w in self.words:
            weight[round(w.size, 1)] = weight.get(round(w.size, 1), 0) + len(w.text)
        return max(weight, key=weight.get)

    @property
    def bold(self) -> bool:
        n_bold = sum(len(w.text) for w in self.words if w.bold)
        return n_bold * 2 > sum(len(w.text) for w in self.words)

    def spans(self, gap_min: float) -> list[tuple[float, float]]:
        out: list[list[float]] = []
        for w in self.words:  # sorted by x0
            if out and w.x0 - out[-1][1] < gap_min:
                out[-1][1] = max(out[-1][1], w.x1)
            else:
                out.append([w.x0, w.x1])
        return [(a, b) for a, b in out]


@dataclass
class Column:
    lines: list[Line]
    #: where text of this column may reach on the right (the gutter, or the body's right edge)
    left: float
    right: float


@dataclass
class _Free:
    """An x-range one row leaves free of text (between spans, or before/after its text)."""

    row: int
    lo: float
    hi: float


@dataclass
class _Gutter:
    x: float
    rows: set[int] = field(default_factory=set)
    #: where the text left of the gutter ends and the text right of it starts, at the widest
    left_end: float = 0.0
    right_start: float = 0.0


def group_lines(words: list[Word]) -> list[Line]:
    """Rows of words whose vertical extents overlap by at least half the smaller height."""
    rows: list[tuple[Word, list[Word]]] = []  # (anchor word, words)
    for w in sorted(words, key=lambda w: (w.top, w.x0)):
        for anchor, members in reversed(rows[-3:]):
            overlap = min(anchor.bottom, w.bottom) - max(anchor.top, w.top)
            if overlap >= 0.5 * min(anchor.height, w.height):
                members.append(w)
                break
        else:
            rows.append((w, [w]))
    lines = [Line(sorted(members, key=lambda w: w.x0)) for _, members in rows]
    lines.sort(key=lambda ln: (ln.top, ln.x0))
    return lines


def _free_ranges(rows: list[Line], spans: list[list[tuple[float, float]]], lo: float, hi: float) -> list[_Free]:
    """The x-ranges within [lo, hi] each row leaves free; rows of one column band all leave its
    gutter free, whether they meet text on both sides or (baselines of the columns not lining
    up) on one side only."""
    out = []
    for i, row_spans in enumerate(spans):
        if rows[i].blocking:
            continue
        edges = [lo] + [x for span in row_spans for x in span] + [hi]
        for a, b in zip(edges[::2], edges[1::2]):
            a, b = max(a, lo), min(b, hi)
            if b - a >= 1.0:
                out.append(_Free(i, a, b))
    return out


def _best_position(free: list[_Free]) -> tuple[float, int] | None:
    """The x-range most free ranges cover: its middle and the number of ranges covering it."""
    if not free:
        return None
    origin = math.floor(min(f.lo for f in free))
    delta = [0] * (math.ceil(max(f.hi for f in free)) - origin + 3)
    for f in free:  # each range votes for the whole points it covers
        delta[math.ceil(f.lo) - origin] += 1
        delta[math.floor(f.hi) - origin + 1] -= 1
    votes, running = [], 0
    for d in delta:
        running += d
        votes.append(running)
    best = max(votes)
    first = votes.index(best)
    last = first
    while last + 1 < len(votes) and votes[last + 1] == best:
        last += 1
    return origin + (first + last) / 2, best


def _sides(row_spans: list[tuple[float, float]], x: float) -> tuple[float | None, float | None]:
    """Width of the text just left and just right of ``x`` in one row (``None``: no text there).

    The text on a side runs on across gaps narrower than the one at ``x`` (a bullet and its text,
    a label and its value), so a bullet neither passes for a column nor makes its column look narrow.
    """
    k = sum(1 for _, b in row_spans if b <= x)  # spans left of x: row_spans[:k]
    gap = (row_spans[k][0] if k < len(row_spans) else math.inf) - (row_spans[k - 1][1] if k else -math.inf)
    left = right = None
    if k:
        j = k - 1
        while j > 0 and row_spans[j][0] - row_spans[j - 1][1] < gap:
            j -= 1
        left = row_spans[k - 1][1] - row_spans[j][0]
    if k < len(row_spans):
        m = k
        while m + 1 < len(row_spans) and row_spans[m + 1][0] - row_spans[m][1] < gap:
            m += 1
        right = row_spans[m][1] - row_spans[k][0]
    return left, right


def _is_columns(run: list[int], spans: list[list[tuple[float, float]]], x: float, width: float) -> bool:
    """Do the rows of ``run`` hold columns of text on both sides of ``x``?"""
    sides = [_sides(spans[i], x) for i in run]
    lefts = [a for a, _ in sides if a is not None]
    rights = [b for _, b in sides if b is not None]
    return (
        len(lefts) >= MIN_SUPPORT
        and len(rights) >= MIN_SUPPORT
        and median(lefts) >= MIN_COLUMN_SHARE * width
        and median(rights) >= MIN_COLUMN_SHARE * width
    )


def find_gutters(rows: list[Line], gap_min: float, body_x0: float, body_x1: float) -> list[_Gutter]:
    """Gutters of the page, each with the rows (indices into ``rows``) it separates into columns.

    The x most rows leave free is a candidate; it holds for each run of consecutive rows that no
    text crosses there and that has columns of text on both sides. The free ranges containing it
    are then set aside and the next candidate is taken, until no x is left free by two rows.
    """
    width = body_x1 - body_x0
    if width <= 0:
        return []
    spans = [row.spans(gap_min) for row in rows]
    free = _free_ranges(rows, spans, body_x0 + EDGE_SHARE * width, body_x1 - EDGE_SHARE * width)
    gutters = []
    while True:
        best = _best_position(free)
        if best is None or best[1] < MIN_SUPPORT:
            break
        x = best[0]
        taken = [f for f in free if f.lo <= x <= f.hi]
        free = [f for f in free if not (f.lo <= x <= f.hi)]
        if not taken:
            break
        gutter = _Gutter(x)
        run: list[int] = []
        for i in range(len(rows) + 1):  # i == len(rows) ends the last run
            if i < len(rows) and not rows[i].blocking and not any(a < x < b for a, b in spans[i]):
                run.append(i)
                continue
            if run and _is_columns(run, spans, x, width):
                gutter.rows.update(run)
            run = []
        if gutter.rows:
            ends = [b for i in gutter.rows for a, b in spans[i] if b <= x]
            starts = [a for i in gutter.rows for a, b in spans[i] if a >= x]
            gutter.left_end = max(ends, default=x)
            gutter.right_start = min(starts, default=x)
            gutters.append(gutter)
    return gutters


def page_columns(rows: list[Line], gap_min: float) -> list[Column]:
    """The page's text as columns in reading order: bands top to bottom, columns left to right."""
    if not rows:
        return []
    body_x0 = min(r.x0 for r in rows if not r.blocking) if any(not r.blocking for r in rows) else 0
    body_x1 = max(r.x1 for r in rows if not r.blocking) if any(not r.blocking for r in rows) else 0
    gutters = find_gutters(rows, gap_min, body_x0, body_x1)
    bands: list[tuple[tuple[_Gutter, ...], list[Line]]] = []
    for i, row in enumerate(rows):
        active = tuple(sorted((g for g in gutters if i in g.rows), key=lambda g: g.x))
        if bands and [g.x for g in bands[-1][0]] == [g.x for g in active]:
            bands[-1][1].append(row)
        else:
            bands.append((active, [row]))
    columns: list[Column] = []
    for active, band_rows in bands:
        left_edges = [min(body_x0, min(r.x0 for r in band_rows))] + [g.right_start for g in active]
        right_edges = [g.left_end for g in active] + [max(body_x1, max(r.x1 for r in band_rows))]
        cuts = [-math.inf] + [g.x for g in active] + [math.inf]
        words = [w for r in band_rows for w in r.words]
        for k in range(len(cuts) - 1):
            col_words = [w for w in words if cuts[k] <= w.cx < cuts[k + 1]]
            if col_words:
                columns.append(Column(group_lines(col_words), left_edges[k], right_edges[k]))
    return columns
