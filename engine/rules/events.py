"""Events and the reactions to them: which reactions listen for an event now (of cards in play, of
active prophecies, of cards in discard piles, of archon powers and of lasting effects), kept while
the game does not change (:mod:`engine.core.changes`), and resolving them in the order the active
player chooses when several react at once. A mixin of :class:`engine.rules.game.Engine`, as
:class:`~engine.rules.play.PlayRules` is: it reads the engine's cards' text in force
(``variant``), its kept lists (``_kept``), and resolves through its contexts and state checks.
"""

from __future__ import annotations

from engine.core import changes
from engine.core.changes import COUNT
from engine.rules.ability import resolve_ability
from engine.rules.gained_text import gained_by_creatures
from engine.rules.mechanics.archon_powers import archon_powers
from engine.rules.mechanics.prophecies import prophecy_listeners
from engine.rules.mechanics.scrap import scrap_listeners
from engine.rules.reactions import pile_listeners

#: no listener, in play or in a discard pile
_NO_LISTENERS: tuple[tuple, tuple] = ((), ())


def _by_event(listening: list[tuple], in_piles: list[tuple]) -> dict[str, tuple[tuple, tuple]]:
    """Listeners grouped by their reaction's event, each group in the order given."""
    grouped: dict[str, tuple[list, list]] = {}
    for side, listeners in enumerate((listening, in_piles)):
        for listener in listeners:
            grouped.setdefault(listener[0].event, ([], []))[side].append(listener)
    return {event: (tuple(a), tuple(b)) for event, (a, b) in grouped.items()}


class EventRules:
    def listeners(self, event: str) -> list[tuple]:
        """The reactions listening for ``event`` now, of cards in play, of active prophecies and of
        lasting effects: (reaction, card, controller, needs the card in play)."""
        return list(self._listening().get(event, _NO_LISTENERS)[0])

    def _listening(self) -> dict[str, tuple[tuple, tuple]]:
        """Every listener now by its event: (those of :meth:`listeners`, those of cards in discard
        piles: engine.rules.reactions.pile_listeners), kept while the game state does not change
        (engine.core.changes). One mapping read for each event emitted, most of which no card
        listens for: three lists filtered for every event cost 3% of a replay's instructions."""
        at = COUNT[0]
        kept = self._kept.get("listening")
        if kept is not None and kept[0] == at and not changes.CHECK:
            return kept[1]
        fresh = _by_event(self._listeners() + prophecy_listeners(self), pile_listeners(self))
        if kept is not None and kept[0] == at:  # changes.CHECK: the kept mapping must be the fresh one
            for event in kept[1].keys() | fresh.keys():
                for side in (0, 1):
                    changes.check(
                        f"listeners to {event}",
                        kept[1].get(event, _NO_LISTENERS)[side],
                        fresh.get(event, _NO_LISTENERS)[side],
                    )
            return kept[1]
        self._kept["listening"] = (at, fresh)  # a change counted while it was worked out makes it stale at once
        return fresh

    def _listeners(self) -> list[tuple]:
        found = []
        for card in self.game.in_play():  # a list made at once: a reaction may change the board
            for r in self.variant(card).reactions:
                if r.zone == "play":
                    found.append((r, card, card.controller, True))
        for r, creature in gained_by_creatures(self, "gained_reactions"):
            found.append((r, creature, creature.controller, True))
        for card in archon_powers(self.game):  # in force all game, in no zone
            for r in self.variant(card).reactions:
                found.append((r, card, card.controller, False))
        for effect in self.game.lasting:
            # an effect for one later turn ("during your opponent's next turn") waits for it
            if effect.params.get("during_turn", self.game.turn) != self.game.turn:
                continue
            if effect.kind == "reaction":
                found.append((effect.params["reaction"], effect.params["card"], effect.controller, False))
        return found

    def reacts(self, listener: tuple, details: dict) -> bool:
        """Does the listener react to this event now? (A constant ability works only while its
        card is in play.)"""
        reaction, card, controller, needs_play = listener
        if needs_play and not card.in_play:
            return False
        return bool(reaction.when(self.context(card, controller, event=details)))

    def react(self, listener: tuple, event: str, details: dict) -> None:
        """Resolve one listener's reaction, if it still reacts."""
        if not self.reacts(listener, details):
            return
        reaction, card, controller, _ = listener
        about = getattr(details.get("card"), "label", None) or details.get("player")  # key_forged: a player
        self.game.log(f"{card.label} reacts to {event.replace('_', ' ')}" + (f" of {about}" if about else ""))
        resolve_ability(reaction.ability, self.context(card, controller, event=details))
        self.check_state()

    def emit(self, event: str, **details) -> None:
        """Resolve the reactions to ``event`` of cards in play and of lasting effects. Reactions
        to the same event are simultaneous: the active player chooses which resolves next among
        those that still react (the Sir Marrows FAQ: "the active player determines which ...")."""
        if event == "destroyed" and details.get("fight") and details.get("creature"):
            # the record "destroyed in a fight this turn" reads (engine.rules.hooks)
            self.game.destroyed_in_fights.append(details["controller"])
        listening, in_piles = self._listening().get(event, _NO_LISTENERS)
        if event == "discarded":  # and the discarded card's own "Scrap:" ability (engine.rules.mechanics.scrap)
            pending = [*listening, *scrap_listeners(self, event, details), *in_piles]
        elif listening or in_piles:
            pending = [*listening, *in_piles]
        else:
            return  # most events: no one listens
        while pending:
            ready = [listener for listener in pending if self.reacts(listener, details)]
            if not ready:
                return
            nxt = (
                ready[0]
                if len(ready) == 1
                else self.chooser.choose(
                    f"{self.game.active}: which reaction to {event} resolves next",
                    ready,
                    label=lambda listener: listener[1].label,
                )
            )
            pending.remove(nxt)
            self.react(nxt, event, details)
