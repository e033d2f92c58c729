"""The ``rulebase`` command line. Each command mirrors a function of the Python API in ``kb``.

Errors the user can fix (bad input, missing KB) print one line to stderr and exit 1; nothing is
ever half-written, because build and ingest replace the KB atomically.
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import click

from ingest.detect import FORMATS
from ingest.errors import IngestError

from . import build as build_mod
from .errors import KBError
from .manifest import DEFAULT_CARDS, DEFAULT_MANIFEST
from .rulings import RulingsReport
from .search import QueryError, search as search_entries
from .stats import stats as kb_stats

DB_OPTION = click.option(
    "--db", "db", type=click.Path(dir_okay=False, path_type=Path), envvar="RULEBASE_DB",
    default="kb.sqlite", show_default=True, help="Knowledge base file (env: RULEBASE_DB).",
)
RULINGS_OPTION = click.option(
    "--rulings", "rulings", type=click.Path(file_okay=False, path_type=Path), default=None,
    show_default="rulings", help="Folder of scenario files (<game>/*.yaml) to load and replay.",
)


def _fmt_counts(counts: dict[str, int]) -> str:
    order = ["rule", "glossary", "errata", "faq", "example", "timing", "ruling", "redacted", "cost",
             "counter", "fiction"]
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return "  ".join(f"{k} {counts[k]}" for k in keys)


def _fmt_rulings(r: RulingsReport) -> str:
    return f"{r.scenarios} scenarios verified ({r.passed} passed, {r.failed} failed)"


def _echo_rulings_warnings(r: RulingsReport, indent: str = "") -> None:
    for w in r.warnings:
        click.echo(f"{indent}warning: {w}", err=True)
    for f in r.failures:
        click.echo(f"{indent}warning: scenario failed: {f}", err=True)


def _open_kb(db: Path) -> sqlite3.Connection:
    if not db.is_file():
        raise KBError(f"{db}: no knowledge base there; run 'rulebase build' first")
    conn = sqlite3.connect(f"file:{db.resolve()}?mode=ro", uri=True)
    try:
        conn.execute("SELECT 1 FROM documents LIMIT 1")
    except sqlite3.DatabaseError:
        conn.close()
        raise KBError(f"{db}: not a rulebase knowledge base") from None
    return conn


@click.group()
@click.version_option(package_name="rulebase")
def cli() -> None:
    """rulebase: versioned rulebooks, FAQ and errata of card games, in one SQLite knowledge base."""


@cli.command()
@DB_OPTION
@click.option("--manifest", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_MANIFEST,
              show_default="sources/manifest.toml", help="Manifest listing the source documents.")
@click.option("--cards", "cards_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_CARDS, show_default="data/cards", help="Folder of card JSON files.")
@RULINGS_OPTION
def build(db: Path, manifest: Path, cards_dir: Path, rulings: Path | None) -> None:
    """Build the whole knowledge base from the manifest (atomically replaces DB)."""
    if sys.stderr.isatty():
        with click.progressbar(length=len(_manifest_docs(manifest)), label="Building", file=sys.stderr,
                               item_show_func=lambda s: s) as bar:
            report = build_mod.build(db, manifest, cards_dir,
                                     on_document=lambda src: bar.update(1, f"{src.game} {src.version}"),
                                     rulings=rulings)
    else:
        report = build_mod.build(db, manifest, cards_dir, rulings=rulings)
    totals: dict[str, int] = {}
    for d in report.documents:
        for k, n in d.counts.items():
            totals[k] = totals.get(k, 0) + n
        click.echo(f"{d.game:<20} {d.version:<6} {d.format:<9} {_fmt_counts(d.counts)}  "
                   f"needs_review {d.needs_review}  card_links {d.card_links}  ({d.seconds:.2f} s)")
        for w in d.warnings:
            click.echo(f"  warning: {w}", err=True)
    _echo_rulings_warnings(report.rulings, indent="  ")
    click.echo(f"{'total':<20} {len(report.documents)} documents  {_fmt_counts(totals)}  "
               f"cards {report.cards}  {_fmt_rulings(report.rulings)}  ({report.seconds:.2f} s) -> {db}")


def _manifest_docs(manifest: Path):
    from .manifest import load_manifest
    return load_manifest(manifest).documents


@cli.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--game", required=True, help="Game id, e.g. keyforge.")
@click.option("--version", "version", required=True, help="Version label, e.g. 1.4 or 17.0.")
@click.option("--title", default=None)
@click.option("--date", default=None, help="Publication date (YYYY, YYYY-MM or YYYY-MM-DD).")
@click.option("--format", "fmt", default="auto", show_default=True,
              help=f"Source format: auto, {', '.join(FORMATS)}. auto reads it from the content.")
@DB_OPTION
@RULINGS_OPTION
def ingest(file: Path, game: str, version: str, title, date, fmt: str, db: Path, rulings: Path | None) -> None:
    """Add or replace one document version in an existing knowledge base, and replay the rulings."""
    d = build_mod.ingest(db, file, game, version, title, date, fmt, rulings=rulings)
    for w in d.warnings:
        click.echo(f"warning: {w}", err=True)
    _echo_rulings_warnings(d.rulings)
    click.echo(f"{d.game} {d.version} ({d.format}): {_fmt_counts(d.counts)}  "
               f"needs_review {d.needs_review}  card_links {d.card_links}  {_fmt_rulings(d.rulings)} -> {db}")


@cli.command()
@DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(db: Path, as_json: bool) -> None:
    """Documents, entry counts per kind, review flags, cards, card links and scenarios."""
    conn = _open_kb(db)
    data = kb_stats(conn)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for d in data["documents"]:
        click.echo(f"{d['game']:<20} {d['version']:<6} {d['format']:<9} {_fmt_counts(d['counts'])}  "
                   f"needs_review {d['needs_review']}")
    click.echo(f"cards {data['cards']}  card_links {data['card_links']}")
    v = data["verifications"]
    click.echo(f"scenarios: {data['scenarios']}, verifications: {v['passed']} passed, {v['failed']} failed"
               + (f", conflicting entries: {data['conflicts']}" if data["conflicts"] else ""))


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
def search(query: str, game, version, kind, category, all_versions: bool, limit: int, offset: int,
           as_json: bool, db: Path) -> None:
    """Search rulings: FTS5 (bm25) with fuzzy card names and terms, one result per ruling thread."""
    conn = _open_kb(db)
    try:
        result = search_entries(conn, query, game=game, version=version, kind=kind, category=category,
                                all_versions=all_versions, limit=limit, offset=offset)
    except QueryError as exc:
        raise KBError(f"search: {exc}") from None
    if as_json:
        click.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        return
    if result.did_you_mean:
        click.echo(f"did you mean: {result.did_you_mean}")
    for c in result.cards:
        click.echo(f"card {c.set} {c.number}  {c.name}" + (f" ({c.localized})" if c.localized else ""))
    if not result.results:
        click.echo("no results")
        return
    for h in result.results:
        head = h.question or h.title or h.key
        changed = " (changed)" if h.changed else ""
        click.echo(f"{h.game} {h.version}  {h.kind:<8} {head}  [{', '.join(h.versions)}]{changed}")
        click.echo(f"    {_terminal_snippet(h.snippet)}")
    click.echo(f"{result.total} thread(s)")


def _terminal_snippet(snippet: str) -> str:
    """The search's safe-HTML snippet for a terminal: marks as [brackets], entities decoded."""
    import html
    return html.unescape(snippet.replace("<mark>", "[").replace("</mark>", "]"))


@cli.command()
@click.argument("scenario_id", required=False)
@click.option("--all", "run_all", is_flag=True, help="Replay every scenario under rulings/.")
@click.option("--file", "file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Replay one scenario file.")
@click.option("--version", "version", default=None, help="Only this rulebook version.")
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def verify(scenario_id, run_all: bool, file, version, as_json: bool, db: Path) -> None:
    """Replay rulings in the rules engine under each rulebook version where they appear."""
    from engine.verify import verify_report
    conn = _open_kb(db)
    report = verify_report(conn, scenario_id=scenario_id, run_all=run_all, file=file, version=version)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for r in report["results"]:
            status = "PASS" if r["passed"] else "FAIL"
            click.echo(f"{status} {r['id']} [{r['version']}]" + (f": {r['error']}" if r["error"] else ""))
            for c in r["checks"]:
                if not c["ok"]:
                    click.echo(f"    {c['path']}: expected {c['expected']!r}, got {c['actual']!r}")
        examples = report["example_coverage"]
        for v, (covered, total) in report["coverage"].items():
            ex = examples.get(v, (0, 0))
            click.echo(f"coverage {v}: {covered}/{total} FAQ entries have a scenario, "
                       f"{ex[0]}/{ex[1]} worked examples")
        click.echo(f"{report['passed']} passed, {report['failed']} failed")
    if report["failed"]:
        sys.exit(1)


@cli.command()
@click.option("--game", default="keyforge", show_default=True, help="Game id.")
@click.option("--from", "from_version", required=True, help="Older version, e.g. 1.3.")
@click.option("--to", "to_version", required=True, help="Newer version, e.g. 16.0.")
@click.option("--kind", default=None, help="Only entries of this kind: rule, glossary, faq, ...")
@click.option("--key", default=None, help="One entry (e.g. glossary/armor): print its inline diff.")
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def diff(game: str, from_version: str, to_version: str, kind, key, as_json: bool, db: Path) -> None:
    """What changed between two versions: entries added, removed, changed, renamed, and ruling changes."""
    from .changelog import changelog, entry_diff
    conn = _open_kb(db)
    colour = sys.stdout.isatty() and not as_json
    if key:
        data = entry_diff(conn, key, from_version, to_version, game=game if game != "keyforge" else None)
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        click.echo(f"{data['game']} {data['key']}: {data['from']} -> {data['to']}"
                   + ("" if data["changed"] else " (no change)"))
        if data["question_diff"] and any(o["op"] != "equal" for o in data["question_diff"]):
            click.echo("Q: " + _inline(data["question_diff"], colour))
        click.echo(_inline(data["diff"], colour))
        for reason in data["meaning_changes"]:
            click.echo(f"ruling change: {reason}")
        return
    data = changelog(conn, game, from_version, to_version, kind=kind)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    head = lambda text: click.style(text, bold=True) if colour else text  # noqa: E731
    click.echo(head(f"{game} {from_version} -> {to_version}" + (f" ({kind})" if kind else "")))
    click.echo(head(f"ruling changes: {len(data['ruling_changes'])}"))
    for r in data["ruling_changes"]:
        click.echo(f"  {r['question']}")
        click.echo(f"    {_inline(r['diff'], colour)}")
        s = r["scenario"]
        if s:
            sides = [f"{x['version']}: {x['outcome']}" for x in (s["from"], s["to"]) if x]
            click.echo(f"    scenario {s['id']}: " + " | ".join(sides))
    for label in ("added", "removed"):
        click.echo(head(f"{label}: {len(data[label])}"))
        for e in data[label]:
            click.echo(f"  {e['kind']:<8} {e['key']}")
    click.echo(head(f"renamed: {len(data['renamed'])}"))
    for e in data["renamed"]:
        click.echo(f"  {e['from_key']} -> {e['to_key']} ({e['score']:.0f})")
    click.echo(head(f"changed: {len(data['changed'])}"))
    for e in data["changed"]:
        click.echo(f"  {e['kind']:<8} {e['key']} ({e['similarity']:.0f})")
        click.echo(f"    {_inline(e['diff'], colour)}")
    click.echo(f"unchanged: {data['unchanged']}  needs review: {len(data['needs_review'])}")


def _inline(ops, colour: bool) -> str:
    """A word diff for a terminal: red/green when a tty, [-deleted-]{+inserted+} otherwise."""
    out = []
    for op in ops or ():
        if op["op"] == "delete":
            out.append(click.style(op["text"], fg="red", strikethrough=True) if colour else f"[-{op['text']}-]")
        elif op["op"] == "insert":
            out.append(click.style(op["text"], fg="green", underline=True) if colour else f"{{+{op['text']}+}}")
        elif op["op"] == "equal":
            out.append(op["text"])
    return "".join(out)


@cli.command()
@click.argument("query")
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def history(query: str, as_json: bool, db: Path) -> None:
    """One ruling thread (thread id, entry key or question) or one card (name) across all versions."""
    from .history import history as kb_history
    conn = _open_kb(db)
    data = kb_history(conn, query)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    colour = sys.stdout.isatty()
    if data["type"] == "card":
        click.echo(f"{data['name']}  ({', '.join(p['set'] + ' ' + p['number'] for p in data['printings'])})")
        for step in data["errata"]:
            if step["step"] == "printed":
                click.echo(f"  printed ({step['set']} {step['number']}): {step['text']}")
            else:
                click.echo(f"  erratum {step['version']} (in force: {', '.join(step['versions'])}): "
                           + _inline(step["diff"], colour))
        for t in data["threads"]:
            click.echo(f"  ruling {t['thread']}  [{', '.join(t['versions'])}]")
        return
    click.echo(f"{data['thread']}\n{data['title']}")
    for step in data["entries"]:
        mark = "  RULING CHANGE" if step["ruling_change"] else (" (changed)" if step["changed"] else "")
        click.echo(f"  {step['version']}{mark}")
        click.echo("    " + (_inline(step["diff"], colour) if step["diff"] is not None else step["body"]))


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port; the URL printed says which).")
@DB_OPTION
@click.option("--datasette-url", "datasette_url", default=None, metavar="URL",
              help="Root of a Datasette serving this KB (rulebase datasette); entry and card pages link to their rows there.")
def serve(host: str, port: int, db: Path, datasette_url: str | None) -> None:
    """Serve the search site and the JSON API (waitress); builds the KB first if DB is missing."""
    if datasette_url is not None and not datasette_url.startswith(("http://", "https://")):
        raise KBError(f"--datasette-url: expected an http:// or https:// URL, got {datasette_url!r}")
    if not db.exists():
        click.echo(f"{db}: no knowledge base there; building it from the bundled sources first")
        report = build_mod.build(db)
        click.echo(f"built {db}: {len(report.documents)} documents, {report.cards} cards, "
                   f"{_fmt_rulings(report.rulings)} ({report.seconds:.1f} s)")
    conn = _open_kb(db)  # not a KB: one line and exit 1, before listening
    from .fuzzy import index_for
    index_for(conn)  # warm the search index now, not on the first visitor's query
    conn.close()
    from waitress import create_server

    from api import create_app
    try:
        server = create_server(create_app(db, DATASETTE_URL=datasette_url), host=host, port=port, threads=8)
    except (OSError, ValueError) as exc:  # port taken, no such address, a host that is no address
        raise KBError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    listening = getattr(server, "effective_listen", None) or [(server.effective_host, server.effective_port)]
    for addr, bound in listening:
        shown = f"[{addr}]" if ":" in str(addr) else addr
        click.echo(f"serving {db} at http://{shown}:{bound}/  (Ctrl-C to stop)")
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.close()


@cli.command("datasette")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8001, show_default=True,
              help="Port to listen on (0: any free port; the URL printed says which).")
@DB_OPTION
@click.option("--site-url", "site_url", default="http://127.0.0.1:8000", show_default=True,
              help="Root of the rulebase site that rows link to.")
def datasette_cmd(host: str, port: int, db: Path, site_url: str) -> None:
    """Browse the KB in Datasette, read-only (immutable), with metadata and canned queries."""
    import socket

    import uvicorn

    from .datasette import make_datasette
    _open_kb(db).close()  # not a KB: one line and exit 1, before listening
    if not site_url.startswith(("http://", "https://")):
        raise KBError(f"--site-url {site_url!r}: expected an http:// or https:// URL")
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(info[0], socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
    except (OSError, UnicodeError) as exc:
        raise KBError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"datasette serving {db} (immutable) at http://{shown}:{bound}/  (Ctrl-C to stop)")
    server = uvicorn.Server(uvicorn.Config(make_datasette(db, site_url).app(), log_level="warning"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        sock.close()


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
        click.echo(f"rulebase: internal error: {type(exc).__name__}: {exc} "
                   "(set RULEBASE_DEBUG=1 for details)", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
