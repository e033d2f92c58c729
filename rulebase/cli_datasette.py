"""``rulebase datasette``: the KB in Datasette, with the site's metadata, canned queries and links."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from .cli_common import DB_OPTION, open_kb
from .cli_serve import HOST_ENV, PORT_ENV, SITE_HOST, SITE_PORT, site_url
from kb.errors import KBError


@click.command("datasette")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8001,
    show_default=True,
    help="Port to listen on (0: any free port; the URL printed says which).",
)
@DB_OPTION
@click.option(
    "--site-host",
    default=SITE_HOST,
    envvar=HOST_ENV,
    show_default=True,
    help=f"Address of the rulebase site (rulebase serve --host) that rows link to (env: {HOST_ENV}).",
)
@click.option(
    "--site-port",
    type=click.IntRange(0, 65535),
    default=SITE_PORT,
    envvar=PORT_ENV,
    show_default=True,
    help=f"Port of the rulebase site (rulebase serve --port) that rows link to (env: {PORT_ENV}).",
)
@click.option(
    "--site-url",
    "link_root",
    default=None,
    metavar="URL",
    help="Root of the rulebase site that rows link to, when not http://SITE-HOST:SITE-PORT (a proxy, https).",
)
@click.option(
    "--public",
    is_flag=True,
    envvar="RULEBASE_DATASETTE_PUBLIC",
    help="No arbitrary SQL (?sql=, ?_where=): tables, rows, search, facets and canned queries only "
    "(env: RULEBASE_DATASETTE_PUBLIC=1).",
)
@click.option(
    "--sql-at-once",
    "sql_at_once",
    type=click.IntRange(1, 16),
    default=1,
    show_default=True,
    envvar="RULEBASE_DATASETTE_SQL_AT_ONCE",
    help="Requests with arbitrary SQL run at once; one more is a 429 (env: RULEBASE_DATASETTE_SQL_AT_ONCE).",
)
@click.option(
    "--sql-time-limit",
    "sql_time_limit_ms",
    type=click.IntRange(10, 60_000),
    default=1000,
    show_default=True,
    envvar="RULEBASE_DATASETTE_SQL_TIME_LIMIT",
    metavar="MS",
    help="Milliseconds a query may run (env: RULEBASE_DATASETTE_SQL_TIME_LIMIT).",
)
def datasette_cmd(
    host: str,
    port: int,
    db: Path,
    site_host: str,
    site_port: int,
    link_root: str | None,
    public: bool,
    sql_at_once: int,
    sql_time_limit_ms: int,
) -> None:
    """Browse the KB in Datasette, read-only (it follows the file at DB when a build or an ingest
    replaces it), with metadata and canned queries."""

    import uvicorn  # heavy: this command only

    from api.datasette import make_datasette  # heavy (datasette, ~1 s): this command only

    open_kb(db).close()  # not a KB: one line and exit 1, before listening
    if link_root is None:
        if site_port == 0:
            raise KBError(
                f"--site-port 0 (or {PORT_ENV}=0): the site's port is whichever serve picked; "
                "give it with --site-port or --site-url"
            )
        link_root = site_url(site_host, site_port)
    elif not link_root.startswith(("http://", "https://")):
        raise KBError(f"--site-url {link_root!r}: expected an http:// or https:// URL")
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        # the protocol given (IPPROTO_TCP), not 0: asyncio turns Nagle's algorithm off only for a
        # socket that says it is TCP, and without that every kept-alive reply waited ~40 ms
        sock = socket.socket(info[0], socket.SOCK_STREAM, info[2])
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
    except (OSError, UnicodeError) as exc:
        raise KBError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    app = make_datasette(
        db, link_root, public=public, sql_at_once=sql_at_once, sql_time_limit_ms=sql_time_limit_ms
    ).app()  # before saying where: the URL answers soon after
    click.echo(f"datasette serving {db} (read-only, following the file) at http://{shown}:{bound}/  (Ctrl-C to stop)")
    click.echo(f"rows link to the rulebase site at {link_root.rstrip('/')}/")
    click.echo(
        "arbitrary SQL: off (--public)"
        if public
        else f"arbitrary SQL: {sql_at_once} request(s) at once, each stopped after {sql_time_limit_ms} ms"
    )
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        sock.close()
