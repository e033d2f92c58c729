"""Prophecies and fates (Prophetic Visions).

Neither the 16.0 Master Rulebook nor the 1.x rulebooks bundled in ``sources/keyforge/`` define
them (no "prophecy", "fate" or "fulfill" in their text; ``rulebase search prophecy`` finds only
Magic's rules), and the cards print no reminder text for them. This reading rests on the cards'
own texts:

- a prophecy card is "fulfilled" by its own ability: "During your opponent's turn, after your
  opponent forges a key, fulfill Forge Ahead With Confidence."; "At the end of your opponent's
  turn, if they have exactly 6A, fulfill Bad Omen.";
- a card is put under a prophecy: "When a card is placed under Trust Your Feelings, name a house.
  The next time your opponent chooses the named house as their active house, fulfill Trust Your
  Feelings." That card is the fate card, facedown under the prophecy (its "Fate:" ability is
  what fulfilling the prophecy does);
- a "Fate:" ability is resolved by the opponent of the card's owner, the player whose turn it is
  when the prophecy is fulfilled: "Oh, You Shouldn't Have!" has no other ability than "Fate: Your
  opponent gains 3A." (the owner gains); Salvatorem "You cannot play Salvatorem. ... Fate: Put
  Salvatorem into play under your opponent's control." (its owner gets it in play); every other
  fate harms "you" ("Fate: Destroy the most powerful friendly creature.").

What the texts do not say, the engine reads as follows, and a scenario can see each step in the
trace and on the board (zone ``prophecies``, the fate card ``beneath`` its prophecy):

- a player's prophecies are beside their deck from the start of the game (zone ``prophecies``,
  ``setup.<player>.prophecies``): not in play, so no card effect counts, chooses or destroys them,
  and they belong to no house;
- during step 3 of their turn a player may activate one of their prophecies that has no fate card,
  once per turn, by putting a card from their hand facedown under it (:func:`activate`); this is
  not playing, using or discarding the card;
- an activated prophecy's abilities listen to the game (:func:`prophecy_listeners`); one with no
  fate card is dormant: fulfilling it needs a fate card to reveal;
- fulfilling it (:func:`fulfill`) reveals the fate card, resolves its "Fate:" ability (a card with
  none does nothing more), and puts the fate card into its owner's discard pile; the prophecy stays,
  free to be activated again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.core.state import PROPHECIES
from engine.rules.ability import resolve_ability

if TYPE_CHECKING:
    from engine.core.state import CardInstance
    from engine.rules.game import Engine

#: the zone a player's prophecy cards are in (beside the deck; not in play)
ZONE = PROPHECIES
#: the card type of a prophecy card in the card data
PROPHECY_TYPE = "prophecy"
#: the memory key of the turn a prophecy was activated on
_ACTIVATED = "prophecy activated on turn"


def fate_card(prophecy: "CardInstance") -> "CardInstance | None":
    """The facedown card under ``prophecy``, if it is active."""
    return prophecy.beneath[0] if prophecy.beneath else None


def check_activate(eng: "Engine", prophecy: "CardInstance", card: "CardInstance") -> None:
    """Raise :class:`IllegalAction` unless the active player may put ``card`` from their hand
    under ``prophecy`` now."""
    g = eng.game
    if prophecy.zone != ZONE or prophecy.owner != g.active:
        raise IllegalAction(f"{prophecy.label} is not one of {g.active}'s prophecies")
    if g.step != 3 or g.step3_closed:
        raise IllegalAction(f"a prophecy is activated in step 3 (the turn is at step {g.step})")
    if fate_card(prophecy) is not None:
        raise IllegalAction(f"{prophecy.label} is already active (a fate card is under it)")
    if any(p.memory.get(_ACTIVATED) == g.turn for p in g.players[g.active].zone(ZONE)):
        raise IllegalAction(f"{g.active} has already activated a prophecy this turn")
    if card.zone != "hand" or card.owner != g.active:
        raise IllegalAction(f"{card.label} is not in {g.active}'s hand")


def activate(eng: "Engine", prophecy: "CardInstance", card: "CardInstance") -> None:
    """The active player puts ``card`` from their hand facedown under ``prophecy``."""
    check_activate(eng, prophecy, card)
    g = eng.game
    g.take(card)
    card.zone = "beneath"
    prophecy.beneath.append(card)
    prophecy.memory[_ACTIVATED] = g.turn
    g.log(f"{g.active} activates {prophecy.label}: a card from their hand goes facedown under it")
    eng.emit("fate_placed", card=prophecy, player=g.active)


def fulfill(eng: "Engine", prophecy: "CardInstance") -> bool:
    """Fulfill ``prophecy``: reveal its fate card, resolve its "Fate:" ability for the owner's
    opponent, discard it. False when there is no fate card to reveal."""
    g = eng.game
    fate = fate_card(prophecy) if prophecy.zone == ZONE else None
    if fate is None:
        g.log(f"{prophecy.label} is fulfilled with no fate card under it: nothing happens")
        return False
    g.take(fate)
    fate.zone = "resolving"
    resolver = g.other(fate.owner)
    g.log(f"{prophecy.label} is fulfilled: {fate.owner} reveals the fate card {fate.label}")
    ability = eng.variant(fate).fate
    if ability:
        g.log(f'{fate.label}\'s "Fate:" ability resolves for {resolver}')
        resolve_ability(ability, eng.context(fate, resolver))
    if fate.zone == "resolving":  # the fate may have put it somewhere (into play: Salvatorem)
        g.move(fate, "discard", fate.owner)
        g.log(f"{fate.label} goes to {fate.owner}'s discard pile")
    eng.check_state()
    return True


def prophecy_listeners(eng: "Engine") -> list[tuple]:
    """The reactions of the active prophecies (those with a fate card), as the listener tuples of
    :meth:`engine.rules.game.Engine.listeners` (they do not need the card in play)."""
    found = []
    for player in eng.game.players.values():
        for prophecy in player.zones[ZONE]:
            if fate_card(prophecy) is None:
                continue
            for r in eng.variant(prophecy).reactions:
                found.append((r, prophecy, prophecy.owner, False))
    return found
