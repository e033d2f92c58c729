"""What a scenario does on the board and what it reads back: its player actions (``play``,
``fight``, ``end_turn`` ...) and its check paths (``player1.amber``, ``Troll.damage``), apart from
:mod:`engine.replay.scenario`, which loads scenarios and decides what each replay is checked against.
"""

from __future__ import annotations

from kb.mentions import normalize_name

from engine.core.decision_checks import decision_value, is_decision_path
from engine.core.errors import ScenarioError
from engine.rules.extra_turns import pending
from engine.rules.game import Engine
from engine.core.state import PLAYERS, PROPHECIES, ZONES, Game
from engine.rules.houses import own_house
from engine.rules.mechanics.prophecies import activate
from engine.rules.returning_from_discard import return_from_discard
from engine.rules.tide import raise_tide
from engine.rules.turn import choose_house, end_turn, key_cost, take_archives

_PLAYER_PATHS = {
    "amber",
    "keys",
    "key_colors",
    "chains",
    "hand_size",
    "hand",
    "deck",
    "discard",
    "archives",
    "purged",
    "battleline",
    "artifacts",
    "prophecies",
    "enhancements",
    "key_cost",
    "extra_turns",
}
_CARD_PATHS = {
    "damage",
    "power",
    "armor",
    "stunned",
    "exhausted",
    "amber",
    "zone",
    "controller",
    "upgrades",
    "ward",
    "enraged",
    "token",
    "type",
    "house",
    "enhancements",
    "power_counters",
    "armor_used",
}


def _named(cards, ref: str) -> list:
    """The cards ``ref`` names by label or name: as written, else as the KB compares card names
    (``Po's Pixies`` for ``Po’s Pixies``: :func:`kb.mentions.normalize_name`)."""
    found = [c for c in cards if ref in (c.label, c.name)]
    if found or not isinstance(ref, str):
        return found
    key = normalize_name(ref)
    return [c for c in cards if key in (normalize_name(c.label), normalize_name(c.name))]


def _card_ref(game: Game, ref: str, zone: str | None = None):
    """A card by label or name: one in play first (a check on "Pit Demon" when copies of it wait in
    a deck is about the one on the board), then the active player's, when both players have one."""
    if zone in ZONES:  # the zone's own lists: a card elsewhere (an upgrade, beneath) is not in it
        cards = [c for p in game.players.values() for c in p.zones[zone] if c.zone == zone]
    elif zone is None:
        cards = game.cards()
    else:
        cards = [c for c in game.cards() if c.zone == zone]
    candidates = _named(cards, ref)
    if len(candidates) == 1:  # most checks name one card
        return candidates[0]
    if not candidates:
        raise ScenarioError(f"no card {ref!r}" + (f" in {zone}" if zone else ""))
    return sorted(candidates, key=lambda c: (not c.in_play, c.controller != game.active))[0]


#: the player actions a scenario can take (``choose`` answers the decisions of the action before it)
ACTIONS = (
    "play",
    "discard",
    "reap",
    "fight",
    "action",
    "omni",
    "choose_house",
    "take_archives",
    "activate_prophecy",
    "return_from_discard",
    "raise_tide",
    "end_turn",
)


def _do(engine: Engine, action: dict) -> None:
    verbs = set(action) & set(ACTIONS) if isinstance(action, dict) else set()
    if len(verbs) != 1:
        raise ScenarioError(f"action {action!r}: expected one of {', '.join(ACTIONS)} or choose")
    verb = verbs.pop()
    extra = set(action) - {verb, "targets", "choices", "flank", "position", "to_step"}
    if extra:
        raise ScenarioError(f"action {action!r}: unknown keys {sorted(extra)}")
    g = engine.game
    if "flank" in action:
        engine.chooser.add([action["flank"]])
    if "position" in action:
        engine.chooser.add([action["position"]])
    engine.chooser.add(list(action.get("targets") or []) + list(action.get("choices") or []))
    arg = action[verb]
    if verb == "play":
        engine.play(_card_ref(g, arg, "hand"))
    elif verb == "discard":
        engine.discard_from_hand(_card_ref(g, arg, "hand"))
    elif verb in ("reap", "action", "omni"):
        engine.use(_in_play_ref(g, arg), verb)
    elif verb == "fight":
        if not isinstance(arg, dict) or "attacker" not in arg:
            raise ScenarioError(f"fight: expected {{attacker: CARD, target: CARD}}, got {arg!r}")
        target = _in_play_ref(g, arg["target"], enemy_of=g.active) if arg.get("target") else None
        engine.use(_in_play_ref(g, arg["attacker"]), "fight", target=target)
    elif verb == "choose_house":
        choose_house(engine, str(arg))
    elif verb == "take_archives":
        take_archives(engine, bool(arg))
    elif verb == "activate_prophecy":  # engine.rules.mechanics.prophecies
        if not isinstance(arg, dict) or set(arg) != {"prophecy", "card"}:
            raise ScenarioError(f"activate_prophecy: expected {{prophecy: CARD, card: CARD}}, got {arg!r}")
        activate(engine, _card_ref(g, arg["prophecy"], PROPHECIES), _card_ref(g, arg["card"], "hand"))
    elif verb == "return_from_discard":  # engine.rules.returning_from_discard
        return_from_discard(engine, _card_ref(g, arg, "discard"))
    elif verb == "raise_tide":  # the Tide reference card's "Omni:" (engine.rules.tide)
        raise_tide(engine)
    else:
        end_turn(engine, int(action.get("to_step", 3)))


def _in_play_ref(game: Game, ref: str, enemy_of: str | None = None):
    candidates = _named(game.in_play(), ref)
    if enemy_of:
        candidates = [c for c in candidates if c.controller != enemy_of] or candidates
    if not candidates:
        raise ScenarioError(f"no card {ref!r} in play")
    return sorted(candidates, key=lambda c: c.controller != game.active)[0]


def _value(engine: Engine, path: str):
    game = engine.game
    if is_decision_path(path):  # what a player could choose (engine.core.decision_checks)
        return decision_value(engine.chooser, path)
    if path == "active_house":
        return game.active_house
    if path == "active":  # whose turn it is (an extra turn keeps it: engine.rules.turn)
        return game.active
    if path == "tide_high":
        return game.tide_high
    if path == "winner":
        return game.winner
    head, _, attr = path.rpartition(".")
    if head in PLAYERS and attr in _PLAYER_PATHS:
        p = game.players[head]
        if attr == "hand_size":
            return len(p.zone("hand"))
        if attr in ("amber", "keys", "chains"):
            return getattr(p, attr)
        if attr == "key_colors":  # the colours of the forged keys known (engine.rules.key_colors)
            return sorted(p.forged_colors)
        if attr == "extra_turns":  # extra turns still to come (engine.rules.extra_turns)
            return pending(game, head)
        if attr == "key_cost":  # the current cost for this player to forge a key
            return key_cost(engine, head)
        if attr == "enhancements":  # every bonus icon enhance added to the player's cards, sorted
            return sorted(i for c in game.cards() if c.owner == head for i in c.enhancements)
        return [c.label for c in p.zone(attr)]
    if attr in _CARD_PATHS:
        return card_value(engine, _card_ref(game, head), attr)
    raise ScenarioError(f"unknown check path {path!r}")


def card_value(engine: Engine, card, attr: str):
    """The value of a card's check path (``damage``, ``power``, ``zone`` ...) for the card itself."""
    if attr in _CARD_PATHS:
        if attr == "power":
            return engine.power(card)
        if attr == "armor":
            return engine.armor(card)
        if attr == "upgrades":
            return [u.label for u in card.upgrades]
        if attr == "house":  # the house it belongs to now: one given "instead of its original house" too
            return own_house(engine, card)
        if attr == "token":  # the token creature it is a copy of, or None (glossary "Token Creatures")
            return card.token_of.name if card.token_of is not None else None
        return getattr(card, attr)
    raise ScenarioError(f"unknown card check path {attr!r}")
