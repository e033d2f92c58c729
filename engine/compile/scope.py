"""What the words of one ability refer to as it is read (:class:`Scope`): what "it" / "that
creature" names by now, what "this creature" means (the creature itself, or an upgrade's host), and
fresh names for the cards each choice names.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from engine.library import ThisCreature
from engine.compile.grammar import Refusal


@dataclass
class Scope:
    card_type: str = ""
    #: the reference "it", "that creature", "them" name now
    it: str = "it"
    #: reading a quoted ability an upgrade gives ("This creature gains, "Reap: ...""): "this
    #: creature" is the creature that has the ability
    gained: bool = False
    counter: itertools.count = field(default_factory=lambda: itertools.count(1))
    #: names of cards chosen in a hidden zone (a hand, a deck): an effect moving them there may
    #: follow them (engine.library.zones.MoveTo ``from_hidden``)
    hidden: set = field(default_factory=set)
    #: "that player" names a player: the player of the event a reaction reacts to
    #: (engine.library.choosing_players.ThePlayerOfTheEvent)
    that_player: bool = False
    #: whose deck "their deck" names: the opponent's ("... or the top card of their deck"), or in a
    #: reaction to what "a player" does, that player's ("After a player readies a card, discard the
    #: top card of their deck"): ``"event"``, which the reaction's template sets (``their``)
    their: str = "opponent"

    def fresh(self) -> str:
        return f"t{next(self.counter)}"

    def this_creature(self) -> tuple[str, list]:
        """ "This creature": the card itself (a creature, or a gained ability's creature), or the
        creature an upgrade is attached to (an upgrade's own ability)."""
        if self.gained or self.card_type == "creature":
            return "self", []
        if self.card_type == "upgrade":
            name = self.fresh()
            return name, [ThisCreature(name)]
        raise Refusal("target", "this creature", "the card type")
