"""A rulebook's tree of entries (each one's parent, a rule's subrules, the headings' titles), read
once per document and kept in memory for the search.

Why: for its best-scored results the search reads each rule's subrules (the one that says more of
the question stands for it) and the heading it is under (what its section is about:
:mod:`kb.search_answers`). Asked of SQLite per result, that was a few dozen queries per search and
made it a fifth slower; a document's tree is one query (a few milliseconds for the CR's 4,000
entries), kept on the index for the few documents searched last (:data:`KEPT`: a search of every
version reaches many documents, and keeping them all would hold the whole history's tree).
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

#: documents whose tree is kept per index (the newest version of each game, and a few more)
KEPT = 8

_LOCK = threading.Lock()


@dataclass(frozen=True)
class Tree:
    #: entry -> the entry it is under
    parent: dict[int, int]
    #: entry -> its subrules (entries of kind "rule"), in the rulebook's order
    rules: dict[int, tuple[int, ...]]
    #: entry -> its title, for the entries that have one
    title: dict[int, str]
    #: entry -> what its text states (:func:`kb.question_kinds.stated_mask`), filled as the search
    #: asks (reading it for every rule of a document up front cost a quarter of a second)
    stated: dict[int, int] = field(default_factory=dict)
    #: rule number -> (its entry, whether it has no text) or None, filled as the search follows
    #: the rules' pointers ("see rule 903.10a")
    numbered: dict[str, tuple[int, bool] | None] = field(default_factory=dict)
    #: chapter -> (stem -> how many of its sections hold it, its number of sections), filled as the
    #: search asks where two sections meet (:mod:`kb.search_meeting`)
    chapter_words: dict[int, tuple] = field(default_factory=dict)


def tree(conn: sqlite3.Connection, index, document: int) -> Tree:
    """The tree of ``document``'s entries, read once and kept on ``index`` (an index is built per
    state of the KB, so a rebuilt KB reads its trees again)."""
    with _LOCK:
        kept = getattr(index, "_rule_trees", None)
        if kept is None:
            kept = index._rule_trees = OrderedDict()
        found = kept.get(document)
        if found is not None:
            kept.move_to_end(document)
            return found
    parent: dict[int, int] = {}
    rules: dict[int, list[int]] = {}
    title: dict[int, str] = {}
    for entry, above, kind, named in conn.execute(
        "SELECT id, parent, kind, title FROM entries WHERE document = ? ORDER BY ordinal", (document,)
    ):
        if above is not None:
            parent[entry] = above
            if kind == "rule":
                rules.setdefault(above, []).append(entry)
        if named:
            title[entry] = named
    found = Tree(parent, {above: tuple(below) for above, below in rules.items()}, title)
    with _LOCK:
        kept[document] = found
        while len(kept) > KEPT:
            kept.popitem(last=False)
    return found
