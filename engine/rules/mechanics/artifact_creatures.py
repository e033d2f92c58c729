"""Cards that are put into the battleline and considered creatures there (Auto-Legionary: "Action:
Put Auto-Legionary on a flank of your battleline. While in the battleline, it is considered a
creature with 5 power and belongs to all houses" / 16.0 erratum "... and may be used as if it
belonged to the active house").

Glossary "Battleline": the battleline is the line of creatures a player controls, so a card in it
is a creature (:attr:`engine.core.state.CardInstance.type`); its power is the one its text gives it.
The text works wherever the card is in the battleline, whoever's text it is: a Mimic Gel that
copied Auto-Legionary stands in the battleline and so is a 5-power creature that may be used as
if it belonged to the active house (16.0 Mimic Gel FAQ).

Its house: the printed "belongs to all houses" and the erratum's "may be used as if it belonged to
the active house" are :mod:`engine.rules.houses`' constant abilities, applying to the card itself while
it is in the battleline (:func:`itself_in_battleline`).

An artifact made a creature for a turn (Animator: "Move an artifact to a flank of its controller's
battleline. For the remainder of the turn, it is a creature with 3 power that belongs to the active
house. (It leaves the battleline when it's no longer a creature.)"): :class:`CreatureForTheTurn`
moves it there (still in play, keeping its state) and, as the turn ends, back among its
controller's artifacts, where it is an artifact again and keeps no damage (only creatures have any);
an upgrade on it is discarded (16.0 "Creatures": "If the card to which an upgrade is attached
leaves play or becomes a non-creature, the upgrade is discarded.").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.state import CardInstance, LastingEffect
from engine.rules.as_if_yours import cannot_join
from engine.rules.ability import Context, Effect
from engine.rules.reactions import Reaction
from engine.rules.references import choose_place
from engine.rules.statics import Static


def _in_battleline(source) -> bool:
    return source.zone == "battleline"


def itself_in_battleline(eng, source, controller, card) -> bool:
    """ "While in the battleline, it ...": the card with the ability, while it is there."""
    return card is source and _in_battleline(source)


@dataclass
class ConsideredCreature(Static):
    """ "While in the battleline, it is considered a creature with N power"."""

    power_value: int
    #: the card it is about (a lasting effect's: "it is a creature with 3 power"); None: its own card
    card: CardInstance | None = None

    def power(self, eng, source, controller, creature) -> int:
        card = source if self.card is None else self.card
        if creature is card and _in_battleline(card):
            return self.power_value - card.printed.power
        return 0


@dataclass
class PutOnFlank(Effect):
    """ "Put <this card> on a flank of your battleline": it moves there from wherever it is in play,
    keeping its state (exhausted: it was just used). It does not enter play: it is already in play.
    Only its controller's battleline can take it: a player using it as if it were theirs (Nexus)
    does not control it, so it stays where it is (:func:`engine.rules.as_if_yours.cannot_join`).
    ``anywhere``: "move it anywhere in your battleline" (a flank, or between two creatures)."""

    anywhere: bool = False

    #: "Move <an artifact> to a flank of its controller's battleline": the card this reference names,
    #: into its own controller's battleline
    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        card, g = ctx.ref(self.on), ctx.game
        if card is None or not card.in_play or card.zone == "upgrade":
            return False
        player = ctx.controller if self.on == "self" else card.controller
        why = cannot_join(ctx, card, player)
        if why:
            ctx.log(f"{ctx.source.name}: {why}; nothing happens")
            return False
        line = g.players[player].creatures
        others = [c for c in line if c is not card]
        if self.anywhere:
            where = choose_place(ctx, f"{card.name}: put it where", others)
        else:
            flank = ctx.eng.chooser.choose(
                f"{card.name}: put it on which flank", ["left", "right"] if others else ["right"]
            )
            where = 0 if flank == "left" else len(others)
        g.take(card)
        line.insert(where, card)
        card.zone, card.placed_in_battleline = "battleline", True
        ctx.log(f"{card.label} is put in {player}'s battleline ({', '.join(c.label for c in line)})")
        ctx.eng.check_state()
        return True


@dataclass
class CreatureForTheTurn(Effect):
    """ "For the remainder of the turn, <it> is a creature with N power" for an artifact ``on`` names,
    to be put in its controller's battleline next (:class:`PutOnFlank`; its power applies first, so
    it does not stand there with none): its power for the turn while it is there, and its return
    among the artifacts as the turn ends, if it is still in the battleline."""

    power_value: int
    on: str = "it"
    #: "that belongs to the active house": the house it has for the turn ("active": the active house)
    house: str | None = None

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or not card.in_play:
            return False
        static = ConsideredCreature(self.power_value, card)
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        house = ctx.game.active_house if self.house == "active" else self.house
        change = {"house": house, "while_controller": None} if house else None
        if change is not None:
            card.house_changes.append(change)
        back = Reaction("end_of_turn", [_BackAmongArtifacts(card, change)])
        ctx.game.lasting.append(
            LastingEffect("reaction", ctx.source.name, ctx.controller, {"card": ctx.source, "reaction": back})
        )
        ctx.log(
            f"{card.label} is a creature with {self.power_value} power"
            + (f" that belongs to house {house}" if house else "")
            + " for the remainder of the turn"
        )
        return True


@dataclass
class _BackAmongArtifacts(Effect):
    card: CardInstance
    #: the house it had for the turn, which ends now
    change: dict | None = None

    def resolve(self, ctx: Context) -> bool:
        card, g = self.card, ctx.game
        if self.change in card.house_changes:
            card.house_changes.remove(self.change)
        if card.zone != "battleline":
            return False
        for upgrade in list(card.upgrades):  # "becomes a non-creature, the upgrade is discarded"
            ctx.eng.leave_play(upgrade, "discard")
            g.log(f"{upgrade.label} is discarded: {card.label} is no longer a creature")
        g.move(card, "artifacts", card.controller)
        card.placed_in_battleline = False
        card.damage = 0
        card.stunned = card.enraged = False
        g.log(
            f"{card.label} is no longer a creature: it leaves the battleline, back among {card.controller}'s artifacts"
        )
        ctx.eng.check_state()
        return True
