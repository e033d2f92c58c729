"""One read-only SQLite connection per request, closed when the request ends. Each request opens
the file now at the KB's path, so a KB that a build or an ingest renamed in is read from the next
request on, without a restart; a request under way keeps reading the file it opened."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g
from kb.hot_journal import connect_read_only


def get_conn() -> sqlite3.Connection:
    """The request's read-only connection to the KB (opened on first use)."""
    if "kb_conn" not in g:
        g.kb_conn = connect_read_only(current_app.config["KB_PATH"], check_same_thread=False)
    return g.kb_conn


def _close(_exc=None) -> None:
    conn = g.pop("kb_conn", None)
    if conn is not None:
        conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(_close)
