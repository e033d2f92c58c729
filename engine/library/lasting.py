"""Lasting effects: what an ability starts for a while, "for the remainder of the turn, ..." (a
constant ability or a reaction; on the creatures the ability chose; keywords lost), "until the start
of your next turn, ...", "during your opponent's next turn, ...", and the permissions for the turn
("you may play one non-<house> card this turn", "you may use up to N other <house> cards this
turn", "you may use that creature this turn", "you may play or use a <house> card this turn").

Each adds a :class:`~engine.core.state.LastingEffect` the engine reads while it lasts (statics,
reactions, text changes, play and use permissions; :mod:`engine.rules.next_turns` tells when "your
next turn" starts). A new effect that lasts goes here; what it does while it lasts is the constant
ability or reaction it holds, from the module of that subject.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.library.playing import CannotPlay
from engine.rules.ability import Context, Effect
from engine.rules.gained_and_lost import GrantTrait
from engine.rules.houses import belongs_to
from engine.rules.next_turns import during_next_turn_of, through_next_turn_of, until_next_turn_of
from engine.rules.power_armor import PowerEqualTo
from engine.rules.common_statics import GrantKeyword, PowerModifier
from engine.rules.statics import Static, this_card
from engine.rules.text_in_force import BlankTextBoxesOf, KIND as TEXT_KIND, TextChange


@template()
@dataclass
class ForTheTurn(Effect):
    """ "For the remainder of the turn, ...": a lasting static or reaction (``until_leaves``:
    instead, until the source leaves play)."""

    static: object = None
    reaction: object = None
    #: "that creature": the static applies to the card chosen under this name
    on: str | None = None
    until_leaves: bool = False

    def resolve(self, ctx: Context) -> bool:
        params = {"card": ctx.source}
        if self.on is not None:
            target = ctx.ref(self.on)
            if target is None:
                return False
            params["target"] = target
        kind = "static" if self.static is not None else "reaction"
        obj = self.static if self.static is not None else self.reaction
        if callable(obj) and not hasattr(obj, "event") and kind == "static" and self.on is not None:
            obj = obj(params["target"])
        params[kind] = obj
        ctx.game.lasting.append(
            LastingEffect(
                kind, ctx.source.name, ctx.controller, params, until_leaves=ctx.source if self.until_leaves else None
            )
        )
        ctx.log(
            f"{ctx.source.name}: a lasting effect begins"
            + (" until it leaves play" if self.until_leaves else " for the remainder of the turn")
        )
        return True


@template()
@dataclass
class ForTheTurnOnChosen(Effect):
    """ "For the remainder of the turn, <the chosen creatures> gain <keyword> / get +N power": a
    lasting constant ability on the cards ``on`` names as it starts (they keep it if they move in
    play; a card that leaves play and comes back is a new card). ``until_your_next_turn``: "until
    the start of your next turn, ..." instead (through the opponent's next turn). ``trait``: the
    trait gained with the keyword ("gains elusive and the Mutant trait"); ``value``: a valued
    keyword's ("gains assault 3 and the Mutant trait")."""

    on: str
    keyword: str = ""
    power: int = 0
    until_your_next_turn: bool = False
    trait: str = ""
    #: a keyword's value ("gains splash-attack 3")
    value: int = 1

    def resolve(self, ctx: Context) -> bool:
        cards = [c for c in ctx.refs(self.on) if c.zone == "battleline"]
        if not cards:
            return False
        ids = {id(c) for c in cards}

        def applies(eng, source, controller, creature) -> bool:
            return id(creature) in ids

        statics = [
            GrantKeyword(self.keyword, applies, self.value) if self.keyword else PowerModifier(self.power, applies)
        ]
        if self.trait:
            statics.append(GrantTrait(self.trait, applies))
        window = until_next_turn_of(ctx.controller) if self.until_your_next_turn else {}
        for static in statics:
            ctx.game.lasting.append(
                LastingEffect(
                    "static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source, **window}
                )
            )
        ctx.log(
            f"{ctx.source.name}: "
            + ("until the start of your next turn" if self.until_your_next_turn else "for the remainder of the turn")
            + f", {', '.join(c.label for c in cards)} "
            + (
                f"gain {self.keyword}" + (f" {self.value}" if self.value != 1 else "")
                if self.keyword
                else f"get {self.power:+d} power"
            )
            + (f" and the {self.trait.title()} trait" if self.trait else "")
        )
        return True


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


def _lasting_static(ctx: Context, static, window: dict, when: str) -> bool:
    """Start a lasting effect that applies ``static`` (a constant ability) while ``window`` (a turn
    window of :mod:`engine.rules.next_turns`) lasts; ``when`` says which, for the log."""
    ctx.game.lasting.append(
        LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source, **window})
    )
    ctx.log(f"{ctx.source.name}: a lasting effect {when}")
    return True


@template()
@dataclass
class UntilYourNextTurn(Effect):
    """ "<effect> until the start of your next turn": a lasting static through the opponent's next
    turn."""

    static: object

    def resolve(self, ctx: Context) -> bool:
        return _lasting_static(
            ctx, self.static, until_next_turn_of(ctx.controller), f"until {ctx.controller}'s next turn"
        )


@template()
@dataclass
class DuringOpponentsNextTurn(Effect):
    """ "... during your opponent's next turn": a lasting static that waits for that turn and ends
    with it."""

    static: object

    def resolve(self, ctx: Context) -> bool:
        window = during_next_turn_of(ctx.opponent_name)
        return _lasting_static(ctx, self.static, window, f"for {ctx.opponent_name}'s next turn")


@dataclass
class MayPlayOneOffHouse(Effect):
    """ "You may play one non-<house> card this turn": a lasting permission, used up by one play."""

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect("play_off_house", ctx.source.name, ctx.controller, {"not_house": ctx.source.house, "uses": 1})
        )
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play one non-{ctx.source.house.title()} card this turn")
        return True


@dataclass
class MayUseOtherCardsOfHouse(Effect):
    """ "You may use up to N other <house> cards this turn": a permission for up to N cards; a card
    used under it may be used again this turn if it is readied (Combat Pheromones FAQ)."""

    max_cards: int

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect(
                "use_permission",
                ctx.source.name,
                ctx.controller,
                {"house": ctx.source.house, "max_cards": self.max_cards, "cards": [], "except": ctx.source},
            )
        )
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} may use up to {self.max_cards} other "
            f"{ctx.source.house.title()} cards this turn"
        )
        return True


@template()
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


@template()
@dataclass
class MayPlayOrUseOneOfHouse(Effect):
    """ "You may play or use a <house> card this turn": one card of that house, either played
    (a play permission) or used (a use permission, engine.rules.use), whichever comes first; the
    two share one record, so taking one uses up the other."""

    house: str

    def resolve(self, ctx: Context) -> bool:
        shared = {"house": self.house, "max_cards": 1, "cards": [], "except": None}
        ctx.game.lasting.append(LastingEffect("use_permission", ctx.source.name, ctx.controller, shared))
        ctx.game.lasting.append(
            LastingEffect(
                "static",
                ctx.source.name,
                ctx.controller,
                {"static": _PlayOneOfHouse(self.house, shared), "card": ctx.source},
            )
        )
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play or use one {self.house.title()} card this turn")
        return True


@dataclass(eq=False)
class _PlayOneOfHouse(Static):
    """The play half of :class:`MayPlayOrUseOneOfHouse` (the engine's ``play_permission`` hook)."""

    house: str
    shared: dict

    def play_permission(self, eng, source, controller, card):
        if controller != eng.game.active or card.house != self.house or self.shared["cards"]:
            return None
        return _Taken(self.shared, source.name)


class _Taken:
    """A permission the rules count as used (``used += 1``): the shared record is filled, so
    neither a play nor a use remains."""

    def __init__(self, shared: dict, source: str) -> None:
        #: the name of the card giving the permission (the rules' trace names it)
        self.shared, self.source = shared, source

    @property
    def used(self) -> int:
        return len(self.shared["cards"])

    @used.setter
    def used(self, value: int) -> None:
        self.shared["cards"].append("played")


@template("OpponentCannotPlayNextTurn")
def _opponent_cannot_play_next_turn(kind: str | None = None) -> DuringOpponentsNextTurn:
    """ "Your opponent cannot play action cards (creatures, cards) during their next turn"."""
    return DuringOpponentsNextTurn(CannotPlay(kind, who="opponent"))


@template()
@dataclass
class MayPlayOffHouseThisTurn(Effect):
    """ "You may play a non-<house> card (creature; artifact, upgrade, or action card) this turn":
    one card not of that house, of those types (``kinds``; empty: any type), played off the active
    house this turn; the permission is used up by that one play."""

    not_house: str
    kinds: tuple = ()

    def resolve(self, ctx: Context) -> bool:
        shared: dict = {"cards": []}
        permission = _PlayOffHouse(self.not_house, tuple(self.kinds), shared)
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": permission, "card": ctx.source})
        )
        what = " or ".join(self.kinds) if self.kinds else "card"
        ctx.log(f"{ctx.source.name}: {ctx.controller} may play one non-{self.not_house.title()} {what} this turn")
        return True


@dataclass(eq=False)
class _PlayOffHouse(Static):
    """The permission of :class:`MayPlayOffHouseThisTurn` (the engine's ``play_permission`` hook)."""

    not_house: str
    kinds: tuple
    shared: dict

    def play_permission(self, eng, source, controller, card):
        if controller != eng.game.active or self.shared["cards"] or belongs_to(eng, card, self.not_house):
            return None
        if self.kinds and card.type not in self.kinds:
            return None
        return _Taken(self.shared, source.name)


@template()
@dataclass
class ThroughYourNextTurn(Effect):
    """ "<effect> until the end of your next turn": a lasting static from now through the end of
    the controller's next turn."""

    static: object

    def resolve(self, ctx: Context) -> bool:
        window = through_next_turn_of(ctx.controller)
        return _lasting_static(ctx, self.static, window, f"until the end of {ctx.controller}'s next turn")


@template()
@dataclass
class BlankForTheTurn(Effect):
    """ "For the remainder of the turn, <each friendly Strange Shell> ... loses all abilities": their
    text boxes are blank to the end of the turn, for each card of the group while it is in it
    (engine.rules.text_in_force.BlankTextBoxesOf)."""

    applies: object  # (eng, source, controller, card) -> bool

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(
            LastingEffect(
                TEXT_KIND, ctx.source.name, ctx.controller, {"text": BlankTextBoxesOf(self.applies), "card": ctx.source}
            )
        )
        ctx.log(f"{ctx.source.name}: for the remainder of the turn, its group loses all abilities")
        return True


@dataclass
class PowerEqualForTheTurn(Effect):
    """ "Until the end of the turn, <the card ``on`` names>'s power is equal to <the card ``of``
    names>'s power" (engine.rules.power_armor.PowerEqualTo), for the remainder of the turn."""

    of: str
    on: str

    def resolve(self, ctx: Context) -> bool:
        target, other = ctx.ref(self.on), ctx.ref(self.of)
        if target is None or other is None or target.zone != "battleline":
            return False
        static = PowerEqualTo(other, this_card(target))
        ctx.game.lasting.append(
            LastingEffect("static", ctx.source.name, ctx.controller, {"static": static, "card": ctx.source})
        )
        ctx.log(f"{ctx.source.name}: for the remainder of the turn, {target.label}'s power is {other.label}'s")
        return True


@template()
@dataclass
class CannotPlayTypeOfForTheTurn(Effect):
    """ "Until the end of the turn, you may not play cards of the discarded card's type": the type of
    the card ``on`` names, read as the effect resolves, forbidden to the ability's controller for
    the turn (:class:`~engine.library.playing.CannotPlay`)."""

    on: str = "it"

    def resolve(self, ctx: Context) -> bool:
        kinds = sorted({c.type for c in ctx.refs(self.on)})
        for kind in kinds:
            ForTheTurn(static=CannotPlay(kind)).resolve(ctx)
        return bool(kinds)
