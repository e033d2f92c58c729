"""The OpenAPI document (``api/openapi.json``): read once, served as is, and the source of the
schemas the server checks request bodies against (see :mod:`api.schema_check`)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

SPEC_PATH = Path(__file__).with_name("openapi.json")


@lru_cache(maxsize=1)
def openapi() -> dict:
    return json.loads(SPEC_PATH.read_text(encoding="utf-8"))


def component_schemas() -> dict:
    return openapi()["components"]["schemas"]
