"""Reading one sentence (or part of one) against the templates, in the manner of a rule chain: the
templates of a section are tried in file order, each way a pattern splits the text is tried in turn,
and the first whose every slot reads wins. A slot is read by the reader of its type, which may try
the templates of another section (a clause inside "you may {clause}", a condition, a target), or
read sentences again (the quoted ability an upgrade gives: :func:`read_gained`).

The sentences of one ability are read in order (:func:`read_sentences`): a sentence may act on the
one before ("If you do, ...", "If this damage destroys that creature, ..."). What the words refer
to as they are read is the :class:`~engine.compile.scope.Scope`.
"""

from __future__ import annotations

from engine.library import (
    Archive,
    ArchiveIntoOpponents,
    ChooseAnyNumber,
    count_in_play,
    DealDamage,
    DealDamageForEach,
    ForEach,
    If,
    IfYouDo,
    May,
    LookAtTop,
    NameGroup,
    NameOutOfPlay,
    PileEnd,
    TopOfDeck,
)
from engine.rules.destroyed_instead import ReplacesDestructionIf
from engine.rules.keywords import FLAGS, granted, VALUED
from engine.rules.reactions import Reaction
from engine.rules.statics import attached_host, itself, neighbor
from engine.rules.targets import Choose, NameEach
from engine.compile.build import _args, CONDITIONS, COUNTS, instantiate, STATICS
from engine.compile.grammar import Refusal, slot_type, Template, TEMPLATES, VOCAB
from engine.compile.card_names import card_name
from engine.compile.each_player import second_person
from engine.compile.either import read_either
from engine.compile.instead import destruction_replaced, does, INSTEAD
from engine.compile.lexer import LexError, tokenize
from engine.compile.matches import MATCHES
from engine.compile.phrases import either_noun, Fixed, house_word, Noun, noun
from engine.compile.scope import Scope


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
    found = noun(text, scope.it)
    name = scope.fresh()
    if found.ref_tests and found.quantity == "each":  # "each creature that shares a house with that card"
        if found.what not in ("creature", "artifact"):
            raise Refusal("target", text, f'"{found.what}"')
        return name, [NameEach(found.what, found.side, found.where, name)]
    if found.what == "card" and found.quantity == "each":  # "each Shadows card": every card in play
        return name, [NameGroup(("card in play",), found.side, _tests_only(found), name, found.other)]
    # "a friendly card": one in play (a creature, an artifact or an upgrade); "a card" with no side
    # may be one in a hand or a deck ("you may play a non-Star Alliance card"), which no test here knows
    if found.what not in ("creature", "artifact", "creature or artifact", "upgrade") and not (
        found.what == "card" and found.side != "any"
    ):
        raise Refusal("target", text, f'"{found.what}"')
    whats = {"creature or artifact": ("creature", "artifact"), "card": ("creature", "artifact", "upgrade")}.get(
        found.what, (found.what,)
    )
    if found.quantity == "each":
        if found.other and scope.card_type == "action" and scope.it != "it" and len(whats) == 1:
            # "Choose 3 friendly creatures and 3 enemy creatures. Destroy each other creature."
            return name, [NameEach(whats[0], found.side, _other_than(found, scope.it), name)]
        return name, [NameGroup(whats, found.side, _tests_only(found), name, found.other)]
    also = tuple((w, found.side) for w in whats[1:])
    where = found.where if (found.tests or found.ref_tests or found.other) else None
    if found.other and scope.card_type == "action" and scope.it != "it":
        where = _other_than(found, scope.it)
    return name, [
        Choose(
            whats[0],
            found.side,
            name=name,
            count=found.count,
            up_to=found.quantity == "up_to",
            where=where,
            exclude_self=found.other,
            also=also,
        )
    ]


def _other_than(found: Noun, ref: str):
    """ "Another <creature>" / "each other <creature>" on an action card after a card was named:
    the action itself is never in play, so "other" is other than the cards named ("If it is a token
    creature, you may exalt, ready, and use another friendly creature")."""

    def where(ctx, card) -> bool:
        return card not in ctx.refs(ref) and found.where(ctx, card)

    return where


def _in_hidden_zone(effect) -> bool:
    """Does this effect name cards in a hidden zone (a hand, a deck, archives)?"""
    if isinstance(effect, ChooseAnyNumber):
        effect = effect.choose
    if isinstance(effect, TopOfDeck):
        return True
    zone = (
        effect.zone
        if isinstance(effect, (NameOutOfPlay, PileEnd))
        else effect.what
        if isinstance(effect, Choose)
        else None
    )
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
    try:
        found = noun(text)
    except Refusal as refused:
        if each_only:
            raise
        try:  # "each time an enemy creature or a Mutant creature is destroyed"
            return either_noun(text)
        except Refusal:
            raise refused from None
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
    near = None
    for t in TEMPLATES["reaction"]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                values, _ = read_slots(t, slots, scope)
                if "reaction" in values:  # limited to some turns ("during your opponent's turn, after ...")
                    inner = values["reaction"]
                    return Reaction(inner.event, inner.ability, MATCHES[t.extra["when"]](inner.when))
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


def read_statics(text: str, scope: Scope) -> list:
    """The constant abilities of one sentence, a template of several included ("SELF gets +2 power and
    +2 armor"): those of the first ``[[static]]`` template of the constant abilities' own field whose
    slots all read."""
    near = None
    for t in TEMPLATES["static"]:
        if t.extra.get("field", "statics") != "statics":
            continue
        for slots in t.pattern.matches(text):
            try:
                values, _ = read_slots(t, slots, scope)
                rows = t.effects or ({"build": t.build, "args": t.args},)
                return [STATICS[row["build"]](**_args(row.get("args", {}), values, scope)) for row in rows]
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
    if kind in ("how", "word", "quoted", "title"):
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
    if kind == "predicate":  # what a constant ability says of its card ("loses elusive"), read of SELF
        return read_statics(f"SELF {text}", scope), []
    if kind == "card":  # another card by its printed name ("if Shadys is in your discard pile")
        return card_name(text), []
    if kind == "player_clause":  # what "each player" does, as an effect of "you"
        return read_clause(second_person(text), scope), []
    if kind == "that_player_clause":  # what "that player" does: the player the reaction is about
        if not scope.that_player:
            raise Refusal("target", "that player", "no player named before")
        if text.startswith("may "):  # "they may deal 3 to a creature": that player's choice
            return [May(read_clause(second_person(text[4:]), scope), question=second_person(text[4:]))], []
        return read_clause(second_person(text), scope), []
    if kind == "noun":  # a noun phrase about cards out of play ("each creature ... from your discard pile")
        return noun(text), []
    if kind == "ability":  # the quoted ability an upgrade gives: "This creature gains, "Reap: ...""
        return read_gained(text, scope), []
    if kind == "keywords":  # an upgrade's "This creature gains skirmish and taunt." (general rules)
        if '"' in text or not granted(f"this creature gains {text}."):  # keywords only, no ability
            raise Refusal("keyword", text)
        return text, []
    raise ValueError(f"templates: unknown slot type {{{slot}}}")


def read_slots(t: Template, slots: dict[str, str], scope: Scope) -> tuple[dict, list]:
    """Read every slot of a match, left to right ("it" follows the targets as they are read)."""
    values, prelude = {}, []
    if t.extra.get("it"):
        scope.it = t.extra["it"]
    their = scope.their
    scope.their = t.extra.get("their", their)
    try:
        _read_each_slot(t, slots, scope, values, prelude)
    finally:
        scope.their = their
    return values, prelude


def _read_each_slot(t: Template, slots: dict[str, str], scope: Scope, values: dict, prelude: list) -> None:
    for slot in t.pattern.slots:
        if slot_type(slot) == "ability" and "SELF" in slots[slot] and not _gains_itself(t, scope):
            raise Refusal("static", slots[slot].strip(), "the giving card named inside a gained ability")
        values["@" + slot] = slots[slot].strip()  # the words, for a choice that shows them ("$@clause")
        values[slot], before = _read_slot(slot, slots[slot].strip(), scope)
        prelude += before
        if slot_type(slot) == "target":
            scope.it = values[slot]
        elif slot_type(slot) == "cond" and scope.it == "it" and slots[slot].strip().startswith("SELF "):
            scope.it = "self"  # "if SELF is in the center of your battleline, you may exalt it"


def _gains_itself(t: Template, scope: Scope) -> bool:
    """Does the card giving a quoted ability gain it itself? Its name inside the quotes names the
    card resolving the ability only then. A gained ability resolves as the gaining creature's own, so
    where another card gains it ("This creature gains, "Fight/Reap: Archive Ghostform."" on an
    upgrade; "each friendly creature gains, "..."") the giver's name could not be told from the
    gainer: such a text is refused. The template says who gains (``gainer``: "self", or "this
    creature": the card itself when it is a creature, its host when it is an upgrade)."""
    gainer = t.extra.get("gainer")
    return gainer == "self" or (gainer == "this creature" and scope.card_type == "creature")


def read_clause(text: str, scope: Scope) -> list:
    """The effects of a clause: the first template (in file order) whose slots all read."""
    text = text.strip().rstrip(".").strip()
    near: Refusal | None = None
    for t in TEMPLATES["clause"]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            try:
                if t.extra.get("either"):  # "discard <this> or <that>": the player chooses which
                    return read_either(t, slots, scope, read_target)
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


# ------------------------------------------------------------------------------ sentences


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


def _sort_looked(t: Template, slots: dict, scope: Scope, previous: list) -> bool:
    """ "Put 1 into your hand and 1 on the bottom of your deck." after "Look at the top 3 cards of
    your deck.": the steps go to that :class:`LookAtTop`. A card "put on top" is the one left, so
    the counts must add up to the cards looked at (else the sentence is not this template's)."""
    look = previous[-1] if previous else None
    if isinstance(look, May) and len(look.then) == 1:  # "You may look at the top 3 cards ...": if you do
        look = look.then[0]
    if not isinstance(look, LookAtTop) or look.steps or look.reorder:
        return False
    try:
        values, _ = read_slots(t, slots, scope)
    except Refusal:
        return False
    got = _args(t.args, values, scope)
    steps = tuple(tuple(step) for step in got["steps"])
    if any(where == "top" for where, _ in steps) and sum(n for _, n in steps) != look.n:
        return False
    look.steps = tuple(step for step in steps if step[0] != "top")
    look.reorder = got.get("reorder", False)
    look.may = got.get("may", False)
    return True


def read_sentences(sentences: tuple[str, ...] | list[str], scope: Scope, out: list | None = None) -> list:
    """The effects of consecutive sentences of one ability, each sentence template acting on the
    effects of the sentence before it."""
    out = [] if out is None else out
    previous: list = list(out)  # a reaction's clause, read before its sentences ("If you do, ...")
    # what "it" named as the sentence before began: "Otherwise, return that creature ..." after "If
    # ..., return that creature and each of its neighbors ..." names the creature named before both
    it_before = it_now = scope.it
    for sentence in sentences:
        it_before, it_now = it_now, scope.it
        text = sentence.strip().rstrip(".").strip()
        done = False
        for t in TEMPLATES["sentence"]:
            for slots in t.pattern.matches(text):
                kind = t.extra["acts_on_previous"]
                if kind == "otherwise":
                    scope.it = it_before
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
                    archive = next((e for e in previous if isinstance(e, (Archive, ArchiveIntoOpponents))), None)
                    if archive is None:
                        continue
                    archive.owner_hand_on_leaving = done = True
                    archive.hand_on_leaving_only = t.extra.get("only", "")  # "not owned" / "enemy" cards
                    break
                if kind == "looked":  # what becomes of the cards "look at the top N cards" named
                    done = _sort_looked(t, slots, scope, previous)
                    if not done:
                        continue
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
                then = values.get("clause")
                if kind in INSTEAD:  # "If <cond>, <B> instead.": B replaces the sentence before
                    made = INSTEAD[kind](previous, values, text)
                    if made is None:
                        scope.it = saved
                        continue
                    del out[len(out) - len(previous) :]
                    previous = made
                    out += previous
                elif kind == "if_you_do" and previous:
                    if t.extra.get("done") and not does(previous, t.extra["done"]):
                        scope.it = saved
                        continue
                    if "cond" in values:  # "If you do and <condition>, ..."
                        then = [If(values["cond"], then)]
                    del out[len(out) - len(previous) :]
                    previous = [IfYouDo(previous, then)]
                    out += previous
                elif kind == "if_destroyed":
                    damage.if_destroyed = then
                    scope.it = saved
                elif (
                    kind == "otherwise"
                    and len(previous) == 1
                    and isinstance(previous[0], (If, IfYouDo, May))
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


def read_destroyed_instead(replaced: tuple[str | None, list[str]], scope: Scope) -> list:
    """A destruction replacement (:func:`engine.compile.instead.destruction_replaced`): its effects,
    "it" being the card itself, after its condition when it has one (a condition that does not hold
    leaves the destruction as it is: engine.rules.destroyed_instead.ReplacesDestructionIf)."""
    cond, sentences = replaced
    condition = read_condition(cond, scope) if cond else None
    scope.it = "self"
    effects = read_sentences(sentences, scope)
    return [ReplacesDestructionIf(condition, effects)] if condition is not None else effects


def read_gained(text: str, scope: Scope) -> dict[str, list]:
    """A quoted ability a card gives (its creature, a group, itself): trigger -> effects."""
    inner = Scope(scope.card_type, gained=True, counter=scope.counter)
    try:
        abilities = tokenize(text)
    except LexError as exc:
        raise Refusal("trigger", text, str(exc)) from None
    out: dict[str, list] = {}
    for ab in abilities:
        if not ab.triggers:
            raise Refusal("static", text)
        replaced = destruction_replaced(ab.sentences) if ab.triggers == ("destroyed",) else None
        if replaced is not None:  # "Destroyed: Fully heal this creature and ... instead."
            out.setdefault("destroyed_instead", []).extend(read_destroyed_instead(replaced, inner))
            continue
        effects = read_sentences(ab.sentences, inner)
        for trigger in ab.triggers:
            out.setdefault(trigger, []).extend(effects)
    return out
