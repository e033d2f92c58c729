"""Upgrades in play moved from one creature to another ("move an upgrade in play to another
creature"): the move is an attachment (rule "Upgrades"), made by :meth:`engine.rules.game.Engine.attach`,
which "after ... is attached" reactions see; the upgrade's controller does not change.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def not_host_of(ref: str):
    """A filter: a creature other than the one the upgrade ``ref`` names is attached to."""

    def where(ctx: Context, card) -> bool:
        upgrade = ctx.ref(ref)
        return upgrade is None or upgrade.attached_to is not card

    return where
