"""Effects the card-text compiler (:mod:`engine.compile`) builds for "choose a house" and what the
rest of the ability says about "that house", and for revealing cards ("reveal the top card of your
deck", "reveal any number of <house> cards from your hand").

"Choose a house" is a decision of the player resolving the ability, among the houses a "choose a
house" effect offers (:func:`engine.effects_zones.houses_in_game`). The house is kept in the card's
``memory`` so that the tests of a noun phrase ("each creature of that house"), which see the card
with the ability but not the resolution, can read it; a lasting effect started by the same ability
("during your opponent's next turn, creatures of the chosen house cannot ...") keeps reading the
house chosen last, which is the one it was started with unless the card chooses again.

Kept apart from :mod:`engine.effects_compiled` (one module, one job: houses and reveals).
"""
from __future__ import annotations

from dataclasses import dataclass

from .effects import Context, Effect
from .houses import belongs_to
from .state import LastingEffect

#: the key of a card's ``memory`` holding the house its ability chose last
CHOSEN_HOUSE = "chosen house"


@dataclass
class ChooseHouse(Effect):
    """"Choose a house": the player resolving the ability picks one (``choices``)."""

    def resolve(self, ctx: Context) -> bool:
        from .effects_zones import houses_in_game
        house = ctx.eng.chooser.choose(f"{ctx.eng.decider(ctx)}: {ctx.source.name}: choose a house",
                                       houses_in_game(ctx.game))
        ctx.source.memory[CHOSEN_HOUSE] = house
        ctx.log(f"{ctx.source.name}: {ctx.eng.decider(ctx)} chooses {house}")
        return True


def chosen_house(source) -> str | None:
    return source.memory.get(CHOSEN_HOUSE) if source is not None else None


def of_chosen_house(eng, source, controller, card) -> bool:
    """A noun phrase's test ("of that house", "of the chosen house")."""
    return belongs_to(eng, card, chosen_house(source))


@dataclass
class OpponentCannotChooseChosenHouse(Effect):
    """"Your opponent cannot choose that house as their active house on their next turn"."""

    def resolve(self, ctx: Context) -> bool:
        from .statics import CannotChooseHouse
        house = chosen_house(ctx.source)
        if house is None:
            return False
        turn = ctx.game.turn + 1
        ctx.game.lasting.append(LastingEffect("static", ctx.source.name, ctx.controller, {
            "static": CannotChooseHouse(house, ctx.opponent_name), "card": ctx.source,
            "during_turn": turn, "through_turn": turn}))
        ctx.log(f"{ctx.source.name}: {ctx.opponent_name} cannot choose {house} on their next turn")
        return True


# ------------------------------------------------------------------------------ reveals


@dataclass
class TopOfDeck(Effect):
    """"The top card of your deck": named ``name`` (and "it"); it stays there."""
    name: str

    def resolve(self, ctx: Context) -> bool:
        top = ctx.me.zone("deck")[:1]
        ctx.chosen[self.name] = ctx.chosen["it"] = list(top)
        return bool(top)


@dataclass
class Reveal(Effect):
    """"Reveal <cards>": shown to both players (the trace says which); they stay where they are."""
    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        if not cards:
            ctx.log(f"{ctx.source.name}: nothing to reveal")
            return False
        ctx.log(f"{ctx.controller} reveals {', '.join(c.label for c in cards)}")
        return True


@dataclass
class PlayIt(Effect):
    """"Play it": the card an earlier effect named, from where it is (not from hand: house
    restrictions do not apply, the card's own do: :meth:`engine.rules_play.PlayRules.play_from`)."""
    on: str

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone in ("deck", "discard", "archives", "hand")]
        played = False
        for card in cards:
            where = "the top of the deck" if card.zone == "deck" else f"the {card.zone}"
            played = ctx.eng.play_from(card, where) or played
        return played


@dataclass
class DiscardCards(Effect):
    """"Discard <it>": a card named out of play (a revealed top card of a deck) goes to its
    owner's discard pile."""
    on: str

    def resolve(self, ctx: Context) -> bool:
        from .effects_compiled import _discard
        done = False
        for card in ctx.refs(self.on):
            if card.zone == "hand":
                _discard(ctx, card)
            elif card.zone in ("deck", "archives"):
                was = card.zone
                ctx.game.move(card, "discard", card.owner)
                ctx.log(f"{card.label} is discarded from {card.owner}'s {was}")
            else:
                continue
            done = True
        return done
