"""Constant abilities ("Each friendly creature gets +1 power", "you must choose Dis") and the
lasting effects cards create. Each is a small object answering the engine's questions about the
current state; the engine asks every active one (:meth:`engine.rules.game.Engine.statics`), so a
constant ability stops applying the moment its card leaves play.

Every hook has a neutral default, so a static implements only the questions it changes. The
constant abilities many cards share (power, armor, keywords, houses, ...) are
:mod:`engine.rules.common_statics`; those about damage are :mod:`engine.rules.damage_statics`;
those of the effect library's subjects are in its modules (:mod:`engine.library`).
"""

from __future__ import annotations

import functools

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.state import CardInstance
from engine.rules.houses import belongs_to

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: which creatures a static applies to, relative to the static's controller
Applies = Callable[["Engine", CardInstance, str, CardInstance], bool]


def friendly(eng, source, controller, creature) -> bool:
    return creature.controller == controller


def enemy(eng, source, controller, creature) -> bool:
    return creature.controller != controller


def of_house(house: str) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return belongs_to(eng, creature, house)

    return applies


def both(*tests: Applies) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return all(t(eng, source, controller, creature) for t in tests)

    return applies


def reads_statics_once(method):
    """For a read-only query of the engine (may this card be used? which creatures are lethal?):
    the constant abilities in force are built once for the whole query instead of once per
    question it asks: while it runs, :meth:`engine.rules.game.Engine.statics` returns the list built
    as it began, and a query inside another shares the outer one's. Nothing it calls may change the
    game. A plain wrapper, not a context manager nor a call through the engine: it wraps queries
    asked hundreds of times a replay (a generator-based ``with`` cost 2% of their instructions)."""

    @functools.wraps(method)
    def query(eng, *args, **kwargs):
        if eng._statics_now is not None:
            return method(eng, *args, **kwargs)
        eng._statics_now = eng.statics()
        try:
            return method(eng, *args, **kwargs)
        finally:
            eng._statics_now = None

    return query


def neighbor(eng, source, controller, creature) -> bool:
    """ "Each of <this creature>'s neighbors"; a creature an event is about that has since left play
    ("after 1 of SELF's neighbors is dealt damage", and the damage destroyed it): a neighbor
    immediately before it left (the neighbors noted as it left: engine.rules.fight_timing)."""
    if creature.zone != "battleline":
        return source is not None and source in creature.memory.get("last_neighbors", ())
    return creature in eng.game.neighbors(source)


def itself(eng, source, controller, creature) -> bool:
    """ "<This creature> cannot ...": the card with the ability."""
    return creature is source


def attached_host(eng, source, controller, creature) -> bool:
    """An upgrade's "This creature": the creature the upgrade is attached to."""
    return source is not None and creature is source.attached_to and source.zone == "upgrade"


def cards_of_types(*types: str, side: str = "any") -> Applies:
    """Cards in play of the card types ``types`` on ``side`` ("any", "friendly", "enemy"): a group a
    constant ability names by type ("your opponent's creatures and artifacts")."""

    def applies(eng, source, controller, card) -> bool:
        if card.type not in types:
            return False
        return side == "any" or (card.controller == controller) == (side == "friendly")

    applies.types = types
    return applies


def reaches_artifacts(static) -> bool:
    """Does the group ``static`` applies to hold artifacts? Only a group named by type says so: a noun
    phrase naming artifacts or cards ("each friendly artifact") or :func:`cards_of_types`; the other tests
    (friendly, enemy, neighbors, ...) are about creatures."""
    applies = getattr(static, "applies", None)
    what = getattr(applies, "what", None) or ""
    return "artifact" in what or what == "card" or "artifact" in getattr(applies, "types", ())


def this_card(card: CardInstance) -> Applies:
    def applies(eng, source, controller, creature) -> bool:
        return creature is card

    return applies


#: (hook names, a class of constant ability) -> does the class answer any of them differently from
#: :class:`Static`'s neutral default (:func:`answers`)
_ANSWERS: dict[tuple[tuple[str, ...], type], bool] = {}


def answers(kind: type, hooks: tuple[str, ...]) -> bool:
    """Does a constant ability of class ``kind`` answer any of the questions ``hooks`` (names of
    :class:`Static`'s methods) other than with the neutral default? A class that does not is
    skipped by a question asked of every ability in force (:meth:`engine.rules.game.Engine.statics_with`):
    most abilities answer one or two of the fifty questions, and asking each the other forty-eight
    cost a replay a call apiece. A class that is not a :class:`Static`, or that shadows a method with
    anything else, is asked."""
    known = _ANSWERS.get((hooks, kind))
    if known is None:
        known = _ANSWERS[hooks, kind] = any(getattr(kind, hook, None) is not getattr(Static, hook) for hook in hooks)
    return known


class Static:
    def power(self, eng: "Engine", source: CardInstance, controller: str, creature: CardInstance) -> int:
        return 0

    def armor(self, eng, source, controller, creature) -> int:
        return 0

    def switches_power_and_armor(self, eng, source, controller, creature) -> bool:
        """ "Switch <creature>'s power and armor" (:mod:`engine.rules.power_armor`)."""
        return False

    def sets_power_and_armor(self, eng, source, controller, creature) -> tuple[int, int] | None:
        """ "<creature> is considered to have N power and M armor" (:mod:`engine.rules.power_armor`)."""
        return None

    def protects_from(self, eng, source, controller, creature, dealer) -> bool:
        """ "<creature> cannot be dealt damage by <dealer>" (:mod:`engine.rules.damage_sources`)."""
        return False

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return {}

    def traits(self, eng, source, controller, card) -> set[str]:
        """Traits ``card`` gains (:mod:`engine.rules.traits`)."""
        return set()

    def blanks_its_creature(self) -> bool:
        """An upgrade's "This creature's text box is considered blank" (:mod:`engine.rules.text_in_force`)."""
        return False

    def loses_traits(self, eng, source, controller, card) -> bool:
        """ "<card> loses each of its traits" (:mod:`engine.rules.traits`)."""
        return False

    def abilities(self, eng, source, controller, creature) -> dict[str, list]:
        """Abilities the creature gains: trigger -> effects."""
        return {}

    def also_triggers(self, eng, source, controller, creature, trigger: str) -> tuple[str, ...]:
        """The other triggers whose abilities of the creature resolve at ``trigger`` too ("each
        friendly creature's play effect is a play/reap effect": "play" at "reap";
        :mod:`engine.rules.shared_triggers`)."""
        return ()

    def loses_keywords(self, eng, source, controller, creature) -> frozenset[str]:
        """Keywords the creature loses ("Each creature loses elusive, taunt, poison, and
        skirmish"): gone whatever gives them, its own printed ones included."""
        return frozenset()

    def blanks_artifact(self, eng, source, controller, artifact) -> bool:
        """ "Each artifact's text box is considered blank": asked of creatures' constant abilities
        only (engine.rules.text_in_force.blanked_by_a_creature)."""
        return False

    def purges_itself(self, eng, source, controller) -> bool:
        """ "If there are no creatures in play, purge <this card>": checked with the state, as
        "destroy <this card>" is (engine.rules.hooks.DestroyedWhile)."""
        return False

    def makes_haunted(self, eng, source, controller, player: str) -> bool:
        """ "While ..., you are haunted" (engine.rules.haunted)."""
        return False

    def taunt_protects(self, eng, source, controller, creature) -> bool:
        """ "<This creature>'s taunt also applies to its neighbors' neighbors": ``creature``
        cannot be attacked unless it has taunt, as a taunt creature's neighbor cannot."""
        return False

    def blocks_trigger(self, eng, source, controller, card, trigger: str) -> bool:
        """ "Destroyed effects cannot resolve": no ability of ``card`` for ``trigger`` resolves."""
        return False

    def divides_damage(self, eng, source, controller, creature) -> bool:
        """ "When this creature would be dealt damage, ... that damage is divided among its neighbors
        as evenly as possible instead" (engine.rules.damage_receivers)."""
        return False

    def replaces_play_effect(self, eng, source, controller, card) -> list | None:
        """ "When your opponent plays an action card, instead of resolving its play effect, ...":
        the effects resolved (by this ability's controller) instead of ``card``'s "Play:" ability,
        or None (engine.rules.play_timing)."""
        return None

    def must_choose(self, eng, source, controller, player: str) -> str | None:
        return None

    def cannot_choose(self, eng, source, controller, player: str) -> str | None:
        return None

    def flank(self, eng, source, controller, creature) -> bool:
        """True when the creature is considered a flank creature."""
        return False

    def redirect_damage(self, eng, source, controller, creature) -> CardInstance | None:
        """The creature damage dealt to ``creature`` is dealt to instead."""
        return None

    def fight_damage(self, eng, source, controller, attacker, defender, amount: int) -> int:
        """The damage ``attacker`` deals when fighting ``defender``."""
        return amount

    def key_cost(self, eng, source, controller, player: str) -> int:
        """Added to what ``player``'s keys cost ("Keys cost +1 for each Dis creature in play")."""
        return 0

    def replaces_ready(self, eng, source, controller, player: str) -> list | None:
        """ "Instead of readying creatures they control during their "ready cards" step, ...":
        the ability resolved instead of readying ``player``'s creatures, or None."""
        return None

    def cannot_ready(self, eng, source, controller, card, in_step: bool) -> bool:
        """ "<card> cannot ready" (readied by no effect nor step), "does not ready during the "ready
        cards" step" (``in_step`` only): is ``card`` kept exhausted?"""
        return False

    def cannot_exhaust(self, eng, source, controller, card) -> bool:
        """ "<card> cannot become exhausted": is ``card`` kept ready (by no effect, use or fight)?"""
        return False

    def skips_ready_step(self, eng, source, controller, player: str) -> bool:
        """ "Skip your "ready cards" step this turn": does ``player`` skip step 4 (engine.rules.turn)?"""
        return False

    def cannot_use(self, eng, source, controller, card, how: str) -> str | None:
        """Why ``card`` cannot be used to ``how`` ("Shoulder Id cannot fight"), or None."""
        return None

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        """Why ``attacker`` may not attack ``target`` ("it can only attack flank creatures"), or None."""
        return None

    def damage_replaced_by(self, eng, source, controller, dealer) -> list | None:
        """ "When <dealer> would deal damage, <effects> instead": the ability resolved instead of
        the damage (even damage armor or ward would prevent), or None."""
        return None

    def protects(self, eng, source, controller, creature) -> bool:
        """ "<creature> cannot be dealt damage": all damage to it is prevented, before armor (the
        Hallowed Shield and Maruck the Marked FAQ)."""
        return False

    def keeps_from_destruction(self, eng, source, controller, creature) -> bool:
        """ "<creature> cannot be destroyed": it stays in play, its ward unused (as invulnerable)."""
        return False

    def blocks_bonus_icons(self, eng, source, controller, player: str) -> bool:
        """ "<player> cannot resolve bonus icons on cards they play" (Master of the Grey)."""
        return False

    def also_damaged(self, eng, source, controller, creature) -> CardInstance | None:
        """A creature that is also dealt the damage dealt to ``creature`` ("Damage dealt to
        Drecker's neighbors during fights is also dealt to Drecker")."""
        return None

    def extra_damage(self, eng, source, controller, creature) -> int:
        """ "Whenever this creature takes damage, it takes an additional N": added to the same
        instance of damage (not a new one, so such effects do not trigger each other)."""
        return 0

    def damage_factor(self, eng, source, controller, creature) -> int:
        """ "Double all damage dealt to <this creature>": the damage of an instance is multiplied
        (2), with its additional damage, once armor has prevented what it prevents."""
        return 1

    def reap_steals(self, eng, source, controller, player: str) -> bool:
        """ "Any Æmber you would gain from reaping is stolen from your opponent instead"."""
        return False

    def belongs_to(self, eng, source, controller, card, house: str) -> bool:
        """ "<This creature> belongs to all houses": True when ``card`` also belongs to ``house``
        (read through :func:`engine.rules.houses.belongs_to`)."""
        return False

    def house_instead(self, eng, source, controller, card) -> str | None:
        """ "If you control this creature, it belongs to house Logos. (Instead of its original
        house.)": the house ``card`` belongs to in place of its own, or None."""
        return None

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        """ "<This creature> may be used as if it belonged to the active house" (use only)."""
        return False

    def forbids_play(self, eng, source, controller, card) -> str | None:
        """Why a constant ability forbids the active player to play ``card`` now ("You cannot
        play creatures", "Your opponent cannot play more than 2 cards each turn"), or None."""
        return None

    def forbids_taking_archives(self, eng, source, controller, player: str) -> bool:
        """ "Players cannot take their archives into their hands during their "choose a house"
        step": may ``player`` not take their archives (engine.rules.turn.take_archives)?"""
        return False

    def keeps_in_archives(self, eng, source, controller, card) -> bool:
        """ "Your opponent's cards cannot leave your archives": must ``card``, in the archives of
        a player other than its owner, stay there (engine.rules.game.Engine.put_away)?"""
        return False

    def forbids_discard(self, eng, source, controller, card) -> str | None:
        """Why a constant ability forbids the active player to discard ``card`` from hand in step 3
        ("you cannot play, use, or discard cards"), or None."""
        return None

    def forbidden_flank(self, eng, source, controller, player: str) -> str | None:
        """The flank ("left" / "right") on which ``player`` may not play a creature ("Your opponent
        cannot play creatures on their right flank"), or None."""
        return None

    # hooks of engine.rules.hooks: attack checks, uses, costs, permissions, self-destruction
    def destroys_itself(self, eng, source, controller) -> bool:
        """Must ``source`` be destroyed now? ("If your opponent has no creatures in play, destroy <it>")"""
        return False

    def ignores_keyword(self, eng, source, controller, attacker, keyword: str) -> bool:
        """Is ``keyword`` ignored while ``attacker`` attacks? ("ignore taunt and elusive")"""
        return False

    def must_fight(self, eng, source, controller, card) -> bool:
        """ "Creatures must fight when used, if able"."""
        return False

    def use_cost(self, eng, source, controller, card, how: str) -> int:
        """Æmber the active player must pay ``controller`` in order to use ``card``."""
        return 0

    def play_cost(self, eng, source, controller, card) -> int:
        """Æmber the active player must pay ``controller`` in order to play ``card``."""
        return 0

    def plays_as_active_house(self, eng, source, controller, card) -> bool:
        """ "You may play upgrades as if they belonged to the active house": ``card`` is played
        as a card of the active house (no permission used, the First Turn Rule unchanged)."""
        return False

    def play_permission(self, eng, source, controller, card):
        """A permission (``source``, ``used``) to play ``card`` off the active house, or None."""
        return None
