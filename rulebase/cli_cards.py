"""``rulebase cards``: which cards the rules engine can play, and why the others cannot.

``--coverage`` counts, per set (Call of the Archons and Age of Ascension first), the cards compiled
from their text (engine.compile), hand-defined, keyword-only and not playable, under one rulebook
version's texts in force (errata applied); ``--verbose`` lists each card that is not playable with
the sentence, target or condition no template covers. Card names instead of ``--coverage`` tell
how each printing of those cards is played.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from .cli_common import DB_OPTION, open_kb
from kb.errors import KBError
from engine.core.errors import ScenarioError

_LABELS = {"compiled": "compiled", "hand": "hand-defined", "keywords": "keyword-only", "refused": "not playable"}


@click.command("cards")
@click.argument("names", nargs=-1)
@click.option("--coverage", "show_coverage", is_flag=True, help="Count the playable cards per set.")
@click.option(
    "--version", "version", default=None, help="Rulebook version whose errata are in force (default: latest)."
)
@click.option("--set", "sets", multiple=True, help="Only this set (code, e.g. CotA); repeatable.")
@click.option("--verbose", "-v", is_flag=True, help="List every card that is not playable, with why.")
@click.option(
    "--top",
    default=15,
    show_default=True,
    type=click.IntRange(0, 500),
    help="How many of the most common missing templates to list.",
)
@click.option("--json", "as_json", is_flag=True)
@click.option(
    "--markdown",
    "as_markdown",
    is_flag=True,
    help="With --coverage: the cards not playable, per set, as Markdown (docs/cards-not-playable.md).",
)
@DB_OPTION
def cards(
    names: tuple[str, ...],
    show_coverage: bool,
    version: str | None,
    sets: tuple[str, ...],
    verbose: bool,
    top: int,
    as_json: bool,
    as_markdown: bool,
    db: Path,
) -> None:
    """How the engine plays cards: --coverage per set, or the cards NAMES."""
    if not show_coverage and not names:
        raise KBError("give --coverage, or the names of cards to look up")
    conn = open_kb(db)
    try:
        from engine.compile.coverage import coverage, top_missing  # this command only: the CLI starts without it

        known = {row[0] for row in conn.execute("SELECT DISTINCT set_code FROM cards")}
        unknown = [s for s in sets if s not in known]
        if unknown:
            raise KBError(f"--set {unknown[0]!r}: no such set in the card data (sets: {', '.join(sorted(known))})")
        try:
            report = coverage(conn, version, list(sets) or None)
        except ScenarioError as exc:
            raise KBError(f"--version {version!r}: {exc}") from None
        if names:
            _lookup(conn, report, names, as_json)
            return
        missing = top_missing(report, top)
    finally:
        conn.close()
    if as_markdown:
        click.echo(coverage_markdown(report), nl=False)
        return
    if as_json:
        click.echo(
            json.dumps(
                {
                    "sets": [
                        {
                            "set": c.code,
                            "name": c.name,
                            "cards": c.total,
                            **{k: c.counts.get(k, 0) for k in _LABELS},
                            "not_playable": {n: r for n, r in sorted(c.refused.items())},
                        }
                        for c in report
                    ],
                    "top_missing": [{"template": k, "cards": n} for k, n in missing],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    _table(report)
    if missing:
        unfinished = [c.code for c in report if c.refused]
        shown = ", ".join(unfinished) if len(unfinished) <= 3 else f"{len(unfinished)} sets"
        click.echo(f"\nmost common missing templates ({shown}):")
        for key, n in missing:
            click.echo(f"  {n:4d}  {key}")
    if verbose:
        for cov in report:
            if cov.refused:
                click.echo(f"\n{cov.code}: not playable ({len(cov.refused)})")
                for name, reasons in sorted(cov.refused.items()):
                    click.echo(f"  {name}: {'; '.join(reasons)}")
    else:
        click.echo("\n(--verbose lists every card that is not playable and why)")


def coverage_markdown(report) -> str:
    """The cards the engine cannot play yet, per set, each with what is missing: the list the
    README points to (docs/cards-not-playable.md), written by ``rulebase cards --coverage
    --markdown`` and compared with the KB's card data by the tests, so it stays exact."""
    total = sum(c.total for c in report)
    refused = sum(len(c.refused) for c in report)
    lines = [
        "# Cards the engine cannot play yet",
        "",
        "Written by `rulebase cards --coverage --markdown > docs/cards-not-playable.md` (the tests check it is",
        "current). Each card not playable is refused by name: a scenario or a board in the builder that",
        "uses it stops with the missing piece below, never plays it as if it did less.",
        "",
        f"{total - refused:,} of {total:,} cards playable ({(total - refused) / max(total, 1):.1%}); "
        f"{refused:,} not playable (a reprint counts in each set).",
        "",
        "| set | cards | playable | not playable |",
        "| --- | ---: | ---: | ---: |",
    ]
    for cov in report:
        n = len(cov.refused)
        lines.append(
            f"| {cov.code} | {cov.total} | {cov.total - n} ({(cov.total - n) / max(cov.total, 1):.0%}) | {n} |"
        )
    for cov in report:
        if not cov.refused:
            continue
        lines += ["", f"## {cov.code}: {cov.name} ({len(cov.refused)} not playable)", ""]
        for name, reasons in sorted(cov.refused.items()):
            why = "; ".join(r.replace("|", "\\|") for r in reasons)
            lines.append(f"- **{name}**: {why}")
    return "\n".join(lines) + "\n"


def _table(report) -> None:
    click.echo(
        f"{'set':<8} {'cards':>5} {'compiled':>9} {'hand-defined':>13} {'keyword-only':>13} {'not playable':>13}"
    )
    totals = {k: 0 for k in _LABELS}
    for cov in report:
        for k in totals:
            totals[k] += cov.counts.get(k, 0)
        click.echo(
            f"{cov.code:<8} {cov.total:>5} {cov.counts.get('compiled', 0):>9} {cov.counts.get('hand', 0):>13} "
            f"{cov.counts.get('keywords', 0):>13} {cov.counts.get('refused', 0):>13}"
        )
    click.echo(
        f"{'total':<8} {sum(totals.values()):>5} {totals['compiled']:>9} {totals['hand']:>13} "
        f"{totals['keywords']:>13} {totals['refused']:>13}"
    )


def _lookup(conn, report, names: tuple[str, ...], as_json: bool) -> None:
    found = []
    for name in names:
        hits = [(cov.code, n) for cov in report for n in cov.cards if n.lower() == name.strip().lower()]
        if not hits:
            raise KBError(f"{name!r}: no card of that name in the card data")
        for code, n in hits:
            cov = next(c for c in report if c.code == code)
            found.append({"name": n, "set": code, "how": _LABELS[cov.cards[n]], "missing": cov.refused.get(n, [])})
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    for f in found:
        click.echo(f"{f['name']} ({f['set']}): {f['how']}" + "".join(f"\n  missing: {m}" for m in f["missing"]))
