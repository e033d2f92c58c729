"""``rulebase datasette``: the KB in Datasette, with the site's metadata, canned queries and links."""
from __future__ import annotations

from pathlib import Path

import click

from .cli_common import DB_OPTION, open_kb
from .cli_serve import HOST_ENV, PORT_ENV, SITE_HOST, SITE_PORT, site_url
from kb.errors import KBError


@click.command("datasette")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8001, show_default=True,
              help="Port to listen on (0: any free port; the URL printed says which).")
@DB_OPTION
@click.option("--site-host", default=SITE_HOST, envvar=HOST_ENV, show_default=True,
              help=f"Address of the rulebase site (rulebase serve --host) that rows link to (env: {HOST_ENV}).")
@click.option("--site-port", type=click.IntRange(0, 65535), default=SITE_PORT, envvar=PORT_ENV,
              show_default=True, help=f"Port of the rulebase site (rulebase serve --port) that rows link to (env: {PORT_ENV}).")
@click.option("--site-url", "link_root", default=None, metavar="URL",
              help="Root of the rulebase site that rows link to, when not http://SITE-HOST:SITE-PORT (a proxy, https).")
def datasette_cmd(host: str, port: int, db: Path, site_host: str, site_port: int, link_root: str | None) -> None:
    """Browse the KB in Datasette, read-only (immutable), with metadata and canned queries."""
    import socket

    import uvicorn

    from api.datasette import make_datasette
    open_kb(db).close()  # not a KB: one line and exit 1, before listening
    if link_root is None:
        if site_port == 0:
            raise KBError(f"--site-port 0 (or {PORT_ENV}=0): the site's port is whichever serve picked; "
                          "give it with --site-port or --site-url")
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
    app = make_datasette(db, link_root).app()  # before saying where: the URL answers soon after
    click.echo(f"datasette serving {db} (immutable) at http://{shown}:{bound}/  (Ctrl-C to stop)")
    click.echo(f"rows link to the rulebase site at {link_root.rstrip('/')}/")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        sock.close()
