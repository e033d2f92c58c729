"""The references effects name cards by (general rules): ``"self"``, ``"host"``, a name an earlier
choice of the ability gave (``"it"`` is the latest), the card an event is about (``"event"``),
groups ("each enemy creature", "each other friendly creature"), ``"neighbors"`` and ``"beneath"``;
and the cards on a side a choice or a group draws from. Friendly and enemy are relative to the
controller of the ability (or to the player a card is used "as if it were yours" by:
:mod:`engine.rules.as_if_yours`). :meth:`engine.rules.ability.Context.refs` reads them here. Also
how the answers of a decision name a card (:func:`card_label`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.state import CardInstance
from engine.rules.as_if_yours import adjust_sides

if TYPE_CHECKING:
    from engine.rules.ability import Context


def card_label(options: list[CardInstance]) -> Callable[[CardInstance], str]:
    """How answers name a card: its label, with its controller when two options share a label."""
    labels = [c.label for c in options]

    def label(card: CardInstance) -> str:
        return f"{card.label} ({card.controller})" if labels.count(card.label) > 1 else card.label

    return label


def place_label(count: int) -> Callable[[int], str]:
    """How answers name a place in a battleline of ``count`` other creatures ("anywhere in your
    battleline"): "left" and "right" for the flanks, between them the number of creatures on its left."""
    return lambda i: "left" if i == 0 else "right" if i == count else str(i)


def choose_place(ctx: Context, question: str, line: list) -> int:
    """The place (0: the left flank) the ability's player chooses for a creature put "anywhere" in
    ``line`` (the other creatures of that battleline)."""
    return ctx.eng.chooser.choose(
        f"{ctx.eng.decider(ctx)}: {question}", list(range(len(line) + 1)), label=place_label(len(line))
    )


def candidates(ctx: Context, what: str, side: str) -> list[CardInstance]:
    g = ctx.game
    players = {"friendly": [ctx.controller], "enemy": [ctx.opponent_name], "any": [g.active, g.other(g.active)]}[side]
    out: list[CardInstance] = []
    for p in players:
        pl = g.players[p]
        if what == "creature":
            out += pl.creatures
        elif what == "artifact":
            out += pl.zone("artifacts")
        elif what == "card in play":
            out += (
                pl.creatures
                + pl.zone("artifacts")
                + [u for c in pl.creatures + pl.zone("artifacts") for u in c.upgrades]
            )
        elif what == "upgrade":  # the upgrades on the side's creatures (and artifacts), as "card in play" counts them
            out += [u for c in pl.creatures + pl.zone("artifacts") for u in c.upgrades]
        elif what in ("hand", "discard", "archives", "purged"):
            out += pl.zone(what)
        else:
            raise ValueError(f"unknown target kind {what!r}")
    if ctx.as_if_yours:  # a card used as if it were yours is friendly to you (engine.rules.as_if_yours)
        out = adjust_sides(ctx, what, side, out)
    return out


def resolve_ref(ctx: Context, ref: str) -> list[CardInstance]:
    g = ctx.game
    if ref == "self":
        return [ctx.source]
    if ref == "host":
        return [ctx.host] if ctx.host else []
    if ref == "giver":  # the card that gave the ability resolving (engine.rules.gained_text)
        return [ctx.giver] if ctx.giver else []
    if ref in ctx.chosen:
        return ctx.chosen[ref]
    if ref == "event":
        card = ctx.event.get("card")
        return [card] if card else []
    if ref.startswith("each other "):
        # "each other friendly creature": the group, less the card whose ability this is
        return [c for c in resolve_ref(ctx, "each " + ref[11:]) if c is not ctx.source]
    if ref.startswith("each "):
        what_side = ref[5:].split()
        side = {"enemy": "enemy", "friendly": "friendly"}.get(what_side[0], "any")
        what = what_side[-1].rstrip("s") if what_side[-1] != "creatures" else "creature"
        return candidates(ctx, what, side)
    if ref == "neighbors":
        return g.neighbors(ctx.source)
    if ref == "beneath":
        return list(ctx.source.beneath)
    raise ValueError(f"{ctx.source.name}: unknown card reference {ref!r}")
