"""How a creature (or an artifact) enters play: exhausted, unless an ability makes it enter play
ready; stunned when an ability says so.

An ability that modifies how a card enters play takes effect as the card enters play: the card's
own such ability is read from its text as it enters, before effects on cards in play reach it
(the 16.0 Shadow of Dis/Silvertooth FAQ: Silvertooth enters play ready although Shadow of Dis
blanks the text boxes of its controller's creatures in play; the Mimic Gel FAQ: a copy enters play
ready as its original would). Other cards' constant abilities ("Your creatures enter play ready",
Duskwitch) apply if they are in force when the creature enters. Abilities about a card being
played ("the next creature or artifact you play this turn enters play ready", "the first creature
played each turn ...") are asked only of a card played, not of one put into play (glossary
"Enters Play": putting a card into play is not playing it), artifacts included; one about the next
creature entering play ("you may have it enter anywhere in your battleline, ready") is asked of
either, before the creature takes its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules.statics import Applies, Static, itself
from engine.core.registry import template
from engine.core.state import LastingEffect
from engine.rules.ability import Context, Effect

if TYPE_CHECKING:
    from engine.cards import Variant
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


class EnteringStatic(Static):
    """A constant ability about creatures entering play."""

    def enters_ready(self, eng, source, controller, creature) -> bool:
        return False

    def enters_stunned(self, eng, source, controller, creature) -> bool:
        return False

    def enters_enraged(self, eng, source, controller, creature) -> bool:
        return False

    def enters_ready_played(self, eng, source, controller, card) -> bool:
        """About a card being played, creature or artifact ("the next creature you play this
        turn enters play ready"): asked only as a card is played, of every such ability in force,
        so that a "next" one is used up even when another also makes the card enter ready."""
        return False


@dataclass
class EntersPlayReady(EnteringStatic):
    """ "<This creature> enters play ready" (``itself``), "Your creatures enter play ready"
    (``friendly``)."""

    applies: Applies = itself

    def enters_ready(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@template(kind="static")
@dataclass
class EntersPlayStunned(EnteringStatic):
    """ "<This creature> enters play stunned"."""

    applies: Applies = itself

    def enters_stunned(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


@template(kind="static")
@dataclass
class EntersPlayEnraged(EnteringStatic):
    """ "<This creature> enters play enraged", "each creature enters play enraged": an enrage
    counter on it as it enters (glossary "Enrage")."""

    applies: Applies = itself

    def enters_enraged(self, eng, source, controller, creature) -> bool:
        return self.applies(eng, source, controller, creature)


def _entering_statics(eng: "Engine", card: "CardInstance", entering: "Variant"):
    """The card's own entering abilities as it entered, and those in force now (of other cards)."""
    own = [(s, card, card.controller) for s in entering.statics]
    others = [(s, src, ctl) for s, src, ctl in eng.statics() if src is not card]
    return [(s, src, ctl) for s, src, ctl in own + others if isinstance(s, EnteringStatic)]


def played_enters_ready(eng: "Engine", card: "CardInstance") -> bool:
    """Whether an ability in force makes ``card``, being played, enter play ready; each is asked."""
    answers = [
        s.enters_ready_played(eng, src, ctl, card)
        for s, src, ctl in eng.statics()
        if src is not card and isinstance(s, EnteringStatic)
    ]
    return any(answers)


def enters_ready(eng: "Engine", card: "CardInstance", entering: "Variant", played: bool = False) -> bool:
    """Whether ``card`` (a creature or an artifact: "Mk. 2 Generator enters play ready"), just placed
    in play, enters ready: by its own ability as it entered, another's in force, or, played, one
    about cards played."""
    found = _entering_statics(eng, card, entering)
    ready_as_played = played and played_enters_ready(eng, card)
    return ready_as_played or any(s.enters_ready(eng, src, ctl, card) for s, src, ctl in found)


def enters(eng: "Engine", card: "CardInstance", entering: "Variant", played: bool = False) -> None:
    """Set whether ``card``, just placed in play, is exhausted and stunned; ``entering`` is its
    variant as it entered (read before it was placed); ``played``: it was played, not put into play."""
    found = _entering_statics(eng, card, entering)
    card.exhausted = not enters_ready(eng, card, entering, played)
    # "that creature enters play stunned" of the effect playing it (engine.library.playing.PlayIt)
    stunned_by_effect = card.memory.pop("enters_stunned", False)
    if stunned_by_effect or any(s.enters_stunned(eng, src, ctl, card) for s, src, ctl in found):
        card.stunned = True
    if card.type == "creature" and any(s.enters_enraged(eng, src, ctl, card) for s, src, ctl in found):
        card.enraged = True


#: the lasting effect of :class:`NextEntersAnywhereReady`
NEXT_ENTERS_ANYWHERE = "next_enters_anywhere_ready"


@template()
@dataclass
class NextEntersAnywhereReady(Effect):
    """ "The next time a friendly creature enters play this turn, you may have it enter anywhere
    in your battleline, ready": played or put into play, the next creature entering under the
    controller's control uses it up, whether or not they take the offer (asked before its place)."""

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(LastingEffect(NEXT_ENTERS_ANYWHERE, ctx.source.name, ctx.controller))
        ctx.log(f"{ctx.source.name}: the next creature entering play under {ctx.controller}'s control this turn")
        return True


def enters_anywhere_ready(eng: "Engine", creature: "CardInstance", controller: str) -> bool:
    """Does ``creature``, entering play under ``controller``, take the offer of a
    :class:`NextEntersAnywhereReady` of theirs (used up by it either way)?"""
    g = eng.game
    for effect in g.lasting:
        if effect.kind == NEXT_ENTERS_ANYWHERE and effect.controller == controller:
            g.lasting.remove(effect)
            return eng.chooser.may(
                f"{controller}: {effect.source}: have {creature.name} enter anywhere in your battleline, ready?"
            )
    return False
