"""The constructors templates may name (``build = "..."`` in ``templates/*.toml``), as tables by
kind (effects, constant abilities, conditions, counts): the effect library's effects, constant
abilities, conditions and counts each registered under that name beside its class (``@template``,
:mod:`engine.core.registry`), and those built from several library pieces
(:mod:`engine.compile.composites`); and a template's effects built from what its slots read
(:func:`instantiate`). The reaction matches are :mod:`engine.compile.matches`.

Only what is registered can be built from a template, so a template cannot reach anything else in
the engine; the arguments come from the template's ``args`` (slots and literals).
"""

from __future__ import annotations

import importlib
import pkgutil

import engine.library
import engine.rules
from engine.core.registry import REGISTRY, Registered
from engine.library import MoveTo, PutIntoPlay, PutOnDeck, ShuffleIntoDeck, ThisWay
from engine.compile import composites  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_gained  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_selectors  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_out_of_play  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_conditions  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_named  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_counters  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_damage  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_for_the_turn  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_fights  # noqa: F401 - imported for the templates it registers
from engine.compile import composites_repeats  # noqa: F401 - imported for the templates it registers
from engine.compile.grammar import Template
from engine.compile.scope import Scope


def _this_way(make, verb: str):
    """An effect whose doings a later "this way" reads (engine.library.this_way)."""

    def build(on: str = "it", **kwargs):
        return ThisWay(make(on=on, **kwargs), on, verb)

    return build


# ------------------------------------------------------------------------------ a template's effects


def _arg(value, values: dict, scope: Scope, name: str | None):
    if isinstance(value, str) and value.startswith("-$"):
        return -values[value[2:]]
    if isinstance(value, str) and value.startswith("$"):
        key = value[1:]
        if key == "it":
            return scope.it
        if key == "their":
            return scope.their
        if key == "name":
            return name or scope.fresh()
        return values[key]
    if isinstance(value, list):
        return tuple(_arg(v, values, scope, name) for v in value)
    return value


def _args(args: dict, values: dict, scope: Scope, name: str | None = None) -> dict:
    return {k: _arg(v, values, scope, name) for k, v in args.items()}


def instantiate(t: Template, values: dict, scope: Scope, name: str | None = None) -> list:
    rows = t.effects or ({"build": t.build, "args": t.args},)
    out: list = []
    for row in rows:
        made = EFFECTS[row["build"]](**_args(row.get("args", {}), values, scope, name))
        out += made if isinstance(made, list) else [made]
    for e in out:  # moving cards chosen in a hand or deck: the effect finds them there
        inner = getattr(e, "effect", e)
        if isinstance(inner, (MoveTo, PutOnDeck, PutIntoPlay)) and inner.on in scope.hidden:
            inner.from_hidden = True
        if isinstance(inner, ShuffleIntoDeck) and inner.on in scope.hidden and "hand" not in inner.from_zones:
            inner.from_zones = (*inner.from_zones, "hand")  # "shuffle a random card from <a hand> into ..."
    return out


# ------------------------------------------------------------------------------ the tables templates read


def _import_registering_modules() -> None:
    """Every module of the effect library and of the general rules, imported so that each has
    registered its templates (``@template`` beside the class) before the tables are read."""
    for package in (engine.library, engine.rules):
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            importlib.import_module(module.name)


def _constructor(registered: Registered):
    """What a template name calls with its args: the registered factory, a registered condition or
    count itself (``value``), or an effect wrapped to record what it did "this way"."""
    if registered.value:
        made = registered.made
        return lambda: made
    if registered.this_way:
        return _this_way(registered.made, registered.this_way)
    return registered.made


def _table(kind: str) -> dict:
    return {name: _constructor(registered) for name, registered in REGISTRY[kind].items()}


_import_registering_modules()
EFFECTS = _table("effect")
STATICS = _table("static")
CONDITIONS = _table("condition")
COUNTS = _table("count")
