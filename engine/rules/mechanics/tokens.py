"""Token creatures (glossary "Token Creatures").

A deck may include a token creature reference card (a player's ``token`` in a scenario). "Make a
token creature": the top card of the maker's deck is put into play facedown, as an exhausted
creature on a flank of their battleline; that card is a copy of the creature on the reference card
(:attr:`engine.core.state.CardInstance.token_of`) and counts as a creature for everything. Without a
reference card, or when the ability names a token creature the deck does not have ("make 2
Blorbs"), the effect does nothing; a card that makes tokens and changes control keeps making the
new controller's tokens, so an opponent's Blorb Hive makes nothing for a player without Blorbs.

When a token creature leaves play it goes where its card would go (its owner's discard pile, hand,
purged zone, ...) and reverts to its printed card there (:meth:`~engine.core.state.CardInstance.reset`):
an action card that was a Grunt is an action card in the purged zone, and an effect that returns
"each creature purged this way" cannot bring it back. A token whose control changes stays the same
kind of token. "Make that many token creatures instead" of Æmber added to a pool is
:class:`TokensInsteadOfAmber`; "each friendly token creature is a copy of <this creature>" for the
turn, :class:`TokensCopyForTheTurn`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.core.errors import ScenarioError
from engine.core.state import CardData, CardInstance, LastingEffect
from engine.rules.entering import EnteringStatic
from engine.rules.replacements import Replacement
from engine.rules.reactions import Reaction

TOKEN_TYPE = "token creature"


def token_reference(data: CardData) -> CardData:
    """The creature a token creature reference card describes: the card's data as a creature
    (token creatures count as creatures for every card ability)."""
    if data.type != TOKEN_TYPE:
        raise ScenarioError(f"{data.name} is not a token creature reference card (its type is {data.type})")
    return replace(data, type="creature")


def make_token_card(card: CardInstance, token: CardData) -> None:
    """Turn ``card`` facedown as a copy of the token creature ``token``."""
    card.token_of = token


def friendly_tokens_named(name: str) -> Callable[[Context], int]:
    """How many creatures named ``name`` the ability's controller controls ("if you control 10
    or more Blorbs")."""

    def count(ctx: Context) -> int:
        return sum(1 for c in ctx.me.creatures if c.name == name)

    count.__name__ = f"friendly_{name.lower()}s"
    return count


@dataclass
class MakeTokens(Effect):
    """ "Make a token creature" / "make 2 Blorbs": for each, the top card of the controller's deck
    enters play facedown as their token creature, exhausted, on a flank they choose. ``named``: the
    ability names a specific token creature, and does nothing for a player whose reference card is
    another. The tokens made are named ``name`` for later effects."""

    count: int = 1
    named: str | None = None
    name: str = "made"
    #: "make a token creature on your left flank": the flank it enters on
    flank: str | None = None
    #: "make a token creature immediately to <card>'s left": the card ``left_of`` names, when it is in
    #: the maker's battleline, instead of a flank they choose
    left_of: str | None = None

    def resolve(self, ctx: Context) -> bool:
        token = ctx.me.token
        ctx.chosen[self.name] = made = []
        if token is None:
            ctx.log(
                f"{ctx.source.name}: {ctx.controller} has no token creature reference card, "
                "so no token creature is made"
            )
            return False
        if self.named is not None and token.name != self.named:
            ctx.log(
                f"{ctx.source.name}: {ctx.controller}'s token creature is {token.name}, not "
                f"{self.named}: the ability does not resolve"
            )
            return False
        for _ in range(self.count):
            deck = ctx.me.zone("deck")
            if not deck:
                ctx.log(f"{ctx.source.name}: {ctx.controller}'s deck is empty, no token creature is made")
                break
            card = deck[0]
            if self.flank:
                card.memory["enters_on_flank"] = self.flank
            if self.left_of is not None and (anchor := ctx.ref(self.left_of)) is not None:
                card.memory["enters_left_of"] = anchor
            ctx.log(
                f"{ctx.controller} makes a token creature: the top card of their deck enters play "
                f"facedown as a {token.name}"
            )
            _enter_as_token(ctx, card, token)
            made.append(card)
            if ctx.game.winner:
                break
        return len(made) == self.count


def _enter_as_token(ctx: Context, card: CardInstance, token: CardData) -> None:
    """``card`` enters play facedown as the controller's token creature ``token``, exhausted, unless
    a card's text says it enters play ready: its own (Berserker: "Berserker enters play ready and
    enraged.") or another card's ("Each friendly token creature enters play ready."): card text
    over the rulebook (the Golden Rule); ready too when entering play made it so ("you may have it
    enter anywhere ..., ready": Knightapult)."""
    make_token_card(card, token)
    card.controller = ctx.controller
    ctx.eng.enter_play(card, played=False)
    card.exhausted = card.exhausted and not _made_ready(ctx, card)


@template()
@dataclass
class PutIntoPlayAsToken(Effect):
    """ "Put each creature revealed this way into play facedown as a token creature", "make each
    creature revealed this way a token creature as if the card was on top of your deck", "put each
    card under <this card> into play facedown as a token creature", "choose a card in your hand and
    put it into play as a token creature": each card ``on`` names (out of play: a hand, a discard
    pile, under a card) enters play as a token creature is made, facedown as its controller's token
    creature; without a reference card, nothing enters play."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        token = ctx.me.token
        cards = [c for c in ctx.refs(self.on) if not c.in_play and c.zone not in ("purged", "resolving")]
        if token is None:
            if cards:
                ctx.log(
                    f"{ctx.source.name}: {ctx.controller} has no token creature reference card: nothing enters play"
                )
            return False
        for card in cards:
            ctx.log(f"{card.label} enters play facedown as a {token.name} ({ctx.controller}'s token creature)")
            _enter_as_token(ctx, card, token)
            if ctx.game.winner:
                break
        return bool(cards)


def _made_ready(ctx: Context, card: CardInstance) -> bool:
    """Does a constant ability in force (the token creature's own, or another card's) make this
    token creature enter play ready?"""
    return any(
        s.enters_ready(ctx.eng, src, ctl, card) for s, src, ctl in ctx.eng.statics() if isinstance(s, EnteringStatic)
    )


@dataclass
class TokensInsteadOfAmber(Replacement):
    """ "When any amount of A would be added to your pool, make that many token creatures instead":
    Æmber gained, stolen, or moved to the pool (from a card, from another pool) is not added, and
    as many tokens are made (Æmber that cannot be stolen is not replaced: nothing would be added)."""

    def replaces(self, eng, source, controller, event) -> bool:
        return event.kind in ("gain", "steal", "to_pool") and event.player == controller and event.amount > 0

    def instead(self, eng, source, controller, event):
        MakeTokens(event.amount).resolve(eng.context(source, controller))
        return None


@dataclass
class TokensCopyForTheTurn(Effect):
    """ "For the remainder of the turn, each friendly token creature is a copy of <this creature>":
    each token creature of the ability's controller in play, and each entering play later this
    turn, takes the form of the base card of the ability's creature (a copy is of the printed card:
    16.0 Mimic Gel FAQ), keeping its token status; as the turn ends, those still in play are their
    token creature again."""

    def resolve(self, ctx: Context) -> bool:
        form = ctx.source.printed
        copied: list[CardInstance] = []
        for creature in ctx.me.creatures:
            _become(creature, form, copied)
        entering = Reaction("entered_play", [_CopyEntering(form, copied)], when=_friendly_token_entered)
        ending = Reaction("end_of_turn", [_EndCopies(form, copied)])
        for reaction in (entering, ending):
            ctx.game.lasting.append(
                LastingEffect("reaction", ctx.source.name, ctx.controller, {"card": ctx.source, "reaction": reaction})
            )
        ctx.log(f"each token creature of {ctx.controller} is a copy of {form.name} for the remainder of the turn")
        ctx.eng.check_state()
        return True


def _become(creature: CardInstance, form: CardData, copied: list) -> None:
    if creature.token_of is not None and creature.zone == "battleline":
        creature.copy_of = form
        copied.append(creature)


def _friendly_token_entered(ctx: Context) -> bool:
    card = ctx.event.get("card")
    return card is not None and card.token_of is not None and card.controller == ctx.controller


@dataclass
class _CopyEntering(Effect):
    form: CardData
    copied: list

    def resolve(self, ctx: Context) -> bool:
        _become(ctx.event["card"], self.form, self.copied)
        ctx.eng.check_state()
        return True


@dataclass
class _EndCopies(Effect):
    form: CardData
    copied: list

    def resolve(self, ctx: Context) -> bool:
        for creature in self.copied:
            if creature.zone == "battleline" and creature.copy_of is self.form:
                creature.copy_of = None
        ctx.eng.check_state()
        return True
