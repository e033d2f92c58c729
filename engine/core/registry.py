"""The names card-text templates build by (``build = "Gain"`` in engine/compile/templates/*.toml),
registered beside what they name: ``@template("Gain")`` on an effect class, ``@template(kind=
"condition")`` on a condition factory. The compiler (:mod:`engine.compile.build`) reads
:data:`REGISTRY`, so adding an effect touches its own module and a templates file, nothing central.

Here, at the bottom layer, so that the general rules (constant abilities, houses) and the effect
library can both register without importing the compiler above them.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("effect", "static", "condition", "count")


@dataclass(frozen=True)
class Registered:
    """What a template name builds: ``made`` called with the template's args; ``this_way``: the
    effect records what it did for a later "this way" (the verb: "destroyed", "healed", ...);
    ``value``: ``made`` is itself the condition or count, not a factory of one."""

    made: object
    this_way: str | None = None
    value: bool = False


#: kind -> template name -> what it builds
REGISTRY: dict[str, dict[str, Registered]] = {kind: {} for kind in KINDS}


def template(name: str | None = None, kind: str = "effect", *, this_way: str | None = None, value: bool = False):
    """Register the decorated class or function under ``name`` (default: its own name)."""

    def register(made):
        key = name or made.__name__
        if key in REGISTRY[kind]:
            raise ValueError(f"template name {key!r} ({kind}) is registered twice")
        REGISTRY[kind][key] = Registered(made, this_way, value)
        return made

    return register
