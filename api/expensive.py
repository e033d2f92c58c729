"""Expensive read-only views (the changelog between two versions, ``/api/diff`` and ``/changes``):
computed at most once per state of the KB, and at most a few at a time.

Why: on the KB of everything bundled, the widest Magic diff (2003-03-15 to 2025-11-14) costs 3-8 s
of CPU and 2.7 MB of JSON, and ``/changes`` 2-4 s; recomputed for every request, 20 clients asking
for it took the server's threads and its interpreter, and a search that takes 12 ms alone took 39 s.
Yet the answer can only change when the KB does, and the KB at its path is never written in place
(a build or ingest renames a new file in: ``rulebase/kb_files.py``). So:

- a response is kept, keyed by the identity of the KB file (device, inode, size, modification time)
  and the request's path and parameters, with its body compressed once (gzip and Brotli, whichever
  the client accepts) and an ``ETag`` for conditional requests; when the file at the path changes
  the kept responses of the old one are dropped. The cache is bounded in bytes
  (``EXPENSIVE_CACHE_BYTES``, least recently used first out);
- a response is also written to the KB's cache file (:mod:`kb.changes_cache`, keyed by the KB
  file's state and the code of the site and the KB), so a server started again, or another one
  on the same KB, answers it without computing it: the widest Magic changelog in a few
  milliseconds instead of seconds;
- a response that is not kept yet takes a slot (``EXPENSIVE_CONCURRENCY``, default 1): with every
  slot taken, the request is answered at once with a 429 and ``Retry-After`` (JSON under ``/api``,
  a short page elsewhere), never queued, so expensive requests can hold at most that many of the
  server's threads and the rest stay free for searches and pages.

The standard library's ``gzip`` and the ``brotli`` module Flask-Compress already depends on do the
compressing; Flask-Compress itself leaves a response that already has a ``Content-Encoding`` alone.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import wraps

import brotli
from flask import Flask, Response, current_app, jsonify, request
from markupsafe import escape

from kb.changes_cache import Store, store_at

from .request_lanes import DEFAULT_CHANGELOG_CONCURRENCY, charge_thread_only
from .verify_slots import Slots

#: bytes of kept responses (bodies and their compressed forms), by default
DEFAULT_CACHE_BYTES = 64 * 1024 * 1024
#: seconds a refused client is told to wait: about what one computation takes
RETRY_AFTER = 3


@dataclass
class Kept:
    """One computed response: its status, headers that matter and body, with compressed forms."""

    status: int
    mimetype: str
    body: bytes
    etag: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(b) for b in self.encoded.values())


def _compress(body: bytes) -> dict[str, bytes]:
    return {"br": brotli.compress(body, quality=6), "gzip": gzip.compress(body, compresslevel=6, mtime=0)}


class ResponseCache:
    """Kept responses of one KB state, least recently used first out past ``max_bytes``."""

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._state: tuple | None = None
        self._items: OrderedDict[str, Kept] = OrderedDict()
        self._bytes = 0

    def get(self, state: tuple, key: str) -> Kept | None:
        with self._lock:
            if state != self._state:
                return None
            kept = self._items.get(key)
            if kept is not None:
                self._items.move_to_end(key)
            return kept

    def put(self, state: tuple, key: str, kept: Kept) -> None:
        if kept.size > self.max_bytes:
            return
        with self._lock:
            if state != self._state:  # a new KB file: what was kept answers for the old one
                self._items.clear()
                self._bytes = 0
                self._state = state
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old.size
            self._items[key] = kept
            self._bytes += kept.size
            while self._bytes > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._bytes -= dropped.size


def kb_state(path: str) -> tuple:
    """What identifies the KB file now at ``path``: another file renamed in changes it."""
    try:
        st = os.stat(path)
    except OSError:
        return ("missing",)
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


#: the code a kept response depends on: the site's (views, templates) and what computes the data
RESPONSE_CODE = ("api", "site", "kb", "textnorm")
#: the forms of a body kept in the KB's cache file, in the order they are stored
FORMS = ("body", "br", "gzip")


def _stored(store: Store | None, key: str) -> Kept | None:
    """The response kept for ``key`` in the KB's cache file, if any."""
    found = store.get("response", key) if store is not None else None
    if found is None:
        return None
    meta, blob = found
    try:
        parts, at = {}, 0
        for form in FORMS:
            size = int(meta["sizes"][form])
            parts[form], at = blob[at : at + size], at + size
        encoded = {f: parts[f] for f in FORMS[1:]}
        return Kept(int(meta["status"]), str(meta["mimetype"]), parts["body"], str(meta["etag"]), encoded)
    except (KeyError, TypeError, ValueError):
        return None


def _store(store: Store | None, key: str, kept: Kept) -> None:
    if store is None:
        return
    forms = {"body": kept.body, **kept.encoded}
    meta = {
        "status": kept.status,
        "mimetype": kept.mimetype,
        "etag": kept.etag,
        "sizes": {f: len(forms[f]) for f in FORMS},
    }
    store.put("response", key, meta, b"".join(forms[f] for f in FORMS))


def _key() -> str:
    args = sorted(request.args.items(multi=True))
    return request.path + "?" + "&".join(f"{k}={v}" for k, v in args)


def _encoding(kept: Kept) -> str | None:
    if not current_app.config.get("COMPRESS_REGISTER", True):  # the app compresses nothing (tests)
        return None
    accepted = request.accept_encodings
    for name in ("br", "gzip"):
        if accepted[name] > 0 and name in kept.encoded:
            return name
    return None


def _answer(kept: Kept) -> Response:
    encoding = _encoding(kept)
    body = kept.encoded[encoding] if encoding else kept.body
    response = Response(body, kept.status, mimetype=kept.mimetype)
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.set_etag(kept.etag)
    return response.make_conditional(request)


def busy() -> Response:
    """The 429 for an expensive request while every slot is taken."""
    slots: Slots = current_app.extensions["expensive_slots"]
    message = (
        f"the server is computing as many changelogs as it takes at once ({slots.size}); try again in {RETRY_AFTER} s"
    )
    if request.path == "/api" or request.path.startswith("/api/"):
        response = jsonify({"error": message})
    else:
        response = Response(
            f"<!doctype html><title>Busy</title><h1>Busy</h1><p>{escape(message[:1].upper())}"
            f"{escape(message[1:])}.</p>",
            mimetype="text/html",
        )
    response.status_code = 429
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def expensive(view):
    """Decorate a GET view whose answer depends only on the KB and the request's path and
    parameters: kept per KB state, computed in a slot (see the module docstring)."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        cache: ResponseCache = current_app.extensions["expensive_cache"]
        path = current_app.config["KB_PATH"]
        state, key = kb_state(path), _key()
        kept = cache.get(state, key)
        if kept is not None:
            return _answer(kept)
        store = store_at(path, RESPONSE_CODE)
        kept = _stored(store, request.script_root + key)  # the site's links start with its root
        if kept is not None and kb_state(path) == state:
            cache.put(state, key, kept)
            return _answer(kept)
        slots: Slots = current_app.extensions["expensive_slots"]
        if not slots.take():
            return busy()
        charge_thread_only()  # the work is a worker's, bounded by the slots (api.request_lanes)
        try:
            response = current_app.make_response(view(*args, **kwargs))
        finally:
            slots.give_back()
        if response.status_code != 200 or response.direct_passthrough or "Content-Encoding" in response.headers:
            return response
        if kb_state(path) != state:  # a new KB came in while computing
            return response
        body = response.get_data()
        kept = Kept(
            response.status_code, response.mimetype, body, hashlib.sha256(body).hexdigest()[:32], _compress(body)
        )
        cache.put(state, key, kept)
        if store is not None and store == store_at(path, RESPONSE_CODE):
            _store(store, request.script_root + key, kept)
        return _answer(kept)

    return wrapper


def init_app(app: Flask) -> None:
    app.extensions["expensive_slots"] = Slots(
        int(app.config.setdefault("EXPENSIVE_CONCURRENCY", DEFAULT_CHANGELOG_CONCURRENCY))
    )
    app.extensions["expensive_cache"] = ResponseCache(
        int(app.config.setdefault("EXPENSIVE_CACHE_BYTES", DEFAULT_CACHE_BYTES))
    )
