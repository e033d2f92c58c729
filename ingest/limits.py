"""How much one source document may cost: its size in bytes, and how deep its markup may nest.

The size cap is checked before the document is read and while it is read, never after: a regular
file larger than the cap is refused from its size, and anything else (a pipe, a device such as
``/dev/zero``) is read up to the cap plus one byte, so a source with no end costs the cap at most.
Parsing holds the text and what is made of it (markdown-it's tokens, BeautifulSoup's elements): an
ingest of a 16 MiB Markdown or HTML rulebook peaks at 425 or 376 MiB, about 25 times the input, so
the cap is what bounds the memory of a build or ingest. Its
default, 32 MiB, is about 19 times the largest bundled source (a 1.7 MB Comprehensive Rules
release); ``--max-input-size`` or ``RULEBASE_MAX_INPUT_SIZE`` (bytes, or a number with K, M or G)
sets another.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .errors import IngestError

DEFAULT_MAX_INPUT_SIZE = 32 * 1024 * 1024
MAX_INPUT_SIZE_ENV = "RULEBASE_MAX_INPUT_SIZE"
#: elements nested deeper than this in an HTML source are read as text of the one at this depth
#: (:mod:`ingest.html_tree`); a rulebook page nests about 10 deep
MAX_HTML_DEPTH = 256

_SIZE = re.compile(r"\s*(\d+)\s*(?:([KMG])(?:i?B)?|B)?\s*", re.I)
_UNITS = {None: 1, "K": 1024, "M": 1024 ** 2, "G": 1024 ** 3}


def parse_size(text: str) -> int:
    """``"32M"`` -> 33554432: a byte count, or a number with K, M or G (KiB, MiB, GiB)."""
    m = _SIZE.fullmatch(str(text))
    if not m or int(m.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a size: expected a positive number of bytes or a number "
                         "with K, M or G, such as 64M")
    return int(m.group(1)) * _UNITS[m.group(2).upper() if m.group(2) else None]


def max_input_size(limit: int | None = None) -> int:
    """``limit`` if given, else ``$RULEBASE_MAX_INPUT_SIZE``, else :data:`DEFAULT_MAX_INPUT_SIZE`."""
    if limit is not None:
        return limit
    env = os.environ.get(MAX_INPUT_SIZE_ENV)
    if not env:
        return DEFAULT_MAX_INPUT_SIZE
    try:
        return parse_size(env)
    except ValueError as exc:
        raise IngestError(f"{MAX_INPUT_SIZE_ENV}: {exc}") from None


def human(n: int) -> str:
    for unit, size in (("GiB", 1024 ** 3), ("MiB", 1024 ** 2), ("KiB", 1024)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"


def _too_large(path: Path, limit: int, what: str) -> IngestError:
    return IngestError(f"{path}: {what} the limit of {human(limit)} for one document "
                       f"(--max-input-size or {MAX_INPUT_SIZE_ENV} sets another)")


def read_capped(path: Path, limit: int | None = None) -> bytes:
    """The bytes of ``path``, refused with a one-line :class:`IngestError` past the size cap."""
    limit = max_input_size(limit)
    try:
        with open(path, "rb") as f:
            info = os.fstat(f.fileno())
            regular = stat.S_ISREG(info.st_mode)
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError
            if regular and info.st_size > limit:
                raise _too_large(path, limit, f"{human(info.st_size)}, more than")
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise IngestError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise IngestError(f"{path}: is a directory, expected a rulebook file") from None
    except OSError as exc:
        raise IngestError(f"{path}: cannot read ({exc.strerror})") from None
    if len(data) > limit:  # a file that grew while read, or one with no size: a pipe, a device
        raise _too_large(path, limit, "more than" if regular else "not a regular file, and more than")
    return data
