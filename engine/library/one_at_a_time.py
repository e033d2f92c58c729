"""Effects repeated for each card of a group, "one at a time" (Ghosthawk: "You may reap with each
neighboring creature, one at a time").

The group is the cards the reference names when the effect starts; the active player chooses
which card goes next (a single one left goes without asking), and a card no longer in play when
its turn comes is skipped. Each card in turn is named ``name`` for the effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.references import card_label


@dataclass
class OneAtATime(Effect):
    on: str
    effects: list = field(default_factory=list)
    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        pending = list(ctx.refs(self.on))
        done = False
        while pending:
            nxt = (
                pending[0]
                if len(pending) == 1
                else ctx.eng.chooser.choose(
                    f"{ctx.game.active}: {ctx.source.name}: which card next (one at a time)",
                    pending,
                    label=card_label(pending),
                )
            )
            pending.remove(nxt)
            if not nxt.in_play:
                continue
            ctx.chosen[self.name] = [nxt]
            done = resolve_all(self.effects, ctx) or done
        return done
