"""Building a game from a scenario's ``setup``: cards from the KB's card data, zones, turn."""

from __future__ import annotations

import json
import re
import sqlite3

from kb.mentions import SET_ALIASES, normalize_name
from kb.links import SET_ORDER

from engine.core.errors import ScenarioError
from engine.core.state import PLAYERS, ZONES, CardData, CardInstance, Game, Player
from engine.rules.bonus_icons import ICONS, UNDEFINED_ICONS
from engine.rules.key_colors import COLORS
from engine.rules.mechanics.archon_powers import ARCHON_POWER_TYPE, ZONE as ARCHON_ZONE
from engine.rules.tide import TIDE_CARD, TIDE_TYPE, ZONE as TIDE_ZONE
from engine.rules.mechanics.enhance import enhance_deck
from engine.rules.mechanics.gigantic import setup_half
from engine.rules.mechanics.played_as_upgrade import upgrade_form
from engine.rules.mechanics.tokens import make_token_card, token_reference

#: "Name (SET 123)", or a Special card's "Name (WoE A01)": a numeral, after a letter for those
_PINNED = re.compile(r"^(?P<name>.+?)\s*\((?P<set>[A-Za-z0-9]+)\s+(?P<prefix>[A-Za-z]?)(?P<num>\d+)\)\s*$")
_CARD_FIELDS = {
    "card",
    "id",
    "damage",
    "exhausted",
    "stunned",
    "power_counters",
    "amber",
    "upgrades",
    "owner",
    "house",
    "beneath",
    "enhancements",
    "ward",
    "enraged",
    "token",
    "half",
}
_PLAYER_FIELDS = {"amber", "keys", "chains", "key_cost_modifier", "houses", "token", "archon_power", "enhance", *ZONES}
_QUOTES = str.maketrans({"“": "", "”": "", '"': ""})


class CardCatalog:
    """Printed cards by name (earliest set first) or by pinned set and number."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self._cache: dict[str, CardData] = {}
        #: comparison key -> printed names (read on the first name not found as written)
        self._keys: dict[str, list[str]] | None = None

    def get(self, ref: str) -> CardData:
        if ref in self._cache:
            return self._cache[ref]
        m = _PINNED.match(ref)
        cols = "name, set_code, number, house, type, amber, power, armor, text, traits"
        if m:
            code = SET_ALIASES.get(m["set"].lower(), m["set"])
            prefix = m["prefix"].upper()
            rows = self.conn.execute(
                f"SELECT {cols} FROM cards WHERE set_code = ? AND upper(substr(number, 1, ?)) = ?"
                " AND CAST(substr(number, ?) AS INTEGER) = ?",
                (code, len(prefix), prefix, len(prefix) + 1, int(m["num"])),
            ).fetchall()
        else:
            rows = self.conn.execute(f"SELECT {cols} FROM cards WHERE name = ? COLLATE NOCASE", (ref,)).fetchall()
            if not rows:  # names printed in quotes: “John Smyth”
                rows = self.conn.execute(
                    f"SELECT {cols} FROM cards WHERE replace(replace(name, '“', ''), '”', '') = ? COLLATE NOCASE",
                    (ref.translate(_QUOTES),),
                ).fetchall()
            if not rows:  # typed without the print's typography: "Po's Pixies" for “Po’s Pixies”
                name = self._by_key(ref)
                rows = self.conn.execute(f"SELECT {cols} FROM cards WHERE name = ?", (name,)).fetchall() if name else []
            rows.sort(key=lambda r: SET_ORDER.index(r[1]) if r[1] in SET_ORDER else len(SET_ORDER))
        if not rows:
            raise ScenarioError(f"unknown card {ref!r}")
        name, set_code, number, house, typ, amber, power, armor, text, traits = rows[0]
        data = CardData(
            name,
            set_code,
            number,
            house,
            typ,
            amber or 0,
            power or 0,
            armor or 0,
            text or "",
            tuple(json.loads(traits or "[]")),
        )
        self._cache[ref] = data
        return data

    def _by_key(self, ref: str) -> str | None:
        """The printed name ``ref`` names when compared as the KB compares card names (quotes,
        apostrophes, dashes, case and Æ folded: :func:`kb.mentions.normalize_name`); an error
        when it names several cards."""
        if self._keys is None:
            self._keys = {}
            for (name,) in self.conn.execute("SELECT DISTINCT name FROM cards"):
                self._keys.setdefault(normalize_name(name), []).append(name)
        names = self._keys.get(normalize_name(ref), [])
        if len(names) > 1:
            raise ScenarioError(f"card {ref!r} could be any of {', '.join(sorted(names))}: give the printed name")
        return names[0] if names else None


def build_game(setup: dict, catalog: CardCatalog) -> Game:
    """The board ``setup`` describes. Each player and the game get their fields as they are made:
    an assignment afterwards goes through the counting ``__setattr__`` (engine.core.changes), a
    dozen of them a board."""
    turn = setup.get("turn") or {}
    unknown = set(setup) - {"turn", *PLAYERS}
    if unknown:
        raise ScenarioError(f"setup: unknown keys {sorted(unknown)}")
    active = turn.get("active", "player1")
    if active not in PLAYERS:
        raise ScenarioError(f"setup.turn.active must be player1 or player2, not {active!r}")
    tide = turn.get("tide_high")
    if tide is not None and tide not in PLAYERS:
        raise ScenarioError(f"setup.turn.tide_high must be player1 or player2, not {tide!r}")
    players = {}
    for pname in PLAYERS:  # token creature reference cards first: a token in play is a copy of one
        spec = setup.get(pname) or {}
        bad = set(spec) - _PLAYER_FIELDS
        if bad:
            raise ScenarioError(f"setup.{pname}: unknown keys {sorted(bad)}")
        ref = spec.get("token")
        keys, colors = _keys(spec.get("keys", 0), pname)
        players[pname] = Player(
            pname,
            amber=int(spec.get("amber", 0)),
            keys=keys,
            forged_colors=colors,
            chains=int(spec.get("chains", 0)),
            key_cost_modifier=int(spec.get("key_cost_modifier", 0)),
            houses=tuple(h.lower() for h in spec.get("houses") or ()),
            token=token_reference(catalog.get(str(ref))) if ref else None,
        )
    game = Game(
        players=players,
        active=active,
        active_house=turn.get("house"),
        first_turn=bool(turn.get("first_turn", False)),
        step=int(turn.get("step", 3)),
        tide_high=tide,
    )
    if game.active_house:  # "the active house, already chosen": chosen on this turn ("... on their previous turn")
        game.houses_chosen.append((game.turn, active, game.active_house))
    if turn.get("tide"):  # a deck of the game includes the Tide reference card (engine.rules.tide)
        game.tide_card = _tide_card(str(turn["tide"]) if turn["tide"] is not True else TIDE_CARD, active, catalog)
    for pname in PLAYERS:
        spec = setup.get(pname) or {}
        player = players[pname]
        for zone in ZONES:
            for item in spec.get(zone) or []:
                card = _make_card(item, pname, zone, catalog, game)
                if card.data.type == ARCHON_POWER_TYPE:
                    raise ScenarioError(
                        f"setup.{pname}.{zone}: {card.data.name} is an archon power card, in force all game "
                        f"and in no zone: give it as setup.{pname}.archon_power"
                    )
                player.zones[zone].append(card)
        if spec.get("archon_power"):
            player.archon_power = _archon_power(spec["archon_power"], pname, catalog)
        if spec.get("enhance"):  # deck generation: Enhance adds its icons to random cards (seeded)
            enhance_deck(game, pname)
    return game


def _keys(value, player: str) -> tuple[int, list[str]]:
    """A player's forged keys: a number (colours unknown) or their colours ("keys: [red, blue]",
    engine.rules.key_colors)."""
    if isinstance(value, list):
        colors = [str(c).lower() for c in value]
        if any(c not in COLORS for c in colors) or len(set(colors)) != len(colors) or len(colors) > len(COLORS):
            raise ScenarioError(f"setup.{player}.keys: {value!r}: each of {', '.join(COLORS)} at most once")
        return len(colors), colors
    return int(value), []


def _archon_power(item, player: str, catalog: CardCatalog) -> CardInstance:
    """The player's archon power card (engine.rules.mechanics.archon_powers): by its name."""
    if not isinstance(item, str):
        raise ScenarioError(f"setup.{player}.archon_power: give the card's name, not {item!r}")
    card = _make_card(item, player, ARCHON_ZONE, catalog)
    if card.data.type != ARCHON_POWER_TYPE:
        raise ScenarioError(
            f"setup.{player}.archon_power: {card.data.name} is a {card.data.type}, not an archon power card"
        )
    card.controller = player
    return card


def _tide_card(name: str, player: str, catalog: CardCatalog) -> CardInstance:
    card = _make_card(name, player, TIDE_ZONE, catalog)
    if card.data.type != TIDE_TYPE:
        raise ScenarioError(f"setup.turn.tide: {card.data.name} is a {card.data.type}, not the Tide reference card")
    return card


def _make_card(item, player: str, zone: str, catalog: CardCatalog, game: Game | None = None) -> CardInstance:
    if isinstance(item, str):  # a card by name alone, most of any board: the card with nothing set
        data = catalog.get(item)
        card = CardInstance(
            data,
            owner=player,
            controller=player,
            label=data.name.translate(_QUOTES),
            zone=zone,
            placed_in_battleline=zone == "battleline",
        )
        setup_half(card, {"card": item}, zone)
        return card
    spec = dict(item)
    bad = set(spec) - _CARD_FIELDS
    if bad or "card" not in spec:
        raise ScenarioError(f"card {item!r}: expected a name or a mapping with 'card' (unknown keys {sorted(bad)})")
    data = catalog.get(spec["card"])
    label = spec.get("id") or data.name.translate(_QUOTES)
    owner = spec.get("owner", player)
    if owner not in PLAYERS:
        raise ScenarioError(f"card {item!r}: owner must be player1 or player2")
    enhancements = [str(i).lower() for i in spec.get("enhancements") or ()]
    wrong = [i for i in enhancements if i not in ICONS and i not in UNDEFINED_ICONS]
    if wrong:
        raise ScenarioError(
            f"card {item!r}: unknown bonus icons {wrong} (known: {', '.join([*ICONS, *UNDEFINED_ICONS])})"
        )
    in_play = zone in ("battleline", "artifacts")
    # every field given to the constructor: a new card's fields are stored without the counting
    # __setattr__ a later assignment goes through (engine.core.changes.quiet_init)
    card = CardInstance(
        data,
        owner=owner,
        controller=player if in_play else owner,
        label=label,
        zone=zone,
        exhausted=bool(spec.get("exhausted", False)),
        damage=int(spec.get("damage", 0)),
        stunned=bool(spec.get("stunned", False)),
        power_counters=int(spec.get("power_counters", 0)),
        amber=int(spec.get("amber", 0)),
        house_override=(spec.get("house") or "").lower() or None,
        placed_in_battleline=zone == "battleline",
        enhancements=enhancements,
        ward=bool(spec.get("ward", False)),
        enraged=bool(spec.get("enraged", False)),
    )

    setup_half(card, spec, zone)
    if spec.get("token"):  # facedown as a token creature: true (its owner's) or a reference card's name
        if zone != "battleline" or game is None:
            raise ScenarioError(f"card {item!r}: only a card in a battleline can be a token creature")

        ref = spec["token"]
        token = game.players[owner].token if ref is True else token_reference(catalog.get(str(ref)))
        if token is None:
            raise ScenarioError(f"card {item!r}: {owner} has no token creature reference card (setup token:)")
        make_token_card(card, token)
    for sub in spec.get("upgrades") or []:
        upgrade = _make_card(sub, player, "upgrade", catalog)
        if upgrade.data.type != "upgrade":
            # a card that is an upgrade only in play, in the form its printed text gives ("may be
            # played as an upgrade instead of a creature, with the text: ...")
            upgrade.copy_of = upgrade_form(upgrade.data, upgrade.data.text)
        upgrade.zone, upgrade.attached_to, upgrade.controller = "upgrade", card, player
        card.upgrades.append(upgrade)
    for sub in spec.get("beneath") or []:
        under = _make_card(sub, player, "beneath", catalog)
        under.zone = "beneath"
        card.beneath.append(under)
    return card
