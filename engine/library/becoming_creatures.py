"""Cards in play that become creatures ("If there are 6 or more awakening counters on Effigy of
Melerukh, move it to a flank of your battleline as a creature with 100 power and 100 armor. Its text
box is considered blank."; "Take control of this artifact and put it on a flank of your battleline
as a creature with 4 power and versatile."): the card stays in play (it neither leaves nor enters
play, so it keeps its state and what is attached to it) and takes a creature's form: that type, the
power and armor the text gives, its own text or a blank one, its traits. The change has no end the
texts set, so it lasts until the card leaves play (:meth:`engine.core.state.CardInstance.reset`
drops the form). The player whose battleline it joins chooses the flank.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.state import CardInstance, LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.hooks import PurgedWhile
from engine.rules.common_statics import GrantKeyword
from engine.rules.statics import this_card
from engine.rules.references import card_label


def to_flank_as_creature(eng, card: CardInstance, player: str, power: int, armor: int, blank: bool) -> bool:
    """Move ``card`` (in play, not a creature) to a flank of ``player``'s battleline as a creature."""
    if card.zone not in ("artifacts",):
        return False
    g = eng.game
    form = replace(card.printed, type="creature", power=power, armor=armor)
    if blank:
        form = replace(form, text="")
    line = g.players[player].creatures
    flank = eng.chooser.choose(
        f"flank for {card.label} (becoming a creature)", ["left", "right"] if line else ["right"]
    )
    g.take(card)
    line.insert(0 if flank == "left" else len(line), card)
    card.zone, card.controller, card.placed_in_battleline, card.copy_of = "battleline", player, True, form
    g.log(
        f"{card.label} is a creature now, with {power} power and {armor} armor"
        + (" and a blank text box" if blank else "")
        + f", on the {flank} flank of {player}'s battleline ({card_label(line)})"
    )
    return True


@dataclass
class FlankCreatureWhile(PurgedWhile):
    """ "If <condition>, move <this card> to a flank of your battleline as a creature with N power
    and M armor. Its text box is considered blank.": checked with the state, as "if <condition>,
    purge <this card>" is (engine.rules.hooks)."""

    power_value: int = 0
    armor_value: int = 0
    blank: bool = False

    def carry_out(self, eng, source: CardInstance, controller: str) -> None:
        to_flank_as_creature(eng, source, controller, self.power_value, self.armor_value, self.blank)


@dataclass
class HostToFlankAsCreature(Effect):
    """ "Take control of this artifact and put it on a flank of your battleline as a creature with N
    power and <keyword>" (an upgrade attached to an artifact): the artifact it is attached to joins
    the ability's controller's battleline as a creature, its text kept, with the keywords gained
    until it leaves play (the upgrade stays attached to it)."""

    power_value: int
    keywords: tuple[str, ...] = ()

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to
        if host is None or not to_flank_as_creature(ctx.eng, host, ctx.controller, self.power_value, 0, False):
            return False
        for keyword in self.keywords:
            static = GrantKeyword(keyword, this_card(host))
            ctx.game.lasting.append(
                LastingEffect(
                    "static", ctx.source.name, ctx.controller, {"static": static, "card": host}, until_leaves=host
                )
            )
        return True
