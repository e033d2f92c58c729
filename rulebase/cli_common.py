"""Options and helpers shared by the ``rulebase`` commands (rulebase.cli and its command modules)."""

from __future__ import annotations

import signal
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ingest.limits import DEFAULT_MAX_INPUT_SIZE, MAX_INPUT_SIZE_ENV, human, parse_size
from kb.errors import KBError
from kb.hot_journal import connect_read_only

if TYPE_CHECKING:  # the build's replays are heavy to import: every command imports this module
    from .rulings import RulingsReport

DB_OPTION = click.option(
    "--db",
    "db",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="RULEBASE_DB",
    default="kb.sqlite",
    show_default=True,
    help="Knowledge base file (env: RULEBASE_DB).",
)


class _Size(click.ParamType):
    """A size in bytes, written as bytes or with K, M or G (:func:`ingest.limits.parse_size`)."""

    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        try:
            return parse_size(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


MAX_INPUT_OPTION = click.option(
    "--max-input-size",
    "max_input_size",
    type=_Size(),
    envvar=MAX_INPUT_SIZE_ENV,
    default=None,
    show_default=human(DEFAULT_MAX_INPUT_SIZE),
    help=f"Refuse a source document larger than this: bytes, or a number with K, M or G (env: {MAX_INPUT_SIZE_ENV}).",
)
RULINGS_OPTION = click.option(
    "--rulings",
    "rulings",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    show_default="rulings",
    help="Folder of scenario files (<game>/*.yaml) to load and replay.",
)


def fmt_counts(counts: dict[str, int]) -> str:
    order = [
        "rule",
        "glossary",
        "errata",
        "faq",
        "example",
        "timing",
        "ruling",
        "redacted",
        "cost",
        "counter",
        "fiction",
    ]
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return "  ".join(f"{k} {counts[k]}" for k in keys)


def fmt_rulings(r: RulingsReport) -> str:
    return (
        f"{r.scenarios} scenarios verified ({r.passed} passed, {r.failed} failed"
        + (f", {r.unverified} unverified" if r.unverified else "")
        + ")"
        + (f"; {r.replayed} replays run, {r.kept} kept (inputs unchanged)" if r.kept else "")
    )


def echo_rulings_warnings(r: RulingsReport, indent: str = "") -> None:
    for w in r.warnings:
        click.echo(f"{indent}warning: {w}", err=True)
    for f in r.failures:
        click.echo(f"{indent}warning: scenario failed: {f}", err=True)
    for u in r.unverified_reasons:
        click.echo(f"{indent}note: scenario unverified: {u}", err=True)


def open_kb(db: Path) -> sqlite3.Connection:
    if not db.is_file():
        raise KBError(f"{db}: no knowledge base there; run 'rulebase build' first")
    conn = connect_read_only(db)
    try:
        conn.execute("SELECT 1 FROM documents LIMIT 1")
    except sqlite3.DatabaseError:
        conn.close()
        raise KBError(f"{db}: not a rulebase knowledge base") from None
    return conn


@contextmanager
def cleanup_on_terminate() -> Iterator[None]:
    """Within the block a ``kill`` (SIGTERM) ends the command the way Ctrl-C does, by unwinding it,
    so a build or ingest removes its temporary file and rolls back its transaction before exiting
    (status 143). Only ``kill -9`` skips that; the next build sweeps what it leaves."""

    def terminate(signum, _frame):
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread (the command called from Python): nothing to change
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
