"""Checking a rulings file (``rulings/<game>/*.yaml``) the way ``POST /api/verify`` checks a posted
scenario, before the build stores or replays it.

Why: a scenario is written by hand, and the engine reads what it is given: ``amber: lots``, an
action list written as a mapping or a card name with a typo used to surface as a replay that
"failed" (a warning), or as an internal error of ``rulebase verify --file``, while the build went on
to replace the KB. The format is described once, as the ``VerifyScenario`` schema of
``api/openapi.json`` (:mod:`api.spec`), and checked by :func:`api.schema_check.check` for the API
and here alike (``rulebase`` sits above ``api``, so it reads the schema from there); the cards of
a KeyForge setup and the board of a Keeper of the Cards setup are then checked by the engine's own
set-up code, as the API does, against the KB being built. Any problem is one line naming the file
and the path inside it, and the build stops before the KB is replaced.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import yaml

from api.schema_check import SchemaViolation, check
from api.spec import component_schemas, document, verify_request_schema
from engine.core.errors import ScenarioError
from engine.kotc import GAME as GAME_KOTC
from engine.replay.scenario_file import Scenario, scenario_from_dict
from kb.errors import KBError

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: texts of scenario files this process found valid: the schema check (jsonschema, about a
#: millisecond a file, most of the reading) is not run again for the same text when one process
#: builds or ingests several times (a test session, a server that rebuilds); a text it refused is
#: checked again, so the message is the check's own
_VALID_TEXTS: set[str] = set()
_MAX_VALID_TEXTS = 4096


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _string_keys(value: object, path: str = "") -> None:
    """JSON's shape: YAML reads ``1.3:`` as a number, which JSON (and the schema) cannot hold."""
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if not isinstance(key, str):
                raise SchemaViolation(f'{path or "body"}: key {key!r} must be a string: write "{key}"')
            _string_keys(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _string_keys(item, f"{path}[{i}]")


def read_scenario_file(path: Path, shown: str | None = None) -> Scenario:
    """The scenario of ``path`` once its YAML follows the API's scenario schema; a one-line
    :class:`KBError` naming the file (as ``shown``) and the place otherwise."""
    shown = shown or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
        raw = yaml.load(text, Loader=_LOADER)
    except (OSError, UnicodeDecodeError) as exc:
        raise KBError(f"{shown}: cannot read scenario ({_one_line(exc)})") from None
    except yaml.YAMLError as exc:
        raise KBError(f"{shown}: not valid YAML ({_one_line(exc)})") from None
    components = component_schemas()
    # only against the document's own schema: inside an app, the schema holds the KB's values
    known = components is document()["components"]["schemas"]
    if not (known and text in _VALID_TEXTS):
        body = {"game": "keyforge", **raw} if isinstance(raw, dict) else raw  # game: keyforge by default
        try:
            _string_keys(body)
            check(body, verify_request_schema(), components)
        except SchemaViolation as exc:
            raise KBError(f"{shown}: not a valid scenario: {_one_line(exc)}") from None
        if known:
            if len(_VALID_TEXTS) >= _MAX_VALID_TEXTS:
                _VALID_TEXTS.clear()
            _VALID_TEXTS.add(text)
    try:
        return scenario_from_dict(raw, Path(path))
    except ScenarioError as exc:
        raise KBError(_one_line(exc)) from None


def check_setups(conn: sqlite3.Connection, scenarios: list[Scenario], shown=str) -> None:
    """Every scenario's setup against the KB behind ``conn``: KeyForge cards it names (the KB's
    card data), Keeper of the Cards boards; ``shown(path)`` names a file in the message."""
    from engine.kotc.scenario import build_board  # heavy (the engine's set-up): the CLI starts without it
    from engine.replay.setup import CardCatalog, build_game  # heavy (the engine's set-up), as above

    catalog = CardCatalog(conn)
    for s in scenarios:
        try:
            if s.game == GAME_KOTC:
                build_board(s.setup)
            else:
                build_game(s.setup, catalog)
        except ScenarioError as exc:
            raise KBError(f"{shown(s.path)}: not a valid scenario: setup: {_one_line(exc)}") from None
