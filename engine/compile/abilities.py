"""Abilities from their sentences, into the :class:`Variant` fields: a triggered ability's sentences
in order (read by :func:`engine.compile.clauses.read_sentences`), a constant ability (``[[static]]``
templates) or a reaction (``[[reaction]]`` templates: "After an enemy creature reaps, ...", the
sentences after it part of the same ability).
"""

from __future__ import annotations

import re

from engine.cards import TRIGGERS, Variant
from engine.library import AttachGiver, Destroy, DestroyIfYouDo, May, SelfFromZone
from engine.rules.mechanics.played_as_upgrade import PlayAs, requote
from engine.rules.destroyed_instead import ReplacesDestructionIf
from engine.rules.reactions import Reaction
from engine.compile.build import _args, CONDITIONS, EFFECTS, instantiate, STATICS
from engine.compile.clauses import read_destroyed_instead, read_sentences, read_slots
from engine.compile.instead import destruction_replaced
from engine.compile.composites import one_of
from engine.compile.grammar import Refusal, Template, TEMPLATES
from engine.compile.lexer import Ability, LexError, tokenize
from engine.compile.matches import MATCHES
from engine.compile.scope import Scope

_THIS_CREATURE = re.compile(r"\bthis creature\b")
_QUOTED = re.compile(r'"[^"]*"')
#: the cards whose own name inside an ability they give names the giver, never the gainer
#: (the words the templates read for it: lowercase, as the lexer leaves a quoted ability)
GIVER = "the giving card"
_GIVERS = ("upgrade", "artifact")
#: a creature's ability given to enemy creatures only ("Each enemy creature gains, "After Reap: Deal 3
#: to each of Ragatha's neighbors.""): the giver is never among them, so its name names the giver
_ENEMY_GAINS = re.compile(r'^(?:each enemy creatures? gains?|enemy creatures gain), "')


def _name_giver(text: str, scope: Scope) -> str:
    """An upgrade's or an artifact's name inside the quotes of an ability it gives ("This creature
    gains, "Fight/Reap: Archive Ghostform.""; "Each Star Alliance creature gains, "Reap: Move 1A
    from Uncharted Lands to your pool."") names the card giving it, which the ability's context
    knows (``Context.giver``): "the giving card" to the templates. Such a card never gains its own ability, so
    its name cannot mean the gainer; nor does a creature giving an ability to enemy creatures alone."""
    if "SELF" not in text or (scope.card_type not in _GIVERS and not _ENEMY_GAINS.match(text)):
        return text
    return _QUOTED.sub(lambda m: m.group().replace("SELF", GIVER), text)


#: what a reaction's ``before`` gives its clause that names the player of the event ("that player")
_EVENT_PLAYER = "ThePlayerOfTheEvent"


def _befores(t: Template) -> list[str]:
    """The effects a reaction's template resolves before its clause ("that house", "that player")."""
    before = t.extra.get("before", [])
    return [before] if isinstance(before, str) else list(before)


def _match_ability(section: str, text: str, scope: Scope):
    """The first template of ``section`` whose slots all read: (template, values)."""
    near = None
    for t in TEMPLATES[section]:
        for slots in t.pattern.matches(text):
            saved = scope.it
            scope.that_player = _EVENT_PLAYER in _befores(t)
            try:
                return t, read_slots(t, slots, scope)[0]
            except Refusal as r:
                scope.it = saved
                near = near or r
    scope.that_player = False
    return None, near


def _apply_static(t: Template, values: dict, scope: Scope, variant: Variant) -> None:
    where = t.extra.get("field", "statics")
    # a template of another field may build constant abilities beside it ("this creature gets +6
    # power and gains, "..."": the power in ``effects``, the ability given in its field)
    rows = t.effects or (({"build": t.build, "args": t.args},) if where == "statics" else ())
    if t.extra.get("host_after_attach_only") and variant.attach_only is None:
        raise Refusal("static", t.name, '"it" (no "attach only to" before it names the creature)')
    if t.extra.get("upgrade_only") and (scope.card_type != "upgrade" or scope.gained):
        raise Refusal("static", t.name, '"this creature" (said by a card that is no upgrade)')
    if where in ("gains", "gained_text") and values.get("@group", "this creature") != "this creature":
        raise Refusal("static", values["@group"], f'"{values["@group"]}" (an ability given to a group)')
    for row in rows:
        variant.statics.append(STATICS[row["build"]](**_args(row.get("args", {}), values, scope)))
    if where == "statics":
        pass
    elif where == "play_condition":  # "unless {cond}", or a condition the template names
        variant.play_condition = values["cond"] if "cond" in values else CONDITIONS[t.extra["condition"]]()
    elif where == "hand_discard_forbidden":
        variant.hand_discard_forbidden = True
    elif where == "enters_under_opponent":
        variant.enters_under_opponent = True
    elif where == "attach_only":
        if scope.card_type != "upgrade" or scope.gained:
            raise Refusal("static", t.name, '"attach only" (said by a card that is no upgrade)')
        variant.attach_only = values["subject"]
    elif where == "gains":
        for trigger, effects in values["ability"].items():
            _check_giver_kept(effects, values.get("@ability", ""))
            variant.gains.setdefault(trigger, []).extend(effects)
    elif where == "played_as_upgrade":
        _played_as_upgrade(values["@quoted"], variant)
    elif where == "gained_text":
        _gained_text(values["@quoted"], scope, variant)
    elif where != "none":
        raise ValueError(f"templates: unknown field {where!r}")


def _played_as_upgrade(text: str, variant: Variant) -> None:
    """ "<This card> may be played as an upgrade instead of a creature, with the text: "...""
    (engine.rules.mechanics.played_as_upgrade): the card may take that form only when the quoted
    text reads as an upgrade's, else the whole card is refused with what the text misses."""
    try:
        abilities = tokenize(requote(text))
    except LexError as exc:
        raise Refusal("trigger", text, str(exc)) from None
    _, refusals = read_card(abilities, "upgrade")
    if refusals:
        r = refusals[0]
        raise Refusal(r.kind, r.text, r.detail, within=f"played as an upgrade: {text}")
    variant.becomes = PlayAs("upgrade")


def _check_giver_kept(effects: list, words: str) -> None:
    """An ability given that destroys its own creature and then attaches the upgrade giving it
    ("Destroy this creature and attach Niffle Paw to another creature"): the upgrade is discarded
    with its creature (16.0 "Upgrades": "If the card to which an upgrade is attached leaves play
    or becomes a non-creature, the upgrade is discarded"),
    so read as it is written the attaching would never happen: refused."""
    destroyed = False
    for e in effects:
        inner = getattr(e, "effect", e)  # inside a ThisWay (engine.library.this_way)
        if isinstance(inner, (Destroy, DestroyIfYouDo)) and inner.on == "self":
            destroyed = True
        if destroyed and isinstance(inner, AttachGiver):
            raise Refusal("static", words, "attaching the giving card after destroying its creature")


def _gained_text(text: str, scope: Scope, variant: Variant) -> None:
    """ "This creature gains, "<ability>"" where the ability is a constant ability or a reaction
    ("At the end of your turn, ward this creature."; "While this creature is exhausted, your keys
    cost +6A."): read as a card's own text, "this creature" being the creature that has it. On an
    upgrade it is its creature's (Variant.gained_statics / gained_reactions, with "you" the
    creature's controller); on a creature, its own. The giver's name inside the quotes could not be
    told from the gainer's, as for a triggered ability given (clauses._gains_itself): refused."""
    if "SELF" in text and scope.card_type != "creature":
        raise Refusal("static", text, "the giving card named inside a gained ability")
    # "this creature" inside names the ability's own card, which is what SELF names to the
    # templates (the giver's name, which SELF would otherwise be, was refused above)
    own = _THIS_CREATURE.sub("SELF", text) if scope.card_type == "upgrade" else text
    try:
        abilities = tokenize(own)
    except LexError as exc:
        raise Refusal("trigger", text, str(exc)) from None
    got = Variant()
    inner = Scope(scope.card_type, gained=True, counter=scope.counter)
    for ab in abilities:
        if GIVER in text and not ab.triggers:
            # a constant ability or reaction given knows no giver; a triggered ability's context does
            # (Context.giver: engine.rules.gained_text): refused as that, whatever else it says
            raise Refusal("static", text, "the giving card named inside a gained ability")
        read_ability(ab, inner, got)
    if got.gains or got.gained_statics or got.gained_reactions or got != _only_abilities(got):
        raise Refusal("static", text, "a gained ability of this kind")
    if GIVER in text and (got.statics or got.reactions):
        # a constant ability or reaction given knows no giver; a triggered ability's context does
        # (Context.giver: engine.rules.gained_text)
        raise Refusal("static", text, "the giving card named inside a gained ability")
    gains = {t: list(got.ability(t)) for t in TRIGGERS if got.ability(t)}
    if scope.card_type == "creature":
        for trigger, effects in gains.items():
            variant.ability(trigger).extend(effects)
        variant.statics += got.statics
        variant.reactions += got.reactions
    elif scope.card_type == "upgrade":
        for trigger, effects in gains.items():
            variant.gains.setdefault(trigger, []).extend(effects)
        variant.gained_statics += got.statics
        variant.gained_reactions += got.reactions
    else:
        raise Refusal("target", "this creature", "the card type")


def _only_abilities(got: Variant) -> Variant:
    """``got`` with only its triggered abilities, constant abilities and reactions: a gained text
    that sets anything else (a play condition, a form) is not read here."""
    keep = Variant(statics=got.statics, reactions=got.reactions)
    for t in TRIGGERS:
        setattr(keep, t, getattr(got, t))
    return keep


def _choose_one(ab: Ability, scope: Scope) -> list:
    """ "..., Choose one:" and its option lines: the sentences before it, then the option the player
    picks (by its words): any of them once one can start, nothing when none can
    (engine.rules.gained_text.OneOf)."""
    effects = read_sentences(ab.sentences[:-1], scope)
    options = []
    for option in ab.options:
        scope.it = "it"
        options.append((" ".join(s.strip().rstrip(".").strip() for s in option), read_sentences(option, scope)))
    return effects + [one_of(options, every_option=True)]


#: "While on a flank, SELF gains skirmish", "While enraged SELF gains skirmish": the state of the
#: subject the sentence names after it
_ELIDED_SUBJECT = re.compile(r"^while (on a flank|not on a flank|enraged|damaged|exhausted|ready),? (SELF|it) ")


#: "While it is damaged, SELF gains ...": "it" is the subject named after it
_IT_BEFORE_SELF = re.compile(r"^while it (is|has) ([^,]+), SELF ")


def _with_subject(text: str) -> str:
    """A constant ability whose condition leaves out its subject, or names it "it" before the
    sentence names it, with the subject said."""
    m = _ELIDED_SUBJECT.match(text)
    if m:
        return f"while {m[2]} is {m[1]}, {m[2]} {text[m.end() :]}"
    m = _IT_BEFORE_SELF.match(text)
    return f"while SELF {m[1]} {m[2]}, SELF {text[m.end() :]}" if m else text


def _replacing(trigger: str, effects: list) -> str:
    """The trigger an ability goes under: "Destroyed: If <condition>, <effects> instead" is a
    destruction replacement (engine.rules.destroyed_instead), which no other trigger has."""
    if not (effects and isinstance(effects[0], ReplacesDestructionIf)):
        return trigger
    if trigger != "destroyed":
        raise Refusal("sentence", "... instead", f'a replacement of the destruction in a "{trigger}" ability')
    return "destroyed_instead"


def read_ability(ab: Ability, scope: Scope, variant: Variant) -> None:
    """One ability into ``variant``. A constant ability that opens "If <condition>, ..." ("If there
    are no other friendly Brobnar creatures in play, Dreadstarr the Lone gains versatile") is read
    as "While <condition>, ...": 16.0 "Constant Abilities": such an ability "is active so long as the
    card remains in play and meets all conditions specified by the ability"."""
    if ab.triggers:
        scope.it = "it"
        replaced = destruction_replaced(ab.sentences) if ab.triggers == ("destroyed",) and not ab.options else None
        if replaced is not None:  # "Destroyed: If ..., instead of destroying SELF, ..."
            variant.destroyed_instead.extend(read_destroyed_instead(replaced, scope))
            return
        effects = _choose_one(ab, scope) if ab.options else read_sentences(ab.sentences, scope)
        for trigger in ab.triggers:
            variant.ability(_replacing(trigger, effects)).extend(effects)
        return
    sentences = list(ab.sentences)
    condition = None  # the words of the condition the constant ability before held while
    while sentences:
        text = _with_subject(_name_giver(sentences.pop(0).strip().rstrip(".").strip(), scope))
        if text.startswith("otherwise, ") and condition is not None:
            # "While you are haunted, SELF gets +6 power. Otherwise, SELF gains elusive."
            text = f"while not ({condition}), {text.removeprefix('otherwise, ')}"
        scope.it = "it"
        t, got = _match_ability("static", text, scope)
        condition = got.get("@cond") if t is not None and text.startswith("while ") else None
        if t is not None:
            _apply_static(t, got, scope, variant)
            # a reminder of what the template already reads ("(Instead of its original house.)")
            if sentences and sentences[0].strip().rstrip(".)").strip() == t.extra.get("reminder", "-"):
                sentences.pop(0)
            continue
        near = got
        t, got = _match_ability("reaction", text, scope)
        if t is None and text.startswith("if "):
            t, conditional = _match_ability("static", "while " + text[3:], scope)
            if t is not None:
                _apply_static(t, conditional, scope, variant)
                continue
        if t is None:
            near = near or got
            if near is not None:
                raise Refusal(near.kind, near.text, near.detail, within=text)
            raise Refusal("static", text)
        if "reaction" in got:  # a reaction limited to some turns ("during your opponent's turn, after ...")
            inner = got["reaction"]
            ability, event = list(inner.ability), inner.event
            when = MATCHES[t.extra["when"]](inner.when)
        else:
            # the clause the reaction resolves, or (no {clause} slot) the effects its template names
            ability = list(got["clause"]) if "clause" in got else instantiate(t, got, scope)
            # what the event gives the clause first ("that house", "that player")
            ability = [EFFECTS[name]() for name in _befores(t)] + ability
            event, when = t.extra["event"], None
        read_sentences(sentences, scope, ability)  # the sentences after it are the same ability
        sentences = []
        scope.that_player = False
        if when is None:
            when = MATCHES[t.extra["when"]](**_args(t.extra.get("when_args", {}), got, scope))
        variant.reactions.append(Reaction(event, ability, when, _pile_it_works_in(ability)))


def _pile_it_works_in(ability: list) -> str:
    """Where a reaction's card listens: the pile its ability takes the card itself out of ("you may
    return SELF from your discard pile to your hand": it works from there), else in play."""
    for effect in ability:
        for step in effect.then if isinstance(effect, May) else [effect]:
            if isinstance(step, SelfFromZone):
                return step.zone
    return "play"


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
