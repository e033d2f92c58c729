"""Reading one sentence (or part of one) against the templates, in the manner of a rule chain: the
templates of a section are tried in file order, each way a pattern splits the text is tried in turn,
and the first whose every slot reads wins. A slot is read by the reader of its type, which may try
the templates of another section (a clause inside "you may {clause}", a condition, a target).

:class:`Scope` is what the words of one ability refer to as it is read: what "it" / "that creature"
names by now, what "this creature" means (the creature itself, or an upgrade's host), and fresh
names for the cards each choice names.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from engine.rules.keywords import FLAGS, granted, VALUED
from engine.compile.build import CONDITIONS, COUNTS, EFFECTS, STATICS
from engine.compile.grammar import Refusal, slot_type, Template, TEMPLATES, VOCAB
from engine.compile.phrases import Fixed, house_word, Noun, noun
from engine.library.groups import count_in_play, NameGroup
from engine.rules.statics import attached_host, itself, neighbor
from engine.library.on_cards import MoveTo
from engine.rules.targets import Choose
from engine.library.chosen_house import ChooseAnyNumber, NameOutOfPlay, TopOfDeck
from engine.rules.houses import ThisCreature
from engine.rules.reactions import Reaction


@dataclass
class Scope:
    card_type: str = ""
    #: the reference "it", "that creature", "them" name now
    it: str = "it"
    #: reading a quoted ability an upgrade gives ("This creature gains, "Reap: ...""): "this
    #: creature" is the creature that has the ability
    gained: bool = False
    counter: itertools.count = field(default_factory=lambda: itertools.count(1))
    #: names of cards chosen in a hidden zone (a hand, a deck): an effect moving them there may
    #: follow them (engine.library.on_cards.MoveTo ``from_hidden``)
    hidden: set = field(default_factory=set)

    def fresh(self) -> str:
        return f"t{next(self.counter)}"

    def this_creature(self) -> tuple[str, list]:
        """ "This creature": the card itself (a creature, or a gained ability's creature), or the
        creature an upgrade is attached to (an upgrade's own ability)."""
        if self.gained or self.card_type == "creature":
            return "self", []
        if self.card_type == "upgrade":
            name = self.fresh()
            return name, [ThisCreature(name)]
        raise Refusal("target", "this creature", "the card type")


# ------------------------------------------------------------------------------ slot readers


def read_target(text: str, scope: Scope) -> tuple[str, list]:
    """(the reference, the effects that name it first): a fixed reference of the file, else a
    noun phrase (a choice, or a group named at once)."""
    for t in TEMPLATES["reference"]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                values, prelude = read_slots(t, slots, scope)
                ref = t.extra.get("ref")
                if ref == "$it":
                    if scope.it == "it":
                        raise Refusal("target", text, f'"{text}" (nothing named before it)')
                    return scope.it, prelude
                if ref == "$this":
                    return scope.this_creature()
                if ref:
                    return ref, prelude
                name = scope.fresh()
                made = prelude + instantiate(t, values, scope, name=name)
                if any(_in_hidden_zone(e) for e in made):
                    scope.hidden.add(name)
                return name, made
            except Refusal:
                scope.it = saved
    found = noun(text)
    name = scope.fresh()
    if found.what not in ("creature", "artifact", "creature or artifact"):
        raise Refusal("target", text, f'"{found.what}"')
    whats = ("creature", "artifact") if found.what == "creature or artifact" else (found.what,)
    if found.quantity == "each":
        return name, [NameGroup(whats, found.side, _tests_only(found), name, found.other)]
    also = tuple((w, found.side) for w in whats[1:])
    return name, [
        Choose(
            whats[0],
            found.side,
            name=name,
            count=found.count,
            up_to=found.quantity == "up_to",
            where=found.where if (found.tests or found.other) else None,
            exclude_self=found.other,
            also=also,
        )
    ]


def _in_hidden_zone(effect) -> bool:
    """Does this effect name cards in a hidden zone (a hand, a deck, archives)?"""
    if isinstance(effect, ChooseAnyNumber):
        effect = effect.choose
    if isinstance(effect, TopOfDeck):
        return True
    zone = effect.zone if isinstance(effect, NameOutOfPlay) else effect.what if isinstance(effect, Choose) else None
    return zone in ("hand", "deck", "archives")


def _tests_only(found: Noun):
    def test(eng, source, controller, card) -> bool:
        return all(t(eng, source, controller, card) for t in found.tests)

    return test


def read_group(text: str, scope: Scope, each_only: bool = True):
    """Which cards a constant ability or a reaction is about: an :data:`engine.rules.statics.Applies`.
    A constant ability is about a group ("each friendly creature"): "a friendly creature gains
    skirmish" names one creature, which a group cannot (``each_only``); a reaction's "after a
    creature reaps" is about any one of them."""
    fixed = {"SELF": itself, "SELF's neighbors": neighbor, "each of SELF's neighbors": neighbor}
    if text in fixed:
        return Fixed(fixed[text])
    if text == "this creature":
        if scope.card_type == "upgrade" and not scope.gained:
            return Fixed(attached_host)
        if scope.card_type == "creature" or scope.gained:
            return Fixed(itself)
        raise Refusal("target", text, "the card type")
    found = noun(text)
    if each_only and found.quantity != "each":
        raise Refusal("target", text, f'"{text.split()[0]}" (one card, not a group)')
    return found


def read_condition(text: str, scope: Scope):
    for t in TEMPLATES["condition"]:
        for slots in t.pattern.matches(text):
            try:
                values, _ = read_slots(t, slots, scope)
                return CONDITIONS[t.build](**_args(t.args, values, scope))
            except Refusal:
                continue
    raise Refusal("condition", text)


def read_count(text: str, scope: Scope):
    """What "for each <X>" counts: a ``[[count]]`` template, else the cards in play the noun
    phrase names ("friendly ready creature")."""
    for t in TEMPLATES["count"]:
        for slots in t.pattern.matches(text):
            try:
                values, _ = read_slots(t, slots, scope)
                return COUNTS[t.build](**_args(t.args, values, scope))
            except Refusal:
                continue
    found = noun("each " + text)
    whats = {"creature or artifact": ("creature", "artifact"), "card": ("card in play",)}.get(found.what, (found.what,))
    return count_in_play(whats, found.side, _tests_only(found), found.other)


def read_reaction(text: str, scope: Scope):
    """A reaction read inside an effect ("for the remainder of the turn, gain 1 amber each time a
    creature reaps"): a ``[[reaction]]`` template, as a :class:`~engine.rules.reactions.Reaction`."""
    from engine.compile.build import MATCHES  # engine.compile imports this module (through engine.compile.abilities)

    near = None
    for t in TEMPLATES["reaction"]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                values, _ = read_slots(t, slots, scope)
                when = MATCHES[t.extra["when"]](**_args(t.extra.get("when_args", {}), values, scope))
                ability = list(values["clause"]) if "clause" in values else instantiate(t, values, scope)
                return Reaction(t.extra["event"], ability, when)
            except Refusal as r:
                near = near or r
            finally:
                scope.it = saved
    if near is not None:
        raise Refusal(near.kind, near.text, near.detail, within=text)
    raise Refusal("reaction", text)


def read_static(text: str, scope: Scope):
    """A constant ability read inside an effect ("for the remainder of the turn, <static>")."""
    near = None
    for t in TEMPLATES["static"]:
        if t.extra.get("field", "statics") != "statics" or t.effects:
            continue
        for slots in t.pattern.matches(text):
            try:
                values, _ = read_slots(t, slots, scope)
                return STATICS[t.build](**_args(t.args, values, scope))
            except Refusal as r:
                near = near or r
    if near is not None:
        raise Refusal(near.kind, near.text, near.detail, within=text)
    raise Refusal("static", text)


def _read_slot(slot: str, text: str, scope: Scope):
    kind = slot_type(slot)
    if kind == "n":
        if not text.isdigit():
            raise Refusal("amount", text)
        return int(text), []
    if kind in ("how", "word"):
        return text, []
    if kind == "target":
        return read_target(text, scope)
    if kind in ("group", "subject"):
        return read_group(text, scope, each_only=kind == "group"), []
    if kind == "clause":
        return read_clause(text, scope), []
    if kind == "cond":
        return read_condition(text, scope), []
    if kind == "static":
        return read_static(text, scope), []
    if kind == "house":
        house = house_word(text.replace("star alliance", "staralliance"))
        if house is None:
            raise Refusal("house", text)
        return house, []
    if kind == "trait":
        if text not in VOCAB["traits"]:
            raise Refusal("trait", text)
        return text, []
    if kind == "keyword":
        if text not in FLAGS + VALUED:
            raise Refusal("keyword", text)
        return text, []
    if kind == "count":
        return read_count(text, scope), []
    if kind in ("enemy_count", "friendly_count"):  # "your opponent has 3 or more logos cards in play"
        return read_count(f"{kind.split('_')[0]} {text}", scope), []
    if kind == "reaction":
        return read_reaction(text, scope), []
    if kind == "noun":  # a noun phrase about cards out of play ("each creature ... from your discard pile")
        return noun(text), []
    if kind == "ability":  # the quoted ability an upgrade gives: "This creature gains, "Reap: ...""
        from engine.compile.abilities import (
            read_gained,
        )  # engine.compile imports this module (through engine.compile.abilities)

        return read_gained(text, scope), []
    if kind == "keywords":  # an upgrade's "This creature gains skirmish and taunt." (general rules)
        if not granted(f"this creature gains {text}."):
            raise Refusal("keyword", text)
        return text, []
    raise ValueError(f"templates: unknown slot type {{{slot}}}")


def read_slots(t: Template, slots: dict[str, str], scope: Scope) -> tuple[dict, list]:
    """Read every slot of a match, left to right ("it" follows the targets as they are read)."""
    values, prelude = {}, []
    if t.extra.get("it"):
        scope.it = t.extra["it"]
    for slot in t.pattern.slots:
        values["@" + slot] = slots[slot].strip()  # the words, for a choice that shows them ("$@clause")
        values[slot], before = _read_slot(slot, slots[slot].strip(), scope)
        prelude += before
        if slot_type(slot) == "target":
            scope.it = values[slot]
    return values, prelude


def _arg(value, values: dict, scope: Scope, name: str | None):
    if isinstance(value, str) and value.startswith("-$"):
        return -values[value[2:]]
    if isinstance(value, str) and value.startswith("$"):
        key = value[1:]
        if key == "it":
            return scope.it
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
        if isinstance(inner, MoveTo) and inner.on in scope.hidden:
            inner.from_hidden = True
    return out


def read_clause(text: str, scope: Scope) -> list:
    """The effects of a clause: the first template (in file order) whose slots all read."""
    text = text.strip().rstrip(".").strip()
    near: Refusal | None = None
    for t in TEMPLATES["clause"]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                values, prelude = read_slots(t, slots, scope)
                if t.extra.get("names"):  # the effect names cards "it" refers to from now on
                    name = scope.fresh()
                    made = prelude + instantiate(t, values, scope, name=name)
                    scope.it = name
                    return made
                return prelude + instantiate(t, values, scope)
            except Refusal as r:
                scope.it = saved
                if near is None and not any(slot_type(s) == "clause" for s in t.pattern.slots):
                    near = r
    if near is not None and near.kind != "sentence":
        raise Refusal(near.kind, near.text, near.detail, within=text)
    raise Refusal("sentence", text)
