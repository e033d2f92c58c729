"""Upgrades in play moved from one creature to another ("move an upgrade in play to another
creature"): the move is an attachment (rule "Upgrades"), made by :meth:`engine.rules.game.Engine.attach`,
which "after ... is attached" reactions see; the upgrade's controller does not change. Also a card
that is an upgrade only in play (engine.rules.mechanics.played_as_upgrade) becoming one ("attach
Came Back Wrong to it as an upgrade with the text ...") or leaving that form for its creature card
("put Pupgrade on the right flank of your battleline as a creature").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.mechanics.played_as_upgrade import upgrade_form


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


@dataclass
class UpgradeToFlankAsCreature(Effect):
    """ "Put <this upgrade> on the right flank of your battleline as a creature, ready" (a creature
    card played as an upgrade: engine.rules.mechanics.played_as_upgrade): it comes off its creature,
    is its creature card again, and stays in play in that battleline (it does not leave play nor
    enter it). "Your" is the controller of the ability: of a gained ability, the creature's."""

    on: str = "giver"
    flank: str = "right"
    ready: bool = True

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or card.zone != "upgrade" or card.data.type != "creature":
            return False  # not in play as an upgrade, or its printed card is no creature
        g = ctx.game
        g.take(card)  # off its creature
        card.attached_to, card.copy_of = None, None
        line = g.players[ctx.controller].creatures
        line.insert(0 if self.flank == "left" else len(line), card)
        card.zone, card.controller, card.placed_in_battleline = "battleline", ctx.controller, True
        card.exhausted = not self.ready
        ctx.log(f"{card.label} is put on the {self.flank} flank of {ctx.controller}'s battleline as a creature")
        return True


@dataclass
class AttachSelfAsUpgrade(Effect):
    """ "Attach <this card> to <it> as an upgrade with the text "..."" (an action card resolving):
    it takes the upgrade form its text gives (engine.rules.mechanics.played_as_upgrade) and enters
    play attached to the card in play ``to`` names (a creature, or an artifact where "it" may be one:
    Poltergeistoids, Spontaneous Awakening), under the ability's controller; leaving play it is the action card again. With
    nothing in play there it stays an action card, put into the discard pile as it finishes resolving."""

    to: str = "it"

    def resolve(self, ctx: Context) -> bool:
        card, host = ctx.source, ctx.ref(self.to)
        if host is None or host.zone not in ("battleline", "artifacts") or card.zone != "resolving":
            return False
        form = upgrade_form(card.data, ctx.eng.rules.card_text(card.name, card.data.text))
        if form is None:
            return False
        ctx.game.take(card)
        card.copy_of, card.zone, card.controller = form, "upgrade", ctx.controller
        ctx.eng.attach(card, host, ctx.controller)
        ctx.eng.check_state()  # its constant abilities apply at once
        return True
