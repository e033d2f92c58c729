"""What ``rulebase build`` shows while it works: a progress bar on a terminal, one line per stage elsewhere.

Why: a first build of everything bundled takes a minute or more (118 documents, then alignment across
versions, replays, supersessions and the search index), and a newcomer who sees nothing for that
long takes it for hung. On a terminal a tqdm bar (the maintained library for it: one small
dependency, imported only when a terminal asks for it) counts the documents and then the stages
after them, naming what is being done now. Where the output is not a terminal (a log, CI, ``make
run`` piped through ``tee``) a bar would write hundreds of carriage returns into the file, so each
stage is one plain line instead, written when it starts, with the seconds since the build started:
``build   12.3 s  aligning threads across versions``. Those lines go to standard output, with the
build's report: standard error keeps to the one-line error of a build that fails.

The build itself only names its stages (:data:`STAGES`, through ``on_stage``) and its documents
(``on_document``); this module decides how they are shown. :class:`Stages` also times each stage
(wall, CPU, peak memory) for the build's report and ``bench/build.py``.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Callable
from typing import TextIO

#: a build's stages after the documents, in order, with what a reader is told; a stage the build
#: skips (an update that replays nothing) is simply not announced
STAGES = {
    "sources": "reading the manifest's sources",
    "cards": "loading card data",
    "documents": "parsing and storing documents",
    "align": "aligning threads across versions",
    "rulings": "replaying the rulings' scenarios",
    "supersessions": "finding superseded rulings",
    "search": "indexing the newest versions for search",
    "state": "recording what the KB was built from",
    "search index": "building the search index",
}


def _size(stream: TextIO) -> tuple[int, int]:
    """The terminal's columns and lines; 80 by 24 where it says none (tqdm draws no bar at all on a
    terminal of zero columns or lines, as a pseudo-terminal nobody sized is)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return 80, 24
    return size.columns or 80, size.lines or 24


class BuildProgress:
    """Receives ``on_stage`` and ``on_document`` of :func:`rulebase.build.build` and shows them on
    ``stream``: by default a bar on standard error when it is a terminal, else plain lines on
    standard output."""

    def __init__(self, documents: int, stream: TextIO | None = None):
        if stream is None:
            stream = sys.stderr if sys.stderr.isatty() else sys.stdout
        self.stream = stream
        self.started = time.perf_counter()
        self.documents = documents
        self._bar = None
        if self.stream.isatty():
            from tqdm import tqdm  # only a terminal draws a bar

            self._bar = tqdm(
                total=documents + len(STAGES),
                desc="Building",
                unit="step",
                file=self.stream,
                ncols=_size(self.stream)[0],
                nrows=_size(self.stream)[1],
                leave=False,
            )

    def stage(self, name: str) -> None:
        """A stage starts (a key of :data:`STAGES`)."""
        text = STAGES.get(name, name)
        if name == "documents":
            text = f"{text} ({self.documents})"
        if self._bar is not None:
            if name != "documents":
                self._bar.update(1)
            self._bar.set_description_str(text[:1].upper() + text[1:])
            return
        self.stream.write(f"build {time.perf_counter() - self.started:7.1f} s  {text}\n")
        self.stream.flush()

    def document(self, src) -> None:
        """A document is about to be parsed (a :class:`kb.manifest.SourceDocument`)."""
        if self._bar is not None:
            self._bar.update(1)
            self._bar.set_postfix_str(f"{src.game} {src.version}", refresh=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> "BuildProgress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Stages:
    """Names each stage to ``on_stage`` as it starts and times it (wall, CPU, peak memory), for the report."""

    def __init__(self, on_stage: Callable[[str], None] | None):
        self.on_stage = on_stage
        self.times: dict[str, tuple[float, float, float]] = {}
        self._current: tuple[str, float, float] | None = None

    def __call__(self, name: str) -> None:
        self.done()
        self._current = (name, time.perf_counter(), time.process_time())
        if self.on_stage:
            self.on_stage(name)

    def done(self) -> dict[str, tuple[float, float, float]]:
        if self._current is not None:
            name, wall, cpu = self._current
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
            self.times[name] = (time.perf_counter() - wall, time.process_time() - cpu, peak)
            self._current = None
        return self.times
