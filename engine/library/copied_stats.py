"""A creature that takes another card's statistics for a period ("Until Cyber-Clone leaves play, it
has power equal to the purged creature's power, and gains that creature's armor, keywords, and
traits"): read from the other card as the effect resolves (out of play by then: its printed power,
armor, keywords and traits), kept on the creature as a lasting constant ability that ends when it
leaves play. The power is a new base: +1 power counters and other modifiers still add to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.state import CardInstance, LastingEffect
from engine.rules.ability import Context, Effect
from engine.rules.keywords import keywords as parse_keywords
from engine.rules.statics import Static
from engine.rules.traits import printed_traits


@dataclass
class CopiedStats(Static):
    """The statistics of another card, on ``card`` alone: its base power becomes ``power``, and it
    gains ``armor``, the keywords and the traits."""

    card: CardInstance
    power_value: int
    armor_value: int
    keyword_values: dict = field(default_factory=dict)
    trait_names: frozenset = frozenset()

    def power(self, eng, source, controller, creature) -> int:
        return self.power_value - creature.printed.power if creature is self.card else 0

    def armor(self, eng, source, controller, creature) -> int:
        return self.armor_value if creature is self.card else 0

    def keywords(self, eng, source, controller, creature) -> dict[str, int]:
        return dict(self.keyword_values) if creature is self.card else {}

    def traits(self, eng, source, controller, card) -> set[str]:
        return set(self.trait_names) if card is self.card else set()


@dataclass
class TakesStatsUntilLeaves(Effect):
    """ "Until <this creature> leaves play, it has power equal to <the card ``of`` names>'s power,
    and gains that creature's armor, keywords, and traits": nothing when that card is not there
    (a purge a ward stopped)."""

    of: str = "it"

    def resolve(self, ctx: Context) -> bool:
        other, card = ctx.ref(self.of), ctx.source
        if other is None or other is card or not card.in_play or card.type != "creature":
            return False
        # out of play by now (purged): its printed values, and the keywords of its text in force
        static = CopiedStats(
            card,
            other.printed.power,
            other.printed.armor,
            parse_keywords(ctx.eng.rules.card_text(other.name, other.printed.text)),
            frozenset(printed_traits(other)),
        )
        ctx.game.lasting.append(
            LastingEffect(
                "static", ctx.source.name, ctx.controller, {"static": static, "card": card}, until_leaves=card
            )
        )
        ctx.log(f"{card.label} has {other.label}'s power, armor, keywords and traits until it leaves play")
        return True
