"""Abilities from their sentences, into the :class:`Variant` fields: a triggered ability's sentences
in order (read by :func:`engine.compile.clauses.read_sentences`), a constant ability (``[[static]]``
templates) or a reaction (``[[reaction]]`` templates: "After an enemy creature reaps, ...", the
sentences after it part of the same ability).
"""

from __future__ import annotations

from engine.cards import Variant
from engine.rules.reactions import Reaction
from engine.compile.build import _args, CONDITIONS, instantiate, STATICS
from engine.compile.clauses import read_sentences, read_slots
from engine.compile.grammar import Refusal, Template, TEMPLATES
from engine.compile.lexer import Ability
from engine.compile.matches import MATCHES
from engine.compile.scope import Scope


def _match_ability(section: str, text: str, scope: Scope):
    """The first template of ``section`` whose slots all read: (template, values)."""
    near = None
    for t in TEMPLATES[section]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                return t, read_slots(t, slots, scope)[0]
            except Refusal as r:
                scope.it = saved
                near = near or r
    return None, near


def _apply_static(t: Template, values: dict, scope: Scope, variant: Variant) -> None:
    where = t.extra.get("field", "statics")
    if where == "statics":
        for row in t.effects or ({"build": t.build, "args": t.args},):
            variant.statics.append(STATICS[row["build"]](**_args(row.get("args", {}), values, scope)))
    elif where == "play_condition":  # "unless {cond}", or a condition the template names
        variant.play_condition = values["cond"] if "cond" in values else CONDITIONS[t.extra["condition"]]()
    elif where == "hand_discard_forbidden":
        variant.hand_discard_forbidden = True
    elif where == "gains":
        for trigger, effects in values["ability"].items():
            variant.gains.setdefault(trigger, []).extend(effects)
    elif where != "none":
        raise ValueError(f"templates: unknown field {where!r}")


def read_ability(ab: Ability, scope: Scope, variant: Variant) -> None:
    if ab.triggers:
        scope.it = "it"
        effects = read_sentences(ab.sentences, scope)
        for trigger in ab.triggers:
            variant.ability(trigger).extend(effects)
        return
    sentences = list(ab.sentences)
    while sentences:
        text = sentences.pop(0).strip().rstrip(".").strip()
        scope.it = "it"
        t, got = _match_ability("static", text, scope)
        if t is not None:
            _apply_static(t, got, scope, variant)
            continue
        near = got
        t, got = _match_ability("reaction", text, scope)
        if t is None:
            near = near or got
            if near is not None:
                raise Refusal(near.kind, near.text, near.detail, within=text)
            raise Refusal("static", text)
        # the clause the reaction resolves, or (no {clause} slot) the effects its template names
        ability = list(got["clause"]) if "clause" in got else instantiate(t, got, scope)
        read_sentences(sentences, scope, ability)  # the sentences after it are the same ability
        sentences = []
        when = MATCHES[t.extra["when"]](**_args(t.extra.get("when_args", {}), got, scope))
        variant.reactions.append(Reaction(t.extra["event"], ability, when))


def read_card(abilities: tuple[Ability, ...], card_type: str) -> tuple[Variant, list[Refusal]]:
    """The variant of a card's abilities, and a refusal for each ability no template reads."""
    variant = Variant()
    refusals = []
    scope = Scope(card_type)
    for ab in abilities:
        try:
            read_ability(ab, scope, variant)
        except Refusal as r:
            refusals.append(r)
    return variant, refusals
