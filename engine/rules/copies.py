"""What a card is played or enters play as: copies and alternative forms.

A card's characteristics (name, house, type, power, text, Æmber bonus) are read through
:attr:`engine.core.state.CardInstance.printed`: its own print, or ``copy_of``, the form it has taken.
A definition's ``becomes`` gives the forms a card may take and when it takes one:

- ``when="play"``: as the card is played ("When you play this card, treat it as a copy of an
  action card in your opponent's discard pile": Mimicry; "may be played as an upgrade instead of a
  creature, with the text: ...": Explo-rover, :mod:`engine.rules.mechanics.played_as_upgrade`). Each form is checked as the card would be played
  (the Rule of Six, alpha, its play restriction, an upgrade's need for a creature: the Mimicry
  FAQs, 16.0 Eureka! and Foggify FAQs), except for the house, which is the card's own when it is
  played (16.0 FAQ: Mimicry as a copy of Foggify needs Phase Shift's permission). The player
  chooses among the forms that may be played; a card with none is refused.
- ``when="enters_play"``: as it enters play, however it does ("Mimic Gel enters play as a copy of
  another creature in play, except it belongs to house Logos"). The copy is of the base card,
  unmodified by damage, counters, status counters or upgrades (16.0 Mimic Gel FAQ), and takes
  effect as the card enters play, so deploy and "enters play ready" of the copied card apply to it
  (16.0 Mimic Gel/Crash Muldoon FAQ). The play restriction checked is the card's own.

A copy lasts while the card resolves (an action card) or while it is in play; a card leaving play
loses it (:meth:`~engine.core.state.CardInstance.reset`). Glossary "Self-Referential Text": the copied
text's own title refers to the card that copied it (its name is the copied card's while it lasts).

Also here: playing a chosen card from the discard pile "as if it belonged to the active house and
was in your hand" (Exhume); choosing it as a creature restricts the choice only, not what it is
played as (the 16.0 Exhume/Explo-rover FAQ).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.rules.ability import Context, Effect
from engine.core.state import CardData, CardInstance
from engine.rules.references import card_label

if TYPE_CHECKING:
    from engine.rules.game import Engine


# ------------------------------------------------------------------------------ copies


@dataclass
class CopyOf:
    """ "Treat it as a copy of <a TYPE card> in <FROM>": ``source`` is ``"opponent discard"`` (an
    action card in your opponent's discard pile) or ``"in play"`` (another creature in play, on
    either side); ``house``: "except it belongs to house <house>"."""

    type: str = "action"
    source: str = "opponent discard"
    when: str = "play"
    house: str | None = None

    def options(self, ctx: Context) -> list[CardInstance]:
        if self.source == "opponent discard":
            pool = ctx.opponent.zone("discard")
        elif self.source == "in play":
            pool = [c for c in ctx.game.creatures() if c is not ctx.source]
        else:
            raise ValueError(f"{ctx.source.name}: unknown copy source {self.source!r}")
        seen, out = set(), []
        for c in pool:
            if c.type == self.type and (self.source == "in play" or c.name not in seen):
                seen.add(c.name)  # copies of one card in a discard pile are the same choice
                out.append(c)
        return out

    def form(self, ctx: Context, option: CardInstance) -> CardData:
        """The base card: its print (or the form it has itself taken), not its state."""
        return replace(option.printed, house=self.house) if self.house else option.printed

    def apply(self, ctx: Context, options: list[CardInstance]) -> None:
        if not options:
            where = f"{ctx.opponent_name}'s discard pile" if self.source == "opponent discard" else "play"
            ctx.log(f"{ctx.source.name}: no {self.type} card in {where} to copy")
            return
        chosen = ctx.eng.chooser.choose(f"{ctx.source.name}: copy which card", options, label=card_label(options))
        original = ctx.source.data.name
        ctx.source.copy_of = self.form(ctx, chosen)
        verb = "is played" if self.when == "play" else "enters play"
        ctx.log(
            f"{original} {verb} as a copy of {chosen.name}"
            + (f", except it belongs to house {self.house.title()}" if self.house else "")
        )


def become_on_entering(eng: "Engine", card: CardInstance) -> None:
    """A card that "enters play as a copy of ..." takes its form now, as it enters play."""
    becomes = eng.variant(card).becomes
    if becomes is None or getattr(becomes, "when", "play") != "enters_play" or card.copy_of is not None:
        return
    ctx = eng.context(card, card.controller)
    becomes.apply(ctx, becomes.options(ctx))


# ------------------------------------------------------------------------------ playing a chosen card


@dataclass
class PlayChosen(Effect):
    """ "You may play that card as if it belonged to the active house and was in your hand"
    (Exhume): played from where it is, with the card's own play restrictions (Rule of Six, alpha,
    its play restriction) but no house or First Turn restriction; one that cannot be played stays
    where it is."""

    on: str = "it"
    where: str = "your discard pile"

    def resolve(self, ctx: Context) -> bool:
        card = ctx.ref(self.on)
        if card is None or card.in_play or card.zone == "resolving":
            return False
        return ctx.eng.play_from(card, self.where)
