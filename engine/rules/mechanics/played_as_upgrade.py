"""A creature that "may be played as an upgrade instead of a creature, with the text: "..."" (Explo-
rover, Securi-Droid, CALV-1N, PYR*0, Shield-U-Later, ...).

The rule is the cards' own: "<This card> may be played as an upgrade instead of a creature, with
the text: "<text>"". The 16.0 Master Rulebook names it once, in the Exhume/Explo-rover FAQ ("You
can play Explo-rover as either an upgrade or a creature with Exhume. When Exhume specifies
"creature" in your discard pile, this is a play restriction on which card in your discard pile you
can choose, but not a requirement that that card must remain a creature as you play it"), and is
silent on the rest, which is read from the printed text:

- the choice is made as the card is played, by the player playing it, among the forms that may be
  played (an upgrade needs a creature to attach to: 16.0 "Upgrades": "If an upgrade cannot attach
  to a card in play, the upgrade cannot enter play"); everywhere else (hand, deck, discard pile,
  archives) the card is a creature;
- played as an upgrade it has that type and only the quoted text, and no power or armor (an
  upgrade has none); it keeps its house, name and Æmber bonus (the text changes nothing else);
- it is that upgrade while in play; leaving play it is the creature card again
  (:meth:`engine.core.state.CardInstance.reset` drops the form);
- the quoted text's own quotation (single quotes: "This creature gains, 'Fight/Reap: Draw a
  card.'") is a quotation as any other: read with double quotes (:func:`requote`).

The form is an :mod:`engine.rules.copies` form (``Variant.becomes``), as copies are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.core.state import CardData
from engine.rules.ability import Context

#: "... with the text: "<text>"" (Explo-rover); "attach <this card> to it as an upgrade with the text
#: "<text>"" (Came Back Wrong) prints no colon, "... with the text, "<text>"" (Poltergeistoids) a comma
_WITH_TEXT = re.compile(r"with the text[:,]?\s*[\"“](?P<text>[^\"”]*)[\"”]", re.I)
#: a quotation inside the quoted text, its closing mark ending that text ("gains, 'Destroyed: ...'")
_INNER_QUOTE = re.compile(r"(?<=[\s,])[‘'](?P<inner>.+?)[’'](?=[\s.]*$)")


def requote(text: str) -> str:
    """The quoted text with its own quotation in double quotes, as a card text writes one."""
    return _INNER_QUOTE.sub(lambda m: f"“{m['inner']}”", text)


def upgrade_text(text: str) -> str | None:
    """The text a card played as an upgrade has ("... with the text: "<text>""), or None."""
    m = _WITH_TEXT.search(text)
    return requote(m["text"]) if m else None


def upgrade_form(data: CardData, text: str) -> CardData | None:
    """The card as the upgrade its text ``text`` (in force) says it may be: that type, only the
    quoted text, no power or armor; None when the text gives no such form."""
    quoted = upgrade_text(text)
    return replace(data, type="upgrade", text=quoted, power=0, armor=0) if quoted else None


@dataclass
class PlayAs:
    """ "<This card> may be played as a <TYPE> instead of a <its type>, with the text: “...”"
    (Explo-rover): the player chooses which the card is played as; played as ``type`` it has that
    type and only the quoted text (read from the card's text in force), and no power or armor."""

    type: str = "upgrade"
    when: str = "play"

    def options(self, ctx: Context) -> list[str]:
        return [ctx.source.data.type, self.type]

    def form(self, ctx: Context, option: str) -> CardData | None:
        data = ctx.source.data
        if option == data.type:
            return None  # played as itself
        form = upgrade_form(data, ctx.eng.rules.card_text(data.name, data.text))
        return form or replace(data, type=self.type, text="", power=0, armor=0)

    def apply(self, ctx: Context, options: list[str]) -> None:
        chosen = ctx.eng.chooser.choose(f"{ctx.source.name}: play it as", options)
        ctx.source.copy_of = self.form(ctx, chosen)
        ctx.log(f"{ctx.source.name} is played as {'an' if chosen[0] in 'aeiou' else 'a'} {chosen}")
