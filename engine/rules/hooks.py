"""General hooks of the fight, use and play rules that constant abilities plug into, and the
abilities that use them.

- Attack checks that know the attacker: "While <this creature> is attacking, ignore taunt and
  elusive" (:class:`IgnoreWhileAttacking`), read by :func:`ignores`; keywords that know the
  creature being attacked ("gains poison while attacking an enemy flank creature":
  :class:`GainsWhileAttackingFlank`, through ``Game.defending``).
- A timing point before every fight, whatever made the creature fight: the ``"before_fight"``
  event {card: the attacker, controller, defender, outcome}; a reaction may set ``cancelled`` in
  its ``outcome`` to exhaust the creature with no effect (the fight does not occur). Its
  reactions are "Before Fight" effects, ordered with the others (:mod:`engine.rules.fight_timing`).
- "Creatures must fight when used, if able" (:class:`MustFightWhenUsed`): like enrage, for every
  creature.
- Costs paid to another player "in order to" use or play a card ("Your opponent must pay you 1
  Æmber in order to use an artifact"): a use or play the active player cannot pay for is not
  legal; the cost is paid as the card is used or played (:func:`use_costs`, :func:`play_costs`,
  :func:`pay_costs`).
- A permission to play one card of a house when it is not the active house, once per turn
  (:class:`MayPlayOneOfHouse`), read with the lasting play permissions.
- "Creatures more powerful than <this creature> cannot be played" (:class:`CannotPlayMorePowerful`):
  a card in a hand has its printed power; "if a player has more creatures in play than their
  opponent, they cannot play creatures" (:class:`CannotPlayCreaturesWhileAhead`); "you may play
  upgrades as if they belonged to the active house" (:class:`PlaysAsActiveHouse`).
- "Enemy creatures cannot be used to fight friendly creatures unless the friendly creature has
  taunt" (:class:`AttackOnlyTaunt`).
- "Friendly artifacts enter play ready" (:class:`ArtifactsEnterPlayReady`): read as an artifact
  enters play (creatures have :mod:`engine.rules.entering`).
- A record of the creatures destroyed in fights this turn (``Game.destroyed_in_fights``, kept by
  :meth:`engine.rules.game.Engine.emit` from the ``"destroyed"`` event) and the effects that read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.statics import Static
from engine.rules.houses import belongs_to
from engine.rules.replacements import add_to_pool

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


# ------------------------------------------------------------------------------ state checks


@template(kind="static")
@dataclass
class DestroyedWhile(Static):
    """ "If <condition>, destroy <this card>": a constant ability (no bold precursor), active while
    the card is in play (16.0, "Constant Abilities"). It is checked with the damage whenever the
    state is checked, so a ward that stops the destruction once does not stop it for good: the
    condition still holds, and the next check destroys the card (:func:`condemned`)."""

    condition: Callable[[Context], bool]

    def destroys_itself(self, eng, source, controller) -> bool:
        return self.condition(eng.context(source, controller))


@dataclass
class PurgedWhile(Static):
    """ "If <condition>, purge <this card>": as :class:`DestroyedWhile`, the card is purged (it
    leaves play to its owner's purged zone) whenever the state is checked and the condition holds."""

    condition: Callable[[Context], bool]
    #: where the card goes: its owner's purged zone, or ("If <condition>, archive <this card>")
    #: their archives
    zone: str = "purged"

    def purges_itself(self, eng, source, controller) -> bool:
        return self.condition(eng.context(source, controller))

    def carry_out(self, eng: "Engine", source: "CardInstance", controller: str) -> None:
        """What happens to the card when the condition holds (a subclass moves it elsewhere:
        engine.library.becoming_creatures)."""
        eng.game.log(f"{source.label} is {'archived' if self.zone == 'archives' else 'purged'} by its own ability")
        eng.remove_from_play_or_zone(source, self.zone)


def purge_condemned(eng: "Engine") -> bool:
    """Purge (or archive, or otherwise move) the cards in play a constant ability of their own
    removes now (:class:`PurgedWhile`, and Election's "destroy it and destroy each creature"). A card
    already being destroyed (tagged, its "Destroyed:" abilities resolving) is on its way out, as for
    :func:`condemned`: its ability is not carried out again by a state check inside that
    destruction (Election's would destroy again, for ever, a Necromorph that its own "destroy that
    neighbor instead" saved: the fuzzer). True when one was carried out."""
    done = False
    for s, src, ctl in list(eng.statics_with(("purges_itself",))):
        if src is not None and src.in_play and not src.memory.get("destroyed") and s.purges_itself(eng, src, ctl):
            s.carry_out(eng, src, ctl)
            done = True
    return done


def condemned(eng: "Engine") -> list["CardInstance"]:
    """The cards in play a constant ability of their own destroys now (:class:`DestroyedWhile`)."""
    found = eng.statics_with(("destroys_itself",))
    if not found:  # at every state check, and almost never one
        return []
    return [
        src
        for s, src, ctl in found
        if src is not None and src.in_play and not src.memory.get("destroyed") and s.destroys_itself(eng, src, ctl)
    ]


# ------------------------------------------------------------------------------ fights


def ignores(eng: "Engine", attacker: "CardInstance", keyword: str) -> bool:
    """Is ``keyword`` ignored while ``attacker`` attacks?"""
    return eng.any_static("ignores_keyword", attacker, keyword)


@dataclass
class IgnoreWhileAttacking(Static):
    """ "While <this creature> is attacking, ignore taunt and elusive"."""

    ignored: tuple[str, ...] = ("taunt", "elusive")

    def ignores_keyword(self, eng, source, controller, attacker, keyword) -> bool:
        return attacker is source and keyword in self.ignored


@dataclass
class GainsWhileAttackingFlank(Static):
    """ "<This creature> gains <keyword> while attacking an enemy flank creature"."""

    keyword: str

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        g = eng.game
        if (
            creature is source
            and g.attacking is source
            and g.defending is not None
            and g.defending.controller != source.controller
            and eng.is_flank(g.defending)
        ):
            return {self.keyword: 1}
        return {}


@dataclass
class DiscardTopOfFightersDeck(Effect):
    """ "Before a creature fights, discard the top card of its controller's deck. If the discarded
    card is of the active house, exhaust that creature with no effect." (a reaction to
    ``"before_fight"``)."""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        player = ctx.event["controller"]
        deck = g.players[player].zone("deck")
        if not deck:
            return False
        top = deck[0]
        g.move(top, "discard", player)
        ctx.log(f"{player} discards {top.label} from the top of their deck")
        if top.house is not None and top.house == g.active_house:
            ctx.event["outcome"]["cancelled"] = True
        return True


@dataclass
class MustFightWhenUsed(Static):
    """ "Creatures must fight when used, if able"."""

    def must_fight(self, eng, source, controller, card) -> bool:
        return True


@dataclass
class GainPerCreatureDestroyedInFights(Effect):
    """ "Gain 1 Æmber for each enemy creature that was destroyed in a fight this turn"."""

    whose: str = "enemy"

    def resolve(self, ctx: Context) -> bool:
        want = ctx.opponent_name if self.whose == "enemy" else ctx.controller
        n = sum(1 for controller in ctx.game.destroyed_in_fights if controller == want)
        if n:
            ctx.eng.gain(ctx.controller, n, ctx.source.name)
        return bool(n)


# ------------------------------------------------------------------------------ costs


@dataclass
class OpponentPaysToUse(Static):
    """ "Your opponent must pay you N Æmber in order to use <a card of this type>"."""

    card_type: str
    amount: int = 1

    def use_cost(self, eng, source, controller, card, how) -> int:
        # the opponent is the player using the card: theirs, or this player's used "as if it were yours"
        return self.amount if eng.game.active != controller and card.type == self.card_type else 0


@dataclass
class OpponentPaysToPlay(Static):
    """ "Your opponent must pay you N Æmber in order to play <a card of this type>"."""

    card_type: str
    amount: int = 1

    def play_cost(self, eng, source, controller, card) -> int:
        return self.amount if eng.game.active != controller and card.type == self.card_type else 0


def use_costs(eng: "Engine", card: "CardInstance", how: str) -> list[tuple[int, str]]:
    """What the active player must pay, and to whom, in order to use ``card``."""
    return [(a, ctl) for s, src, ctl in eng.statics() if (a := s.use_cost(eng, src, ctl, card, how))]


def play_costs(eng: "Engine", card: "CardInstance") -> list[tuple[int, str]]:
    """What the active player must pay, and to whom, in order to play ``card``."""
    return [(a, ctl) for s, src, ctl in eng.statics() if (a := s.play_cost(eng, src, ctl, card))]


def cannot_pay(eng: "Engine", costs: list[tuple[int, str]], what: str) -> str | None:
    """Why the active player cannot pay ``costs`` in order to ``what`` ("use Cannon"), or None."""
    total = sum(a for a, _ in costs)
    if total > eng.game.players[eng.game.active].amber:
        return f"{eng.game.active} cannot pay the {total} Æmber required to {what}"
    return None


def pay_costs(eng: "Engine", costs: list[tuple[int, str]], why: str) -> None:
    g = eng.game
    payer = g.players[g.active]
    for amount, payee in costs:
        paid = min(amount, payer.amber)
        payer.amber -= paid
        add_to_pool(eng, payee, paid, f"paid by {g.active} {why} ({g.active} {payer.amber})")


# ------------------------------------------------------------------------------ permissions


class _OncePerTurn:
    """A play permission a constant ability gives once each turn: using it is remembered on the
    card with the ability."""

    def __init__(self, eng: "Engine", source: "CardInstance") -> None:
        self.game, self.card, self.source = eng.game, source, source.name

    @property
    def used(self) -> int:
        return int(self.card.memory.get("permission_turn") == self.game.turn)

    @used.setter
    def used(self, value: int) -> None:
        self.card.memory["permission_turn"] = self.game.turn


@template(kind="static")
@dataclass
class MayPlayOneOfHouse(Static):
    """ "During each turn in which <house> is not your active house, you may play one <house>
    card"."""

    house: str

    def play_permission(self, eng, source, controller, card):
        g = eng.game
        if (
            controller != g.active
            or g.active_house == self.house
            or not belongs_to(eng, card, self.house)
            or source.memory.get("permission_turn") == g.turn
        ):
            return None
        return _OncePerTurn(eng, source)


@template(kind="static")
@dataclass
class MayPlayOneOffHouseWhile(Static):
    """ "While <condition>, you may play 1 card that is not of the active house during your turn":
    one card a turn, of any house, while the condition holds (read as the card is played)."""

    cond: Callable | None = None

    def play_permission(self, eng, source, controller, card):
        g = eng.game
        if controller != g.active or source.memory.get("permission_turn") == g.turn:
            return None
        if self.cond is not None and not self.cond(Context(eng, source, controller, chosen={"it": [source]})):
            return None
        return _OncePerTurn(eng, source)


# ------------------------------------------------------------------------------ entering play


@dataclass
class ArtifactsEnterPlayReady(Static):
    """ "Friendly artifacts enter play ready"."""

    applies: Callable = lambda eng, source, controller, card: card.controller == controller

    def artifact_enters_ready(self, eng, source, controller, card) -> bool:
        return self.applies(eng, source, controller, card)


def artifact_enters_ready(eng: "Engine", card: "CardInstance") -> bool:
    return any(
        isinstance(s, ArtifactsEnterPlayReady) and s.artifact_enters_ready(eng, src, ctl, card)
        for s, src, ctl in eng.statics()
    )


@template(kind="static")
@dataclass
class CannotPlayMorePowerful(Static):
    """ "Creatures more powerful than <this creature> cannot be played": by either player, a
    creature card whose power (its printed power: it is not in play) is greater than this
    creature's power now."""

    def forbids_play(self, eng, source, controller, card) -> str | None:
        if card.type == "creature" and (card.printed.power or 0) > eng.power(source):
            return f"{card.name} is more powerful than {source.label}: it cannot be played"
        return None


@template(kind="static")
@dataclass
class CannotPlayCreaturesWhileAhead(Static):
    """ "If a player has more creatures in play than their opponent, they cannot play creatures":
    either player, counted as the creature would be played."""

    def forbids_play(self, eng, source, controller, card) -> str | None:
        g = eng.game
        mine, theirs = len(g.players[g.active].creatures), len(g.players[g.other(g.active)].creatures)
        if card.type == "creature" and mine > theirs:
            return (
                f"{g.active} has more creatures in play than their opponent ({source.label}): no creature may be played"
            )
        return None


@template(kind="static")
@dataclass
class PlaysAsActiveHouse(Static):
    """ "You may play <upgrades> as if they belonged to the active house": cards of that type, by
    this ability's controller on their turn."""

    kind: str

    def plays_as_active_house(self, eng, source, controller, card) -> bool:
        return eng.game.active == controller and card.type == self.kind


@template(kind="static")
@dataclass
class AttackOnlyTaunt(Static):
    """ "Enemy creatures cannot be used to fight friendly creatures unless the friendly creature has
    taunt"."""

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if attacker.controller != controller and target.controller == controller and not eng.has(target, "taunt"):
            return f"{target.label} cannot be attacked: it has no taunt ({source.label})"
        return None
