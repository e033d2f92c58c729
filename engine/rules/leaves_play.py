"""Effects set up by an ability that wait for a card to leave play: "Play: ... If <this creature>
leaves play, <effect>" (Magda the Rat's 16.0 erratum). Unlike a "Leaves Play:" ability, which
the card has whenever it is in play, this one exists only if the ability that creates it resolved
(a creature put into play without being played never sets it up), and it belongs to the player
who resolved that ability. The engine emits ``"left_play"`` {card, controller} after a card in
play has gone to another zone (glossary "Leaves Play").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.reactions import Reaction
from engine.core.state import LastingEffect

#: a lasting effect with no end of its own (it ends when it resolves): the end-of-turn clean-up
#: keeps an effect whose "through_turn" is later than the current turn
FOREVER = 10**9


@template()
@dataclass
class IfThisLeavesPlay(Effect):
    """ "If <this card> leaves play, <ability>" ("when SELF leaves play, ..."): a one-shot lasting reaction of this ability's
    controller to the card leaving play, however it leaves and whoever controls it then."""

    ability: list

    def resolve(self, ctx: Context) -> bool:
        card = ctx.source
        if not card.in_play:
            return False
        effect = LastingEffect("reaction", card.name, ctx.controller, {"card": card, "through_turn": FOREVER})

        def when(c: Context) -> bool:
            return c.event.get("card") is card and effect in c.game.lasting

        def ended(c: Context) -> bool:
            if effect in c.game.lasting:
                c.game.lasting.remove(effect)
            return True

        effect.params["reaction"] = Reaction("left_play", [_Then(ended), *self.ability], when=when)
        ctx.game.lasting.append(effect)
        ctx.log(f"{card.label}: an effect waits for it to leave play")
        return True


@dataclass
class _Then(Effect):
    run: object

    def resolve(self, ctx: Context) -> bool:
        return self.run(ctx)


@dataclass
class OpponentSteals(Effect):
    """ "Your opponent steals N Æmber"."""

    amount: int

    def resolve(self, ctx: Context) -> bool:
        return ctx.eng.steal(ctx.opponent_name, self.amount, ctx.source.name) == self.amount


@dataclass
class IntoItsPlaceAfterItLeaves(Effect):
    """ "After <this creature> leaves play, put that creature into play in <its> position in the
    battleline": the creature ``on`` names (a creature card: "if it is a creature") is put into play
    under this ability's controller once this card has left play, where this card was: to the right
    of the creatures that were on its left and are still there (a one-shot :class:`IfThisLeavesPlay`)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        source = ctx.source
        cards = [c for c in ctx.refs(self.on) if c.printed.type == "creature" and not c.in_play]
        if not cards or source.zone != "battleline":
            return False
        line = ctx.game.players[source.controller].creatures
        on_its_left = line[: line.index(source)]
        return IfThisLeavesPlay([_PutInPlace(cards, on_its_left)]).resolve(ctx)


@dataclass
class _PutInPlace(Effect):
    cards: list
    on_its_left: list

    def resolve(self, ctx: Context) -> bool:
        line = ctx.game.players[ctx.controller].creatures
        for card in [c for c in self.cards if not c.in_play]:
            where = sum(1 for c in self.on_its_left if c in line)
            if where < len(line):
                card.memory["enters_left_of"] = line[where]
            else:
                card.memory["enters_on_flank"] = "right"
            ctx.eng.put_into_play(card, ctx.controller)
        return all(c.in_play for c in self.cards)
