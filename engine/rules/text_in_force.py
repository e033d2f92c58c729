"""The text in force on a card in play, as lasting card effects change its text box.

A card's text starts as its printed text or latest erratum (:meth:`RuleSet.card_text`, read by
:func:`engine.cards.definitions.variant` for its abilities and by the keyword parser for its keywords). While
a card is in play, lasting effects may change that text box; they apply in the order they began:

- "<creatures'> text boxes are considered blank (except for traits)" (Shadow of Dis): the card
  has no abilities and no keywords; its traits, power, armor and bonus icons are printed outside
  the text box and stay. The effect applies to cards in play only (the Shadow of Dis FAQs): in
  hand, an Alpha card still cannot be played after another card this step (Glimmer); an ability
  that changes how a card enters play is read from the card as it enters, before the effect
  reaches it (Silvertooth, :mod:`engine.rules.entering`); Omega, which takes effect after the card is
  played, is read once it is in play and blank (Duskwitch). A value X an ability defined is 0
  without that ability (glossary "X": Picaroon).
- "Each artifact's text box is considered blank (except for traits)" (Blossom Drake): a constant
  ability of a creature, blanking artifacts in play as the lasting effect above blanks creatures
  (:func:`blanked_by_a_creature`).
- "This creature's text box is considered blank, except for traits" (Fortune Reverser): an
  upgrade's constant ability blanking the creature it is attached to (:func:`blanked_by_an_upgrade`).
- "<creature> gains the text box of <card>" (Creed of Nurture): the creature has its own text
  and the other card's (abilities, constant abilities, keywords). Self-referential text in the
  gained text refers to the creature gaining it (glossary "Self-Referential Text"): gained
  abilities resolve with that creature as their source.

The change is a :class:`~engine.core.state.LastingEffect` of kind ``"text"`` whose ``params["text"]``
is a :class:`TextChange`; its ``"target"`` (one card) ends it when that card leaves play, and
``"through_turn"`` keeps it past the end of the turn it began in.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from engine.cards import Variant
from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.rules.keywords import keywords as parse_keywords
from engine.rules.next_turns import until_next_turn_of
from engine.core.state import CardData, CardInstance, LastingEffect

if TYPE_CHECKING:
    from engine.rules.game import Engine

KIND = "text"


class TextChange:
    """A lasting change to the text box of the cards it applies to."""

    def applies(self, eng: "Engine", effect: LastingEffect, card: CardInstance) -> bool:
        return effect.params.get("target") is card and card.in_play

    def variant(self, eng: "Engine", card: CardInstance, current: Variant) -> Variant:
        return current

    def keywords(self, eng: "Engine", card: CardInstance, current: dict[str, int]) -> dict[str, int]:
        return current


BLANK = Variant()


@dataclass
class BlankTextBox(TextChange):
    """ "<Enemy creatures'> text boxes are considered blank (except for traits)": ``side`` is
    relative to the controller of the effect; only creatures in play are affected."""

    side: str = "enemy"

    def applies(self, eng, effect, card) -> bool:
        if card.zone != "battleline":
            return False
        return (card.controller != effect.controller) == (self.side == "enemy")

    def variant(self, eng, card, current) -> Variant:
        return BLANK

    def keywords(self, eng, card, current) -> dict[str, int]:
        return {}


@dataclass
class BlankTextBoxesOf(TextChange):
    """ "<Each friendly Strange Shell> loses all abilities" for a while: the text boxes of the cards in
    play ``test`` admits (asked of the card that started it and its controller, as a constant ability
    asks its group), each as it is now: a card entering the group later is blanked too."""

    test: object  # (eng, source, controller, card) -> bool

    def applies(self, eng, effect, card) -> bool:
        return card.zone == "battleline" and bool(self.test(eng, effect.params.get("card"), effect.controller, card))

    def variant(self, eng, card, current) -> Variant:
        return BLANK

    def keywords(self, eng, card, current) -> dict[str, int]:
        return {}


@dataclass
class GainsTextBox(TextChange):
    """ "<The chosen creature> gains the text box of <the revealed card>"."""

    data: CardData

    def _text(self, eng) -> str:
        return eng.rules.card_text(self.data.name, self.data.text)

    def variant(self, eng, card, current) -> Variant:
        text = self._text(eng)
        return merge(current, eng.text_variant(self.data.name, text))

    def keywords(self, eng, card, current) -> dict[str, int]:
        return {**current, **parse_keywords(self._text(eng))}


#: the fields of a variant that list abilities (triggers, statics, reactions): merged by joining
_LISTS = [f.name for f in fields(Variant) if f.default_factory is list]


#: (id of own, id of gained) -> (own, gained, merged): the same two texts give the same merged
#: variant, so the engine recognises an ability it has already resolved at a timing point
_MERGED: dict[tuple[int, int], tuple[Variant, Variant, Variant]] = {}


def merge(own: Variant, gained: Variant) -> Variant:
    """A variant with both texts: the abilities of each trigger one after the other (its own
    first), both sets of constant abilities and reactions."""
    found = _MERGED.get((id(own), id(gained)))
    if found is not None and found[0] is own and found[1] is gained:
        return found[2]
    out = Variant(
        phrase=own.phrase,
        gains={**gained.gains, **own.gains},
        play_condition=own.play_condition or gained.play_condition,
        becomes=own.becomes or gained.becomes,
        enters_under_opponent=own.enters_under_opponent or gained.enters_under_opponent,
        attach_only=own.attach_only or gained.attach_only,
        hand_discard_forbidden=own.hand_discard_forbidden or gained.hand_discard_forbidden,
    )
    for name in _LISTS:
        setattr(out, name, list(getattr(own, name)) + list(getattr(gained, name)))
    _MERGED[id(own), id(gained)] = (own, gained, out)
    return out


def _changes(eng: "Engine", card: CardInstance) -> list[TextChange]:
    out = []
    for e in eng.game.lasting:  # a loop: asked for every text read while a lasting effect is in force
        if e.kind == KIND and e.params["text"].applies(eng, e, card):
            out.append(e.params["text"])
    return out


def variant(eng: "Engine", card: CardInstance, printed: Variant) -> Variant:
    """The variant of ``card`` for its text in force: ``printed`` (its printed text or erratum)
    as the text changes in force change it."""
    if _blanked(eng, card):
        return BLANK
    if not eng.game.lasting:
        return printed
    for change in _changes(eng, card):
        printed = change.variant(eng, card, printed)
    return printed


def keywords(eng: "Engine", card: CardInstance, printed: dict[str, int]) -> dict[str, int]:
    """The keywords of ``card``'s text in force (``printed``: those of its printed text)."""
    if _blanked(eng, card):
        return {}
    if not eng.game.lasting:
        return printed
    for change in _changes(eng, card):
        printed = change.keywords(eng, card, printed)
    return printed


def _blanked(eng: "Engine", card: CardInstance) -> bool:
    """Is ``card``'s text box blank (:func:`blanked_by_a_creature`, :func:`blanked_by_an_upgrade`)?
    Only an artifact or a card with an upgrade can be."""
    if card.zone != "artifacts" and not card.upgrades:
        return False
    return blanked_by_a_creature(eng, card) or blanked_by_an_upgrade(eng, card)


def blanked_by_a_creature(eng: "Engine", card: CardInstance) -> bool:
    """ "Each artifact's text box is considered blank (except for traits)" (Blossom Drake): a
    constant ability of a creature in play about artifacts in play. Only creatures' abilities are
    read for it, and only artifacts are blanked by it, so reading it never needs the text of the
    card it blanks."""
    if card.zone != "artifacts":
        return False
    return any(
        s.blanks_artifact(eng, creature, creature.controller, card)
        for creature in eng.game.creatures()
        for s in eng.variant(creature).statics
    )


def blanked_by_an_upgrade(eng: "Engine", card: CardInstance) -> bool:
    """An upgrade's "This creature's text box is considered blank, except for traits" (Fortune
    Reverser): the creature it is attached to has no abilities and no keywords. Only the upgrades'
    own constant abilities are read for it, so reading it never needs the creature's text."""
    if card.zone != "battleline":
        return False
    for upgrade in card.upgrades:  # loops, not any(...): asked for every text read of a creature
        for s in eng.variant(upgrade).statics:
            if s.blanks_its_creature():
                return True
    return False


# --------------------------------------------------------------------------- effects


@dataclass
class BlankEnemyTextBoxesUntilYourNextTurn(Effect):
    """ "Until your next turn, enemy creatures' text boxes are considered blank (except for
    traits)": from now through the opponent's next turn, for every enemy creature in play,
    including creatures that enter play meanwhile."""

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        g.lasting.append(
            LastingEffect(
                KIND,
                ctx.source.name,
                ctx.controller,
                {"text": BlankTextBox("enemy"), "card": ctx.source, **until_next_turn_of(ctx.controller)},
            )
        )
        ctx.log(
            f"{ctx.source.name}: until {ctx.controller}'s next turn, {g.other(ctx.controller)}'s "
            "creatures' text boxes are considered blank"
        )
        return True


@template()
@dataclass
class GainTextBoxForTheTurn(Effect):
    """ "For the remainder of the turn, <on> gains the text box of <of>" (its text in force, as
    printed or corrected; it ends early if ``on`` leaves play)."""

    on: str
    of: str

    def resolve(self, ctx: Context) -> bool:
        target, giver = ctx.ref(self.on), ctx.ref(self.of)
        if target is None or giver is None or not target.in_play:
            return False
        ctx.game.lasting.append(
            LastingEffect(
                KIND,
                ctx.source.name,
                ctx.controller,
                {"text": GainsTextBox(giver.printed), "card": ctx.source, "target": target},
            )
        )
        ctx.log(f"{target.label} gains the text box of {giver.name} for the remainder of the turn")
        return True
