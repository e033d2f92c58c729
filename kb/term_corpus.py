"""The key streams of one version's texts, and where a phrase occurs in them (for kb.terminology).

Why a module of its own: looking phrases up is what rename detection spends its time on, over every
version of a 109-version history, and it has its own structure (see :class:`Corpus`); kb.terminology
keeps the rules that decide what a rename is. A stream is a text's comparison keys with
:data:`BOUNDARY` after each sentence (a phrase never spans one).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from contextlib import suppress
from itertools import accumulate, chain

BOUNDARY = "\x01"


class Corpus:
    """The key streams of every text of one version, with an index of where the keys a look-up
    can anchor on occur.

    The index holds positions in all streams laid end to end (plain ints: a version of the Magic
    rules has over 100,000 keys, and a tuple per key made building it the cost), of the ``keys``
    given only: the words of the candidates' old phrases, which every phrase looked up holds (a
    phrase itself, or a longer one around it). A phrase is looked up by its rarest indexed key:
    anchoring on its first key, often "the" or "creature", scanned thousands of places to find a
    handful. Every anchor gives the same occurrences in the same order."""

    def __init__(self, streams: list[tuple[str, ...]], keys: set[str]):
        self.streams = streams
        self.flat = tuple(chain.from_iterable(streams))  # (a tuple of strings: the garbage collector stops walking it)
        self.starts = list(accumulate((len(s) for s in streams), initial=0))  # where each stream begins
        self.index: dict[str, list[int]] = {k: [] for k in keys}
        if len(keys) > 2:  # one pass over the streams
            index = self.index
            for p, k in enumerate(self.flat):
                if k in index:
                    index[k].append(p)
        for k in keys if len(keys) <= 2 else ():  # one or two: a scan each by list.index is faster
            at, p = self.index[k], -1
            with suppress(ValueError):
                while True:
                    p = self.flat.index(k, p + 1)
                    at.append(p)
        self._counts: dict[tuple, int] = {}
        self._beside: dict[tuple, tuple[Counter, Counter]] = {}

    def find(self, phrase: tuple[str, ...]) -> list[tuple[int, int]]:
        """Every (stream, position) where ``phrase`` occurs, in stream order."""
        m = len(phrase)
        if not m:
            return []
        hits = [self.index.get(k) for k in phrase]
        j = min((x for x in range(m) if hits[x] is not None), key=lambda x: len(hits[x]), default=None)
        if j is None:  # no key of it indexed (not a phrase terminology() looks up): every place of its first
            j, hits[0] = 0, [p for p, k in enumerate(self.flat) if k == phrase[0]]
        flat, keys, out = self.flat, tuple(phrase), []
        for p in hits[j]:
            if p >= j and flat[p - j : p - j + m] == keys:  # then: not across two streams
                n = bisect_right(self.starts, p) - 1
                i = p - self.starts[n] - j
                if i >= 0 and i + m <= len(self.streams[n]):
                    out.append((n, i))
        return out

    def count(self, phrase: tuple[str, ...], part: tuple[str, ...]) -> int:
        """How often ``phrase`` occurs: ``part`` with one key more before or after it, counted
        from the keys beside each occurrence of ``part`` (found once for all its longer phrases)."""
        if phrase not in self._counts:
            if part not in self._beside:
                before, after, m = Counter(), Counter(), len(part)
                for n, i in self.find(part):
                    stream = self.streams[n]
                    if i > 0:
                        before[stream[i - 1]] += 1
                    if i + m < len(stream):
                        after[stream[i + m]] += 1
                self._beside[part] = before, after
            before, after = self._beside[part]
            self._counts[phrase] = before[phrase[0]] if phrase[1:] == part else after[phrase[-1]]
        return self._counts[phrase]

    def sentence(self, n: int, i: int) -> tuple[int, int]:
        stream = self.streams[n]
        lo = i
        while lo > 0 and stream[lo - 1] != BOUNDARY:
            lo -= 1
        hi = i
        while hi < len(stream) and stream[hi] != BOUNDARY:
            hi += 1
        return lo, hi
