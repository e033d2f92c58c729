"""A verb on one of two noun phrases, the player choosing which: "discard a random card from your
opponent's archives or the top card of their deck", "discard the top 2 cards of a player's deck or
2 random cards from a player's archives".

Each noun phrase is read on its own (its own choices and random picks belong to its option, made
only if the player picks it), and the verb's effects are the template's, once per option; the cards
the chosen option acted on are named for the sentences after it ("If that card is an action, ...",
"If the discarded cards share a type, ..."). A template says it reads so with ``either = true``; its
pattern has the slots ``{target}`` and ``{target2}``, and its effects name ``$target``. Kept apart
from :mod:`engine.compile.clauses`, which hands it its reader of noun phrases.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rules.targets import Together
from engine.compile.build import instantiate
from engine.compile.composites import one_of
from engine.compile.grammar import Template
from engine.compile.scope import Scope


def read_either(t: Template, slots: dict[str, str], scope: Scope, read_target: Callable) -> list:
    """The template's effects on ``{target}`` or on ``{target2}``, as one choice between them."""
    verb = t.pattern.parts[0].strip()  # the words before the first slot: "discard"
    name = scope.fresh()
    options = []
    for slot in ("target", "target2"):
        words = slots[slot].strip()
        ref, before = read_target(words, scope)
        scope.it = ref
        effects = before + instantiate(t, {"target": ref, "@target": words}, scope) + [Together((ref,), name)]
        options.append((f"{verb} {words}".strip(), effects))
    scope.it = name
    return [one_of(options)]
