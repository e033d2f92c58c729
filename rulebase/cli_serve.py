"""``rulebase serve`` (the site and JSON API, waitress) and ``rulebase datasette`` (the KB in Datasette)."""
from __future__ import annotations

import gc
import os
import time
from pathlib import Path

import click

from . import build as build_mod
from .cli_common import DB_OPTION, fmt_rulings, open_kb
from kb.errors import KBError


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port; the URL printed says which).")
@DB_OPTION
@click.option("--datasette-url", "datasette_url", default=None, metavar="URL",
              help="Root of a Datasette serving this KB (rulebase datasette); entry and card pages link to their rows there.")
def serve(host: str, port: int, db: Path, datasette_url: str | None) -> None:
    """Serve the search site and the JSON API (waitress); builds the KB first if DB is missing."""
    started = time.perf_counter()
    if datasette_url is not None and not datasette_url.startswith(("http://", "https://")):
        raise KBError(f"--datasette-url: expected an http:// or https:// URL, got {datasette_url!r}")
    if not db.exists():
        click.echo(f"{db}: no knowledge base there; building it from the sources first")
        report = build_mod.build(db)
        click.echo(f"built {db}: {len(report.documents)} documents, {report.cards} cards, "
                   f"{fmt_rulings(report.rulings)} ({report.seconds:.1f} s)")
    conn = open_kb(db)  # not a KB: one line and exit 1, before listening
    from kb.fuzzy import index_for
    index = index_for(conn)  # warm the search index now, not on the first visitor's query
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
    # what start-up made (the index, the app, the modules) lives as long as the server: moved out of
    # the garbage collector's sight, a full collection no longer walks its hundreds of thousands of
    # objects in the middle of a request (the slowest searches were such pauses)
    gc.collect()
    gc.freeze()
    how = "loaded from the KB" if index.origin == "stored" else "built: none stored for this KB's content"
    rss = _rss_mib()
    click.echo(f"ready in {_process_age(started):.1f} s (search index {how})"
               + (f", memory {rss} MiB" if rss is not None else ""))
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.close()


def _process_age(started: float) -> float:
    """Seconds since this process started (Linux: /proc), imports included; else since ``started``."""
    try:
        stat = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return max(0.0, uptime - int(stat[19]) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - started


def _rss_mib() -> int | None:
    """This process's resident memory (VmRSS of /proc/self/status) in MiB, or None."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024)
    except (OSError, ValueError, IndexError):
        pass
    return None


@click.command("datasette")
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

    from api.datasette import make_datasette
    open_kb(db).close()  # not a KB: one line and exit 1, before listening
    if not site_url.startswith(("http://", "https://")):
        raise KBError(f"--site-url {site_url!r}: expected an http:// or https:// URL")
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
    click.echo(f"datasette serving {db} (immutable) at http://{shown}:{bound}/  (Ctrl-C to stop)")
    server = uvicorn.Server(uvicorn.Config(make_datasette(db, site_url).app(), log_level="warning"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        sock.close()
