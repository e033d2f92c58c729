"""More one-of-a-kind effects (see :mod:`engine.library.one_of_a_kind`) on decks, hands and archives: looking
at the top cards of a deck, discarding several, refilling a hand as at the end of a turn, putting
a creature into another player's archives, and a few one-off board effects (Quicksand, Rustgnawer,
Cybergiant Rig).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.library.groups import ShuffleIntoDeck
from engine.rules.houses import belongs_to
from engine.rules.references import candidates, card_label
from engine.rules.ability import resolve_all
from engine.rules.replacements import capture
from engine.rules.turn import chain_penalty, HAND_SIZE


@dataclass
class LookAtTopKeepOne(Effect):
    """ "Look at the top N cards of your deck. Add 1 to your hand and discard the others"."""

    n: int = 3

    def resolve(self, ctx: Context) -> bool:
        top = list(ctx.me.zone("deck")[: self.n])
        if not top:
            return False
        keep = ctx.eng.chooser.choose(
            f"{ctx.controller}: which card to add to your hand ({ctx.source.name})", top, label=card_label(top)
        )
        ctx.game.move(keep, "hand")
        for c in top:
            if c is not keep:
                ctx.eng.put_away(c, "discard")
        ctx.log(f"{ctx.controller} adds a card to their hand and discards {len(top) - 1}")
        return True


@dataclass
class EachDiscardsTopAndGainsPerHouse(Effect):
    """ "Each player discards the top N cards of their deck. For each <house> card discarded, its
    owner gains 1"."""

    n: int
    house: str

    def resolve(self, ctx: Context) -> bool:
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            deck = ctx.game.players[player].zone("deck")
            gone = list(deck[: self.n])
            for c in gone:
                ctx.eng.put_away(c, "discard")
            found = sum(1 for c in gone if c.house == self.house)
            ctx.log(f"{player} discards {len(gone)} card(s) from their deck, {found} {self.house.title()}")
            if found:
                ctx.eng.gain(player, found, ctx.source.name)
        return True


@dataclass
class EachDiscardsHandAndRefills(Effect):
    """ "Each player discards their hand, then refills their hand as if it were the end of their
    turn" (up to 6 cards, fewer for their chains, as the draw step does)."""

    def resolve(self, ctx: Context) -> bool:
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            p = ctx.game.players[player]
            for c in list(p.zone("hand")):
                ctx.eng.put_away(c, "discard")
                ctx.eng.emit("discarded", card=c, player=player, house=c.house)
            wanted = max(0, HAND_SIZE - len(p.zone("hand")))
            penalty = min(chain_penalty(p.chains), wanted)
            ctx.eng.draw(player, wanted - penalty)
            if penalty:
                p.chains -= 1
            ctx.log(f"{player} refills their hand ({len(p.zone('hand'))} cards)")
        return True


@dataclass
class ArchiveIntoOpponents(Effect):
    """ "Put <an enemy creature> into your opponent's archives"."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            if c.in_play and ctx.eng.leave_play(c, "archives", to=ctx.opponent_name):
                c.controller = c.owner
                done = True
        return done


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
class HealFullyAndCounterPerDamage(Effect):
    """ "Fully heal <this creature> and give it a +1 power counter for each damage healed"."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            healed = ctx.eng.heal(c, c.damage)
            c.power_counters += healed
            ctx.log(f"{c.label} gets {healed} +1 power counter(s) ({c.power_counters})")
            done = True
        return done


@dataclass
class LosePowerCounter(Effect):
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline" and c.power_counters]
        for c in cards:
            c.power_counters -= 1
            ctx.log(f"{c.label} loses a +1 power counter ({c.power_counters})")
        ctx.eng.check_state()
        return bool(cards)


@dataclass
class NameUpgrade(Effect):
    """Choose an upgrade in play (any creature's), as ``name``."""

    name: str = "upgrade"

    def resolve(self, ctx: Context) -> bool:
        options = [c for c in candidates(ctx, "card in play", "any") if c.zone == "upgrade"]
        ctx.chosen[self.name] = []
        if not options:
            return False
        pick = ctx.eng.chooser.choose(f"{ctx.source.name}: choose an upgrade", options, label=card_label(options))
        ctx.chosen[self.name] = [pick]
        return True


@dataclass
class DealsPowerToNeighbors(Effect):
    """ "<The creature it fights> deals damage equal to its power to each of its neighbors": one
    instance, dealt by that creature."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        dealer = ctx.ref(self.on)
        if dealer is None or dealer.zone != "battleline":
            return False
        power = ctx.eng.power(dealer)
        hit = ctx.game.neighbors(dealer)
        for n in hit:
            ctx.eng.deal_damage(n, power, dealer.label, check=False, dealer=dealer)
        ctx.eng.check_state()
        return bool(hit)


@dataclass
class PurgeArchivedForMoreDamage(Effect):
    """ "You may purge any number of cards from your archives to deal an additional N damage to the
    same creature for each card purged this way" (only while that creature is in play); a card
    that went elsewhere instead was not purged this way."""

    per: int = 2
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        target = ctx.ref(self.on)
        if target is None or target.zone != "battleline" or not ctx.me.zone("archives"):
            return False
        purged = []
        while ctx.me.zone("archives"):
            left = [c for c in ctx.me.zone("archives")]
            done = "done"
            label = card_label(left)
            pick = ctx.eng.chooser.choose(
                f"{ctx.controller}: purge an archived card ({ctx.source.name})",
                [*left, done],
                label=lambda o: o if o == done else label(o),
            )
            if pick == done:
                break
            ctx.eng.put_away(pick, "purged")
            if pick.zone == "purged":  # not one a replacement sent elsewhere (Sample Collection's: to hand)
                purged.append(pick)
        if purged:
            ctx.eng.deal_damage(target, self.per * len(purged), ctx.source.label, dealer=ctx.source)
        return bool(purged)


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
class StunOnFirstReapOfTurn(Effect):
    """ "After an enemy creature reaps, if it is the first time a creature has reaped this turn,
    stun it": this card counts the reaps of the turn it sees (it is in play on the opponent's turn
    from its start, when its ability matters)."""

    def resolve(self, ctx: Context) -> bool:
        turn, seen = ctx.source.memory.get("reaps", (None, 0))
        seen = seen + 1 if turn == ctx.game.turn else 1
        ctx.source.memory["reaps"] = (ctx.game.turn, seen)
        reaper = ctx.event.get("card")
        if seen == 1 and reaper is not None and reaper.controller != ctx.controller and reaper.zone == "battleline":
            reaper.stunned = True
            ctx.log(f"{reaper.label} is stunned ({ctx.source.label}: the first reap this turn)")
            return True
        return False


@dataclass
class DiscardTopAndCapturePerHouse(Effect):
    """ "Discard the top N cards of your deck. For each <house> card discarded this way, a friendly
    creature captures M"."""

    n: int
    house: str
    amount: int

    def resolve(self, ctx: Context) -> bool:
        gone = list(ctx.me.zone("deck")[: self.n])
        for c in gone:
            ctx.eng.put_away(c, "discard")
        for _ in range(sum(1 for c in gone if c.house == self.house)):
            line = ctx.me.creatures
            if not line:
                break
            who = ctx.eng.chooser.choose(
                f"{ctx.source.name}: which friendly creature captures", line, label=card_label(line)
            )
            capture(ctx.eng, who, self.amount, ctx.opponent_name, ctx.source.name)
        return bool(gone)


@dataclass
class PurgeFromEachDiscardOwnersGain(Effect):
    """ "Purge each <kind> from each player's discard pile. For each card purged this way, its owner
    gains 1"."""

    where: object

    def resolve(self, ctx: Context) -> bool:
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            found = [c for c in ctx.game.players[player].zone("discard") if self.where(ctx, c)]
            for c in found:
                ctx.eng.put_away(c, "purged")
            if found:
                ctx.eng.gain(player, len(found), ctx.source.name)
        return True


@dataclass
class ShuffleChosenIntoDeck(ShuffleIntoDeck):
    """ "Shuffle <the chosen cards, from hand, discard pile or play> back into your deck": each goes
    to its owner's deck (a warded creature stays in play), then those decks are shuffled."""

    on: str = "it"
    from_zones: tuple = ("hand", "discard")
