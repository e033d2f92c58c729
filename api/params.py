"""Input checks shared by the JSON API's blueprints: query parameters (:mod:`api.json_api`,
:mod:`api.json_diff`) and JSON request bodies (:mod:`api.verify`, :mod:`api.kotc`).

Why one place: every endpoint must refuse bad input the same way, with a 400 that names the
parameter (see :mod:`api.errors`): an unknown parameter (``versoin=1.3``) is refused rather than
silently ignored, a repeated one is ambiguous, and text filters may not carry control characters.
"""

from __future__ import annotations

import json
import re

from flask import request

from .errors import ApiError, check_no_surrogates, check_text

MAX_FILTER_LEN = 200  #: characters of a filter value (game, version, kind, category)
_INTEGER = re.compile(r"-?[0-9]{1,12}")
_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"", "0", "false", "no", "off"}


def params(allowed: set[str]) -> dict[str, str]:
    """The query parameters, each given once and all of them known to the endpoint."""
    unknown = sorted(set(request.args) - allowed)
    if unknown:
        raise ApiError(f"unknown parameter {unknown[0][:40]!r} (allowed: {', '.join(sorted(allowed)) or 'none'})")
    for name in request.args:
        if len(request.args.getlist(name)) > 1:
            raise ApiError(f"{name}: give it once")
    return request.args.to_dict()


def integer(args: dict, name: str, default: int, low: int, high: int) -> int:
    raw = args.get(name)
    if raw is None:
        return default
    text = raw.strip()
    if not _INTEGER.fullmatch(text):
        raise ApiError(f"{name}: expected a whole number from {low} to {high}, got {raw[:40]!r}")
    value = int(text)
    if not low <= value <= high:
        raise ApiError(f"{name}: must be from {low} to {high}, got {value}")
    return value


def flag(args: dict, name: str) -> bool:
    raw = args.get(name, "").strip().lower()
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    raise ApiError(f"{name}: expected 1 or 0 (true or false), got {raw[:40]!r}")


def text_filter(args: dict, name: str) -> str | None:
    """A filter value, stripped; None when absent or blank."""
    value = args.get(name)
    if value is None or not value.strip():
        return None
    return check_text(name, value.strip(), MAX_FILTER_LEN)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON value")


def _number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent: the integer it equals when it is whole
    (``30.0``, ``3e1``), as JSON Schema reads it (an ``integer`` field accepts it), else the float."""
    value = float(text)
    return int(value) if value.is_integer() else value


def json_body(max_body: int, empty_message: str) -> object:
    """The request's JSON body: at most ``max_body`` bytes (a 413 past that, even when the client
    sends no Content-Length), valid UTF-8 and strict JSON (no NaN or Infinity) without lone
    surrogates; a 400 otherwise, ``empty_message`` when there is no body at all."""
    if request.content_length is not None and request.content_length > max_body:
        raise ApiError(f"request body too large: {request.content_length} bytes, the limit is {max_body}", 413)
    raw = request.stream.read(max_body + 1)
    if len(raw) > max_body:
        raise ApiError(f"request body too large: the limit is {max_body} bytes", 413)
    if not raw.strip():
        raise ApiError(empty_message)
    try:
        body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_float=_number)
    except UnicodeDecodeError:
        raise ApiError("request body is not valid UTF-8") from None
    except RecursionError:
        raise ApiError("request body is not valid JSON: nested too deeply") from None
    except ValueError as exc:
        raise ApiError(f"request body is not valid JSON: {exc}") from None
    return check_no_surrogates(body)  # "\\ud800" is valid JSON but no character
