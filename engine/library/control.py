"""Control and houses: taking control of a card and changing the house it belongs to, cards that
enter play under the opponent's control or may be used as any house, "at the end of your turn"
abilities (purged cards brought back when their source leaves play: :class:`engine.library.zones.
ReturnPurgedToPlay`).

- Glossary "Control and Ownership": a card taken control of moves to the new controller's play
  area (a creature to a flank); the most recent control effect wins; a card that leaves play goes
  to its owner's zones. "While under your control, it belongs to house X" is an effect on the card
  (:attr:`engine.core.state.CardInstance.house_changes`): it applies while that player controls the
  card and expires when it leaves play.
- "<This card> enters play under your opponent's control" (Scowly Caper): whoever puts it into play
  or plays it, it enters under the opponent of that player, every time it enters play (the Scowly
  Caper and Spangler Box FAQ): :attr:`engine.cards.Variant.enters_under_opponent`.
- "This creature belongs to all houses" and "may be used as if it belonged to the active house" are
  the constant abilities :class:`BelongsToAllHouses` and :class:`UsableAsActiveHouse`, which the
  general rules ask through :mod:`engine.rules.houses`.
- Timing chart, step 5: "End of turn" effects resolve after the draw; "at the end of your turn"
  abilities are reactions to the ``"end_of_turn"`` event of their controller's turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.ability import Context, Effect
from engine.rules.statics import Applies, attached_host, itself, Static
from engine.core.registry import template
from engine.rules.forging import forge_key


@template()
@dataclass
class TakeControl(Effect):
    """ "Take control of <it>"; ``house``: "While under your control, it belongs to house X." """

    on: str = "it"
    house: str | None = None

    def resolve(self, ctx: Context) -> bool:
        done = False
        for card in ctx.refs(self.on):
            if not card.in_play:
                continue
            ctx.eng.take_control(card, ctx.controller)
            if self.house is not None:
                card.house_changes.append({"house": self.house, "while_controller": ctx.controller})
                ctx.log(f"{card.label} belongs to house {self.house} while {ctx.controller} controls it")
            done = card.controller == ctx.controller
        return done


@template(kind="static")
@dataclass
class BelongsToAllHouses(Static):
    """ "<This creature> belongs to all houses"."""

    applies: Applies = attached_host

    def belongs_to(self, eng, source, controller, card, house: str) -> bool:
        return self.applies(eng, source, controller, card)


@template(kind="static")
@dataclass
class UsableAsActiveHouse(Static):
    """ "<This creature> may be used as if it belonged to the active house"."""

    applies: Applies = attached_host

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        return self.applies(eng, source, controller, card)


def at_end_of_your_turn(ctx: Context) -> bool:
    """ "At the end of your turn": the turn ending is the controller's."""
    return ctx.event.get("player") == ctx.controller


# ------------------------------------------------------------------------------ last known state


@dataclass
class RememberAsInPlay(Effect):
    """Remember the cards ``on`` names as they are now (their houses), for instructions after they
    leave play: "later instructions in the same ability refer to the cards as they were
    immediately prior to leaving play" (glossary "Leaves Play", the Code Monkey example)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        known = ctx.event.setdefault("last_known", {})
        for card in cards:
            known[id(card)] = {"house": card.house}
        return bool(cards)


def last_known_house(ctx: Context, card) -> str:
    return ctx.event.get("last_known", {}).get(id(card), {}).get("house", card.house)


def share_a_house(ref: str):
    """ "If those creatures share a house": two or more cards, all of one house, as they were
    when remembered (:class:`RememberAsInPlay`)."""

    def condition(ctx: Context) -> bool:
        cards = ctx.refs(ref)
        houses = {last_known_house(ctx, c) for c in cards}
        return len(cards) >= 2 and len(houses) == 1

    condition.__name__ = f"{ref}_share_a_house"
    return condition


# ------------------------------------------------------------------------------ attacks


@dataclass
class AttacksOnlyFlank(Static):
    """ "When <this creature> is used to fight, it can only attack flank creatures" (Groggins)."""

    applies: object = itself

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if self.applies(eng, source, controller, attacker) and not eng.is_flank(target):
            return f"{attacker.label} can only attack flank creatures, and {target.label} is not one"
        return None


# ------------------------------------------------------------------------------ Æmber on cards, keys


def amber_on_self_at_least(n: int):
    def condition(ctx: Context) -> bool:
        return ctx.source.in_play and ctx.source.amber >= n

    condition.__name__ = f"amber_on_self_at_least_{n}"
    return condition


@dataclass
class ForgeAtNoCost(Effect):
    """ "Forge a key at no cost" (glossary "Forge a Key": every way of forging goes through
    :func:`engine.rules.forging.forge_key`)."""

    def resolve(self, ctx: Context) -> bool:
        return forge_key(ctx.eng, ctx.controller, 0, f"{ctx.source.name}, at no cost")
