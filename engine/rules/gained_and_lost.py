"""Constant abilities that give a card something or take it away: keywords gained and lost ("each
friendly flank creature gains elusive, skirmish, and taunt", "each creature loses elusive, taunt,
poison, and skirmish"), an ability of several triggers given ("Fight/Reap: ..."), taunt reaching
farther, a house instead of its own or one to be used as, attacks forbidden to enraged creatures,
and abilities forbidden to resolve ("Destroyed effects cannot resolve"). Each answers one question of :class:`engine.rules.statics.Static`; split from that module
by subject.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.registry import template
from engine.rules.ability import Context
from engine.rules.houses import belongs_to
from engine.rules.statics import Applies, friendly, itself, Static


@dataclass
class GrantKeywords(Static):
    """ "<creatures> gain elusive, skirmish, and taunt": several keywords (keyword -> value)."""

    given: dict
    applies: Applies = friendly

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return dict(self.given) if self.applies(eng, source, controller, creature) else {}


@dataclass
class LoseKeywords(Static):
    """ "<creatures> lose elusive, taunt, poison, and skirmish"."""

    lost: frozenset
    applies: Applies = itself

    def loses_keywords(self, eng, source, controller, creature) -> frozenset[str]:
        return self.lost if self.applies(eng, source, controller, creature) else frozenset()


@dataclass
class BlockTrigger(Static):
    """ "Destroyed effects cannot resolve" (``triggers``: the abilities of those labels, their
    "... instead" forms included), for the cards ``applies`` names."""

    triggers: tuple
    applies: Applies = friendly

    def blocks_trigger(self, eng, source, controller, card, trigger: str) -> bool:
        return trigger in self.triggers and self.applies(eng, source, controller, card)


@template(kind="static")
@dataclass
class HouseInstead(Static):
    """ "<This creature> belongs to house <X>" (instead of its original house)."""

    house: str
    applies: Applies = itself

    def house_instead(self, eng, source, controller, card) -> str | None:
        return self.house if self.applies(eng, source, controller, card) else None


@dataclass
class TauntReachesFarther(Static):
    """ "<This creature>'s taunt also applies to its neighbors' neighbors": the creatures two
    places from it in its battleline are protected by its taunt, while it has taunt."""

    def taunt_protects(self, eng, source, controller, creature) -> bool:
        line = eng.game.players[source.controller].creatures
        if source not in line or creature not in line or not eng.has(source, "taunt"):
            return False
        return abs(line.index(source) - line.index(creature)) == 2


@dataclass
class GrantAbilities(Static):
    """ "<creature> gains, "Fight/Reap: ..."": one ability of several triggers (the same effects
    for each trigger)."""

    given: dict
    applies: Applies = friendly

    def abilities(self, eng, source, controller, creature) -> dict[str, list]:
        return dict(self.given) if self.applies(eng, source, controller, creature) else {}


@dataclass
class UsableAsHouse(Static):
    """ "<SELF's neighbors> may be used as if they belonged to house <X>": usable while <X> is the
    active house."""

    house: str
    applies: Applies = itself

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        return eng.game.active_house == self.house and self.applies(eng, source, controller, card)


@dataclass
class NoFightsOfEnraged(Static):
    """ "Enraged creatures cannot be used to fight friendly <Mars> creatures" (``applies``: the
    creatures protected)."""

    applies: Applies = friendly

    def forbids_attack(self, eng, source, controller, attacker, target) -> str | None:
        if attacker.enraged and self.applies(eng, source, controller, target):
            return f"{attacker.label} is enraged: it cannot be used to fight {target.label} ({source.label})"
        return None


@dataclass
class KeywordsOfOthers(Static):
    """ "While you control another creature with elusive, taunt, poison, or skirmish, <this
    creature> gains that keyword" (Captain Kresage, DT 016): each of ``keywords`` another friendly
    creature has now, gained or printed. A creature asked about while its own answer is being
    worked out (two such creatures asking each other) gives nothing through this ability: the
    question cannot rest on its own answer, and what they have from elsewhere still counts."""

    keywords_named: tuple[str, ...]
    applies: Applies = itself

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        if not self.applies(eng, source, controller, creature) or source in _ASKING:
            return {}
        _ASKING.append(source)
        try:
            others = [c for c in eng.game.players[controller].creatures if c is not creature]
            return {k: 1 for k in self.keywords_named if any(eng.has(c, k) for c in others)}
        finally:
            _ASKING.remove(source)


#: the sources whose :class:`KeywordsOfOthers` answer is being worked out now
_ASKING: list = []


@dataclass
class KeywordPerCount(Static):
    """ "<group> gains splash-attack X, where X is the number of exhausted creatures": a valued
    keyword whose value is a count read now (none while it is 0)."""

    keyword: str
    count: Callable
    applies: Applies = itself

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        if not self.applies(eng, source, controller, creature):
            return {}
        # read as a constant ability's count is: "it" is the creature asked about
        value = self.count(Context(eng, source, controller, chosen={"it": [creature]}))
        return {self.keyword: value} if value > 0 else {}


@dataclass
class UsableAsNeighborsHouse(Static):
    """ "<This creature> may be used as if it belonged to either of its neighbor's houses": usable
    while a neighbor of it belongs to the active house."""

    applies: Applies = itself

    def usable_as_active_house(self, eng, source, controller, card) -> bool:
        house = eng.game.active_house
        return self.applies(eng, source, controller, card) and any(
            belongs_to(eng, n, house) for n in eng.game.neighbors(card)
        )


@dataclass
class NotTheSameHouseTwice(Static):
    """ "Each player cannot choose the same active house they chose on their previous turn": the
    house the player chose on their latest earlier turn (none chosen yet: no restriction)."""

    def cannot_choose(self, eng, source, controller, player: str) -> str | None:
        g = eng.game
        earlier = [(turn, house) for turn, who, house in g.houses_chosen if who == player and turn < g.turn]
        return max(earlier)[1] if earlier else None


@dataclass
class BlankArtifacts(Static):
    """ "Each artifact's text box is considered blank (except for traits)": of a creature
    (engine.rules.text_in_force.blanked_by_a_creature)."""

    def blanks_artifact(self, eng, source, controller, artifact) -> bool:
        return source.zone == "battleline"


@template(kind="static")
@dataclass
class GrantTrait(Static):
    """ "<creatures> gain(s) the <trait> trait" (engine.rules.traits)."""

    trait: str
    applies: Applies = friendly

    def traits(self, eng, source, controller, card) -> set[str]:
        return {self.trait.lower()} if card.in_play and self.applies(eng, source, controller, card) else set()


@template(kind="static")
@dataclass
class LoseTraits(Static):
    """ "<creatures> lose(s) each of its traits" (engine.rules.traits): printed and gained."""

    applies: Applies = friendly

    def loses_traits(self, eng, source, controller, card) -> bool:
        return card.in_play and self.applies(eng, source, controller, card)


@template(kind="static")
@dataclass
class BlanksItsCreature(Static):
    """An upgrade's "This creature's text box is considered blank, except for traits"
    (engine.rules.text_in_force: read from the upgrades on a creature, never from the creature)."""

    def blanks_its_creature(self) -> bool:
        return True
