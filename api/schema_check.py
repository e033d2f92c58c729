"""Checking a JSON value against a schema of the OpenAPI document, with one readable message.

Why: the scenario format a client may POST to /api/verify is described once, as data, in
``api/openapi.json`` (``components/schemas/Scenario``); clients and schemathesis read it from there,
and the server checks request bodies against the very same schema, so the two cannot drift apart.
The validation is the ``jsonschema`` package's (the document is OpenAPI 3.1, whose schemas are JSON
Schema 2020-12); this module only adds what JSON Schema leaves to OpenAPI, the ``discriminator``
(when the value names one of the ``mapping``'s keys in its ``propertyName`` only that schema is
checked, so the message is about that schema; a value naming another is refused with the known
names), and turns the most relevant error into one line: the path of the bad part
(``setup.player1.creatures[0].offense``) and what was expected there.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # jsonschema is imported on the first check: the server starts without it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

#: C0 controls and DEL but tab, newline and carriage return: what the document's text patterns refuse
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


class SchemaViolation(ValueError):
    """The value does not follow the schema; the message starts with the path of the bad part."""


def check(value: object, schema: dict, components: dict, path: str = "") -> None:
    """Raise :class:`SchemaViolation` naming the part of ``value`` the schema refuses."""
    from jsonschema.exceptions import best_match  # the first check imports it (see the imports above)

    schema = _discriminated(value, schema, components, path)
    error = best_match(_validator(json.dumps(schema, sort_keys=True), _Components(components)).iter_errors(value))
    if error is not None:
        raise SchemaViolation(_message(error, path, components))


class _Components:
    """``components/schemas`` as a cache key: the same document object is the same key."""

    def __init__(self, schemas: dict):
        self.schemas = schemas

    def __hash__(self) -> int:
        return id(self.schemas)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Components) and other.schemas is self.schemas


@lru_cache(maxsize=64)
def _validator(schema_json: str, components: _Components) -> Draft202012Validator:
    """A validator of ``schema`` whose ``#/components/schemas/...`` references resolve in the document."""
    from jsonschema import Draft202012Validator  # the first check imports it (see the imports above)

    root = {**json.loads(schema_json), "components": {"schemas": components.schemas}}
    return Draft202012Validator(root)


def _resolve(schema: dict, components: dict) -> dict:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _discriminated(value: object, schema: dict, components: dict, path: str) -> dict:
    """The schema the discriminator picks for ``value`` (``schema`` itself when there is none)."""
    resolved = _resolve(schema, components)
    discriminator = resolved.get("discriminator")
    if not discriminator or not isinstance(value, dict) or discriminator["propertyName"] not in value:
        return schema
    key, mapping = discriminator["propertyName"], discriminator["mapping"]
    tag = value[key]
    if not isinstance(tag, str) or tag not in mapping:
        raise SchemaViolation(f"{_join(path, key)}: expected one of {', '.join(mapping)}, got {_show(tag)}")
    return {"$ref": mapping[tag]}


# ---------------------------------------------------------------- the message


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _where(error: ValidationError, prefix: str) -> str:
    out = prefix
    for part in error.absolute_path:
        out = f"{out}[{part}]" if isinstance(part, int) else _join(out, str(part))
    return out or "body"


def _message(error: ValidationError, prefix: str, components: dict) -> str:
    if error.validator in ("oneOf", "anyOf") and error.context:
        options = [_resolve(o, components) for o in error.validator_value]
        typed = [i for i, option in enumerate(options) if _type_matches(error.instance, option)]
        if typed:  # the options of the value's type say the most
            inner = [e for e in error.context if e.relative_schema_path[0] in typed]
            if inner:
                from jsonschema.exceptions import best_match  # imported by check() already

                return _message(best_match(inner), prefix, components)
        wanted = " or ".join(dict.fromkeys(_describe(o) for o in options))
        return f"{_where(error, prefix)}: expected {wanted}, got {_show(error.instance)}"
    if "propertyNames" in error.absolute_schema_path:  # the error is about a key, at its object
        what = error.schema.get("description") or _explain(error)
        return f"{_where(error, prefix)}: key {_show(error.instance)} is not {what}"
    return f"{_where(error, prefix)}: {_explain(error)}"


def _explain(error: ValidationError) -> str:
    kind, want, value = error.validator, error.validator_value, error.instance
    if kind == "type":
        names = want if isinstance(want, list) else [want]
        return f"expected {' or '.join(_NAMES.get(n, n) for n in names)}, got {_show(value)}"
    if kind in ("enum", "const"):
        options = want if kind == "enum" else [want]
        return f"expected one of {', '.join(map(str, options))}, got {_show(value)}"
    if kind == "required":
        missing = [name for name in want if name not in value]
        return f"missing required key {missing[0]!r}"
    if kind in ("additionalProperties", "unevaluatedProperties"):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        return f"unknown key {extra[0]!r} (allowed: {', '.join(allowed) or 'none'})"
    bounds = {
        "minimum": "must be at least {w}, got {v}",
        "maximum": "must be at most {w}, got {v}",
        "minLength": "must have at least {w} characters, has {n}",
        "maxLength": "must have at most {w} characters, has {n}",
        "minItems": "must have at least {w} items, has {n}",
        "maxItems": "must have at most {w} items, has {n}",
        "minProperties": "must have at least {w} keys, has {n}",
        "maxProperties": "must have at most {w} keys, has {n}",
        "pattern": "does not match the pattern {w}",
    }
    if kind == "pattern" and isinstance(value, str):
        if _CONTROL.search(value):  # the document's text patterns refuse control characters
            return "control characters are not allowed"
        if not value.strip():
            return "must not be blank"
    if kind in bounds:
        n = len(value) if isinstance(value, (str, list, dict)) else None
        return bounds[kind].format(w=want, v=_show(value), n=n)
    return error.message


def _kinds(schema: dict) -> list[str]:
    kinds = schema.get("type", [])
    return kinds if isinstance(kinds, list) else [kinds]


def _type_matches(value: object, option: dict) -> bool:
    from jsonschema import Draft202012Validator  # imported by check() already

    return any(Draft202012Validator.TYPE_CHECKER.is_type(value, k) for k in _kinds(option))


def _describe(option: dict) -> str:
    return " or ".join(_NAMES.get(k, k) for k in _kinds(option)) or "a value"


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
