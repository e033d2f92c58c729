"""A rulebook version named in a question: "bait and switch in 1.1", "elusive before 16.0", "as of
2019-05", "the old rules".

Why a module of its own: the search (:mod:`kb.search`) takes the phrase out of the words it
searches and scopes the search to the version it picks; what the phrases are is data
(:data:`VERSION_PHRASES`), and what they pick among a game's versions is :class:`VersionChoice`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .query import QueryError, show
from .versions import same_version, version_sort_key

_SPACE = re.compile(r"\s+")


#: Ways a question names a rulebook version (data, not code): (pattern, selects, marked). Patterns
#: are matched case-insensitively on whole words of the cleaned query; ``{v}`` is a version as
#: written ("1.1", "16.0", "16", "11", or a date for rulebooks versioned by date: "2019-05-03",
#: "2019-05", "2019") and ``{n}`` a whole number. ``selects`` is what the phrase picks among a
#: game's versions: ``exact`` (that version; for a year or month, the last version of it),
#: ``before`` (the latest one older than it), ``asof`` (the latest one not after it), ``oldest`` or
#: ``latest``. ``marked``: the phrase says "version" (or v, rulebook, edition) itself, so a version
#: the KB lacks is an error; an unmarked number ("in 14", "before 2") is a version only when the KB
#: holds it (or, for before/as of, holds versions of its kind to compare it with), else it stays
#: words of the question ("before 2 creatures"). The first pattern that matches wins; the phrase is
#: taken out of the text searched.
VERSION_PHRASES: tuple[tuple[str, str, bool], ...] = (
    (
        r"(?:before|prior to|older than|pre-?)\s*(?:the\s+)?(?:v\s?|version\s+|rulebook\s+|edition\s+){v}",
        "before",
        True,
    ),
    (r"(?:(?:before|prior to|older than)\s+|pre-){v}", "before", False),
    (r"as\s+of\s+(?:the\s+)?(?:v\s?|version\s+|rulebook\s+|edition\s+)?{v}", "asof", False),
    (
        r"(?:(?:in|under|per|for|from|of|with|using)\s+)?(?:the\s+)?(?:v\s?|version\s+|rulebook\s+|edition\s+){v}"
        r"(?:\s+(?:rules|rulebook|faq))?",
        "exact",
        True,
    ),
    (
        r"(?:(?:in|under|per|for|from|of|with|using)\s+)?(?:the\s+)?{n}(?:st|nd|rd|th)\s+edition(?:\s+rules)?",
        "exact",
        True,
    ),
    (r"(?:in|under|per|during)\s+(?:the\s+)?{v}(?:\s+(?:rules|rulebook|faq|version))?", "exact", False),
    (r"{v}\s+(?:rules|rulebook|faq|version)", "exact", False),
    (r"\(\s*v?{v}\s*\)", "exact", False),
    (
        r"(?:(?:in|under|per|with|using)\s+)?(?:the\s+)?(?:old|oldest|original|earliest|first)\s+"
        r"(?:rules|rulebook|version|edition|faq)",
        "oldest",
        False,
    ),
    (
        r"(?:(?:in|under|per|with|using)\s+)?(?:the\s+)?(?:latest|current|newest)\s+"
        r"(?:rules|rulebook|version|edition|faq)",
        "latest",
        False,
    ),
    (r"latest", "latest", False),
)
_VERSION = r"(?P<v>\d{4}-\d{2}-\d{2}|\d{4}-\d{2}|\d{4}|\d{1,3}(?:\.\d{1,3})?)"
_NUMBER = r"(?P<v>\d{1,3})"
_PHRASES = [
    (
        re.compile(r"(?<![\w.])(?:" + pattern.format(v=_VERSION, n=_NUMBER) + r")(?![\w]|\.\d|-\d)", re.I),
        selects,
        marked,
    )
    for pattern, selects, marked in VERSION_PHRASES
]
#: a version that is a date, or the start of one (a year, a month)
_DATE = re.compile(r"\d{4}(?:-\d{2}(?:-\d{2})?)?")
#: most versions an error message lists before it says how many there are
MAX_LISTED = 8


def is_date(version: str | None) -> bool:
    return bool(version) and bool(_DATE.fullmatch(version))


def version_matches(version: str, named: str) -> bool:
    """True when the KB's ``version`` is the one ``named``: the same version ("16" is "16.0"), or a
    date version within the year or month named ("2019" holds "2019-05-03")."""
    return same_version(version, named) or (is_date(version) and is_date(named) and version.startswith(named + "-"))


def _comparable(named: str, versions) -> bool:
    """True when ``named`` can be placed among ``versions`` (a date among date versions)."""
    return any(is_date(v) == is_date(named) for v in versions)


@dataclass(frozen=True)
class VersionChoice:
    """A rulebook version named in the query: the phrase as written, what it selects, the version
    it names (None for "old rules" and "latest") and the query without the phrase."""

    phrase: str
    selects: str  # exact | before | asof | oldest | latest
    named: str | None
    rest: str

    def applies(self, versions) -> bool:
        """True when this phrase speaks of one of these versions (a game's), so it picks in them."""
        if self.named is None:
            return True
        if self.selects == "exact" or not is_date(self.named):  # "before 16.0": the game that has 16.0
            return any(version_matches(v, self.named) for v in versions)
        return self.pick(versions) is not None and _comparable(self.named, versions)

    def pick(self, versions: tuple[str, ...] | list[str]) -> str | None:
        """The version this phrase selects among one game's ``versions`` (oldest first), or None."""
        if not versions:
            return None
        if self.selects == "oldest":
            return versions[0]
        if self.selects == "latest":
            return versions[-1]
        if self.selects == "exact":
            return next((v for v in reversed(versions) if version_matches(v, self.named)), None)
        key = version_sort_key(self.named)
        older = [
            v
            for v in versions
            if version_sort_key(v) < key or (self.selects == "asof" and version_matches(v, self.named))
        ]
        return older[-1] if older else None

    def as_dict(self) -> dict:
        return {"phrase": self.phrase, "selects": self.selects, "named": self.named, "rest": self.rest}


def listed(versions) -> str:
    """Versions for an error message: all of them, or the first and last few and how many."""
    versions = sorted(set(versions), key=version_sort_key)
    if len(versions) <= MAX_LISTED:
        return ", ".join(versions)
    half = MAX_LISTED // 2
    return f"{', '.join(versions[:half])}, …, {', '.join(versions[-half:])} ({len(versions)} versions)"


def find_version(text: str, known) -> VersionChoice | None:
    """The version phrase of ``text`` (see :data:`VERSION_PHRASES`), or None. ``known``: the version
    labels the KB holds. A marked phrase naming a version the KB does not hold raises
    :class:`QueryError` naming the versions it does."""
    known = list(known)
    for pattern, selects, marked in _PHRASES:
        for m in pattern.finditer(text):
            named = m.groupdict().get("v")
            held = named is None or any(version_matches(k, named) for k in known)
            if not held:
                if marked and selects == "exact":
                    raise QueryError(f"no version {show(named)} in the knowledge base; versions: {listed(known)}")
                if selects == "exact" or not (marked or is_date(named)) or not _comparable(named, known):
                    continue  # "in 2 turns": words of the question, not a version
            rest = _SPACE.sub(" ", f"{text[: m.start()]} {text[m.end() :]}").strip(" ,;:?!.-")
            return VersionChoice(_SPACE.sub(" ", m.group()).strip(), selects, named, rest)
    return None
