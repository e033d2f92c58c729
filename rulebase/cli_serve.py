"""``rulebase serve``: the site and JSON API, on waitress.

``serve`` is meant to sit behind a reverse proxy (TLS, buffering, per-client limits), but also to
stay up without one: its waitress settings (:func:`waitress_settings`) bound connections, idle time
and request sizes, and the options that tune them can also be given as environment variables.
"""

from __future__ import annotations

import gc
import ipaddress
import os
import re
import time
from pathlib import Path

import click

from .cli_common import DB_OPTION, cleanup_on_terminate, fmt_rulings, open_kb
from kb.errors import KBError

#: where ``rulebase serve`` listens unless told otherwise, and so where ``rulebase datasette`` links
#: rows back to: one setting for both, the options below or these environment variables
SITE_HOST, SITE_PORT = "127.0.0.1", 8000
HOST_ENV, PORT_ENV = "RULEBASE_HOST", "RULEBASE_PORT"


def site_url(host: str, port: int) -> str:
    """The root URL of ``rulebase serve --host HOST --port PORT`` as a browser on this machine
    reaches it: an address listening everywhere (0.0.0.0, ::) is reached on the loopback one."""

    try:
        addr = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?", host):
            raise KBError(f"--site-host {host!r}: expected a host name or an IP address") from None
        return f"http://{host}:{port}"
    if addr.is_unspecified:
        addr = ipaddress.ip_address("::1" if addr.version == 6 else "127.0.0.1")
    return f"http://[{addr}]:{port}" if addr.version == 6 else f"http://{addr}:{port}"


@click.command()
@click.option(
    "--host",
    default=SITE_HOST,
    envvar=HOST_ENV,
    show_default=True,
    help=f"Address to listen on (env: {HOST_ENV}; rulebase datasette links there too).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=SITE_PORT,
    envvar=PORT_ENV,
    show_default=True,
    help=f"Port to listen on (env: {PORT_ENV}; 0: any free port, the URL printed says which).",
)
@DB_OPTION
@click.option(
    "--datasette-url",
    "datasette_url",
    default=None,
    metavar="URL",
    help="Root of a Datasette serving this KB (rulebase datasette); entry and card pages link to their rows there.",
)
@click.option(
    "--threads",
    type=click.IntRange(2, 512),
    default=8,
    show_default=True,
    envvar="RULEBASE_THREADS",
    help="Threads answering requests (env: RULEBASE_THREADS).",
)
@click.option(
    "--verify-concurrency",
    "verify_concurrency",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    envvar="RULEBASE_VERIFY_CONCURRENCY",
    help="Verify runs worked on at once, each in a worker process, fewer than --threads; one "
    "more is a 429 (env: RULEBASE_VERIFY_CONCURRENCY).",
)
@click.option(
    "--changelog-concurrency",
    "changelog_concurrency",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    envvar="RULEBASE_CHANGELOG_CONCURRENCY",
    help="Changelogs (/api/diff, /changes) worked on at once; the others wait their turn without "
    "a thread, a 429 after 3 s (env: RULEBASE_CHANGELOG_CONCURRENCY).",
)
@click.option(
    "--connection-limit",
    "connection_limit",
    type=click.IntRange(1, 100_000),
    default=1000,
    show_default=True,
    envvar="RULEBASE_CONNECTION_LIMIT",
    help="Open connections at most; past it, new ones wait (env: RULEBASE_CONNECTION_LIMIT).",
)
@click.option(
    "--channel-timeout",
    "channel_timeout",
    type=click.IntRange(1, 3600),
    default=30,
    show_default=True,
    envvar="RULEBASE_CHANNEL_TIMEOUT",
    metavar="SECONDS",
    help="Close a connection idle this long, a request sent only in part included (env: RULEBASE_CHANNEL_TIMEOUT).",
)
def serve(
    host: str,
    port: int,
    db: Path,
    datasette_url: str | None,
    threads: int,
    verify_concurrency: int,
    changelog_concurrency: int,
    connection_limit: int,
    channel_timeout: int,
) -> None:
    """Serve the search site and the JSON API (waitress); builds the KB first if DB is missing."""
    started = time.perf_counter()
    if datasette_url is not None and not datasette_url.startswith(("http://", "https://")):
        raise KBError(f"--datasette-url: expected an http:// or https:// URL, got {datasette_url!r}")
    if verify_concurrency + changelog_concurrency >= threads:
        raise KBError(
            f"--verify-concurrency {verify_concurrency} and --changelog-concurrency {changelog_concurrency}: "
            f"together they must be less than --threads ({threads}), so that searches always find a free thread"
        )
    _room_for_connections(connection_limit, threads)
    stages = Stages(started)
    if not db.exists():
        from . import build as build_mod  # this case only: the pipeline is heavy to import

        click.echo(f"{db}: no knowledge base there; building it from the sources first")
        report = build_mod.build(db)
        click.echo(
            f"built {db}: {len(report.documents)} documents, {report.cards} cards, "
            f"{fmt_rulings(report.rulings)} ({report.seconds:.1f} s)"
        )
        stages.done("the build of the knowledge base")
    conn = open_kb(db)  # not a KB: one line and exit 1, before listening
    conn.close()
    from concurrent.futures.process import BrokenProcessPool  # heavy (multiprocessing): serve only

    from api import create_app, workers  # heavy (flask, the engine): serve only, the CLI starts without
    from kb.fuzzy import index_for  # heavy (the search index): serve only, as above

    stages.done("imports of the server")
    with cleanup_on_terminate():  # a kill stops the verify workers too
        try:
            try:
                # the workers start (a process per slot) and warm up on the other core while this
                # process loads the search index; the server is ready once they are warm
                workers_warm = workers.begin(verify_concurrency, str(db.resolve()))
                conn = open_kb(db)
                index = index_for(conn)  # warm the search index now, not on the first visitor's query
                conn.close()
                stages.done("the search index")
                app = create_app(
                    db,
                    DATASETTE_URL=datasette_url,
                    VERIFY_CONCURRENCY=verify_concurrency,
                    EXPENSIVE_CONCURRENCY=changelog_concurrency,
                )
                stages.done("the app")
                workers_warm()
                stages.done("the verify workers to start and read the KB")
            except BrokenProcessPool:
                raise KBError("a verify worker ended while starting (out of memory or killed)") from None
            _serve(app, db, host, port, threads, verify_concurrency, connection_limit, channel_timeout, index, stages)
        finally:
            workers.shutdown()


class Stages:
    """How long each stage of start-up took, so a slow start says what it waited for."""

    #: a start-up slower than this names its longest stage
    SLOW = 1.0

    def __init__(self, started: float):
        """``started``: the ``time.perf_counter()`` of the command's start; what the process spent
        before it (Python, the command line's imports) is the first stage."""
        self.start, self.last = started, time.perf_counter()
        self.took: dict[str, float] = {"Python and the command line to start": _process_age(started)}

    def done(self, stage: str) -> None:
        now = time.perf_counter()
        self.took[stage] = self.took.get(stage, 0.0) + now - self.last
        self.last = now

    def waited_for(self, total: float) -> str:
        """'' when quick, else '; waited for <the longest stage> (N s)'."""
        if total <= self.SLOW:
            return ""
        stage, took = max(self.took.items(), key=lambda kv: kv[1])
        return f"; waited for {stage} ({took:.1f} s of {total:.1f} s)"


def _serve(
    app,
    db: Path,
    host: str,
    port: int,
    threads: int,
    verify_concurrency: int,
    connection_limit: int,
    channel_timeout: int,
    index,
    stages: Stages,
) -> None:
    server, dispatcher, settings = make_server(app, host, port, threads, connection_limit, channel_timeout)
    listening = getattr(server, "effective_listen", None) or [(server.effective_host, server.effective_port)]
    for addr, bound in listening:
        shown = f"[{addr}]" if ":" in str(addr) else addr
        click.echo(f"serving {db} at http://{shown}:{bound}/  (Ctrl-C to stop)")
    click.echo(
        f"limits: {connection_limit} connections, idle ones closed after {channel_timeout} s; "
        f"{threads} threads, {verify_concurrency} of them for verify (one worker process each) and "
        f"{app.config['EXPENSIVE_CONCURRENCY']} for changelogs, each lane at most {dispatcher.share:.0%} of a core "
        f"sustained; bodies up to "
        f"{settings['max_request_body_size'] // 1024} KiB, headers up to "
        f"{settings['max_request_header_size'] // 1024} KiB"
    )
    # what start-up made (the index, the app, the modules) lives as long as the server: moved out of
    # the garbage collector's sight, a full collection no longer walks its hundreds of thousands of
    # objects in the middle of a request (the slowest searches were such pauses)
    gc.collect()
    gc.freeze()
    how = "loaded from the KB" if index.origin == "stored" else "built: none stored for this KB's content"
    rss = _rss_mib()
    stages.done("the server's socket")
    total = _process_age(stages.start)
    click.echo(
        f"ready in {total:.1f} s (search index {how})"
        + (f", memory {rss} MiB" if rss is not None else "")
        + stages.waited_for(total)
    )
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.close()


def make_server(app, host: str, port: int, threads: int, connection_limit: int, channel_timeout: int, **lanes):
    """The waitress server of the site, not yet running: (server, its task dispatcher, its settings).
    Requests for the changelogs and the verify runs wait in lanes of their own
    (:mod:`api.request_lanes`; ``lanes``: its ``max_wait``, ``share`` and ``burst``), so searches and
    pages never wait behind them; waitress's own refusals come in the site's shape
    (:mod:`api.waitress_errors`)."""
    from waitress import create_server  # this command only: the CLI starts without it
    from api import waitress_errors  # this command only: the CLI starts without it
    from api.request_lanes import LaneDispatcher, LaneRefusal, lane_limits  # this command only

    settings = waitress_settings(app, threads, connection_limit, channel_timeout)
    socket_map: dict = {}
    dispatcher = LaneDispatcher(lane_limits(app.config), **lanes)
    dispatcher.set_thread_count(threads)
    try:
        server = create_server(
            LaneRefusal(app, dispatcher.max_wait),
            map=socket_map,
            _dispatcher=dispatcher,
            host=host,
            port=port,
            **settings,
        )
    except (OSError, ValueError) as exc:  # port taken, no such address, a host that is no address
        dispatcher.shutdown()
        raise KBError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    waitress_errors.install(socket_map)  # its own 413, 431, 400 in the site's shape, with its headers
    return server, dispatcher, settings


def waitress_settings(app, threads: int, connection_limit: int, channel_timeout: int) -> dict:
    """Waitress's arguments for the site. With its defaults (100 connections, each kept 120 s
    idle, a 1 GiB body received before the app sees it), 120 half-open connections or one large
    upload took the site down.

    - ``connection_limit`` and ``channel_timeout``: half-open and idle connections are closed after
      ``channel_timeout`` seconds, checked every ``cleanup_interval`` (a third of it), so a flood of
      them holds the server's connections for that long at most;
    - ``asyncore_use_poll``: ``select()`` cannot watch descriptors past 1023, ``poll()`` can;
    - body and header sizes: those the app takes (:mod:`api.request_limits`), so a larger request is
      refused as soon as its headers say so, not after it was received and spooled to disk (waitress
      refuses a size equal to its setting, hence the one byte more). Its refusals are answered in the
      site's shape, with its headers (:mod:`api.waitress_errors`)."""
    from api.request_limits import max_body_size, max_header_size  # this command only: the CLI starts without it

    return {
        "threads": threads,
        "connection_limit": connection_limit,
        "channel_timeout": channel_timeout,
        "cleanup_interval": max(1, min(30, channel_timeout // 3)),
        "asyncore_use_poll": True,
        "max_request_body_size": max_body_size(app) + 1,
        "max_request_header_size": max_header_size() + 1,
    }


def _room_for_connections(connection_limit: int, threads: int) -> None:
    """Raise this process's open-file limit (its soft limit, up to the hard one) to what
    ``connection_limit`` connections need: one descriptor each, and a few per thread (its KB
    connection) and for the server itself; a one-line error when the system allows fewer."""
    try:
        import resource  # POSIX only (see the except)
    except ImportError:  # not on this system (Windows): its own limits apply
        return
    need = connection_limit + 4 * threads + 64
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return
    if hard != resource.RLIM_INFINITY and hard < need:
        raise KBError(
            f"--connection-limit {connection_limit}: needs about {need} open files, and this system "
            f"allows {hard} (ulimit -Hn); give a lower limit"
        )
    resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))


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
