"""A result's snippet: the window of its text holding the most query words, those words marked.

Why a module of its own: :mod:`kb.query` reads what the user typed; this shows an entry's text back,
escaped before ``<mark>`` is added, with the tokenizer and folding the query was read with
(:data:`kb.query.TOKEN`, :func:`kb.query.fold`), so a word is marked exactly when it was searched.
"""

from __future__ import annotations

import html
import re

from .query import TOKEN, fold

_SPACE = re.compile(r"\s+")

#: Words of context shown around the best run of matches.
SNIPPET_WORDS = 28


def snippet(text: str, words: frozenset[str], size: int = SNIPPET_WORDS) -> str:
    """Safe HTML: the ``size``-word window of ``text`` holding the most distinct matched words,
    HTML-escaped, each matched word wrapped in ``<mark>``, "…" where text was cut.

    ``words`` are folded forms (see :func:`fold`). Without a match the text's start is shown.
    """
    toks = [(m.start(), m.end(), fold(m.group())) for m in TOKEN.finditer(text)]
    if not toks:
        return html.escape(text[:200])
    hits = [i for i, t in enumerate(toks) if t[2] in words]
    best, best_key = 0, (-1, 0)
    for i in hits:
        lo = max(0, i - 3)
        window = {toks[j][2] for j in hits if lo <= j < lo + size}
        key = (len(window), -lo)
        if key > best_key:
            best, best_key = lo, key
    lo, hi = best, min(len(toks), best + size)
    start = toks[lo][0] if lo > 0 else 0
    end = toks[hi - 1][1] if hi < len(toks) else len(text)
    parts = ["…"] if lo > 0 else []
    pos = start
    for i in range(lo, hi):
        s, e, w = toks[i]
        if w in words:
            parts.append(html.escape(text[pos:s]))
            parts.append("<mark>" + html.escape(text[s:e]) + "</mark>")
            pos = e
    parts.append(html.escape(text[pos:end]))
    if hi < len(toks):
        parts.append("…")
    return _SPACE.sub(" ", "".join(parts)).strip()
