"""Destroying cards: "destroy <it>", "sacrifice <it>", destroy whose success "if you do" reads,
and the destructions chosen by comparison ("destroy a creature with lower power for each ...",
"destroy each creature with power equal to that number", "destroy the most powerful creature of
each player who ..."), with what follows from the destroyed card ("if that artifact had an Æmber
bonus, gain that much").

Destruction is the general rules' (:meth:`engine.rules.game.Engine.destroy`: a ward is discarded
instead, "Destroyed:" abilities, leaving play). Destroying while remembering what was destroyed
"this way" is :mod:`engine.library.this_way`. A new effect that destroys goes here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect, resolve_all
from engine.rules.hooks import PurgedWhile
from engine.rules.houses import belongs_to
from engine.rules.references import card_label


@dataclass
class Destroy(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if cards:
            ctx.eng.destroy(cards)
        return bool(cards)


def Sacrifice(on: str = "self") -> Destroy:
    """ "Sacrifice X": destroy X (it is yours)."""
    return Destroy(on)


@template("Destroy", this_way="destroyed")
@dataclass
class DestroyIfYouDo(Effect):
    """ "Destroy <cards>" whose success a following "If you do" looks at: fully resolved when the
    cards were destroyed, not when a ward (or another effect) kept them in play (glossary
    "Destroyed": a card tagged for destruction that an effect moves elsewhere still counts)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if not cards:
            return False
        ctx.eng.destroy(cards)
        return all(not c.in_play for c in cards)


@dataclass
class DestroyLowerForEach(Effect):
    """ "For each friendly <kind> creature you control, destroy a non-<kind> creature with lower
    power": one destruction per friendly creature (counted as the ability resolves), each chosen
    among the creatures weaker than that one."""

    house: str

    def resolve(self, ctx: Context) -> bool:
        done = False

        for mine in [c for c in ctx.me.creatures if belongs_to(ctx.eng, c, self.house)]:
            if mine.zone != "battleline":
                continue
            power = ctx.eng.power(mine)
            options = [
                c for c in ctx.game.creatures() if not belongs_to(ctx.eng, c, self.house) and ctx.eng.power(c) < power
            ]
            if not options:
                ctx.log(f"{ctx.source.name}: no non-{self.house} creature weaker than {mine.label}")
                continue
            victim = ctx.eng.chooser.choose(
                f"{ctx.source.name}: destroy a creature weaker than {mine.label}", options, label=card_label(options)
            )
            ctx.eng.destroy([victim])
            done = True
        return done


@dataclass
class DestroyEachWithChosenPower(Effect):
    """ "Choose a number. Destroy each creature with power equal to that number": the numbers worth
    naming are the powers of the creatures in play (any other number destroys nothing, so it is
    offered as "another number")."""

    def resolve(self, ctx: Context) -> bool:
        powers = sorted({ctx.eng.power(c) for c in ctx.game.creatures()})
        if not powers:
            ctx.log(f"{ctx.source.name}: no creature in play")
            return False
        other = "another number"
        n = ctx.eng.chooser.choose(
            f"{ctx.game.active}: choose a number ({ctx.source.name})", [*powers, other], label=str
        )
        if n == other:
            ctx.log(f"{ctx.source.name}: no creature has the chosen power")
            return False
        doomed = [c for c in ctx.game.creatures() if ctx.eng.power(c) == n]
        ctx.eng.destroy(doomed)
        return True


@dataclass
class DestroyAllButOnePerPower(Effect):
    """ "Choose a creature of each power value. Destroy each creature not chosen.": for each power
    some creature in play has, one creature of that power is chosen (asked only where several share
    it); every other creature is destroyed, together."""

    def resolve(self, ctx: Context) -> bool:
        creatures = ctx.game.creatures()
        kept = []
        for power in sorted({ctx.eng.power(c) for c in creatures}):
            tied = [c for c in creatures if ctx.eng.power(c) == power]
            kept.append(
                tied[0]
                if len(tied) == 1
                else ctx.eng.chooser.choose(
                    f"{ctx.eng.decider(ctx)}: {ctx.source.name}: choose the creature of power {power}",
                    tied,
                    label=card_label(tied),
                )
            )
        ctx.log(f"{ctx.source.name}: chosen {', '.join(c.label for c in kept) or 'none'}")
        doomed = [c for c in creatures if c not in kept]
        if doomed:
            ctx.eng.destroy(doomed)
        return bool(doomed)


@dataclass
class DestroyMostPowerfulOfPlayersWithout(Effect):
    """ "Destroy the most powerful creature controlled by each player who does not control a ready
    <house> creature": those creatures are destroyed together (ties: the active player chooses)."""

    house: str

    def resolve(self, ctx: Context) -> bool:
        doomed = []
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            line = ctx.game.players[player].creatures
            if not line or any(belongs_to(ctx.eng, c, self.house) and not c.exhausted for c in line):
                continue
            top = max(ctx.eng.power(c) for c in line)
            tied = [c for c in line if ctx.eng.power(c) == top]
            doomed.append(
                ctx.eng.chooser.choose(
                    f"{ctx.source.name}: {player}'s most powerful creature ({top})", tied, label=card_label(tied)
                )
            )
        if doomed:
            ctx.eng.destroy(doomed)
        return bool(doomed)


@dataclass
class DestroyAndGainItsBonus(Effect):
    """ "Destroy <an artifact>. If that artifact had an Æmber bonus, you gain that much Æmber"."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        if not cards:
            return False
        bonus = sum(c.printed.amber + c.enhancements.count("amber") for c in cards)  # printed and enhanced
        ctx.eng.destroy(cards)
        if bonus:
            ctx.eng.gain(ctx.controller, bonus, ctx.source.name)
        return True


@dataclass
class SacrificeTotalPower(Effect):
    """ "You may sacrifice any number of creatures with total power of N or more. If you do, <then>":
    offered when the friendly creatures together reach N; the player picks creatures until they do."""

    total: int
    then: list

    def resolve(self, ctx: Context) -> bool:
        line = list(ctx.me.creatures)
        if sum(ctx.eng.power(c) for c in line) < self.total:
            ctx.log(f"{ctx.source.name}: {ctx.controller}'s creatures do not reach {self.total} power")
            return False
        question = f"{ctx.eng.decider(ctx)}: sacrifice creatures with total power {self.total} or more?"
        if not ctx.eng.chooser.may(question):
            return False
        picked: list = []
        while sum(ctx.eng.power(c) for c in picked) < self.total:
            left = [c for c in line if c not in picked]
            picked.append(
                ctx.eng.chooser.choose(
                    f"{ctx.source.name}: sacrifice a creature "
                    f"({sum(ctx.eng.power(c) for c in picked)} of {self.total})",
                    left,
                    label=card_label(left),
                )
            )
        ctx.eng.destroy(picked)
        return resolve_all(self.then, ctx)


@dataclass
class DestroysWhile(PurgedWhile):
    """ "If <condition>, destroy <this card> and destroy each creature", "If <condition>, destroy
    each artifact": a constant ability checked with the state, as "if <condition>, purge <this
    card>" is (engine.rules.hooks); the cards it names (``itself``, each card in play of the types
    ``kinds``) are destroyed together."""

    itself: bool = False
    kinds: tuple[str, ...] = ()

    def carry_out(self, eng, source, controller) -> None:
        doomed = [source] if self.itself else []
        doomed += [c for c in eng.game.in_play() if c.type in self.kinds and c.zone in ("battleline", "artifacts")]
        eng.game.log(f"{source.label}: its condition holds: " + ", ".join(c.label for c in doomed) + " destroyed")
        eng.destroy(doomed)
