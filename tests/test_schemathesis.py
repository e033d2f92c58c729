"""Schemathesis against the real app: every operation of /api/openapi.json, with generated valid
and invalid input, under every check schemathesis has that applies to one request: no 5xx, a
status and content type the document lists, a body matching the document's schema, valid input
accepted (``positive_data_acceptance``) and invalid input refused (``negative_data_rejection``).

Why: the OpenAPI document is what clients program against; this keeps it honest about every
endpoint (including the error shapes) and about what the server accepts, in both directions, and
generated input finds the crashes hand-written tests miss. The app runs in-process over WSGI on the
KB the session builds from the bundled sources, and the document is the one it serves (with the
KB's games, versions and kinds as enums). (The operations are read from api/openapi.json at
collection, one test each; schemathesis' fixture-based parametrisation does not run under the
pytest version this project uses.)

What OpenAPI cannot say, and so is not held against the document:
- a constraint between two parameters: ``version`` must be a version of the ``game`` given with it
  (search), ``from``/``to``/``kind`` must be of the ``game`` (diff). Generated valid input that
  breaks one is discarded (and counted: most valid input is still sent);
- ``POST /api/verify`` replays a scenario against the KB: its cards (thousands), entries and
  versions are the KB's, so schema-valid input is mostly an unknown card. Valid input is not
  required to be accepted there; invalid input must still be refused.
- a body over the server's size limit is refused with 413, a status of refusal like 400.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, reject, settings, strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import create_app
from kb.versions import same_version

SPEC = Path(__file__).resolve().parent.parent / "api" / "openapi.json"
OPERATIONS = [
    (method.upper(), path)
    for path, item in json.loads(SPEC.read_text(encoding="utf-8"))["paths"].items()
    for method in item
]
MODES = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
#: statuses that refuse invalid input: schemathesis' defaults, and 413 for a body over the size limit
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
#: operations whose valid input depends on the KB beyond what the document can list (see above)
KB_BOUND_BODIES = {
    ("POST", "/api/verify"),
    ("POST", "/api/play"),  # the board builder's: versions, cards and answers the KB and engine decide
    ("POST", "/api/play/export"),
    ("POST", "/api/play/scenario"),
}


@pytest.fixture(scope="module")
def api_schema(built_kb):
    # schemathesis' WSGI transport asks for compressed bodies and does not decode them: the app it
    # checks leaves responses uncompressed (compression is tested through waitress, test_delivery.py)
    config = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}}})
    return schemathesis.openapi.from_wsgi(
        "/api/openapi.json", create_app(built_kb, COMPRESS_REGISTER=False), config=config
    )


@pytest.fixture(scope="module")
def kb_values(built_kb):
    """Each game's versions and kinds, for the constraints between parameters."""
    versions, kinds = {}, {}
    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    for game, version in conn.execute("SELECT game, version FROM documents"):
        versions.setdefault(game, []).append(version)
    for game, kind in conn.execute(
        "SELECT DISTINCT d.game, e.kind FROM entries e JOIN documents d ON d.id = e.document"
    ):
        kinds.setdefault(game, set()).add(kind)
    conn.close()
    return versions, kinds


def _blank(value) -> bool:
    return value is None or not str(value).strip()


def fits_together(path: str, query: dict, kb_values) -> bool:
    """False when the parameters break a constraint between them that OpenAPI cannot state."""
    versions, kinds = kb_values
    game = None if _blank(query.get("game")) else str(query["game"]).strip()
    if game not in versions:
        return True  # no game, or one the server refuses anyway: nothing joins the parameters
    if path == "/api/search" and not _blank(query.get("version")):
        return any(same_version(v, str(query["version"]).strip()) for v in versions[game])
    if path == "/api/diff":
        named = [str(query[k]).strip() for k in ("from", "to") if not _blank(query.get(k))]
        kind = None if _blank(query.get("kind")) else str(query["kind"]).strip()
        return all(v in versions[game] for v in named) and (kind is None or kind in kinds[game])
    return True


@pytest.mark.slow
@pytest.mark.parametrize("method,path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_operation_conforms_to_the_document(api_schema, kb_values, method, path):
    operation = api_schema[path][method]
    strategies = [operation.as_strategy(generation_mode=mode) for mode in MODES]
    excluded = [positive_data_acceptance] if (method, path) in KB_BOUND_BODIES else []

    @given(st.one_of(strategies))
    @settings(max_examples=80, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    def check(case):
        if case.meta.generation.mode.is_positive and not fits_together(path, case.query or {}, kb_values):
            reject()
        case.call_and_validate(excluded_checks=excluded)

    check()


def test_the_served_document_lists_the_kbs_values(client, kb_values):
    """The document served names the KB's games, so a client (and schemathesis) knows them."""
    doc = client.get("/api/openapi.json").get_json()
    game = next(p for p in doc["paths"]["/api/search"]["get"]["parameters"] if p["name"] == "game")
    assert sorted(game["schema"]["enum"]) == sorted(["", *kb_values[0]])
    versions = next(p for p in doc["paths"]["/api/diff"]["get"]["parameters"] if p["name"] == "from")
    assert set(versions["schema"]["enum"]) == {v for vs in kb_values[0].values() for v in vs}
