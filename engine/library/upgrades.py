"""Upgrades in play moved from one creature to another ("move an upgrade in play to another
creature"): the move is an attachment (rule "Upgrades"), made by :meth:`engine.rules.game.Engine.attach`,
which "after ... is attached" reactions see; the upgrade's controller does not change. And an action
card attached as an upgrade as it resolves ("Attach Poltergeistoids to it as an upgrade with the
text, "..."").
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
        if upgrade.attached_to is host or not ctx.eng.may_attach(upgrade, host, ctx.controller):
            return False
        ctx.eng.attach(upgrade, host, ctx.controller)
        return True


@dataclass
class AttachSelfAsUpgrade(Effect):
    """ "Attach <this card> to it as an upgrade with the text, "<text>"": the action card resolving
    becomes an upgrade with only that text (as a card played as an upgrade does:
    engine.rules.mechanics.played_as_upgrade), attached to the card in play ``on`` names (the card
    says "it": a creature or an artifact), under the ability's controller; leaving play it is the
    action card again. With ``on`` naming nothing in play, it is not attached (and is discarded
    as an action card is)."""

    on: str
    text: str

    def resolve(self, ctx: Context) -> bool:
        card, host = ctx.source, ctx.ref(self.on)
        if card.zone != "resolving" or host is None or host.zone not in ("battleline", "artifacts"):
            return False
        card.copy_of = replace(card.data, type="upgrade", text=self.text, power=0, armor=0)
        card.controller = ctx.controller
        card.zone = "upgrade"
        ctx.eng.attach(card, host, ctx.controller)
        ctx.eng.check_state()  # its constant ability applies at once
        return True


def not_host_of(ref: str):
    """A filter: a creature other than the one the upgrade ``ref`` names is attached to."""

    def where(ctx: Context, card) -> bool:
        upgrade = ctx.ref(ref)
        return upgrade is None or upgrade.attached_to is not card

    return where
