"""Responses travel compressed, and static files are cached for a year under URLs that carry their
content's hash, through the real server (waitress) as a browser asks."""

from __future__ import annotations

import gzip
import http.client
import re
from urllib.parse import urlsplit


def _get(url: str, path: str, **headers) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", path, headers=headers)
    resp = conn.getresponse()
    resp.body = resp.read()
    conn.close()
    return resp


def test_pages_and_json_are_compressed_when_the_browser_accepts_it(base_url):  # noqa: F811
    for path in ("/?q=elusive", "/api/search?q=elusive"):
        plain = _get(base_url, path)
        packed = _get(base_url, path, **{"Accept-Encoding": "gzip"})
        assert packed.getheader("Content-Encoding") == "gzip" and plain.getheader("Content-Encoding") is None
        assert gzip.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body) / 2


def test_static_files_are_immutable_under_their_hash_and_revalidated_without_it(base_url):  # noqa: F811
    page = _get(base_url, "/").body.decode()
    for path in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        assert re.search(r"\?v=[0-9a-f]{10}$", path), path
        cached = _get(base_url, path)
        assert cached.status == 200
        assert "immutable" in cached.getheader("Cache-Control") and "max-age=31536000" in cached.getheader(
            "Cache-Control"
        )
        stale = _get(base_url, path.split("?")[0] + "?v=0000000000")
        assert "immutable" not in (stale.getheader("Cache-Control") or "")
