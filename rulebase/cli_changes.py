"""``rulebase diff`` and ``rulebase history``: what changed between versions, one thread or card across them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .cli_common import DB_OPTION, open_kb


@click.command()
@click.option("--game", default="keyforge", show_default=True, help="Game id.")
@click.option("--from", "from_version", required=True, help="Older version, e.g. 1.3.")
@click.option("--to", "to_version", required=True, help="Newer version, e.g. 16.0.")
@click.option("--kind", default=None, help="Only entries of this kind: rule, glossary, faq, ...")
@click.option("--key", default=None, help="One entry (e.g. glossary/armor): print its inline diff.")
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def diff(game: str, from_version: str, to_version: str, kind, key, as_json: bool, db: Path) -> None:
    """What changed between two versions: entries added, removed, changed, renamed, and ruling changes."""
    from kb.changes_cache import kept  # this command only: the CLI starts without it

    conn = open_kb(db)
    colour = sys.stdout.isatty() and not as_json
    if key:
        from kb.changelog import entry_diff  # this command only: the CLI starts without it

        data = entry_diff(conn, key, from_version, to_version, game=game if game != "keyforge" else None)
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False, indent=2))
            return
        click.echo(
            f"{data['game']} {data['key']}: {data['from']} -> {data['to']}"
            + ("" if data["changed"] else " (no change)")
        )
        if data["question_diff"] and any(o["op"] != "equal" for o in data["question_diff"]):
            click.echo("Q: " + _inline(data["question_diff"], colour))
        click.echo(_inline(data["diff"], colour))
        for change in data["meaning_changes"]:
            _echo_change(change)
        return

    def compute() -> dict:
        from kb.changelog import changelog  # only when not kept (kb.changes_cache): the CLI starts without it

        return changelog(conn, game, from_version, to_version, kind=kind)

    data = kept(conn, "changelog", [game, from_version, to_version, kind], compute)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    head = lambda text: click.style(text, bold=True) if colour else text  # noqa: E731
    click.echo(head(f"{game} {from_version} -> {to_version}" + (f" ({kind})" if kind else "")))
    click.echo(head(f"ruling changes: {len(data['ruling_changes'])}"))
    for r in data["ruling_changes"]:
        click.echo(f"  {r['kind']:<8} {r['question']}  (magnitude {r['magnitude']:g})")
        if r["conflict"]:
            click.echo(f"    conflict in {r['conflict_version']}: {r['conflict']}")
        for change in r["changes"]:
            _echo_change(change)
        s = r["scenario"]
        if s:
            sides = [f"{x['version']}: {x['outcome']}" for x in (s["from"], s["to"]) if x]
            click.echo(f"    scenario {s['id']}: " + " | ".join(sides))
    click.echo(head(f"terminology: {len(data['terminology'])}"))
    for t in data["terminology"]:
        click.echo(
            f"  \u201c{t['old']}\u201d -> \u201c{t['new']}\u201d  ({t['count']} entries: {', '.join(t['examples'])})"
        )
    click.echo(head(f"renamed: {len(data['renamed'])}"))
    for e in data["renamed"]:
        click.echo(f"  {e['from_key']} -> {e['to_key']} ({e['score']:.0f})")
    click.echo(head(f"renumbered: {len(data.get('renumbered', []))}"))
    for e in data.get("renumbered", []):
        click.echo(
            f"  {e['kind']:<8} renumbered {e['from']} → {e['to']}"
            + ("  (text changed too, see below)" if e["text_changed"] else "")
        )
    reworded = sum(e["reworded"] for e in data["changed"])
    click.echo(
        head(f"changed: {len(data['changed'])} ({len(data['changed']) - reworded} in meaning, {reworded} reworded)")
    )
    for e in data["changed"]:
        mark = f"meaning {e['magnitude']:g}" if e["meaning"] else ("reworded" if e["reworded"] else "text")
        click.echo(f"  {e['kind']:<8} {e['key']} ({mark})")
        click.echo(f"    {_inline(e['diff'], colour)}")
    for label in ("added", "removed"):
        click.echo(head(f"{label}: {len(data[label])}"))
        for e in data[label]:
            click.echo(f"  {e['kind']:<8} {e['key']}")
    click.echo(f"unchanged: {data['unchanged']}  needs review: {len(data['needs_review'])}")


def _echo_change(change: dict) -> None:
    """One meaning change: its kind and detail, then the sentences before and after."""
    if change["kind"] in ("added", "removed"):
        click.echo(f"    {change['kind']}: {change['after'] or change['before']}")
        return
    click.echo(f"    {change['kind']}: {change['detail']}")
    if change["before"]:
        click.echo(f"      before: {change['before']}")
    if change["after"]:
        click.echo(f"      after:  {change['after']}")


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


@click.command()
@click.argument("query")
@click.option(
    "--game", default=None, help="Game of a rule number (e.g. mtg); default: the games whose rules are numbered."
)
@click.option("--version", "version", default=None, help="Version a rule number is read in (default: the latest).")
@click.option(
    "--full", is_flag=True, help="Every version, each with its diff (default: only where the text or number changed)."
)
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def history(query: str, game, version, full: bool, as_json: bool, db: Path) -> None:
    """One ruling thread (thread id, entry key, game:key, rule number or question) or one card (name) across all versions."""
    from kb.changes_cache import kept  # this command only: the CLI starts without it

    conn = open_kb(db)

    def compute() -> dict:
        from kb.history import history as kb_history  # only when not kept: the CLI starts without it

        return kb_history(conn, query, game=game, version=version)

    # computed once per state of the KB (kb.changes_cache): asked again, it is read back
    data = kept(conn, "history", [query, game, version], compute)
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
                click.echo(
                    f"  erratum {step['version']} (in force: {', '.join(step['versions'])}): "
                    + _inline(step["diff"], colour)
                )
        for t in data["threads"]:
            click.echo(f"  ruling {t['thread']}  [{', '.join(t['versions'])}]")
        return
    s = data["summary"]
    click.echo(f"{data['thread']}\n{data['title']}")
    click.echo(
        f"  {s['versions']} versions, {s['first']} to {s['last']}: text changed {s['changes']} times"
        + (f", renumbered {s['renumberings']} times" if s["renumberings"] else "")
    )
    _echo_sources(data["sources"])
    if full:
        for step in data["entries"]:
            mark = "  RULING CHANGE" if step["ruling_change"] else (" (changed)" if step["changed"] else "")
            click.echo(f"  {step['version']}{mark}")
            click.echo("    " + (_inline(step["diff"], colour) if step["diff"] is not None else step["body"]))
        return
    for step in data["timeline"]:
        _echo_step(step, colour)


def _echo_sources(sources: dict) -> None:
    """Which format the versions were read from: the usual one counted, the others named with their file."""
    formats: dict[str, list[str]] = {}
    for version, src in sources.items():
        formats.setdefault(src["format"], []).append(version)
    usual = max(formats, key=lambda f: len(formats[f]))
    others = [f"{v} from {sources[v]['file']} ({fmt})" for fmt, vs in formats.items() if fmt != usual for v in vs]
    n = len(formats[usual])
    click.echo(
        f"  read from {usual} ({n} version{'s' if n > 1 else ''})" + ("; " + ", ".join(others) if others else "")
    )


def _echo_step(step: dict, colour: bool) -> None:
    """One step of a compact history: where the text or the number changed, or a run unchanged."""
    kind = step["step"]
    if kind == "unchanged":
        span = step["from"] if step["count"] == 1 else f"{step['from']} … {step['to']}"
        click.echo(f"  {span}  unchanged ({step['count']} version{'s' if step['count'] > 1 else ''})")
        return
    if kind == "removed":
        click.echo(f"  {step['version']}  removed (last in {step['after']})")
        return
    number = f" {step['number']}" if step.get("number") else ""
    renumbered = step.get("renumbered")
    head = {"first": f"first{number}", "changed": "changed", "renumbered": ""}[kind] + (
        f" renumbered {renumbered['from']} → {renumbered['to']} in {step['version']}" if renumbered else ""
    )
    mark = "  RULING CHANGE" if step.get("ruling_change") else ""
    click.echo(f"  {step['version']}  {head.strip()}{mark}")
    if kind == "first":
        click.echo(f"    {step['body']}")
    elif kind == "changed":
        click.echo("    " + _inline(step["diff"], colour))
    for line in step.get("ruling_change") or ():
        click.echo(f"    {line}")
