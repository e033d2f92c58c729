"""The builder's words: the engine's trace, decisions, actions and check paths as a judge says them,
"you" and "your opponent" rather than ``player1`` and ``player2``, card names rather than paths.

Why: a judge reads the result of their own question, asked from one player's seat: player1 is
"you" (the rulings' convention: "My opponent has 14 Æmber" is player2's), player2 "your opponent".
The engine writes its trace in the third person about ``player1``/``player2``; the words here are
that trace with the players named from the judge's seat and their verbs agreeing ("player1 steals"
becomes "You steal", "player2's discard" "your opponent's discard"). Nothing else is rewritten:
the card names and the rules' words stay the engine's own.
"""

from __future__ import annotations

import re

from engine.core.state import PLAYERS, Game

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_PLAYER = re.compile(r"\b(player[12])('s)?\b")
#: a clause's subject: the start of the line or of a part after ": " or "; "
_SUBJECT = re.compile(r"(^|: |; )(player[12]) ([a-z]+)\b")
_PATH = re.compile(r"\b(player[12])\.([a-z_]+)\b")
#: a second verb of the same subject ("adds a card to their hand and discards 2"): the engine's verbs only
_AND_VERB = re.compile(
    r"\band (adds|archives|captures|chooses|deals|destroys|discards|draws|exhausts|fights|forges|gains|heals|"
    r"loses|looks|moves|pays|plays|purges|puts|readies|reaps|returns|reveals|shuffles|steals|takes|uses)\b"
)

PLAYER_PATH_WORDS = {
    "amber": "Æmber",
    "keys": "keys",
    "chains": "chains",
    "hand": "hand",
    "hand_size": "hand size",
    "deck": "deck",
    "discard": "discard",
    "archives": "archives",
    "purged": "purged cards",
    "battleline": "battleline",
    "artifacts": "artifacts",
    "enhancements": "enhanced bonus icons",
    "key_cost": "key cost",
    "extra_turns": "extra turns",
}
GAME_PATH_WORDS = {
    "active": "Whose turn it is",
    "active_house": "The active house",
    "winner": "The winner",
    "tide_high": "Whom the tide is high for",
}


def _base(verb: str) -> str:
    """The verb for "you": "steals" -> "steal", "reaches" -> "reach", "has" -> "have"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if re.search(r"(ss|ch|sh|x|z)es$", verb):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def seat(player: str, you: str = "player1", possessive: bool = False) -> str:
    if player == you:
        return "your" if possessive else "you"
    return "your opponent's" if possessive else "your opponent"


def words(line: str, you: str = "player1", capital: bool = True, labels: frozenset[str] = frozenset()) -> str:
    """One line of the engine's in the judge's words (``capital``: a sentence's first letter, unless
    the line starts with one of ``labels``, the cards' labels, which keep their case: "b1 fights p1")."""

    def subject(m: re.Match) -> str:
        who = m[2]
        verb = _base(m[3]) if who == you else m[3]
        return f"{m[1]}{seat(who, you)} {verb}"

    line = _PATH.sub(lambda m: path_words(f"{m[1]}.{m[2]}", you).lower(), line)
    starts_with_you = bool(re.match(rf"(?:{you}) ", line))
    line = _SUBJECT.sub(subject, line)
    line = _PLAYER.sub(lambda m: seat(m[1], you, possessive=bool(m[2])), line)
    if starts_with_you:  # "you add a card to their hand and discards 2" -> "to your hand and discard 2"
        line = re.sub(r"\btheirs\b", "yours", re.sub(r"\btheir\b", "your", line))
        line = _AND_VERB.sub(lambda m: f"and {_base(m[1])}", line)
    if capital and not any(line.startswith(label) for label in labels if label[:1].islower()):
        line = line[:1].upper() + line[1:]
    return line


def trace_words(trace: list[str], game: Game, you: str = "player1") -> list[str]:
    """The trace as a judge reads it; the rule set line goes (the run lists its switches apart)."""
    labels = frozenset(c.label for c in game.cards())
    return [words(line, you, labels=labels) for line in trace if not line.startswith("rule set ")]


def decision_words(text: str, game: Game, you: str = "player1") -> str:
    """A decision as a judge reads it: the card that asks it is "Your ..." or "Your opponent's ..."
    (a card found in no zone is being played or resolved: the active player's)."""
    label, sep, rest = text.partition(": ")
    owners = {c.controller for c in game.cards() if c.label == label}
    if sep and not owners and not _PLAYER.match(label) and label[:1].isupper():
        owners = {game.active}
    if sep and len(owners) == 1:
        return f"{seat(owners.pop(), you, possessive=True).capitalize()} {label}: {words(rest, you, capital=False)}"
    return words(text, you, labels=frozenset(c.label for c in game.cards()))


def action_words(action: dict, game: Game, actor: str, you: str = "player1") -> str:
    """A scenario action as a judge says it, ``actor`` doing it: "You play Bait and Switch"."""
    who = seat(actor, you).capitalize()
    mine = actor == you
    names = {c.label: c.name for c in game.cards()}

    def card(label) -> str:  # a card given an id is named too: "Ancient Bear (b1)"
        name = names.get(label)
        return f"{name} ({label})" if name and name != label else str(label)

    def verb(v: str) -> str:
        return v if mine else (v + "es" if v.endswith(("sh", "ch", "s")) else v + "s")

    their = "your" if mine else "their"
    if not isinstance(action, dict):
        return str(action)
    if "play" in action:
        flank = f" on the {action['flank']} flank" if action.get("flank") else ""
        return f"{who} {verb('play')} {card(action['play'])}{flank}"
    if "discard" in action:
        return f"{who} {verb('discard')} {card(action['discard'])}"
    if "reap" in action:
        return f"{who} {verb('reap')} with {card(action['reap'])}"
    if "fight" in action:
        arg = action["fight"] if isinstance(action["fight"], dict) else {}
        return f"{who} {verb('fight')} with {card(arg.get('attacker'))}" + (
            f" against {card(arg['target'])}" if arg.get("target") else ""
        )
    if "action" in action:
        return f'{who} {verb("use")} {card(action["action"])}\'s "Action:" ability'
    if "omni" in action:
        return f'{who} {verb("use")} {card(action["omni"])}\'s "Omni:" ability'
    if "choose_house" in action:
        return f"{who} {verb('choose')} house {action['choose_house']}"
    if "take_archives" in action:
        return (
            f"{who} {verb('take')} {their} archives"
            if action["take_archives"]
            else f"{who} {verb('leave')} {their} archives"
        )
    if "end_turn" in action:
        return f"{who} {verb('end')} {their} turn"
    return ", ".join(f"{k}: {v}" for k, v in action.items())


def path_words(path: str, you: str = "player1") -> str:
    """A check path as a judge reads it: ``player1.amber`` "Your Æmber", ``Troll.damage`` "Troll's damage"."""
    if path in GAME_PATH_WORDS:
        return GAME_PATH_WORDS[path]
    head, _, attr = path.rpartition(".")
    if head in PLAYERS:
        return f"{seat(head, you, possessive=True).capitalize()} {PLAYER_PATH_WORDS.get(attr, attr.replace('_', ' '))}"
    if head:
        return f"{head}'s {attr.replace('_', ' ')}"
    return path
