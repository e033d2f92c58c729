"""More one-of-a-kind effects (see :mod:`engine.library.one_of_a_kind`), mostly from Age of Ascension: Æmber
and chains for another player, counts over the board (houses, traits, lowest and highest power),
positions in a battleline ("to the right of"), and constant abilities about fights and forging.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.ability import Context, Effect, player_ref
from engine.rules.next_turns import until_next_turn_of
from engine.core.state import LastingEffect
from engine.rules.statics import Static
from engine.rules.references import card_label
from engine.rules.ability import resolve_all
from engine.rules.houses import belongs_to
from engine.rules.houses import houses_of
from engine.rules.replacements import add_to_pool

# ------------------------------------------------------------------------------ Æmber and chains


@dataclass
class GainChainsFor(Effect):
    """ "<Your opponent> gains N chains"."""

    amount: int
    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = player_ref(ctx, self.who)
        pool = ctx.game.players[player]
        pool.chains += self.amount
        ctx.log(f"{ctx.source.name}: {player} gains {self.amount} chain(s) ({pool.chains})")
        return True


@dataclass
class EachPlayerDoublesPool(Effect):
    """ "Each player gains Æmber equal to the Æmber in their pool"."""

    def resolve(self, ctx: Context) -> bool:
        for name in (ctx.game.active, ctx.game.other(ctx.game.active)):
            amount = ctx.game.players[name].amber
            if amount:
                ctx.eng.gain(name, amount, ctx.source.name)
        return True


@dataclass
class LoseAllAndDrawPer(Effect):
    """ "Lose all of your Æmber. Draw N cards for each Æmber lost"."""

    per: int = 2

    def resolve(self, ctx: Context) -> bool:
        lost, ctx.me.amber = ctx.me.amber, 0
        ctx.log(f"{ctx.source.name}: {ctx.controller} loses {lost} Æmber")
        if lost:
            ctx.eng.draw(ctx.controller, lost * self.per)
        return lost > 0


@dataclass
class DiscardAmberFromSelf(Effect):
    """ "Discard N Æmber from <this creature>": back to the common supply."""

    amount: int = 1

    def resolve(self, ctx: Context) -> bool:
        gone = min(self.amount, ctx.source.amber)
        ctx.source.amber -= gone
        ctx.log(f"{ctx.source.label} discards {gone} Æmber ({ctx.source.amber} on it)")
        return gone == self.amount


@dataclass
class GiveControlToOpponentThenPaid(Effect):
    """ "Give control of <it> to your opponent. If you do, they must give you N Æmber": the
    opponent pays what they can; fully resolved when control changed."""

    pay: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for c in cards:
            ctx.eng.take_control(c, ctx.opponent_name)
        if not cards or any(c.controller != ctx.opponent_name for c in cards):
            return False

        paid = min(self.pay, ctx.opponent.amber)
        ctx.opponent.amber -= paid
        add_to_pool(ctx.eng, ctx.controller, paid, f"given by {ctx.opponent_name}")
        return True


# ------------------------------------------------------------------------------ counting the board


def houses_among(eng, cards) -> set[str]:
    """The houses represented among ``cards`` (a card of all houses represents them all)."""
    return {h for c in cards for h in houses_of(eng, c)}


def creatures_from_houses(n: int, who: str = "self") -> Callable[[Context], bool]:
    """ "If <you> control creatures from N different houses"."""

    def condition(ctx: Context) -> bool:
        pool = ctx.me if who == "self" else ctx.opponent
        return len(houses_among(ctx.eng, pool.creatures)) >= n

    return condition


@dataclass
class GainPerHouseInPlay(Effect):
    """ "Gain 1 Æmber (to a maximum of N) for each house represented among cards in play, except
    for <house>"."""

    maximum: int
    except_house: str

    def resolve(self, ctx: Context) -> bool:
        houses = houses_among(ctx.eng, ctx.game.in_play()) - {self.except_house}
        n = min(self.maximum, len(houses))
        if n:
            ctx.eng.gain(ctx.controller, n, ctx.source.name)
        return n > 0


@dataclass
class NameLowestAndHighest(Effect):
    """ "Each creature with the lowest power and each creature with the highest power", as ``name``."""

    name: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creatures = ctx.game.creatures()
        powers = [ctx.eng.power(c) for c in creatures]
        found = [c for c, p in zip(creatures, powers) if p in (min(powers), max(powers))] if creatures else []
        ctx.chosen[self.name] = ctx.chosen["it"] = found
        return bool(found)


@dataclass
class ForEachTraitDamageAndGain(Effect):
    """ "For each trait that creature has, deal it N damage and gain 1 Æmber": one instance of
    damage per trait, while the creature is in play; 1 Æmber per trait."""

    amount: int = 2
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        creature = ctx.ref(self.on)
        if creature is None:
            return False
        traits = len(creature.printed.traits)
        for _ in range(traits):
            if creature.zone == "battleline":
                ctx.eng.deal_damage(creature, self.amount, ctx.source.label, dealer=ctx.source)
        if traits:
            ctx.eng.gain(ctx.controller, traits, ctx.source.name)
        return traits > 0


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


# ------------------------------------------------------------------------------ positions


def beside(side: str) -> Callable:
    """A static's "creatures to the <right / left> of <this creature> in the battleline"."""

    def applies(eng, source, controller, creature) -> bool:
        line = eng.game.players[source.controller].creatures
        if source not in line or creature not in line:
            return False
        i, j = line.index(source), line.index(creature)
        return j > i if side == "right" else j < i

    return applies


@dataclass
class SwapTwoInABattleline(Effect):
    """ "Swap the positions of two creatures in a battleline": a battleline with two or more
    creatures (the controller chooses whose), then two of its creatures."""

    def resolve(self, ctx: Context) -> bool:
        lines = [p for p in (ctx.controller, ctx.opponent_name) if len(ctx.game.players[p].creatures) >= 2]
        if not lines:
            ctx.log(f"{ctx.source.name}: no battleline has two creatures")
            return False
        whose = ctx.eng.chooser.choose(f"{ctx.source.name}: swap creatures in whose battleline", lines)
        line = ctx.game.players[whose].creatures
        first = ctx.eng.chooser.choose(f"{ctx.source.name}: first creature", list(line), label=card_label(line))
        rest = [c for c in line if c is not first]
        second = ctx.eng.chooser.choose(f"{ctx.source.name}: second creature", rest, label=card_label(rest))
        i, j = line.index(first), line.index(second)
        line[i], line[j] = second, first
        ctx.log(f"{first.label} and {second.label} swap places ({', '.join(c.label for c in line)})")
        return True


# ------------------------------------------------------------------------------ constant abilities


@dataclass
class DealsNoDamageWhenAttacked(Static):
    """ "<This creature> deals no damage when attacked"."""

    def fight_damage(self, eng, source, controller, attacker, defender, amount) -> int:
        return 0 if attacker is source and eng.game.attacking is not source else amount


@dataclass
class FlankOnlyAttackers(Static):
    """ "Creatures not on a flank cannot fight this creature" (an upgrade: the creature it is on)."""

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if source.attached_to is target and not eng.is_flank(attacker):
            return f"{attacker.label} is not on a flank: it cannot fight {target.label} ({source.name})"
        return None


@dataclass
class KeysCostUnlessHouses(Static):
    """ "While your opponent does not control creatures from N different houses, their keys cost +X"."""

    amount: int
    houses: int = 3

    def key_cost(self, eng, source, controller, player) -> int:
        if player == controller:
            return 0
        return self.amount if len(houses_among(eng, eng.game.players[player].creatures)) < self.houses else 0


@dataclass
class UntilYourNextTurn(Effect):
    """ "<effect> until the start of your next turn": a lasting static through the opponent's next
    turn."""

    static: object

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": self.static, "card": ctx.source, **until_next_turn_of(ctx.controller)},
            )
        )
        ctx.log(f"{ctx.source.name}: a lasting effect until {ctx.controller}'s next turn")
        return True


@dataclass
class RepeatFor(Effect):
    """ "For each one <counted>, <effects>": the effects once per count (its choices made anew)."""

    count: Callable[[Context], int]
    effects: list

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        for _ in range(n):
            resolve_all(self.effects, ctx)
            if ctx.game.winner:
                break
        return n > 0


@dataclass
class Redistribute(Effect):
    """ "Redistribute the <Æmber / damage> on <side> creatures among <side> creatures": the total
    stays; the active player sets each creature's share in battleline order (the last takes the
    rest). ``side`` "chosen player": a player chosen first ("Choose a player"); ``optional``:
    "you may redistribute"."""

    attr: str = "amber"
    side: str = "friendly"
    optional: bool = False

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        if self.side == "chosen player":
            whose = ctx.eng.chooser.choose(f"{ctx.source.name}: choose a player", [g.active, g.other(g.active)])
            line = list(g.players[whose].creatures)
        else:
            line = list(ctx.me.creatures if self.side == "friendly" else ctx.opponent.creatures)
        total = sum(getattr(c, self.attr) for c in line)
        if len(line) < 2 or not total:
            ctx.log(f"{ctx.source.name}: nothing to redistribute")
            return False
        if self.optional and not ctx.eng.chooser.may(f"{ctx.eng.decider(ctx)}: redistribute the {self.attr}?"):
            return False
        left = total
        for i, c in enumerate(line):
            share = (
                left
                if i == len(line) - 1
                else ctx.eng.chooser.choose(
                    f"{ctx.source.name}: how much {self.attr} on {c.label} ({left} left)", list(range(left + 1))
                )
            )
            setattr(c, self.attr, share)
            left -= share
        ctx.log(
            f"{ctx.source.name}: {self.attr} redistributed: "
            + ", ".join(f"{c.label} {getattr(c, self.attr)}" for c in line)
        )
        if self.attr == "damage":
            ctx.eng.check_state()
        return True


@dataclass
class PlayOpponentsCard(Effect):
    """ "Play <a random card in your opponent's archives / the top card of your opponent's deck>
    as if it were yours": played from there by the active player (a card that cannot be played
    stays where it is)."""

    where: str = "deck"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.opponent.zone(self.where)
        if not cards:
            return False
        card = ctx.game.rng.choice(cards) if self.where == "archives" else cards[0]
        ctx.log(
            f"{ctx.source.name}: {card.label} from {ctx.opponent_name}'s {self.where} is played as if it were "
            f"{ctx.controller}'s"
        )
        return ctx.eng.play_from(card, f"{ctx.opponent_name}'s {self.where}")
