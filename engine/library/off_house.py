"""Permissions for the turn that name the house they do NOT cover ("non-<house>"): "you may play or
use one non-Star Alliance card this turn", "you may use a non-Star Alliance creature this turn",
"you may reap with up to 2 non-Star Alliance creatures this turn"; and, with no "this turn", a card of
another house played now ("You may play a non-Star Alliance card").

Why a module of its own beside :mod:`engine.library.lasting` (which holds the permissions naming a
house they cover): these are counted on the cards they let be used, by type and by way of use, and
the general rule reading a use permission (:func:`engine.rules.use.permits`) is told which cards
by the record here (``not_house``, ``types``, ``hows``). A card of the active house needs no
permission, so one used so does not use the permission up (16.0 "Houses": a card may be used only
if it belongs to the active house, unless an effect allows otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.library.flow import May
from engine.library.lasting import _Taken
from engine.library.playing import PlayIt
from engine.rules.ability import Context, Effect
from engine.rules.houses import belongs_to
from engine.rules.statics import Static
from engine.rules.targets import Choose


def _use_record(not_house: str, count: int, types: tuple = (), hows: tuple = ()) -> dict:
    """A use permission's record (engine.rules.use): up to ``count`` cards, none of ``not_house``."""
    return {"not_house": not_house, "max_cards": count, "cards": [], "types": tuple(types), "hows": tuple(hows)}


@template()
@dataclass
class MayUseOffHouse(Effect):
    """ "You may use a non-<house> creature this turn" (``types``: which card types; ``count``: "up
    to 2"; ``hows``: "reap with": only to reap)."""

    not_house: str
    count: int = 1
    types: tuple = ()
    hows: tuple = ()

    def resolve(self, ctx: Context) -> bool:
        record = _use_record(self.not_house, self.count, self.types, self.hows)
        ctx.game.lasting.append(LastingEffect("use_permission", ctx.source.name, ctx.controller, record))
        way = " or ".join(self.hows) if self.hows else "use"
        what = " or ".join(self.types) if self.types else "card"
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} may {way} up to {self.count} non-{self.not_house} {what} this turn"
        )
        return True


@template()
@dataclass
class MayPlayOrUseOffHouse(Effect):
    """ "You may play or use one non-<house> card this turn": one card not of that house, played (a
    play permission) or used (a use permission), whichever comes first; both share one record, so
    taking one uses up the other (as :class:`engine.library.lasting.MayPlayOrUseOneOfHouse`)."""

    not_house: str

    def resolve(self, ctx: Context) -> bool:
        shared = _use_record(self.not_house, 1)
        ctx.game.lasting.append(LastingEffect("use_permission", ctx.source.name, ctx.controller, shared))
        static = _PlayOffHouseShared(self.not_house, shared)
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play or use one non-{self.not_house} card this turn")
        return True


@dataclass(eq=False)
class _PlayOffHouseShared(Static):
    """The play half of :class:`MayPlayOrUseOffHouse` (the engine's ``play_permission`` hook)."""

    not_house: str
    shared: dict

    def play_permission(self, eng, source, controller, card):
        if controller != eng.game.active or self.shared["cards"] or belongs_to(eng, card, self.not_house):
            return None
        return _Taken(self.shared, source.name)


@template("MayPlayOffHouseNow")
def may_play_off_house_now(not_house: str, name: str) -> May:
    """ "You may play a non-<house> card" (no "this turn"): one card of another house from your
    hand, played now if the player wants (as "you may play a non-<house> card from your hand")."""

    def where(ctx: Context, card) -> bool:
        return not belongs_to(ctx.eng, card, not_house)

    return May([Choose("hand", "friendly", name=name, where=where), PlayIt(name)])
