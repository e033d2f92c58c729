"""The constructors of constant abilities that hold while a condition does or give abilities
("while SELF is in the center of your battleline, it gains, "..."", "each friendly creature gains,
"..."", "if you are haunted, SELF enters play ready"), registered for the templates as those of
:mod:`engine.compile.composites` are; split from it by subject.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.houses import CHOSEN_HOUSE
from engine.rules.ability import Context, Effect
from engine.library import (
    all_of,
    AttachGiver,
    BelongsToHouseForTheTurn,
    CannotUseAnyCard,
    Destroy,
    If,
    is_your_turn,
    Choose,
    negate,
    not_giver_host,
    PlayersKeysCost,
    PowerPerCount,
    self_test,
    titled,
    while_,
)
from engine.rules import gained_and_lost as gl
from engine.rules import common_statics as cs
from engine.rules import statics as st
from engine.rules.keywords import granted
from engine.rules.damage_sources import CannotBeDealtDamageBy
from engine.rules.damage_survived import damaged_and_survived
from engine.rules.damage_statics import CannotBeDealtDamage, DealsNoFightDamageWhile, DoubleDamageTo
from engine.rules.power_armor import ConsideredToHave
from engine.rules.entering import EntersPlayEnraged, EntersPlayReady, EntersPlayStunned
from engine.rules.next_turns import ReactDuringNextTurnOf
from engine.rules.reactions import Reaction
from engine.rules.hooks import DestroyedWhile, MayPlayOneOfHouse, PurgedWhile
from engine.compile.grammar import Refusal
from engine.compile.matches import check_title, MATCHES
from engine.compile.phrases import Noun


@template("GroupGains", kind="static")
def _group_gains(ability: dict, words: str, applies):
    """ "Each friendly creature gains, "<Trigger>: ..."": the ability, on each creature of the group
    (resolved as that creature's own; the giver's name inside the quotes is refused as the slot is
    read: engine.compile.clauses._gains_itself)."""
    if isinstance(applies, Noun) and applies.what not in ("creature", "artifact"):
        # the abilities constant abilities give are read for creatures and artifacts in play only
        # (Engine.abilities)
        raise Refusal("static", words, f"an ability given to each {applies.what}")
    return _grant(ability, applies)


def _grant(ability: dict, applies):
    """The ability given: of one trigger, or the same effects for several ("Fight/Reap: ...")."""
    if len(ability) != 1:
        return gl.GrantAbilities(dict(ability), applies)
    ((trigger, effects),) = ability.items()
    return cs.GrantAbility(trigger, effects, applies)


@template("EntersPlayReadyIf", kind="static")
def _enters_ready_if(cond, applies=st.itself):
    """ "If <condition>, <this creature> enters play ready": asked as it enters play."""
    return EntersPlayReady(while_(applies, cond))


@template("EntersPlayEnragedIf", kind="static")
def _enters_enraged_if(cond, applies=st.itself):
    """ "If <condition>, <this creature> enters play enraged": asked as it enters play."""
    return EntersPlayEnraged(while_(applies, cond))


@template("EntersPlayStunnedIf", kind="static")
def _enters_stunned_if(cond, applies=st.itself):
    """ "While <condition>, each enemy creature enters play stunned": asked as it enters play."""
    return EntersPlayStunned(while_(applies, cond))


@template("MayPlayOneOfHouseEachTurn", kind="static")
def _may_play_one_of_house(house: str, house2: str):
    """ "You may play a Mars card during each turn in which Mars is not your active house": the
    same house twice, else the sentence is not this template's."""
    if house != house2:
        raise Refusal("static", f"{house} / {house2}", "two different houses")
    return MayPlayOneOfHouse(house)


@template("DestroyItWhile", kind="static")
def _destroy_it_while(cond, words: str):
    """ "If SELF is on a flank, destroy it": "it" names the card the condition is about, which must
    be the card itself (a constant ability destroys nothing else: engine.rules.hooks.DestroyedWhile)."""
    if not words.startswith("SELF "):
        raise Refusal("target", "it", f'"it" after "{words}" (not the card itself)')
    return DestroyedWhile(cond)


@template("CannotBeUsedWhile", kind="static")
def _cannot_be_used_while(applies, cond=None, unless=None):
    """ "While <condition>, <group> cannot be used", "<group> cannot be used unless <condition>":
    no use at all (fight, reap, "Action:", "Omni:") while it holds."""
    if cond is not None:
        applies = while_(applies, cond)
    if unless is not None:
        applies = while_(applies, negate(unless))
    return CannotUseAnyCard(applies)


@template("ArmorWhile", kind="static")
def _armor_while(amount, cond, applies=st.itself):
    """ "While <condition>, <group> gets +N armor"."""
    return cs.ArmorModifier(amount, while_(applies, cond))


@template("AbilityWhile", kind="static")
def _ability_while(ability: dict, cond, applies=st.itself):
    """ "While <condition>, it gains, "<Trigger>: ..."", "while <condition>, each friendly creature
    gains, "..."": the ability, while the condition holds."""
    if isinstance(applies, Noun) and applies.what != "creature":
        raise Refusal("static", "gains", f"an ability given to each {applies.what}")
    return _grant(ability, while_(applies, cond))


@template("self_in_center", kind="condition")
def _self_in_center():
    return self_test(lambda eng, source, controller, card: eng.is_center(card))


@template("self_exhausted", kind="condition")
def _self_exhausted(exhausted: bool = True):
    """ "While <this creature> is exhausted" / "is ready"."""
    return self_test(lambda eng, source, controller, card: card.exhausted == exhausted)


@template("TheirKeysCostWhile", kind="static")
def _their_keys_cost_while(amount, cond, words: str):
    """ "While your opponent is haunted, their keys cost +3": "their" is the player the condition
    names, which must be your opponent."""
    if not words.startswith("your opponent "):
        raise Refusal("target", "their", f'"their" after "{words}" (not your opponent)')
    return PlayersKeysCost(amount, whose="opponent", cond=cond)


@template("CannotBeDealtDamageWhile", kind="static")
def _cannot_be_dealt_damage_while(cond, applies=st.itself):
    """ "While <condition>, <this creature> cannot be dealt damage"."""
    return CannotBeDealtDamage(while_(applies, cond))


@template("DoubleDamageToWhile", kind="static")
def _double_damage_to_while(cond, applies=st.itself):
    """ "While <condition>, double all damage dealt to <this creature>"."""
    return DoubleDamageTo(while_(applies, cond))


@template("DealsNoFightDamageWhile", kind="static")
def _deals_no_fight_damage_while(cond, applies=st.itself):
    """ "While <condition>, <this creature> deals no damage when fighting"."""
    return DealsNoFightDamageWhile(while_(applies, cond))


@template("PowerPerCountWhile", kind="static")
def _power_per_count_while(amount: int, count, cond, applies=st.itself):
    """ "While <condition>, <this creature> gets +3 power for each Æmber on it"."""
    return PowerPerCount(amount, count, while_(applies, cond))


@template("KeywordValueWhile", kind="static")
def _keyword_value_while(cond, keyword, value: int, applies=st.itself):
    """ "While <condition>, <group> gains splash-attack 5": a valued keyword with its value."""
    return cs.GrantKeyword(keyword, while_(applies, cond), value)


@template("AttachGiverTo")
def _attach_giver_to(title: str):
    """ "Attach <the card giving this ability> to <title>" ("... or attach Molina's Blaster to
    Armsmaster Molina", given by the upgrade): a creature of that title, the one the upgrade is on
    excepted (attaching it there is no move); on a creature of that title it is that creature
    only (glossary "Self-Referential Text": engine.rules.gained_text.titled)."""
    to = all_of(titled(check_title(title)), not_giver_host)
    return [Choose("creature", "any", where=to), AttachGiver()]


@template("AttachGiverToTarget")
def _attach_giver_to_target(to: str):
    """ "Attach <the card giving this ability> to <that creature>": the creature the phrase names."""
    return AttachGiver(to)


@template("ConsideredToHavePower", kind="static")
def _considered_to_have_power(power=None, armor=None, applies=st.itself):
    """ "<group> is considered to have 5 power" / "... 0 armor": that value, whatever modifies it."""
    return ConsideredToHave(power, armor, applies)


@template("IfSelfDestroyIt")
def _if_self_destroy_it(cond, words: str):
    """ "If <this creature> is not on a flank, destroy it": "it" names the card the condition is
    about, which must be the card itself."""
    if not words.startswith("SELF "):
        raise Refusal("target", "it", f'"it" after "{words}" (not the card itself)')
    return [If(cond, [Destroy("self")])]


@template("TheHouseChosen")
def _the_house_chosen():
    """Before a reaction to a house being chosen ("After a player chooses an active house, destroy
    each artifact of that house"): "that house" is the house of the event, kept where the tests of
    a noun phrase read a chosen house (engine.library.houses.CHOSEN_HOUSE)."""
    return RememberEventHouse()


@dataclass
class RememberEventHouse(Effect):
    def resolve(self, ctx: Context) -> bool:
        house = ctx.event.get("house")
        if house is None:
            return False
        ctx.source.memory[CHOSEN_HOUSE] = house
        return True


def _keyword_words(text: str) -> dict[str, int]:
    """ "elusive, skirmish, and taunt" (a {keywords} slot): keyword -> value."""
    return granted(f"this creature gains {text}.")


@template("GrantKeywordList", kind="static")
def _grant_keyword_list(keywords: str, applies=st.friendly):
    """ "<group> gains elusive, skirmish, and taunt"."""
    return gl.GrantKeywords(_keyword_words(keywords), applies)


@template("LoseKeywordList", kind="static")
def _lose_keyword_list(keywords: str, applies=st.itself):
    """ "<group> loses elusive, taunt, poison, and skirmish"."""
    return gl.LoseKeywords(frozenset(_keyword_words(keywords)), applies)


@template("BlockTrigger", kind="static")
def _block_trigger(trigger: str):
    """ "Destroyed effects cannot resolve" (or "cannot trigger"): of any card, the destruction
    replacements ("Destroyed: ... instead") included."""
    triggers = (trigger, f"{trigger}_instead") if trigger == "destroyed" else (trigger,)
    return gl.BlockTrigger(triggers, lambda *_: True)


@template("CannotBeUsedToUnless", kind="static")
def _cannot_be_used_to_unless(how: str, cond, applies=st.itself):
    """ "<this creature> cannot reap unless <condition>"."""
    return cs.CannotBeUsedTo(how, while_(applies, negate(cond)))


@template("KeywordDuringYourTurn", kind="static")
def _keyword_during_your_turn(keyword: str, applies=st.itself):
    """ "<this creature> gains poison during your turn": while it is its controller's turn."""
    return cs.GrantKeyword(keyword, while_(applies, is_your_turn))


@template("HouseInsteadIfYouControl", kind="static")
def _house_instead_if_you_control(house: str):
    """An upgrade's "If you control this creature, it belongs to house Logos": its creature, while
    the upgrade's controller controls it, belongs to that house instead of its own."""

    def applies(eng, source, controller, card) -> bool:
        return st.attached_host(eng, source, controller, card) and card.controller == controller

    return gl.HouseInstead(house, applies)


@template("BelongsToHouseForTheTurn")
def _belongs_to_house_for_the_turn(house: str, on: str, in_addition: bool = False):
    """ "For the remainder of the turn, they belong to house Saurian": a house change on the cards
    named before ("they", "it"), to the end of the turn. A group ("each friendly creature") takes
    in creatures entering later in the turn too (glossary "Lasting Effects"), which a change on the
    cards named now does not: it is read as a lasting constant ability instead (HouseInstead,
    templates/abilities_houses.toml)."""
    return BelongsToHouseForTheTurn(house, on, in_addition)


@template("TauntReachesFarther", kind="static")
def _taunt_reaches_farther():
    """ "SELF's taunt also applies to its neighbors' neighbors"."""
    return gl.TauntReachesFarther()


def _amber_in_pools(ctx) -> int:
    return sum(p.amber for p in ctx.game.players.values())


@template("PowerIsAmberInPools", kind="static")
def _power_is_amber_in_pools():
    """A creature printed with power X and "X is the combined total of A between each player's
    pools": its power is that total (its printed X counts as 0)."""
    return PowerPerCount(1, _amber_in_pools)


@template("UsableAsHouse", kind="static")
def _usable_as_house(house: str, applies=st.itself):
    """ "<group> may be used as if they belonged to house <X>"."""
    return gl.UsableAsHouse(house, applies)


@template("NoFightsOfEnraged", kind="static")
def _no_fights_of_enraged(applies=st.friendly):
    """ "Enraged creatures cannot be used to fight <friendly Mars creatures>"."""
    return gl.NoFightsOfEnraged(applies)


def _damaged_creature(eng, dealer) -> bool:
    return dealer is not None and dealer.zone == "battleline" and dealer.damage > 0


def _creature_with_amber(eng, dealer) -> bool:
    return dealer is not None and dealer.zone == "battleline" and dealer.amber > 0


#: the dealers a "cannot be dealt damage by <creatures>" names, by its words
_DEALERS = {"damaged creatures": _damaged_creature, "creatures with amber on them": _creature_with_amber}


@template("CannotBeDealtDamageByCreatures", kind="static")
def _cannot_be_dealt_damage_by_creatures(applies=st.itself, dealers: str = "damaged creatures"):
    """ "<this creature> cannot be dealt damage by damaged creatures" (Censor Philo, DT 170: "by
    creatures with Æmber on them")."""
    return CannotBeDealtDamageBy(_DEALERS[dealers], applies)


@template("PurgedWhile", kind="static")
def _purged_while(cond, zone: str = "purged"):
    """ "If <condition>, purge <this card>" ("archive <this card>": ``zone`` "archives")."""
    return PurgedWhile(cond, zone)


@template("KeywordsOfOthers", kind="static")
def _keywords_of_others(keyword: str, keyword2: str = "", keyword3: str = "", keyword4: str = ""):
    """ "While you control another creature with elusive, taunt, poison, or skirmish, <this
    creature> gains that keyword": each listed keyword another friendly creature has."""
    return gl.KeywordsOfOthers(tuple(k for k in (keyword, keyword2, keyword3, keyword4) if k))


@template("KeywordPerCount", kind="static")
def _keyword_per_count(keyword: str, count, applies=st.itself):
    """ "<group> gains <valued keyword> X, where X is <count>"."""
    if keyword not in ("assault", "hazardous", "splash-attack"):
        raise Refusal("keyword", keyword, f'"{keyword} X" (not a valued keyword)')
    return gl.KeywordPerCount(keyword, count, applies)


@template("UsableAsNeighborsHouse", kind="static")
def _usable_as_neighbors_house(applies=st.itself):
    """ "<this creature> may be used as if it belonged to either of its neighbor's houses"."""
    return gl.UsableAsNeighborsHouse(applies)


@template("NotTheSameHouseTwice", kind="static")
def _not_the_same_house_twice():
    """ "Each player cannot choose the same active house they chose on their previous turn"."""
    return gl.NotTheSameHouseTwice()


@template("BlankArtifacts", kind="static")
def _blank_artifacts():
    """ "Each artifact's text box is considered blank (except for traits)"."""
    return gl.BlankArtifacts()


@template("TheyPlayDuringNextTurn")
def _they_play_during_next_turn(subject, clause: list):
    """ "During your opponent's next turn, each time they play a card, steal 1A": "they" is your
    opponent (the turn's player), the reaction in force for that turn only."""
    return ReactDuringNextTurnOf(Reaction("played", clause, MATCHES["opponent_played"](subject)))


def _own_power(ctx) -> int:
    return ctx.eng.power(ctx.source) if ctx.source.zone == "battleline" else 0


def _amber_on_it(ctx) -> int:
    card = ctx.ref("it")
    return card.amber if card is not None else 0


@template("OpponentKeysCostOwnPower", kind="static")
def _opponent_keys_cost_own_power():
    """ "Your opponent's keys cost +X, where X is <this creature>'s power"."""
    return PlayersKeysCost(1, whose="opponent", per=_own_power)


@template("LosesPowerPerAmberOnIt", kind="static")
def _loses_power_per_amber_on_it(applies=st.itself):
    """ "<this creature> gets -X power, where X is the number of A on <this creature>"."""
    return PowerPerCount(-1, _amber_on_it, applies)


@template("PowerWhileDamagedSurvived", kind="static")
def _power_while_damaged_survived(amount: int, applies=st.itself):
    """ "<this creature> gets +N power while it is damaged": by damage it has survived, as the cards'
    reminder says (engine.rules.damage_survived)."""

    def test(eng, source, controller, card) -> bool:
        return applies(eng, source, controller, card) and damaged_and_survived(eng, source, controller, card)

    return cs.PowerModifier(amount, test)
