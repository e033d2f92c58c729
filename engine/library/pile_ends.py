"""The cards at an end of a pile, named where they are: "the bottom card of your opponent's deck",
"the top 5 cards of a player's deck", "the top card of its controller's deck", "the top 5 cards of
a discard pile", "the bottom card from each player's deck", "the topmost creature from your discard
pile". What is done to them is the next effect's (discard, purge, shuffle, reveal, play): they stay
where they are until it moves them.

A deck's top is its first card and a discard pile's top the card put there last (both first in the
zone's list: engine.core.state). Whose pile: ``"self"``, ``"opponent"``, ``"chosen"`` (the player
the controller picks: "a player's deck"), ``"each"`` (the active player's first), ``"event"`` (the player the event reacted to is about), ``"haunted"`` (a haunted player's pile, chosen when both are), ``"that player"``
(the player the ability chose before: :mod:`engine.library.choosing_players`) or a reference
(``"of:<ref>"``: the controller of the card the reference names, "its controller's deck"). A new
effect on the ends of piles goes here; the top card of your own deck alone is
:class:`engine.library.decks.TopOfDeck`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.registry import template
from engine.library.choosing_players import chosen_player
from engine.rules.haunted import is_haunted
from engine.rules.ability import Context, Effect


def pile_owners(ctx: Context, whose: str, what: str) -> list[str]:
    """The players whose pile an effect names (the choice of one asked here)."""
    g = ctx.game
    if whose == "self":
        return [ctx.controller]
    if whose == "opponent":
        return [ctx.opponent_name]
    if whose == "each":
        return [g.active, g.other(g.active)]
    if whose in ("chosen", "haunted"):
        # "a haunted player's discard pile": among the players with 10 or more cards in their
        # discard pile (glossary "Haunted"); none, no pile
        players = [p for p in (g.active, g.other(g.active)) if whose == "chosen" or is_haunted(ctx.eng, p)]
        if len(players) < 2:
            return players
        return [ctx.eng.chooser.choose(f"{ctx.source.name}: choose a player's {what}", players)]
    if whose.startswith("of:"):
        return [c.controller for c in ctx.refs(whose[3:])[:1]]
    if whose == "event":  # "after a player readies a card, discard the top card of their deck"
        return [ctx.event["player"]] if ctx.event.get("player") else []
    if whose == "that player":  # the player the ability chose ("that player's discard pile")
        player = chosen_player(ctx.source)
        return [player] if player else []
    raise ValueError(f"{ctx.source.name}: unknown pile reference {whose!r}")


@template()
@dataclass
class PileEnd(Effect):
    """ "The <top / bottom> <N> card(s) of <whose> <deck / discard pile>": named ``name`` (and
    "it"). With ``test`` (``"the topmost creature from your discard pile"``): the card nearest that
    end the test admits. Fully resolved when each pile had N."""

    name: str
    zone: str = "deck"
    whose: str = "self"
    end: str = "top"
    n: int = 1
    test: object = None  # (eng, source, controller, card) -> bool

    def resolve(self, ctx: Context) -> bool:
        picked, full = [], True
        for player in pile_owners(ctx, self.whose, "discard pile" if self.zone == "discard" else self.zone):
            pile = list(ctx.game.players[player].zone(self.zone))
            if self.end == "bottom":
                pile.reverse()
            if self.test is not None:
                pile = [c for c in pile if self.test(ctx.eng, ctx.source, ctx.controller, c)]
            found = pile[: self.n]
            full = full and len(found) == self.n
            picked += found
        ctx.chosen[self.name] = ctx.chosen["it"] = picked
        if picked:
            ctx.log(f"{ctx.source.name}: the {self.end} card(s) named are {', '.join(c.label for c in picked)}")
        return full


@dataclass
class OnePile(Effect):
    """ "<N cards> from a discard pile": one player's pile, the controller choosing whose when both
    have cards; every card of it is named ``name`` for the choice among them that follows."""

    name: str
    zone: str = "discard"

    def resolve(self, ctx: Context) -> bool:
        g = ctx.game
        players = [p for p in (ctx.controller, ctx.opponent_name) if g.players[p].zone(self.zone)]
        if len(players) > 1:
            what = "discard pile" if self.zone == "discard" else self.zone
            players = [ctx.eng.chooser.choose(f"{ctx.source.name}: from whose {what}", players)]
        ctx.chosen[self.name] = [c for p in players for c in g.players[p].zone(self.zone)]
        return bool(players)
