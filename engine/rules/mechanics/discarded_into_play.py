"""Putting the cards "discarded this way" into play (Saurian Egg: "Discard the top 2 cards of your
deck. If you discard any Saurian creatures this way, put them into play ready, give them three +1
power counters, and destroy Saurian Egg."; the discarding is :class:`engine.library.zones.
DiscardTopOfDeck`).

"This way" names every card the effect discarded that fits: each of them comes into play, and each
gets what the text gives (the Saurian Egg FAQ: both twins, three counters each). They are put into
play, not played (no bonus icons, no "Play:"); both halves of a gigantic creature discarded
together come into play as that creature, a lone half cannot (the glossary "Gigantic").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.mechanics.gigantic import join_group
from engine.rules.targets import Filter


@dataclass
class PutDiscardedIntoPlay(Effect):
    """ "If you discard any <kind> this way, put them into play [ready], give them N +1 power
    counters, and <then>": every card of ``ref`` that ``where`` admits and is still in the discard
    pile comes into play under the controller's control; ``then`` resolves if any was discarded
    (even one that could not come into play)."""

    where: Filter
    ref: str = "discarded"
    ready: bool = False
    power_counters: int = 0
    then: list = field(default_factory=list)

    def resolve(self, ctx: Context) -> bool:
        found = [c for c in ctx.chosen.get(self.ref, []) if c.zone == "discard" and self.where(ctx, c)]
        if not found:
            ctx.log(f"{ctx.source.name}: nothing of the kind was discarded this way")
            return False
        entered = []
        for card in join_group(ctx.eng, found):
            ctx.eng.put_into_play(card, ctx.controller)
            if not card.in_play:
                continue
            entered.append(card)
            if self.ready:
                card.exhausted = False
            if self.power_counters:
                card.power_counters += self.power_counters
            ctx.log(
                f"{card.label} comes into play{' ready' if self.ready else ''}"
                + (f" with {self.power_counters} +1 power counters" if self.power_counters else "")
            )
        ctx.chosen["it"] = entered
        resolve_all(self.then, ctx)
        return bool(entered)
