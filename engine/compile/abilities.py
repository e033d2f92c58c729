"""Abilities from their sentences: a triggered ability's sentences in order (a sentence may act on
the one before: "If you do, ...", "If this damage destroys that creature, ..."), a constant ability
(``[[static]]`` templates) or a reaction (``[[reaction]]`` templates: "After an enemy creature
reaps, ...", the sentences after it part of the same ability), into the :class:`Variant` fields.
"""

from __future__ import annotations

from engine.library import effect as fx
from engine.cards import Variant
from engine.library.on_cards import Archive, DealDamage, DealDamageForEach
from engine.rules.reactions import Reaction
from engine.compile.build import MATCHES, STATICS
from engine.compile.clauses import _args, instantiate, read_clause, read_slots, Scope
from engine.compile.grammar import Refusal, Template, TEMPLATES
from engine.compile.lexer import Ability, LexError, tokenize
from engine.library.groups import ForEach
from engine.rules.targets import Choose


def _last_damage(effects: list) -> DealDamage | None:
    for e in reversed(effects):
        e = getattr(e, "effect", e)  # inside a ThisWay (engine.library.this_way)
        if isinstance(e, DealDamage):
            return e
        inner = getattr(e, "then", None)
        if isinstance(inner, list):
            found = _last_damage(inner)
            if found is not None:
                return found
    return None


def read_sentences(sentences: tuple[str, ...] | list[str], scope: Scope, out: list | None = None) -> list:
    """The effects of consecutive sentences of one ability, each sentence template acting on the
    effects of the sentence before it."""
    out = [] if out is None else out
    previous: list = []
    for sentence in sentences:
        text = sentence.strip().rstrip(".").strip()
        done = False
        for t in TEMPLATES["sentence"]:
            for slots in t.pattern.matches(text):
                kind = t.extra["acts_on_previous"]
                saved = scope.it
                if kind == "if_destroyed":
                    damage = _last_damage(previous)
                    if damage is None:
                        continue
                    scope.it = "destroyed"
                if kind == "distinct":  # "each creature cannot capture more than 1 this way"
                    loop = previous[0] if len(previous) == 1 else None
                    if not (isinstance(loop, ForEach) and any(isinstance(e, Choose) for e in loop.effects)):
                        continue
                    loop.distinct = done = True
                    break
                if kind == "archives_to_hand":  # "if that creature leaves your archives, it is put into ..."
                    archive = next((e for e in previous if isinstance(e, Archive)), None)
                    if archive is None:
                        continue
                    archive.owner_hand_on_leaving = done = True
                    break
                if kind == "divided":
                    if not any(isinstance(e, DealDamageForEach) for e in previous):
                        continue
                    done = True
                    break
                try:
                    values, _ = read_slots(t, slots, scope)
                except Refusal:
                    scope.it = saved
                    continue
                then = values["clause"]
                if kind == "if_you_do" and previous:
                    del out[len(out) - len(previous) :]
                    previous = [fx.IfYouDo(previous, then)]
                    out += previous
                elif kind == "if_destroyed":
                    damage.if_destroyed = then
                    scope.it = saved
                elif (
                    kind == "otherwise"
                    and len(previous) == 1
                    and isinstance(previous[0], fx.If)
                    and not previous[0].otherwise
                ):
                    previous[0].otherwise = then
                else:
                    continue
                done = True
                break
            if done:
                break
        if not done:
            try:
                previous = read_clause(text, scope)
            except Refusal as r:
                if not r.within:
                    r.within = text
                raise
            out += previous
    return out


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
    elif where == "play_condition":
        variant.play_condition = values["cond"]
    elif where == "gains":
        for trigger, effects in values["ability"].items():
            variant.gains.setdefault(trigger, []).extend(effects)
    elif where != "none":
        raise ValueError(f"templates: unknown field {where!r}")


def read_gained(text: str, scope: Scope) -> dict[str, list]:
    """A quoted ability an upgrade gives its creature: trigger -> effects."""
    inner = Scope(scope.card_type, gained=True, counter=scope.counter)
    try:
        abilities = tokenize(text)
    except LexError as exc:
        raise Refusal("trigger", text, str(exc)) from None
    out: dict[str, list] = {}
    for ab in abilities:
        if not ab.triggers:
            raise Refusal("static", text)
        effects = read_sentences(ab.sentences, inner)
        for trigger in ab.triggers:
            out.setdefault(trigger, []).extend(effects)
    return out


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
