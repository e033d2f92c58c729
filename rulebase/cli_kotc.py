"""``rulebase kotc check``: the Keeper of the Cards card legality checker."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .cli_common import DB_OPTION, open_kb
from kb.errors import KBError


@click.group()
def kotc() -> None:
    """Keeper of the Cards tools: the card legality checker."""


@kotc.command("check")
@click.option("--text", "text", default=None, help="The card's ability text (paragraphs: newlines).")
@click.option("--edition", "edition", default=None, help="The card's Edition Indicator (omit: none).")
@click.option("--json", "as_json", is_flag=True)
@DB_OPTION
def kotc_check_cmd(text: str | None, edition: str | None, as_json: bool, db: Path) -> None:
    """Is this card banned, or must it be read as revised? (Exit 0 with the verdict.)"""
    from kb.kotc_check import check, format_text  # this command only: the CLI starts without it

    if text is None or not text.strip():
        raise KBError("--text: give the card's ability text")
    number = None
    if edition is not None:
        if not edition.strip().isdigit() or not edition.strip().isascii():
            raise KBError(f"--edition {edition[:40]!r}: expected a whole number such as 11")
        number = int(edition.strip())
    conn = open_kb(db)
    try:
        result = check(conn, text, number)
    except ValueError as exc:
        raise KBError(str(exc)) from None
    finally:
        conn.close()
    click.echo(json.dumps(result, ensure_ascii=False, indent=2) if as_json else format_text(result))
