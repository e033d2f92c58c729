"""What an effect did "this way", for the sentences after it (glossary "This Way": an effect produced
by the same resolution of the same ability): "Gain 2 for each artifact destroyed this way", "Gain 1
for each creature healed this way", "Deal that amount of damage to another creature" (after "Heal
up to 2 damage from a creature"), "If you healed 3 damage, gain 1", "discard cards until you
discard a <card>", "each player gains N for each creature they controlled that was destroyed this
way".

:class:`ThisWay` wraps an effect of the library and records, in the resolution's context, the cards
it did something to (destroyed: it left play; purged: it is in a purged zone; healed: damage was
removed, which is what "healed" means: glossary "Heal") and the amount healed;
:class:`DestroyCounting` destroys and remembers which were destroyed (a warded creature is not: its
ward is discarded instead, the Obsidian Forge FAQ). Counts and conditions read those records. A new
effect whose doings a later sentence reads goes here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.houses import belongs_to
from engine.rules.traits import has_trait


_IN_PLAY = ("battleline", "artifacts", "upgrade")


def _key(verb: str) -> str:
    return f"{verb} this way"


def done_this_way(ctx: Context, verb: str) -> list:
    """The cards the ability ``verb`` ("destroyed", "purged", "healed") this way so far."""
    return ctx.chosen.get(_key(verb), [])


def amount_this_way(ctx: Context, verb: str) -> int:
    """How much the ability did this way ("healed": the damage removed)."""
    return sum(ctx.chosen.get(f"amount {_key(verb)}", []))


def record_this_way(ctx: Context, verb: str, cards: list, amount: int = 0, players: list | None = None) -> None:
    """Record that the ability did ``verb`` to ``cards`` (and ``amount``) this way, for the counts and
    conditions of its later sentences (an effect of another module records what it revealed)."""
    ctx.chosen[_key(verb)] = [*done_this_way(ctx, verb), *cards]
    ctx.chosen[f"amount {_key(verb)}"] = [amount_this_way(ctx, verb) + amount]
    # whose each card was as it was done (its controller before it was destroyed, ...)
    ctx.chosen[f"players {_key(verb)}"] = [*players_this_way(ctx, verb), *(players or [c.owner for c in cards])]


def players_this_way(ctx: Context, verb: str) -> list:
    """For each card done this way, the player it counted for (see :class:`ThisWay`)."""
    return ctx.chosen.get(f"players {_key(verb)}", [])


@dataclass
class ThisWay(Effect):
    """Resolve ``effect`` (which acts on the cards ``on`` names) and record what it did, and for
    whom: a card destroyed, returned to hand, purged, damaged or healed counts for its controller as it was before, a card
    shuffled into a deck for its owner (whose deck it is)."""

    effect: Effect
    on: str
    verb: str

    def resolve(self, ctx: Context) -> bool:
        cards = list(ctx.refs(self.on))
        before = {id(c): (c.zone, c.damage, c.controller) for c in cards}
        ok = self.effect.resolve(ctx)
        done, amount, players = [], 0, []
        for c in cards:
            zone, damage, controller = before[id(c)]
            if self.verb == "destroyed" and zone in _IN_PLAY and c.zone not in _IN_PLAY:
                done.append(c)
                players.append(controller)
                continue
            if self.verb == "shuffled" and zone != "deck" and c.zone == "deck":
                done.append(c)
                players.append(c.owner)
                continue
            if self.verb == "returned" and zone != "hand" and c.zone == "hand":
                done.append(c)  # "for each card returned this way": returned to its owner's hand
                players.append(controller)
                continue
            if self.verb == "purged" and zone != "purged" and c.zone == "purged":
                done.append(c)
                players.append(controller)
            elif self.verb == "damaged" and zone in _IN_PLAY and c.zone in _IN_PLAY and c.damage > damage:
                # "each creature damaged in this way": one still in play that took damage (armor
                # that prevented it all leaves it undamaged)
                done.append(c)
                players.append(controller)
            elif self.verb == "healed" and c.damage < damage:
                done.append(c)
                players.append(controller)
                amount += damage - c.damage
        record_this_way(ctx, self.verb, done, amount, players)
        return ok


@dataclass
class DestroyCounting(Effect):
    """Destroy the cards ``on`` names; those that were destroyed are remembered as ``name``."""

    on: str = "it"
    name: str = "this way"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        gone = ctx.eng.destroy(cards) if cards else []
        ctx.chosen[self.name] = gone
        return bool(cards) and len(gone) == len(cards)


def counted(name: str = "this way") -> Callable[[Context], int]:
    """ "For each card ... this way": how many cards an earlier effect remembered."""

    def count(ctx: Context) -> int:
        return len(ctx.chosen.get(name, []))

    return count


@template()
@dataclass
class HealUpTo(Effect):
    """ "Heal up to N damage from <a creature>": the player chooses how much, from 1 to what it
    can heal (an undamaged creature: nothing to choose, nothing healed); recorded as healed this
    way."""

    amount: int
    on: str

    def resolve(self, ctx: Context) -> bool:
        healed_any = False
        for c in [c for c in ctx.refs(self.on) if c.zone == "battleline"]:
            most = min(self.amount, c.damage)
            n = ctx.eng.chooser.choose(
                f"{ctx.eng.decider(ctx)}: {ctx.source.name}: heal how much damage from {c.label}",
                list(range(most, 0, -1)) or [0],
            )
            healed = ctx.eng.heal(c, n) if n else 0
            record_this_way(ctx, "healed", [c] if healed else [], healed)
            healed_any = healed_any or healed > 0
        return healed_any


def count_this_way(
    verb: str, what: str = "card", house: str | None = None, of_house: bool = True, trait: str | None = None
):
    """ "For each <creature / artifact / card> <verb> this way" ("<house> cards revealed this way";
    ``of_house=False``: "non-<house> cards revealed this way"; ``trait``: "each Mutant creature
    destroyed this way", the trait the card has where it is now)."""

    def count(ctx: Context) -> int:
        return sum(
            1
            for c in done_this_way(ctx, verb)
            if (what == "card" or c.type == what)
            and (house is None or belongs_to(ctx.eng, c, house) == of_house)
            and (trait is None or has_trait(ctx.eng, c, trait))
        )

    return count


@template("amount_this_way", kind="count")
def that_amount(verb: str):
    """ "That amount": how much the ability ``verb`` this way ("for each A moved", "for each A lost
    this way": the Æmber moved or lost by the sentence before)."""

    def amount(ctx: Context) -> int:
        return amount_this_way(ctx, verb)

    return amount


@template("amount_this_way", kind="condition")
def amount_at_least(verb: str, n: int, exactly: bool = False):
    """ "If you healed N (or more) damage (this way)"."""

    def condition(ctx: Context) -> bool:
        got = amount_this_way(ctx, verb)
        return got == n if exactly else got >= n

    return condition


def did_this_way(verb: str, test):
    """ "If you <verb> <a card the test admits> this way"."""

    def condition(ctx: Context) -> bool:
        return any(test(ctx.eng, ctx.source, ctx.controller, c) for c in done_this_way(ctx, verb))

    return condition


@dataclass
class DiscardUntil(Effect):
    """ "Discard cards from the top of your deck until you discard <a card ``test`` admits> or run
    out of cards": one at a time; the card that stopped it is named ``name`` (and "it"); every card
    discarded is recorded as discarded this way. ``deck_of``: "... from the top of its controller's
    deck" after "purge a creature": the deck of the player the card done this way (``deck_of``, the
    verb) counted for, its controller as it was before it left play; ``whose="opponent"``: the
    opponent's deck."""

    test: object  # (eng, source, controller, card) -> bool
    name: str
    deck_of: str = ""
    #: "Repeat the preceding effect on your opponent": "opponent", their deck
    whose: str = "self"

    def resolve(self, ctx: Context) -> bool:
        mine = ctx.controller if self.whose == "self" else ctx.opponent_name
        whose = players_this_way(ctx, self.deck_of)[-1:] if self.deck_of else [mine]
        if not whose:
            return False
        deck = ctx.game.players[whose[0]].zone("deck")
        discarded, found = [], None
        while deck:
            card = deck[0]
            ctx.game.move(card, "discard", card.owner)
            discarded.append(card)
            if self.test(ctx.eng, ctx.source, ctx.controller, card):
                found = card
                break
        ctx.log(
            f"{ctx.controller} discards {', '.join(c.label for c in discarded) or 'nothing'} from the top "
            f"of {whose[0]}'s deck" + ("" if found else " (no card stopped it)")
        )
        record_this_way(ctx, "discarded", discarded)
        ctx.chosen[self.name] = ctx.chosen["it"] = [found] if found else []
        return found is not None


@template()
@dataclass
class EachPlayerGainsPer(Effect):
    """ "Each player gains N for each creature they controlled that was destroyed this way" /
    "... shuffled into their deck this way": per player, N times their cards done this way.
    ``draws``: "each player draws a card for each creature they controlled that was destroyed this
    way" (cards drawn instead of Æmber gained, the active player first). ``halved``: "gains A equal
    to half the number of creatures they controlled that were destroyed this way (rounded up)"."""

    amount: int
    verb: str
    #: "for each card purged this way, its owner gains N": by owner, not by controller
    by_owner: bool = False
    draws: bool = False
    halved: bool = False

    def resolve(self, ctx: Context) -> bool:
        players = (
            [c.owner for c in done_this_way(ctx, self.verb)] if self.by_owner else players_this_way(ctx, self.verb)
        )
        for player in (ctx.game.active, ctx.game.other(ctx.game.active)):
            n = players.count(player)
            n = -(-n // 2) if self.halved else n  # half, rounded up
            if n and self.draws:
                ctx.eng.draw(player, self.amount * n)
                ctx.log(f"{player} draws {self.amount * n} card(s) from {ctx.source.name}")
            elif n:
                ctx.eng.gain(player, self.amount * n, ctx.source.name)
        return True


@dataclass
class RevealUntil(Effect):
    """ "Reveal cards from the top of your deck until you reveal <a card ``test`` admits> or choose
    to stop": one at a time, each staying on the deck where it is; after each card that does not
    stop it, the player may stop. The card that stopped it is named ``name`` (and "it"); every card
    revealed is recorded as revealed this way."""

    test: object  # (eng, source, controller, card) -> bool
    name: str

    def resolve(self, ctx: Context) -> bool:
        deck = ctx.me.zone("deck")
        revealed, found = [], None
        for card in list(deck):
            revealed.append(card)
            ctx.log(f"{ctx.controller} reveals {card.label} from their deck ({ctx.source.name})")
            if self.test(ctx.eng, ctx.source, ctx.controller, card):
                found = card
                break
            if (
                card is not deck[-1]
                and ctx.eng.chooser.choose(f"{ctx.controller}: {ctx.source.name}: reveal another card?", ["yes", "no"])
                == "no"
            ):
                break
        record_this_way(ctx, "revealed", revealed)
        ctx.chosen[self.name] = ctx.chosen["it"] = [found] if found else []
        return found is not None
