"""The labels a document is stored under (game, version, date), checked the same way by ``build``
(for each ``[[document]]`` of the manifest) and ``ingest`` (for its arguments).

Why the version has a shape: versions sort by the numbers in them (:mod:`kb.versions`), and the
latest version of a game is what search shows and what errata accumulate into. A label with no
numbers ("   ", "../../x", markup) would sort by its characters, before 1.1 or after 16.0, and so
take the place of the first or the latest rulebook; its errata would then be replayed under the
versions after it. Each game's versions have one shape, named in its ``[games.<id>]`` table
(``version_shape``) or, when the table does not say, the default of the game below:

- ``dotted``: one to four numbers joined by dots (1.1, 1.3.5, 14, 16.0): KeyForge, and any game
  whose table does not say;
- ``date``: a calendar date YYYY-MM-DD (the Magic Comprehensive Rules are versioned by the date
  they take effect);
- ``edition``: an edition number (Keeper of the Cards' 11).

Numbers have at most 6 digits, the width :func:`kb.versions.version_sort_key` pads to, so that
they sort as numbers. A publication date is YYYY, YYYY-MM or YYYY-MM-DD and a real calendar date.
Every problem is one line (:class:`~kb.errors.KBError`) naming the value and the shape expected.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable

from .errors import KBError
from .versions import same_version

#: shape name -> (pattern of a whole version, how the message describes it)
SHAPES = {
    "dotted": (re.compile(r"\d{1,6}(?:\.\d{1,6}){0,3}"), "dotted numbers such as 1.3, 14 or 16.0"),
    "date": (re.compile(r"(\d{4})-(\d{2})-(\d{2})"), "a date YYYY-MM-DD such as 2025-11-14"),
    "edition": (re.compile(r"\d{1,6}"), "an edition number such as 11"),
}
#: the shape of a game whose [games.<id>] table names none
DEFAULT_SHAPES = {"keyforge": "dotted", "keeper-of-the-cards": "edition", "mtg": "date"}
FALLBACK_SHAPE = "dotted"
#: a game id: what a [games.<id>] table and --game may name (it appears in URLs and file names)
GAME_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")
_SHOWN = 60


def shown(value: str) -> str:
    """``value`` quoted for a one-line message: control characters escaped, long values cut."""
    text = value if len(value) <= _SHOWN else value[:_SHOWN] + "…"
    return repr(text)


def default_shape(game: str) -> str:
    return DEFAULT_SHAPES.get(game, FALLBACK_SHAPE)


def check_shape_name(shape: object, table: str) -> str:
    """A ``version_shape`` value of a manifest's game table, or a KBError naming the choices."""
    if not isinstance(shape, str) or shape not in SHAPES:
        raise KBError(f"{table}: version_shape must be one of {', '.join(repr(s) for s in SHAPES)}, got {shape!r}")
    return shape


def check_game_id(game: str) -> str:
    if not GAME_ID.fullmatch(game):
        raise KBError(f"game id {shown(game)} is not lowercase letters, digits and hyphens (e.g. keyforge)")
    return game


def check_game(game: str, known: Iterable[str]) -> str:
    """``game`` if it is one of ``known`` (the manifest's games and the KB's)."""
    known = sorted(set(known))
    if game not in known:
        raise KBError(
            f"unknown game {shown(game)}: expected one of {', '.join(known)} "
            f"(a new game needs a [games.<id>] table in the manifest)"
        )
    return game


def check_version(version: str, game: str, shape: str) -> str:
    """``version`` if it has the game's shape (:data:`SHAPES`), else a KBError saying which."""
    pattern, described = SHAPES[shape]
    hint = f"the version shape of {game}" + (f", version_shape = {shape!r}" if shape != default_shape(game) else "")
    if not version.strip():
        raise KBError(f"version {shown(version)} is blank: expected {described} ({hint})")
    m = pattern.fullmatch(version)
    if not m or (shape == "date" and not _real_date(*m.groups())):
        raise KBError(f"version {shown(version)} of {game} is not {described} ({hint})")
    return version


def check_date(date: str | None) -> str | None:
    """A publication date YYYY, YYYY-MM or YYYY-MM-DD that exists in the calendar, or ``None``."""
    if date is None:
        return None
    m = _DATE.fullmatch(date)
    if not m or not _real_date(*m.groups()):
        raise KBError(
            f"date {shown(date)} is not a calendar date: expected YYYY, YYYY-MM or "
            "YYYY-MM-DD such as 2019-05 or 2019-05-14"
        )
    return date


def check_new_version(version: str, game: str, existing: Iterable[str]) -> str:
    """``version`` unless another label of the same version is there ("16" beside "16.0"): two
    documents would then claim one version, and which is the latest would depend on the spelling."""
    for other in existing:
        if other != version and same_version(other, version):
            raise KBError(
                f"version {shown(version)} of {game} names the same version as {other!r}, "
                f"already there: use {other!r} to replace it"
            )
    return version


def _real_date(year: str, month: str | None = None, day: str | None = None) -> bool:
    try:
        datetime.date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        return False
    return True
