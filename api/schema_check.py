"""Checking a JSON value against a schema of the OpenAPI document, with one readable message.

Why: the scenario format a client may POST to /api/verify is described once, as data, in
``api/openapi.json`` (``components/schemas/Scenario``); clients and schemathesis read it from there,
and the server checks request bodies against the very same schema, so the two cannot drift apart.
Only the subset of JSON Schema that document uses is implemented: ``$ref``, ``type``, ``enum``,
``properties``, ``required``, ``additionalProperties``, ``items``, ``minItems``/``maxItems``,
``minLength``/``maxLength``, ``minimum``/``maximum``, ``minProperties``/``maxProperties`` and
``oneOf`` (read as "any of"), and ``discriminator`` beside ``oneOf``: when the value names one of
the ``mapping``'s keys in its ``propertyName`` only that schema is checked (so the message is about
that schema), a value naming another is refused with the known names, and a value without the
property is checked as plain ``oneOf``. An unknown keyword is a bug in the document, so it raises.
"""
from __future__ import annotations

_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_NAMES = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "true or false",
          "array": "a list", "object": "an object"}
_IGNORED = {"description", "title", "example", "examples", "nullable", "default", "format"}
_CHECKED = {"$ref", "type", "enum", "properties", "required", "additionalProperties", "items", "minItems",
            "maxItems", "minLength", "maxLength", "minimum", "maximum", "minProperties", "maxProperties",
            "oneOf", "discriminator"}


class SchemaViolation(ValueError):
    """The value does not follow the schema; the message starts with the path of the bad part."""


def check(value: object, schema: dict, components: dict, path: str = "") -> None:
    """Raise :class:`SchemaViolation` naming the first part of ``value`` the schema refuses."""
    unknown = set(schema) - _CHECKED - _IGNORED
    if unknown:
        raise KeyError(f"schema keywords not supported: {sorted(unknown)}")
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return check(value, components[name], components, path)
    if value is None and schema.get("nullable"):
        return None
    if "discriminator" in schema and isinstance(value, dict) and schema["discriminator"]["propertyName"] in value:
        return _discriminated(value, schema["discriminator"], components, path)
    if "oneOf" in schema:
        return _one_of(value, schema["oneOf"], components, path)
    kind = schema.get("type")
    if kind and not _TYPES[kind](value):
        _fail(path, f"expected {_NAMES[kind]}, got {_show(value)}")
    if "enum" in schema and value not in schema["enum"]:
        _fail(path, f"expected one of {', '.join(map(str, schema['enum']))}, got {_show(value)}")
    if isinstance(value, str):
        _bounds(path, len(value), schema.get("minLength"), schema.get("maxLength"), "characters")
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            _fail(path, f"must be at least {schema['minimum']}, got {value}")
        if "maximum" in schema and value > schema["maximum"]:
            _fail(path, f"must be at most {schema['maximum']}, got {value}")
    elif isinstance(value, list):
        _bounds(path, len(value), schema.get("minItems"), schema.get("maxItems"), "items")
        for i, item in enumerate(value):
            if "items" in schema:
                check(item, schema["items"], components, f"{path}[{i}]")
    elif isinstance(value, dict):
        _object(value, schema, components, path)
    return None


def _object(value: dict, schema: dict, components: dict, path: str) -> None:
    _bounds(path, len(value), schema.get("minProperties"), schema.get("maxProperties"), "keys")
    for name in schema.get("required", []):
        if name not in value:
            _fail(path, f"missing required key {name!r}")
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        where = f"{path}.{key}" if path else str(key)
        if key in props:
            check(item, props[key], components, where)
        elif extra is False:
            allowed = ", ".join(props) or "none"
            _fail(path, f"unknown key {key!r} (allowed: {allowed})")
        elif isinstance(extra, dict):
            check(item, extra, components, where)


def _one_of(value: object, options: list[dict], components: dict, path: str) -> None:
    problems = []
    for option in options:
        try:
            check(value, option, components, path)
            return
        except SchemaViolation as exc:
            problems.append(str(exc))
    # the option whose type matches says the most; else list what was expected
    typed = [p for o, p in zip(options, problems) if _matches_type(value, o, components)]
    if len(typed) == 1:
        raise SchemaViolation(typed[0])
    wanted = " or ".join(dict.fromkeys(_describe(o, components) for o in options))
    _fail(path, f"expected {wanted}, got {_show(value)}")


def _discriminated(value: dict, discriminator: dict, components: dict, path: str) -> None:
    key, mapping = discriminator["propertyName"], discriminator["mapping"]
    tag = value[key]
    if not isinstance(tag, str) or tag not in mapping:
        _fail(f"{path}.{key}" if path else key, f"expected one of {', '.join(mapping)}, got {_show(tag)}")
    return check(value, {"$ref": mapping[tag]}, components, path)


def _matches_type(value: object, schema: dict, components: dict) -> bool:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    kind = schema.get("type")
    return kind is not None and _TYPES[kind](value)


def _describe(schema: dict, components: dict) -> str:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return _NAMES.get(schema.get("type", ""), "a value")


def _bounds(path: str, n: int, low: int | None, high: int | None, unit: str) -> None:
    if low is not None and n < low:
        _fail(path, f"must have at least {low} {unit}, has {n}")
    if high is not None and n > high:
        _fail(path, f"must have at most {high} {unit}, has {n}")


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fail(path: str, message: str) -> None:
    raise SchemaViolation(f"{path or 'body'}: {message}")
