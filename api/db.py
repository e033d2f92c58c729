"""One read-only SQLite connection per request, closed when the request ends."""
from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g


def get_conn() -> sqlite3.Connection:
    """The request's read-only connection to the KB (opened on first use)."""
    if "kb_conn" not in g:
        g.kb_conn = sqlite3.connect(f"file:{current_app.config['KB_PATH']}?mode=ro", uri=True,
                                    check_same_thread=False)
    return g.kb_conn


def _close(_exc=None) -> None:
    conn = g.pop("kb_conn", None)
    if conn is not None:
        conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(_close)
