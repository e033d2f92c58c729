"""Upgrades in play moved from one creature to another ("move an upgrade in play to another
creature"): the move is an attachment (rule "Upgrades"), made by :meth:`engine.rules.game.Engine.attach`,
which "after ... is attached" reactions see; the upgrade's controller does not change. And a card
that is no upgrade attached as one by its own text (:class:`AttachSelfAsUpgrade`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.rules.ability import Context, Effect


@dataclass
class MoveUpgrade(Effect):
    """Move the upgrade ``upgrade`` names to the creature ``to`` names (another than the one it is on)."""

    upgrade: str = "upgrade"
    to: str = "it"

    def resolve(self, ctx: Context) -> bool:
        upgrade, host = ctx.ref(self.upgrade), ctx.ref(self.to)
        if upgrade is None or upgrade.zone != "upgrade" or host is None or host.zone != "battleline":
            return False
        if upgrade.attached_to is host:
            return False
        ctx.eng.attach(upgrade, host, ctx.controller)
        return True


def not_host_of(ref: str):
    """A filter: a creature other than the one the upgrade ``ref`` names is attached to."""

    def where(ctx: Context, card) -> bool:
        upgrade = ctx.ref(ref)
        return upgrade is None or upgrade.attached_to is not card

    return where


@dataclass
class AttachSelfAsUpgrade(Effect):
    """ "Attach <this card> to it as an upgrade with the text, "<text>"" (Spontaneous Awakening, an
    action, as it resolves): the card becomes an upgrade with that text alone (its type and text
    replaced while it is in play, dropped as it leaves: :meth:`engine.core.state.CardInstance.reset`,
    as a creature played as an upgrade is) attached to the card ``on`` names in play, a creature or
    an artifact: the text says "it", the card played (16.0 "Upgrades" attaches upgrades to creatures;
    card text over the rulebook, the Golden Rule). It is not put into the discard pile then."""

    text: str
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card, host = ctx.source, ctx.ref(self.on)
        if host is None or host.zone not in ("battleline", "artifacts") or card.zone != "resolving":
            return False
        card.copy_of = replace(card.data, type="upgrade", text=self.text)
        card.controller = ctx.controller
        card.zone = "upgrade"
        ctx.eng.attach(card, host, ctx.controller)
        return True
