"""Schemathesis against the real app: every operation of /api/openapi.json, with generated valid
and invalid input, must answer without a 5xx, with a status the document lists, and with a body
that matches the document's schema for that status.

Why: the OpenAPI document is what clients program against; this keeps it honest about every
endpoint (including the error shapes), and generated input finds the crashes hand-written tests
miss. The app runs in-process over WSGI on the KB the session builds from the bundled sources.
(The operations are read from api/openapi.json at collection, one test each; schemathesis'
fixture-based parametrisation does not run under the pytest version this project uses.)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings, strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from api import create_app

SPEC = Path(__file__).resolve().parent.parent / "api" / "openapi.json"
OPERATIONS = [(method.upper(), path) for path, item in json.loads(SPEC.read_text(encoding="utf-8"))["paths"].items()
              for method in item]
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
MODES = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]


@pytest.fixture(scope="module")
def api_schema(built_kb):
    # schemathesis' WSGI transport asks for compressed bodies and does not decode them: the app it
    # checks leaves responses uncompressed (compression is tested through waitress, test_delivery.py)
    return schemathesis.openapi.from_wsgi("/api/openapi.json", create_app(built_kb, COMPRESS_REGISTER=False))


@pytest.mark.parametrize("method,path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_operation_conforms_to_the_document(api_schema, method, path):
    operation = api_schema[path][method]
    cases = st.one_of([operation.as_strategy(generation_mode=mode) for mode in MODES])

    @given(cases)
    @settings(max_examples=60, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    def check(case):
        case.call_and_validate(checks=CHECKS)

    check()
