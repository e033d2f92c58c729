"""The ``rulebase`` command line. Each command mirrors a function of the Python API in ``kb``.

Errors the user can fix (bad input, missing KB) print one line to stderr and exit 1; nothing is
ever half-written, because build and ingest replace the KB atomically. The commands about
changes (diff, history), serving (serve, datasette) and Keeper of the Cards (kotc) live in
``cli_changes``, ``cli_serve``, ``cli_datasette`` and ``cli_kotc``; ``cli_common`` holds what they share.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from ingest.errors import IngestError
from ingest.formats import FORMATS

from .cli_common import (
    DB_OPTION,
    MAX_INPUT_OPTION,
    RULINGS_OPTION,
    cleanup_on_terminate,
    echo_rulings_warnings,
    fmt_counts,
    fmt_rulings,
    open_kb,
)
from kb.errors import KBError

#: the commands defined in other modules, imported only when one of them runs (or --help lists them):
#: ``rulebase history`` need not import the server, nor ``rulebase serve`` the changelog
LAZY_COMMANDS = {
    "cards": "rulebase.cli_cards:cards",
    "datasette": "rulebase.cli_datasette:datasette_cmd",
    "diff": "rulebase.cli_changes:diff",
    "history": "rulebase.cli_changes:history",
    "kotc": "rulebase.cli_kotc:kotc",
    "serve": "rulebase.cli_serve:serve",
}


class _LazyGroup(click.Group):
    """A group whose commands of :data:`LAZY_COMMANDS` are imported when asked for (Click's
    documented pattern for lazily loaded subcommands)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS:
            from importlib import import_module  # only a command asked for loads its module

            module, name = LAZY_COMMANDS[cmd_name].split(":")
            return getattr(import_module(module), name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup)
@click.version_option(package_name="rulebase")
def cli() -> None:
    """rulebase: versioned rulebooks, FAQ and errata of card games, in one SQLite knowledge base."""


@cli.command()
@DB_OPTION
@click.option(
    "--manifest",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    envvar="RULEBASE_MANIFEST",
    show_default="sources/manifest.toml",
    help="Manifest listing the source documents (env: RULEBASE_MANIFEST).",
)
@click.option(
    "--cards",
    "cards_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    show_default="data/cards",
    help="Folder of card JSON files.",
)
@RULINGS_OPTION
@click.option("--full", is_flag=True, help="Rebuild everything, even what did not change.")
@MAX_INPUT_OPTION
def build(
    db: Path,
    manifest: Path | None,
    cards_dir: Path | None,
    rulings: Path | None,
    full: bool,
    max_input_size: int | None,
) -> None:
    """Build the knowledge base from the manifest (atomically replaces DB); only what changed since
    the KB there was built is redone."""
    from kb.manifest import DEFAULT_CARDS, DEFAULT_MANIFEST  # this command only: the CLI starts without it

    manifest, cards_dir = manifest or DEFAULT_MANIFEST, cards_dir or DEFAULT_CARDS
    with cleanup_on_terminate():
        report = _build(db, manifest, cards_dir, rulings, full, max_input_size)
    _after_build(report, db)


def _build(db: Path, manifest: Path, cards_dir: Path, rulings: Path | None, full: bool, max_input_size: int | None):
    """The build with its progress: a bar on a terminal, a line per stage otherwise
    (rulebase.build_progress)."""
    from . import build as build_mod  # this command and ingest only: the CLI starts without the pipeline
    from .build_progress import BuildProgress  # this command only: the CLI starts without it

    with BuildProgress(len(_manifest_docs(manifest))) as progress:
        return build_mod.build(
            db,
            manifest,
            cards_dir,
            on_document=progress.document,
            rulings=rulings,
            full=full,
            max_input_size=max_input_size,
            on_stage=progress.stage,
        )


def _after_build(report, db: Path) -> None:
    if report.current:
        click.echo(
            f"{db} is current: built from these sources, card data, rulings and code ({report.seconds:.2f} s to check)"
        )
        return
    totals: dict[str, int] = {}
    for d in report.documents:
        for k, n in d.counts.items():
            totals[k] = totals.get(k, 0) + n
        click.echo(
            f"{d.game:<20} {d.version:<6} {d.format:<9} {fmt_counts(d.counts)}  "
            f"needs_review {d.needs_review}  card_links {d.card_links}  ({d.seconds:.2f} s)"
        )
        for w in d.warnings:
            click.echo(f"  warning: {w}", err=True)
    echo_rulings_warnings(report.rulings, indent="  ")
    click.echo(
        f"{'total':<20} {len(report.documents)} documents  {fmt_counts(totals)}  "
        f"cards {report.cards}  {fmt_rulings(report.rulings)}  ({report.seconds:.2f} s) -> {db}"
    )


def _manifest_docs(manifest: Path):
    from kb.manifest import load_manifest  # the build's progress bar only

    return load_manifest(manifest).documents


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", required=True, help="Game id: one the manifest declares or the KB holds, e.g. keyforge.")
@click.option(
    "--version",
    "version",
    required=True,
    help="Version label of the game's shape: 1.4 or 17.0 (KeyForge), 2026-02-06 (mtg), 12 (Keeper of the Cards).",
)
@click.option("--title", default=None)
@click.option("--date", default=None, help="Publication date (YYYY, YYYY-MM or YYYY-MM-DD).")
@click.option(
    "--format",
    "fmt",
    default="auto",
    show_default=True,
    help=f"Source format: auto, {', '.join(FORMATS)}. auto reads it from the content.",
)
@DB_OPTION
@RULINGS_OPTION
@click.option(
    "--manifest",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    envvar="RULEBASE_MANIFEST",
    show_default="sources/manifest.toml",
    help="Manifest whose [games.*] tables declare the games and their version shapes (env: RULEBASE_MANIFEST).",
)
@MAX_INPUT_OPTION
def ingest(
    file: Path,
    game: str,
    version: str,
    title,
    date,
    fmt: str,
    db: Path,
    rulings: Path | None,
    manifest: Path | None,
    max_input_size: int | None,
) -> None:
    """Add or replace one document version in an existing knowledge base, and replay the rulings."""
    from . import build as build_mod  # this command and build only: the CLI starts without the pipeline

    with cleanup_on_terminate():
        d = build_mod.ingest(
            db, file, game, version, title, date, fmt, rulings=rulings, manifest=manifest, max_input_size=max_input_size
        )
    for w in d.warnings:
        click.echo(f"warning: {w}", err=True)
    echo_rulings_warnings(d.rulings)
    click.echo(
        f"{d.game} {d.version} ({d.format}): {fmt_counts(d.counts)}  "
        f"needs_review {d.needs_review}  card_links {d.card_links}  {fmt_rulings(d.rulings)} -> {db}"
    )


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(db: Path, as_json: bool) -> None:
    """Documents, entry counts per kind, review flags, cards, card links and scenarios."""
    from kb.stats import stats as kb_stats  # this command only: the CLI starts without it

    conn = open_kb(db)
    data = kb_stats(conn)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for d in data["documents"]:
        click.echo(
            f"{d['game']:<20} {d['version']:<6} {d['format']:<9} {fmt_counts(d['counts'])}  "
            f"needs_review {d['needs_review']}"
        )
    click.echo(f"cards {data['cards']}  card_links {data['card_links']}")
    v = data["verifications"]
    click.echo(
        f"scenarios: {data['scenarios']}, verifications: {v['passed']} passed, {v['failed']} failed"
        + (f", {v['unverified']} unverified" if v.get("unverified") else "")
        + (f", conflicting entries: {data['conflicts']}" if data["conflicts"] else "")
    )


@cli.command()
@click.argument("query")
@click.option("--game", default=None)
@click.option("--version", "version", default=None, help="Only this version (default: the latest of each game).")
@click.option("--kind", default=None, help="rule, glossary, errata, faq, example, ruling, ...")
@click.option("--category", default=None, help="FAQ category or section.")
@click.option("--all-versions", "all_versions", is_flag=True, help="Search every version, one result per thread.")
@click.option("--limit", type=click.IntRange(1, 500), default=10, show_default=True)
@click.option("--offset", type=click.IntRange(0, 100000), default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def search(
    query: str, game, version, kind, category, all_versions: bool, limit: int, offset: int, as_json: bool, db: Path
) -> None:
    """Search rulings: FTS5 (bm25) with fuzzy card names and terms, one result per ruling thread."""
    from kb.search import QueryError, search as search_entries  # this command only: the CLI starts without it

    conn = open_kb(db)
    try:
        result = search_entries(
            conn,
            query,
            game=game,
            version=version,
            kind=kind,
            category=category,
            all_versions=all_versions,
            limit=limit,
            offset=offset,
        )
    except QueryError as exc:
        raise KBError(f"search: {exc}") from None
    if as_json:
        click.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        return
    if result.did_you_mean:
        click.echo(f"did you mean: {result.did_you_mean}")
    vq = result.version_query
    if vq:
        named = ", ".join(f"{v['game']} {v['version']}" for v in vq.get("versions") or [])
        click.echo(f"version: {named} (from {vq['phrase']!r} in the query)")
    for c in result.cards:
        click.echo(f"card {c.set} {c.number}  {c.name}" + (f" ({c.localized})" if c.localized else ""))
    if not result.results:
        click.echo("no results")
        return
    for h in result.results:
        head = h.question or h.title or h.key
        changed = " (changed)" if h.changed else ""
        click.echo(f"{h.game} {h.version}  {h.kind:<8} {head}  [{_versions_line(h.versions)}]{changed}")
        click.echo(f"    {_terminal_snippet(h.snippet)}")
        later = h.superseded_by
        if later:
            click.echo(f"    changed in v{later['version']}: {later['summary']}")
    click.echo(f"{result.total} thread(s)")


def _versions_line(versions: list[str], shown: int = 4) -> str:
    """The versions a result is in, for one terminal line: all of them when few, else the first
    and the last with how many (a Magic rule is in up to 113 releases: a screen of dates)."""
    if len(versions) <= shown:
        return ", ".join(versions)
    return f"{versions[0]} … {versions[-1]}, {len(versions)} versions"


def _terminal_snippet(snippet: str) -> str:
    """The search's safe-HTML snippet for a terminal: marks as [brackets], entities decoded."""
    from html import unescape  # only search prints snippets: html.entities is a large table to import

    return unescape(snippet.replace("<mark>", "[").replace("</mark>", "]"))


@cli.command()
@click.argument("scenario_id", required=False)
@click.option("--all", "run_all", is_flag=True, help="Replay every scenario under rulings/.")
@click.option(
    "--file", "file", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Replay one scenario file."
)
@click.option("--version", "version", default=None, help="Only this rulebook version.")
@click.option(
    "--uncovered", is_flag=True, help="Also list the FAQ entries and worked examples that no scenario replays yet."
)
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def verify(scenario_id, run_all: bool, file, version, uncovered: bool, as_json: bool, db: Path) -> None:
    """Replay rulings in the rules engine under each rulebook version where they appear."""
    from engine.replay.verify import verify_report  # this command only: the CLI starts without it
    from .scenario_check import check_setups, read_scenario_file  # this command only, as above

    conn = open_kb(db)
    if file is not None:  # checked as the build checks rulings files: one line, not a traceback
        check_setups(conn, [read_scenario_file(file)])
    report = verify_report(conn, scenario_id=scenario_id, run_all=run_all, file=file, version=version)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for r in report["results"]:
            status = {"passed": "PASS", "unverified": "UNVERIFIED"}.get(r.get("status"), "FAIL")
            carried = (
                f" (expectation of {r['expect_version']})"
                if r.get("expect_version") not in (None, r["version"])
                else ""
            )
            why = r["error"] or (r.get("reason") if status == "UNVERIFIED" else None)
            click.echo(f"{status} {r['id']} [{r['version']}]{carried}" + (f": {why}" if why else ""))
            for c in r["checks"]:
                if c["ok"] is False:
                    click.echo(f"    {c['path']}: expected {c['expected']!r}, got {c['actual']!r}")
        examples = report["example_coverage"]
        for v, (covered, total) in report["coverage"].items():
            ex = examples.get(v, (0, 0))
            click.echo(f"coverage {v}: {covered}/{total} FAQ entries have a scenario, {ex[0]}/{ex[1]} worked examples")
        if uncovered:
            for u in report["uncovered"]:
                if version is None or u["version"] == version:
                    click.echo(f"uncovered {u['version']} {u['kind']} {u['key']}: {u['text'][:100]}")
        click.echo(
            f"{report['passed']} passed, {report['failed']} failed"
            + (f", {report['unverified']} unverified" if report.get("unverified") else "")
        )
    if report["failed"]:
        sys.exit(1)


def main() -> None:
    """Console entry point: one-line errors, no tracebacks (set RULEBASE_DEBUG=1 to see them)."""
    try:
        cli.main(standalone_mode=False)
    except (IngestError, KBError) as exc:
        click.echo(f"rulebase: error: {exc}", err=True)
        sys.exit(1)
    except click.exceptions.Abort:
        click.echo("rulebase: aborted", err=True)
        sys.exit(130)
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
        click.echo(f"rulebase: error: {exc.format_message()}{hint}", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"rulebase: error: {exc.format_message()}", err=True)
        sys.exit(exc.exit_code)
    except Exception as exc:  # noqa: BLE001 - the user gets a line, the developer gets RULEBASE_DEBUG
        if os.environ.get("RULEBASE_DEBUG"):
            raise
        click.echo(
            f"rulebase: internal error: {type(exc).__name__}: {exc} (set RULEBASE_DEBUG=1 for details)", err=True
        )
        sys.exit(2)


if __name__ == "__main__":
    main()
