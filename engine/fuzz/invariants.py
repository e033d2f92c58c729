"""What must hold between any two player actions of a game, whatever was played: the fuzzer
(:mod:`engine.fuzz.random_games`) checks these after every step of a random game.

Each check is a rule of the game, not of one card: every card is in exactly one place and knows
where it is; Æmber, chains, damage are never negative; keys stay within 0–3 and a third key ends the
game; only creatures stand in battlelines and only artifacts in artifact zones; upgrades hang on
creatures in play; a card out of play keeps nothing play gave it; no creature whose damage reaches
its power is left in play; lasting effects "until it leaves play" end when the card leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import ZONES, CardInstance

if TYPE_CHECKING:
    from engine.rules.game import Engine

MAX_KEYS = 3
#: out-of-play zones that only ever hold their owner's cards (archives may hold an opponent's card
#: an effect archived, and it goes back to its owner when it leaves them)
OWNER_ONLY = ("deck", "hand", "discard")


def invariant_breaks(eng: "Engine", roster: list[CardInstance]) -> list[str]:
    """Every invariant the state breaks, as readable sentences (empty when all hold).

    ``roster`` is every card the game started with: none may be lost or duplicated."""
    g = eng.game
    problems: list[str] = []
    where: dict[int, str] = {}

    def place(card: CardInstance, spot: str, zone: str) -> None:
        if id(card) in where:
            problems.append(f"{card.label} is in two places: {where[id(card)]} and {spot}")
        else:
            where[id(card)] = spot
        if card.zone != zone:
            problems.append(f"{card.label} is in {spot} but its zone says {card.zone!r}")
        if card.amber < 0 or card.damage < 0:
            problems.append(f"{card.label} has negative Æmber or damage ({card.amber}, {card.damage})")

    for pname, player in g.players.items():
        if player.amber < 0:
            problems.append(f"{pname} has negative Æmber ({player.amber})")
        if player.chains < 0:
            problems.append(f"{pname} has negative chains ({player.chains})")
        if not 0 <= player.keys <= MAX_KEYS:
            problems.append(f"{pname} has {player.keys} keys")
        for zone in ZONES:
            for card in player.zones[zone]:
                place(card, f"{pname}.{zone}", zone)
                problems += _card_breaks(card, pname, zone)
                for upgrade in card.upgrades:
                    place(upgrade, f"upgrade on {card.label}", "upgrade")
                    if upgrade.attached_to is not card:
                        problems.append(
                            f"{upgrade.label} hangs on {card.label} but is attached to "
                            f"{getattr(upgrade.attached_to, 'label', None)}"
                        )
                    if upgrade.type != "upgrade":
                        problems.append(f"{upgrade.label} ({upgrade.type}) is attached as an upgrade")
                    if upgrade.upgrades or upgrade.beneath:
                        problems.append(f"{upgrade.label}, an upgrade, holds cards itself")
                for under in card.beneath:
                    place(under, f"beneath {card.label}", "beneath")
                if card.joined is not None:  # the top half of a gigantic creature in play
                    place(card.joined, f"joined to {card.label}", "gigantic")
    lost = [c.label for c in roster if id(c) not in where]
    if lost:
        problems.append(f"cards lost (in no zone): {', '.join(lost)}")
    known = {id(c) for c in roster}
    strangers = [spot for key, spot in where.items() if key not in known]
    if strangers:
        problems.append(f"cards that were never in the game appeared in: {', '.join(strangers)}")
    problems += _game_breaks(eng)
    return problems


def _card_breaks(card: CardInstance, pname: str, zone: str) -> list[str]:
    out = []
    if zone == "battleline" and "creature" not in card.type:
        out.append(f"{card.label} ({card.type}) stands in {pname}'s battleline")
    if zone == "artifacts" and card.type != "artifact":
        out.append(f"{card.label} ({card.type}) stands in {pname}'s artifacts")
    if zone in ("battleline", "artifacts"):
        if card.controller != pname:
            out.append(f"{card.label} is in {pname}'s {zone} but controlled by {card.controller}")
        # on an artifact, only an upgrade whose text says it attaches there (Animating Force), or a card
        # attached "to it as an upgrade" by its own text (Poltergeistoids)
        if zone == "artifacts" and any(
            u.data.type == "upgrade" and "attached to an artifact" not in u.data.text.lower() for u in card.upgrades
        ):
            out.append(f"upgrades are attached to {card.label}, an artifact")
        return out
    if card.controller != card.owner:
        out.append(
            f"{card.label} is out of play in {pname}'s {zone} but controlled by {card.controller}, "
            f"not its owner {card.owner}"
        )
    if zone in OWNER_ONLY and card.owner != pname:
        out.append(f"{card.label}, owned by {card.owner}, is in {pname}'s {zone}")
    if card.upgrades or card.attached_to is not None:
        out.append(f"{card.label} is out of play ({zone}) with upgrades or attached to a creature")
    if card.damage or card.amber or card.stunned or card.power_counters or card.exhausted:
        out.append(
            f"{card.label} is out of play ({zone}) but keeps what play gave it (damage {card.damage}, "
            f"Æmber {card.amber}, stunned {card.stunned}, power counters {card.power_counters}, "
            f"exhausted {card.exhausted})"
        )
    return out


def _game_breaks(eng: "Engine") -> list[str]:
    g = eng.game
    out = []
    three = [p for p, pl in g.players.items() if pl.keys >= MAX_KEYS]
    if three and g.winner not in three:
        out.append(f"{', '.join(three)} forged a third key but the winner is {g.winner}")
    if g.winner is not None and g.players[g.winner].keys < MAX_KEYS:
        out.append(f"{g.winner} won with {g.players[g.winner].keys} keys")
    lethal = [c for c in eng.lethal() if not eng.has(c, "invulnerable")]
    if lethal:
        out.append(
            "creatures whose damage reaches their power are still in play: "
            + ", ".join(f"{c.label} ({c.damage} damage, power {eng.power(c)})" for c in lethal)
        )
    for effect in g.lasting:
        if effect.until_leaves is not None and not effect.until_leaves.in_play:
            out.append(
                f"{effect.source}'s effect lasts until {effect.until_leaves.label} leaves play, "
                f"but it is in {effect.until_leaves.zone}"
            )
    if g.attacking is not None:
        out.append(f"{g.attacking.label} is still marked as attacking between actions")
    return out
