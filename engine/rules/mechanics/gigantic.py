"""Gigantic creatures (the 16.0 glossary "Gigantic").

A gigantic creature is printed on two cards of the same title, house and type, each with "(Play
only with the other half of <title>.)": the top half ("1 of 2") has the bonus icons, the bottom
half ("2 of 2") the power, armor and text box. Each half is its own :class:`CardInstance`, its
``half`` "top" or "bottom".

- Playing: a player must have both halves in hand and plays them together as a single creature;
  that counts as playing one card (the First Turn Rule, the Rule of Six).
- In play, the gigantic creature is a single creature card: the bottom half stands in the
  battleline with the top half joined to it (``joined``; the top half's zone is "gigantic"). Its
  bonus icons are the top half's (then any on the bottom half).
- A card effect that plays or puts into play one half of a gigantic creature fails, and the card
  stays where it was (the Wild Wormhole worked example), even with the other half in hand; one that
  plays or puts into play both halves (a group holding both) plays or puts in play the creature.
- After it leaves play, the two halves are separate cards again, both in the zone it went to.

A gigantic card with no ``half`` (a deck that does not say which half it is) has no other half:
it can never be played.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.core.state import CardInstance
from engine.core.errors import ScenarioError
from engine.rules.references import card_label

if TYPE_CHECKING:
    from engine.rules.game import Engine

HALVES = ("top", "bottom")
_GIGANTIC = re.compile(r"play only with the other half of", re.I)


def is_gigantic(card: CardInstance) -> bool:
    """A half of a gigantic creature (by its printed reminder text)."""
    return gigantic_text(card.data.text)


@lru_cache(maxsize=4096)
def gigantic_text(text: str | None) -> bool:
    """A printed text of a gigantic creature's half (its reminder text); asked of every card at
    every play and every state check, so each text is searched once."""
    return bool(_GIGANTIC.search(text or ""))


def other_halves(card: CardInstance, cards: list[CardInstance]) -> list[CardInstance]:
    """The cards among ``cards`` that are the other half of the gigantic creature ``card`` is half of."""
    if card.half not in HALVES:
        return []
    return [
        c
        for c in cards
        if c is not card and c.name == card.name and is_gigantic(c) and c.half in HALVES and c.half != card.half
    ]


def check_both_halves_in_hand(eng: "Engine", card: CardInstance) -> None:
    """Playing a gigantic creature from hand needs both halves there."""
    if is_gigantic(card) and not other_halves(card, eng.game.players[card.controller].zone("hand")):
        raise IllegalAction(
            f"{card.name} is gigantic: it can only be played together with its other half, "
            f"and that is not in {card.controller}'s hand"
        )


def check_not_alone(card: CardInstance) -> None:
    """A card effect that plays or puts into play one half of a gigantic creature fails."""
    if is_gigantic(card) and card.joined is None:
        raise IllegalAction(
            f"{card.label} is one half of a gigantic creature: it cannot be played or put into play on its own"
        )


def join_halves(eng: "Engine", card: CardInstance, among: list[CardInstance]) -> CardInstance:
    """Join ``card`` and its other half (from ``among``; the player chooses if there are several)
    into the gigantic creature: the bottom half, with the top half joined to it. Return the bottom
    half (the card that enters play). A card that is not gigantic is returned as it is."""
    if not is_gigantic(card):
        return card
    options = other_halves(card, among)
    if not options:
        raise IllegalAction(f"{card.label}: the other half of {card.name} is not there")

    other = (
        options[0]
        if len(options) == 1
        else eng.chooser.choose(
            f"{eng.game.active}: which other half of {card.name}", options, label=card_label(options)
        )
    )
    top, bottom = (card, other) if card.half == "top" else (other, card)
    eng.game.take(top)
    top.zone = "gigantic"
    top.controller = bottom.controller
    bottom.joined = top
    eng.game.log(f"both halves of {card.name} come together as a single creature")
    return bottom


def join_group(eng: "Engine", cards: list[CardInstance]) -> list[CardInstance]:
    """A group of cards an effect plays or puts into play: each pair of halves of one gigantic
    creature becomes that creature (its bottom half, the top joined); a lone half stays alone."""
    out: list[CardInstance] = []
    left = list(cards)
    while left:
        card = left.pop(0)
        partners = other_halves(card, left)
        if partners:
            left.remove(partners[0])
            card = join_halves(eng, card, [partners[0]])
        out.append(card)
    return out


def separate(eng: "Engine", card: CardInstance) -> None:
    """A gigantic creature has left play: its top half goes where its bottom half went, and they
    are separate cards again."""
    top = card.joined
    if top is None:
        return
    card.joined = None
    g = eng.game
    holder = next((p for p, pl in g.players.items() if card in pl.zones.get(card.zone, [])), card.owner)
    top.zone = "resolving"
    top.reset()
    g.move(top, card.zone, holder)
    g.log(f"the halves of {card.name} are separate cards again, both in {holder}'s {card.zone}")


def setup_half(card: CardInstance, spec: dict, zone: str) -> None:
    """A scenario's card mapping: out of play, a gigantic card needs ``half: top|bottom``; in the
    battleline it is the whole creature (both halves; its ``enhancements`` are on its top half)."""
    half = spec.get("half")
    if half is not None and (half not in HALVES or not is_gigantic(card)):
        raise ScenarioError(f"card {spec!r}: half is top or bottom, for a gigantic card only")
    if not is_gigantic(card):
        return
    if zone == "battleline":
        top = CardInstance(
            card.data,
            owner=card.owner,
            controller=card.controller,
            label=card.label,
            zone="gigantic",
            half="top",
            enhancements=list(card.enhancements),
        )
        card.half, card.enhancements, card.joined = "bottom", [], top
    elif half is None:
        raise ScenarioError(f"card {spec!r}: {card.name} is gigantic: say which half it is (half: top or bottom)")
    else:
        card.half = half
