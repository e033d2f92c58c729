"""More effects for one-of-a-kind card texts (see :mod:`engine.library.one_of_a_kind`): control that lasts
until a card leaves play, damage armor cannot prevent, armor lost for the turn, Æmber moved from a
card, cards put into play or played from elsewhere, and the discard-and-compare cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.leaves_play import FOREVER
from engine.rules.reactions import Reaction
from engine.core.state import LastingEffect
from engine.rules.statics import ArmorModifier, this_card
from engine.rules.references import candidates, card_label
from engine.rules.text_in_force import KIND as TEXT_KIND, TextChange
from engine.rules.replacements import add_to_pool
from engine.rules.turn import identity_houses

# ------------------------------------------------------------------------------ control


@dataclass
class TakeControlUntilLeaves(Effect):
    """ "Take control of <it> until <this card> leaves play": when the source leaves play (however,
    whoever controls it then), the creature goes back to the player who controlled it before, if
    it is still in play under this ability's controller."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        source, taken = ctx.source, [c for c in ctx.refs(self.on) if c.in_play]
        if not taken or not source.in_play:
            return False
        for card in taken:
            before = card.controller
            ctx.eng.take_control(card, ctx.controller)
            effect = LastingEffect("reaction", source.name, ctx.controller, {"card": source, "through_turn": FOREVER})
            effect.params["reaction"] = Reaction(
                "left_play", [_GiveBack(card, before, effect)], when=_left(source, effect)
            )
            ctx.game.lasting.append(effect)
        return all(c.controller == ctx.controller for c in taken)


def _left(source, effect) -> Callable[[Context], bool]:
    def when(ctx: Context) -> bool:
        return ctx.event.get("card") is source and effect in ctx.game.lasting

    return when


@dataclass
class _GiveBack(Effect):
    card: object
    to: str
    effect: LastingEffect

    def resolve(self, ctx: Context) -> bool:
        if self.effect in ctx.game.lasting:
            ctx.game.lasting.remove(self.effect)
        card = self.card
        if not card.in_play or card.controller != ctx.controller:
            return False
        ctx.log(f"{ctx.source.label} left play: control of {card.label} returns to {self.to}")
        ctx.eng.take_control(card, self.to)
        return True


@dataclass
class OfHouseUnlessYours(Effect):
    """ "While under your control, if it does not belong to one of your three houses, it is
    considered to be of house X": an effect on the card, checked as control is taken."""

    house: str
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        mine = identity_houses(ctx.eng, ctx.controller)
        for card in ctx.refs(self.on):
            if card.in_play and card.controller == ctx.controller and card.house not in mine:
                card.house_changes.append({"house": self.house, "while_controller": ctx.controller})
                ctx.log(f"{card.label} is of house {self.house} while {ctx.controller} controls it")
        return True


# ------------------------------------------------------------------------------ damage and armor


@dataclass
class DealDamageArmorCannotPrevent(Effect):
    """ "Deal N to <cards>. This damage cannot be prevented by armor": the armor is not used (what
    is left of it still prevents later damage this turn)."""

    amount: int
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        hit = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        kept = {c: c.armor_used for c in hit}
        for c in hit:
            c.armor_used = max(c.armor_used, ctx.eng.armor(c))  # no armor left to prevent this damage
            ctx.eng.deal_damage(c, self.amount, ctx.source.label, check=False, dealer=ctx.source)
            c.armor_used = kept[c]
        ctx.eng.check_state()
        return bool(hit)


@dataclass
class LoseArmorForTurnAndTakeDamage(Effect):
    """ "Each <enemy> creature with armor loses all of its armor until the end of the turn and is
    dealt 1 damage for each point of armor it lost this way"."""

    side: str = "enemy"

    def resolve(self, ctx: Context) -> bool:
        lost = {c: ctx.eng.armor(c) for c in candidates(ctx, "creature", self.side) if ctx.eng.armor(c) > 0}
        for c, armor in lost.items():
            ctx.game.lasting.append(
                LastingEffect(
                    "static",
                    ctx.source.name,
                    ctx.controller,
                    {"card": ctx.source, "target": c, "static": ArmorModifier(-armor, this_card(c))},
                )
            )
            ctx.log(f"{c.label} loses its {armor} armor until the end of the turn")
        for c, armor in lost.items():
            ctx.eng.deal_damage(c, armor, ctx.source.label, check=False, dealer=ctx.source)
        ctx.eng.check_state()
        return bool(lost)


# ------------------------------------------------------------------------------ Æmber


@dataclass
class MoveAmberFromYourCard(Effect):
    """ "Move N Æmber from one of your cards to your pool": a card in play you control with Æmber on
    it (the controller chooses which); ``what="creature"``: "from a friendly creature"."""

    amount: int = 1
    what: str = "card"

    def resolve(self, ctx: Context) -> bool:
        cards = [
            c
            for c in ctx.game.in_play()
            if c.controller == ctx.controller and c.amber and (self.what == "card" or c.type == self.what)
        ]
        if not cards:
            ctx.log(f"{ctx.source.name}: no card of {ctx.controller}'s has Æmber on it")
            return False
        card = ctx.eng.chooser.choose(f"{ctx.source.name}: move Æmber from which card", cards, label=card_label(cards))

        moved = min(self.amount, card.amber)
        card.amber -= moved
        add_to_pool(ctx.eng, ctx.controller, moved, f"moved from {card.label}", card=card)
        return moved == self.amount


@dataclass
class GainCounted(Effect):
    """ "Gain 1 Æmber for each <thing counted when the ability resolves>"."""

    count: Callable[[Context], int]

    def resolve(self, ctx: Context) -> bool:
        n = self.count(ctx)
        if n:
            ctx.eng.gain(ctx.controller, n, ctx.source.name)
        return n > 0


# ------------------------------------------------------------------------------ zones


@dataclass
class PurgeFromADiscardPile(Effect):
    """ "Purge up to N cards from a discard pile": one pile (the controller chooses whose, when
    both have cards), then up to N of its cards."""

    count: int = 2

    def resolve(self, ctx: Context) -> bool:
        piles = [p for p in (ctx.controller, ctx.opponent_name) if ctx.game.players[p].zone("discard")]
        if not piles:
            ctx.log(f"{ctx.source.name}: both discard piles are empty")
            return False
        whose = ctx.eng.chooser.choose(f"{ctx.source.name}: purge from whose discard pile", piles)
        picked: list = []
        for n in range(self.count):
            left = [c for c in ctx.game.players[whose].zone("discard") if c not in picked]
            if not left:
                break
            done = "done"
            label = card_label(left)
            choice = ctx.eng.chooser.choose(
                f"{ctx.source.name}: purge a card ({n + 1} of up to {self.count})",
                [*left, done],
                label=lambda o: o if o == done else label(o),
            )
            if choice == done:
                break
            picked.append(choice)
        for c in picked:
            ctx.eng.put_away(c, "purged")
        return bool(picked)


@dataclass
class PlayFromDiscard(Effect):
    """ "Play a creature from your discard pile": the chosen card, played as a card effect tells."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "discard"]
        return bool(cards) and all(ctx.eng.play_from(c, "discard") for c in cards)


@dataclass
class PutIntoPlayFromHand(Effect):
    """ "Put a <creature> from your hand into play": the chosen card, under your control."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "hand"]
        for c in cards:
            ctx.eng.put_into_play(c, ctx.controller)
        return bool(cards) and all(c.in_play for c in cards)


def _discard_top(ctx: Context, player: str):
    deck = ctx.game.players[player].zone("deck")
    if not deck:
        ctx.log(f"{ctx.source.name}: {player}'s deck is empty")
        return None
    card = deck[0]
    ctx.eng.put_away(card, "discard")
    ctx.log(f"{ctx.source.name}: {player} discards {card.label} ({card.house}) from the top of their deck")
    return card


@dataclass
class DiscardTopAndGainPerHouseInHand(Effect):
    """ "Discard the top card of <a player>'s deck and reveal their hand. <The other player> gains 1
    for each card of the discarded card's house revealed this way"; ``who``: whose deck and hand
    ("opponent" or "self"), the other player gains."""

    who: str = "opponent"

    def resolve(self, ctx: Context) -> bool:
        player = ctx.opponent_name if self.who == "opponent" else ctx.controller
        gainer = ctx.game.other(player)
        top = _discard_top(ctx, player)
        hand = ctx.game.players[player].zone("hand")
        ctx.log(f"{player} reveals their hand: {', '.join(c.label for c in hand) or 'no cards'}")
        n = sum(1 for c in hand if top is not None and c.house == top.house)
        if n:
            ctx.eng.gain(gainer, n, ctx.source.name)
        return top is not None


@dataclass
class DiscardTopOfEachAndDestroyOfItsHouse(Effect):
    """ "Discard the top card of each player's deck. For each of those cards, destroy a creature or
    artifact of that card's house, if able. If 2 cards are not destroyed as a result of this,
    destroy <this card>"."""

    def resolve(self, ctx: Context) -> bool:
        tops = [c for c in (_discard_top(ctx, p) for p in (ctx.controller, ctx.opponent_name)) if c is not None]
        destroyed = 0
        for top in tops:
            options = [c for c in ctx.game.in_play() if c.zone in ("battleline", "artifacts") and c.house == top.house]
            if not options:
                ctx.log(f"{ctx.source.name}: no creature or artifact of house {top.house} to destroy")
                continue
            victim = ctx.eng.chooser.choose(
                f"{ctx.source.name}: destroy a {top.house} creature or artifact", options, label=card_label(options)
            )
            ctx.eng.destroy([victim])
            destroyed += not victim.in_play
        if destroyed < 2 and ctx.source.in_play:
            ctx.log(f"{ctx.source.name}: {destroyed} card(s) destroyed, not 2: it destroys itself")
            ctx.eng.destroy([ctx.source])
        return True


# ------------------------------------------------------------------------------ text


class LosesKeywords(TextChange):
    """ "<Each creature / that creature> loses <keywords>": the keywords are gone from the text in
    force of every creature in play, or of the effect's target only when it has one."""

    def __init__(self, keywords: tuple[str, ...]) -> None:
        self.lost = keywords

    def applies(self, eng, effect, card) -> bool:
        target = effect.params.get("target")
        return card.zone == "battleline" and (target is None or target is card)

    def keywords(self, eng, card, current: dict[str, int]) -> dict[str, int]:
        return {k: v for k, v in current.items() if k not in self.lost}


@dataclass
class EachCreatureLosesForTheTurn(Effect):
    """ "For the remainder of the turn, each creature loses <keyword>" (``on``: only the creature
    an earlier choice named: "that creature loses taunt and elusive")."""

    keywords: str | tuple[str, ...]
    on: str | None = None

    def resolve(self, ctx: Context) -> bool:
        lost = (self.keywords,) if isinstance(self.keywords, str) else tuple(self.keywords)
        params = {"text": LosesKeywords(lost), "card": ctx.source}
        if self.on is not None:
            target = ctx.ref(self.on)
            if target is None or not target.in_play:
                return False
            params["target"] = target
        ctx.game.lasting.append(LastingEffect(TEXT_KIND, ctx.source.name, ctx.controller, params))
        ctx.log(
            f"{ctx.source.name}: {params['target'].label if self.on else 'each creature'} loses "
            f"{' and '.join(lost)} for the remainder of the turn"
        )
        return True


# ------------------------------------------------------------------------------ uses and houses


@dataclass
class MayUseThisTurn(Effect):
    """ "You may use that creature this turn": a use permission for that one card (the permission
    the engine grants "you may use N other <house> cards" with, limited to the card)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for c in cards:
            ctx.game.lasting.append(
                LastingEffect(
                    "use_permission", ctx.source.name, ctx.controller, {"house": c.house, "max_cards": 0, "cards": [c]}
                )
            )
            ctx.log(f"{ctx.source.name}: {ctx.controller} may use {c.label} this turn")
        return bool(cards)


@dataclass
class NameHost(Effect):
    """Name the creature this upgrade is attached to ("this creature" in a reaction an upgrade
    gives), as ``name``."""

    name: str = "this creature"

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else None
        ctx.chosen[self.name] = [host] if host is not None else []
        return host is not None


@dataclass
class BelongsToHouseForTheTurn(Effect):
    """ "For the remainder of the turn it belongs to house X": a house change on the card that
    ends with the turn (or when it leaves play)."""

    house: str
    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.in_play]
        for c in cards:
            change = {"house": self.house, "while_controller": None}
            c.house_changes.append(change)
            ctx.game.lasting.append(
                LastingEffect(
                    "reaction",
                    ctx.source.name,
                    ctx.controller,
                    {"card": ctx.source, "reaction": Reaction("end_of_turn", [_EndHouseChange(c, change)])},
                )
            )
            ctx.log(f"{c.label} belongs to house {self.house} for the remainder of the turn")
        return bool(cards)


@dataclass
class _EndHouseChange(Effect):
    card: object
    change: dict

    def resolve(self, ctx: Context) -> bool:
        if self.change in self.card.house_changes:
            self.card.house_changes.remove(self.change)
        return True


@dataclass
class RememberTurn(Effect):
    """Remember on the source that something happened this turn (``key``), for a condition of its
    own that reads it (:func:`happened_this_turn`)."""

    key: str

    def resolve(self, ctx: Context) -> bool:
        ctx.source.memory[self.key] = ctx.game.turn
        return True


@dataclass
class RememberPlayerTurn(Effect):
    """Remember on the source which player the event is about did something this turn (``key``
    and the player's name), for a condition of its own that reads it."""

    key: str

    def resolve(self, ctx: Context) -> bool:
        ctx.source.memory[f"{self.key} {ctx.event.get('player')}"] = ctx.game.turn
        return True


def happened_this_turn(key: str) -> Callable:
    def applies(eng, source, controller, card) -> bool:
        return source.memory.get(key) == eng.game.turn

    return applies
