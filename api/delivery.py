"""How the site's responses travel: compressed, and static files cached for a year.

Pages, JSON and static files are compressed (Flask-Compress: gzip, Brotli or zstd, whichever the
browser accepts first) when they are worth it. Static files are served under URLs that carry their
content's hash (``/static/site.css?v=1a2b3c4d5e``, added by every ``url_for('static', ...)``), and a
request naming the current hash is answered as ``immutable`` for a year: a changed file gets a new
URL, so no browser keeps a stale one, and an unchanged one is never asked for again. A static URL
without its current hash (typed by hand, or an old page) is revalidated as before.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Flask, request
from flask_compress import Compress

#: what is compressed (the defaults, with the JSON API and the OpenAPI document)
MIMETYPES = [
    "text/html",
    "text/css",
    "text/xml",
    "text/plain",
    "application/json",
    "application/javascript",
    "text/javascript",
    "image/svg+xml",
]
YEAR = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    Compress(app)
    static = Path(app.static_folder)

    @app.url_defaults
    def versioned_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values:
            version = _version(static / values["filename"])
            if version:
                values.setdefault("v", version)

    @app.after_request
    def cache_static(response):
        if request.endpoint == "static" and response.status_code == 200:
            current = _version(static / (request.view_args or {}).get("filename", ""))
            if current and request.args.get("v") == current:
                response.cache_control.no_cache = None
                response.cache_control.public = True
                response.cache_control.max_age = YEAR
                response.cache_control.immutable = True
        return response


def _version(path: Path) -> str | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return _digest(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]
