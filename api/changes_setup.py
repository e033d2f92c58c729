"""A replayed scenario's setup and actions in a judge's words, for the outcome tables of ``/changes``.

Why: an outcome table ("your Æmber: 1 under v1.3, 3 under v16.0") means little without the
board it started from. The scenario files (``rulings/<game>/*.yaml``, stored in the KB's
``scenarios`` table) hold that board as data; this module writes it as a few short lines: whose
turn and which house, then each player's Æmber, hand, battleline and the rest, then the actions.
The engine's players are ``player1`` (the one whose turn the rulebooks' "you" is) and ``player2``;
as on the entry page's verify results (site.js ``people``) they read "you" and "your opponent".
Keys this module does not know are still shown, as ``key value``, so nothing of a setup is hidden
from the reader whatever the game (Keeper of the Cards boards too).
"""

from __future__ import annotations

import re
import sqlite3

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: the players as a judge names them
PEOPLE = {"player1": "You", "player2": "Your opponent"}
#: what a player's zones and counts are called, in the order a reader expects them
PLAYER_FIELDS = {
    "amber": "Æmber",
    "keys": "keys",
    "chains": "chains",
    "hitpoints": "hit points",
    "houses": "houses",
    "hand": "hand",
    "battleline": "battleline",
    "creatures": "creatures",
    "artifacts": "artifacts",
    "deck": "deck (top first)",
    "discard": "discard (top first)",
    "archives": "archives",
    "purged": "purged",
    "token": "token creature",
}
#: how a card's state in a setup reads
CARD_STATE = {
    "damage": "{} damage",
    "power_counters": "+{} power",
    "amber": "{} Æmber",
    "exhausted": "exhausted",
    "stunned": "stunned",
    "ward": "warded",
    "enraged": "enraged",
    "token": "as a token creature",
    "half": "{} half",
    "house": "house {}",
    "owner": "owned by {}",
    "offense": "offense {}",
    "defense": "defense {}",
    "upgrades": "with {}",
    "beneath": "{} beneath",
    "enhancements": "enhanced: {}",
}
#: how an action reads ("play: Three Fates" -> "play Three Fates")
VERBS = {
    "play": "play",
    "reap": "reap with",
    "action": "use the Action: of",
    "omni": "use the Omni: of",
    "discard": "discard",
    "choose_house": "choose house",
    "destroy": "destroy",
}
_PLAYER_WORD = re.compile(r"\bplayer([12])('s)?\b")


def people(text: str) -> str:
    """``player1``/``player2`` in ``text`` as "you"/"your opponent" (site.js ``people``)."""

    def word(m: re.Match) -> str:
        mine = m.group(1) == "1"
        if m.group(2):
            return "your" if mine else "your opponent's"
        return "you" if mine else "your opponent"

    return _PLAYER_WORD.sub(word, text)


def checked_label(path: str) -> str:
    """A checked path as words: ``player1.amber`` -> "your Æmber", ``Tolas.zone`` -> "Tolas: zone"."""
    head, dot, attr = path.partition(".")
    if not dot:
        return people(path.replace("_", " "))
    attr = PLAYER_FIELDS.get(attr, attr.replace("_", " ")).removesuffix(" (top first)")
    if head in PEOPLE:
        return f"{'your' if head == 'player1' else 'your opponent’s'} {attr}"
    return f"{head}: {attr}"


def _value(value) -> str:
    """A value of a setup as a reader writes it: lists joined, a card with its state."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) if value else "none"
    if isinstance(value, dict):
        if "card" in value:
            return _card(value)
        return "; ".join(f"{people(str(k)).replace('_', ' ')} {_value(v)}" for k, v in value.items())
    return people(str(value))


def _card(card: dict) -> str:
    name = str(card["card"])
    state = []
    for key, value in card.items():
        if key in ("card", "id") or value is False or value is None:
            continue
        form = CARD_STATE.get(key)
        if form is None:
            state.append(f"{key.replace('_', ' ')} {_value(value)}")
        else:
            state.append(form.format(_value(value)) if "{}" in form else form)
    label = f"{name} “{card['id']}”" if card.get("id") and card["id"] != name else name
    return f"{label} ({', '.join(state)})" if state else label


def _turn(turn: dict) -> str:
    active = turn.get("active", "player1")
    parts = [
        "your turn"
        if active == "player1"
        else "your opponent’s turn"
        if active == "player2"
        else f"{people(str(active))}’s turn"
    ]
    if turn.get("house"):
        parts.append(f"house {str(turn['house']).capitalize()}")
    if "first_turn" in turn:
        parts.append("the game’s first turn" if turn["first_turn"] else "not the first turn")
    if turn.get("step"):
        parts.append(f"step {turn['step']}")
    if turn.get("tide_high"):
        parts.append(f"the tide is high for {people(str(turn['tide_high']))}")
    parts += [
        f"{k.replace('_', ' ')} {_value(v)}"
        for k, v in turn.items()
        if k not in ("active", "house", "first_turn", "step", "tide_high")
    ]
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def _player(fields: dict) -> str:
    known = [k for k in PLAYER_FIELDS if k in fields]
    rest = [k for k in fields if k not in PLAYER_FIELDS]
    parts = []
    for key in known + rest:
        value = fields[key]
        if key in ("amber", "keys", "chains", "hitpoints") and not isinstance(value, (list, dict)):
            parts.append(f"{value} {PLAYER_FIELDS[key]}")
        else:
            parts.append(f"{PLAYER_FIELDS.get(key, key.replace('_', ' '))}: {_value(value)}")
    return " · ".join(parts) or "nothing set up"


def _action(action: dict) -> str:
    verb = next(iter(action), None)
    if verb is None:
        return ""
    arg = action[verb]
    extra = [f"{k.replace('_', ' ')} {_value(v)}" for k, v in action.items() if k != verb]
    if verb == "fight" and isinstance(arg, dict) and {"attacker", "target"} <= set(arg):
        text = f"fight with {_value(arg['attacker'])} against {_value(arg['target'])}"
    elif verb == "end_turn":
        text = "end the turn"
    elif verb == "choose" and isinstance(arg, dict):  # answers per rulebook version
        text = f"choose ({'; '.join(f'v{k}: {_value(v)}' for k, v in arg.items())})"
    elif verb == "choose":
        text = f"choose {_value(arg)}"
    else:
        text = f"{VERBS.get(verb, verb.replace('_', ' '))} {_value(arg)}"
    return people(text + (f" ({'; '.join(extra)})" if extra else ""))


def describe(setup: dict | None, actions: list | None) -> list[dict]:
    """The setup as ``[{"who": "Turn" | "You" | "Your opponent" | ..., "what": str}]``, then a
    ``Then`` line with the actions in order."""
    lines = []
    setup = setup if isinstance(setup, dict) else {}
    if isinstance(setup.get("turn"), dict):
        lines.append({"who": "Turn", "what": _turn(setup["turn"])})
    for key, value in setup.items():
        if key == "turn":
            continue
        who = PEOPLE.get(key, people(str(key)).replace("_", " ").capitalize())
        lines.append({"who": who, "what": _player(value) if isinstance(value, dict) else _value(value)})
    steps = [s for s in (_action(a) for a in actions or () if isinstance(a, dict)) if s]
    if steps:
        lines.append({"who": "Then", "what": "; ".join(steps)})
    return lines


def setups(conn: sqlite3.Connection, scenario_ids: list[str]) -> dict[str, list[dict]]:
    """:func:`describe` of each stored scenario named (a scenario the KB lacks, or whose file does
    not parse, has none)."""
    if not scenario_ids:
        return {}
    try:
        rows = conn.execute(
            f"SELECT id, yaml FROM scenarios WHERE id IN ({','.join('?' * len(scenario_ids))})", scenario_ids
        ).fetchall()
    except sqlite3.OperationalError:  # a KB built before scenarios were stored
        return {}
    out = {}
    for sid, text in rows:
        try:
            raw = yaml.load(text, Loader=_LOADER)
        except yaml.YAMLError:
            continue
        if isinstance(raw, dict):
            out[sid] = describe(raw.get("setup"), raw.get("actions"))
    return out
