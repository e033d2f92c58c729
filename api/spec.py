"""The OpenAPI document (``api/openapi.json``): read once, served with the KB's own values, and the
source of the schemas the server checks request bodies against (see :mod:`api.schema_check`).

Why the KB's values: the server accepts only the games, versions and entry kinds its KB holds
(``game=chess`` is a 400 naming the games there), so a document saying "any string" would be looser
than the server. The file marks such parameters with ``x-kb-enum`` (``games``, ``versions`` or
``kinds``); inside a request of the app, :func:`openapi` returns the document with an ``enum`` of
the KB's values there (plus ``""`` for an optional filter, which the server reads as "not given"),
read once per state of the KB file, since a build may replace it while the site is up.
"""

from __future__ import annotations

import copy
import json
import os
import sqlite3
from functools import lru_cache
from pathlib import Path

from flask import current_app, has_app_context

from kb.hot_journal import connect_read_only

SPEC_PATH = Path(__file__).with_name("openapi.json")

#: ``x-kb-enum`` value -> the query listing the KB's values
KB_VALUES = {
    "games": "SELECT DISTINCT game FROM documents ORDER BY game",
    "versions": "SELECT version FROM documents GROUP BY version ORDER BY min(version_sort), version",
    "kinds": "SELECT DISTINCT kind FROM entries ORDER BY kind",
}


@lru_cache(maxsize=1)
def document() -> dict:
    """The document as the file holds it (no KB values)."""
    return json.loads(SPEC_PATH.read_text(encoding="utf-8"))


def openapi(kb_path: str | None = None) -> dict:
    """The document with the enums of the KB at ``kb_path`` (default: the app's, inside a request or
    app context), else the file's."""
    if kb_path is None:
        kb_path = current_app.config.get("KB_PATH") if has_app_context() else None
    if not kb_path:
        return document()
    try:
        stat = os.stat(kb_path)
    except OSError:
        return document()
    return _for_kb(str(kb_path), stat.st_mtime_ns, stat.st_size, stat.st_ino)


def component_schemas(kb_path: str | None = None) -> dict:
    return openapi(kb_path)["components"]["schemas"]


def verify_request_schema(kb_path: str | None = None) -> dict:
    """The schema of a ``POST /api/verify`` body (``VerifyScenario``: a scenario of either game),
    which rulings files follow too (:mod:`rulebase.scenario_check`)."""
    return openapi(kb_path)["paths"]["/api/verify"]["post"]["requestBody"]["content"]["application/json"]["schema"]


@lru_cache(maxsize=4)
def _for_kb(path: str, _mtime_ns: int, _size: int, _inode: int) -> dict:
    """The document with the values of the KB at ``path`` (the other arguments key the cache)."""
    try:
        conn = connect_read_only(path)
        try:
            values = {name: [v for v, *_ in conn.execute(sql)] for name, sql in KB_VALUES.items()}
        finally:
            conn.close()
    except sqlite3.Error:
        return document()  # not a KB (yet): the endpoints say so; the document stays the file's
    doc = copy.deepcopy(document())
    for item in doc["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                if schema.get("x-kb-enum") in values:
                    blank = [] if parameter.get("required") else [""]
                    schema["enum"] = blank + values[schema["x-kb-enum"]]
    return doc
