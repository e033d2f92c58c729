"""How much one source document may cost: its size, how much markup it may make, how deep it may nest.

The size cap is checked before the document is read and while it is read, never after: a regular
file larger than the cap is refused from its size, and anything else (a pipe, a device such as
``/dev/zero``) is read up to the cap plus one byte, so a source with no end costs the cap at most.
Its default, 16 MiB, is about 9 times the largest bundled source (a 1.7 MB Comprehensive Rules
release); ``--max-input-size`` or ``RULEBASE_MAX_INPUT_SIZE`` (bytes, or a number with K, M or G)
sets another.

Parsing holds what is made of the text (markdown-it's tokens, BeautifulSoup's elements), and that
depends on how dense the markup is more than on the size: an ingest of a 16 MiB Markdown or HTML
rulebook peaks at 425 or 376 MiB, about 25 times the input, but 1 MiB of ``- a`` list items made
1.3 million tokens and 551 MiB. So the markup is capped too, in proportion to the size cap (the
one knob): a source may make one markdown-it token per 16 bytes of the cap and one HTML element
per 64 bytes of it (1,048,576 and 262,144 at 16 MiB; a 16 MiB rulebook makes about 855,000 and
141,000). Whatever the content, an ingest then peaks at about what a rulebook as large as the cap
takes. And so are the entries a document yields, one per 256 bytes of the cap (65,536 at 16 MiB;
the largest bundled document has about 4,300): placing a version's entries into threads
(kb/align_place.py) takes time that grows faster than their number, and 1 MiB of ``## a`` headings
(209,716 entries) had not been stored after 15 minutes.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .errors import IngestError

DEFAULT_MAX_INPUT_SIZE = 16 * 1024 * 1024
MAX_INPUT_SIZE_ENV = "RULEBASE_MAX_INPUT_SIZE"
#: elements nested deeper than this in an HTML source are read as text of the one at this depth
#: (:mod:`ingest.html_tree`); a rulebook page nests about 10 deep
MAX_HTML_DEPTH = 256

#: bytes of the size cap per markdown-it token (block and inline) a Markdown source may make
BYTES_PER_MARKDOWN_TOKEN = 16
#: bytes of the size cap per element an HTML source may make
BYTES_PER_HTML_ELEMENT = 64
#: bytes of the size cap per entry a document may yield
BYTES_PER_ENTRY = 256

_SIZE = re.compile(r"\s*(\d+)\s*(?:([KMG])(?:i?B)?|B)?\s*", re.I)
_UNITS = {None: 1, "K": 1024, "M": 1024**2, "G": 1024**3}


def parse_size(text: str) -> int:
    """``"32M"`` -> 33554432: a byte count, or a number with K, M or G (KiB, MiB, GiB)."""
    m = _SIZE.fullmatch(str(text))
    if not m or int(m.group(1)) <= 0:
        raise ValueError(
            f"{text!r} is not a size: expected a positive number of bytes or a number with K, M or G, such as 64M"
        )
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


def markdown_token_budget(limit: int | None = None) -> int:
    return max_input_size(limit) // BYTES_PER_MARKDOWN_TOKEN


def html_element_budget(limit: int | None = None) -> int:
    return max_input_size(limit) // BYTES_PER_HTML_ELEMENT


def entry_budget(limit: int | None = None) -> int:
    return max_input_size(limit) // BYTES_PER_ENTRY


def too_much_markup(source_name: str, what: str, budget: int, limit: int | None = None) -> IngestError:
    """The one-line refusal of a source that makes more than ``budget`` of ``what``."""
    return IngestError(
        f"{source_name}: more than {budget:,} {what}, the most a source may make under the "
        f"{human(max_input_size(limit))} size limit (raise it with --max-input-size or "
        f"{MAX_INPUT_SIZE_ENV})"
    )


def human(n: int) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"


def _too_large(path: Path, limit: int, what: str) -> IngestError:
    return IngestError(
        f"{path}: {what} the limit of {human(limit)} for one document "
        f"(--max-input-size or {MAX_INPUT_SIZE_ENV} sets another)"
    )


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
