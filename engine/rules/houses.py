"""Which houses a card belongs to, and which house it may be used as.

Glossary "House": a card belongs to the house printed on it (a maverick to the one it carries).
Card text can widen that in two ways, which errata have told apart (Experimental Therapy):

- "This creature belongs to all houses": it is a card of every house, for using it and for every
  effect that looks at houses ("a Mars creature");
- "This creature may be used as if it belonged to the active house": only the house restriction on
  using it is lifted; effects that look at houses still see its own.

Both are constant abilities (:class:`engine.library.houses.BelongsToAllHouses`,
:class:`engine.library.houses.UsableAsActiveHouse`): of a card in play (:meth:`engine.rules.game.Engine.statics`)
or of an upgrade, about the creature it is attached to ("this creature"); the functions here ask
every constant ability in force (:meth:`engine.rules.statics.Static.belongs_to`,
:meth:`~engine.rules.statics.Static.usable_as_active_house`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import PROPHECIES

if TYPE_CHECKING:
    from engine.core.state import CardInstance, Game
    from engine.rules.game import Engine


def own_house(eng: "Engine", card: CardInstance) -> str | None:
    """The house ``card`` has as its own: a constant ability's house "instead of its original
    house" (Academy Training), else its own (with the changes effects made to it)."""
    for s, src, ctl in eng.statics():
        instead = s.house_instead(eng, src, ctl, card)
        if instead is not None:
            return instead
    return card.house


def belongs_to(eng: "Engine", card: CardInstance, house: str | None) -> bool:
    """Does ``card`` belong to ``house``: its own house, or one a constant ability gives it."""
    if house is None:
        return False
    if own_house(eng, card) == house:
        return True
    return eng.any_static("belongs_to", card, house)


#: the houses of KeyForge, through the sets of the card data (whose ``house`` field also names card
#: groups that are no house: Archon Power, the Tide, Keyraken and Prophecy cards)
HOUSES = frozenset(
    {
        "brobnar",
        "dis",
        "ekwidon",
        "geistoid",
        "logos",
        "mars",
        "redemption",
        "sanctum",
        "saurian",
        "shadows",
        "skyborn",
        "staralliance",
        "unfathomable",
        "untamed",
    }
)


def houses_of(eng: "Engine", card: CardInstance) -> set[str]:
    """Every house ``card`` belongs to: its own and those constant abilities give it (all of them
    for "This creature belongs to all houses"), as effects that count houses see it."""
    house = own_house(eng, card)
    own = {house} if house else set()
    return own | {h for h in HOUSES - own if belongs_to(eng, card, h)}


def usable_as_active_house(eng: "Engine", card: CardInstance) -> bool:
    """May ``card`` be used this turn as a card of the active house? Its own house, a house an
    ability gives it, an ability that lets it be used so, or the versatile keyword: the 16.0
    rulebook does not define versatile (Grim Reminders on); its reminder text does, "This card may
    be used as if it belonged to the active house." (Tireless Crocag, GR 019)."""
    house = eng.game.active_house
    if house is None:
        return False
    if own_house(eng, card) == house or eng.has(card, "versatile"):
        return True
    return any(
        s.belongs_to(eng, src, ctl, card, house) or s.usable_as_active_house(eng, src, ctl, card)
        for s, src, ctl in eng.statics()
    )


def houses_in_game(game: "Game") -> list[str]:
    """The houses a "choose a house" effect offers: every house of the game (the card text does not
    limit it to those in play or on the identity cards: Blinding Light may name Dis with no Dis card
    about), and any other a card in the game has."""
    found = set(HOUSES) | {h for p in game.players.values() for h in p.houses}
    found |= {c.house for c in game.cards() if c.house and c.zone != PROPHECIES}  # a prophecy is of no house
    return sorted(found)
