"""Cards put under a card in play and what is done with them there: "Put the top card of your deck
faceup under Cauldron", "if there are 3 or more cards under Cauldron, play them one at a time as if
they were in your hand". A card under another is not in play; the cards under a card go to their
owners' discard piles when it leaves play (engine.rules.damage.leave_play, as the 16.0 glossary
"Graft" says of a grafted card; grafting itself is :mod:`engine.library.grafting`). They are the
card's ``beneath`` list, named by the reference ``"beneath"`` (engine.rules.references). A new
effect on the cards under a card goes here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace as copy

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.mechanics.graft import put_under
from engine.rules.replacements import Replacement
from engine.rules.references import card_label


@template()
@dataclass
class PutUnder(Effect):
    """ "Put <the cards ``on`` names> faceup (facedown) under <this card>": from a deck, a hand, a
    discard pile or play (a card in play leaves play first); nothing when the card they would go
    under is no longer in play."""

    on: str = "it"
    faceup: bool = True
    #: the card they go under: this card ("self"), or the card giving the ability resolving
    #: ("giver": "Destroyed: Place this creature facedown under Replay Pod", a gained ability)
    under: str = "self"

    def resolve(self, ctx: Context) -> bool:
        holder = ctx.source if self.under == "self" else ctx.ref(self.under)
        if holder is None or not holder.in_play:
            ctx.log(f"{holder.name if holder else 'the card'} is not in play: nothing is put under it")
            return False
        done = False
        for card in ctx.refs(self.on):
            if card.zone in ("purged", "beneath", "resolving") or not put_under(ctx.eng, card, holder):
                continue
            card.memory["facedown_under"] = not self.faceup
            shown = card.label if self.faceup else "a card"
            ctx.log(f"{ctx.controller} puts {shown} {'faceup' if self.faceup else 'facedown'} under {holder.label}")
            done = True
        return done


@template()
@dataclass
class NameUnder(Effect):
    """ "<Each creature / a card> under <this card>": the cards under it of type ``kind`` ("card":
    any), each of them or (``one``) one the controller chooses."""

    name: str
    kind: str = "card"
    one: bool = False

    def resolve(self, ctx: Context) -> bool:
        found = [c for c in ctx.source.beneath if self.kind == "card" or c.type == self.kind]
        if self.one and len(found) > 1:
            found = [ctx.eng.chooser.choose(f"{ctx.source.name}: which card under it", found, label=card_label(found))]
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@template(kind="condition")
def cards_under_at_least(n: int, exactly: bool = False):
    """ "If there are N (or more) cards under <this card>"."""

    def condition(ctx: Context) -> bool:
        under = len(ctx.source.beneath)
        return under == n if exactly else under >= n

    return condition


@template(kind="count", value=True)
def cards_under_self(ctx: Context) -> int:
    """ "For each card under <this card>", counted as the effect resolves."""
    return len(ctx.source.beneath)


def faceup_under(holder) -> list:
    """The cards faceup under ``holder`` ("any faceup card under Soul Lock"): all but those an effect
    put there facedown."""
    return [c for c in holder.beneath if not c.memory.get("facedown_under")]


@dataclass
class DiscardedFromHandGoesUnder(Replacement):
    """ "Each time a card would be discarded from a player's hand, reveal the card and put it
    facedown under this creature instead" (an upgrade: "this creature" is its host): either
    player's discard from hand goes under the creature, and is not discarded ("after you discard"
    abilities and "Scrap:" do not see it); the replacement puts the card there itself
    (:meth:`engine.rules.game.Engine.put_away` then moves it no further)."""

    def replaces(self, eng, source, controller, event) -> bool:
        holder = source.attached_to if source.zone == "upgrade" else source
        return (
            event.kind == "zone"
            and event.zone == "discard"
            and event.from_zone == "hand"
            and holder is not None
            and holder.in_play
        )

    def instead(self, eng, source, controller, event):
        holder = source.attached_to if source.zone == "upgrade" else source
        card = event.card
        eng.game.log(
            f"{card.owner} reveals {card.label}: it goes facedown under {holder.label} instead ({source.name})"
        )
        put_under(eng, card, holder)
        card.memory["facedown_under"] = True
        return copy(event, zone="beneath")
