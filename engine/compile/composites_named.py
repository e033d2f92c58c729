"""Templates about another card named by its printed name (:mod:`engine.compile.card_names`): "if
<name> is in your discard pile" (a condition, or a clause whose "it" is that card: "If Shadys is in
your discard pile, return it to your hand"), "if that creature is <name>", "if <name> has not been
purged" (registered with ``@template`` as the library's own effects and conditions are).
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import If, it_test, NameOutOfPlay
from engine.rules.targets import Choose
from engine.rules.ability import Context
from engine.compile.card_names import named
from engine.compile.lexer import normalise

#: what "it" names in the clause after "if <name> is in your discard pile, ..."
NAMED_IN_DISCARD = "named in discard"


def _in_discard(card: str):
    test = named(card)

    def condition(ctx: Context) -> bool:
        return any(test(ctx.eng, ctx.source, ctx.controller, c) for c in ctx.me.zone("discard"))

    return condition


@template("named_in_discard", kind="condition")
def _named_in_discard(card: str):
    """ "If Cornicen Octavia is in your discard pile": a copy of it is there now."""
    return _in_discard(card)


@template("you_control_named", kind="condition")
def _you_control_named(card: str, card2: str = "", card3: str = ""):
    """ "If you control Dr. Verokter, Rooftop Laboratory, and Reckless Experimentation": a copy of
    each named card is in play under your control (an upgrade too: glossary "Control")."""
    tests = [named(c) for c in (card, card2, card3) if c]

    def condition(ctx: Context) -> bool:
        mine = [c for c in ctx.game.in_play() if c.controller == ctx.controller]
        return all(any(test(ctx.eng, ctx.source, ctx.controller, c) for c in mine) for test in tests)

    return condition


@template("it_is_named", kind="condition")
def _it_is_named(ref: str, card: str, present: bool = True):
    """ "If that creature is Purse-a-Phone": the card named before is a copy of that card."""
    test = named(card)
    return it_test(ref, lambda *args: test(*args) == present)


@template("named_not_purged", kind="condition")
def _named_not_purged(card: str):
    """ "If Igon the Green has not been purged": no copy of it is in a purged zone (16.0 glossary
    "Purge": a purged card is placed in its owner's purged zone)."""
    test = named(card)

    def condition(ctx: Context) -> bool:
        return not any(
            test(ctx.eng, ctx.source, ctx.controller, c)
            for player in ctx.game.players.values()
            for c in player.zone("purged")
        )

    return condition


@template("IfNamedInDiscard")
def _if_named_in_discard(card: str, then: list) -> If:
    """ "If Shadys is in your discard pile, return it to your hand": one copy of it there is named
    for "it", and the clause resolves only when there is one."""
    return If(_in_discard(card), [NameOutOfPlay("discard", "friendly", named(card), NAMED_IN_DISCARD, one=True), *then])


@template("NamedInPlay")
def _named_in_play(card: str, name: str) -> Choose:
    """ "Platopelta" as a target ("put a wisdom counter on Platopelta", "move 1 from your
    opponent's pool to Treasure Island"): a card in play of that name, creature or artifact,
    chosen when there is more than one."""
    test = named(card)
    return Choose("card in play", "any", name=name, where=lambda ctx, c: test(ctx.eng, ctx.source, ctx.controller, c))


@template("AnotherOfSelfName")
def _another_of_self_name(name: str) -> Choose:
    """ "Another Yardbird" (in Yardbird's own text): another card in play of its name, chosen
    when there is more than one."""
    return Choose(
        "card in play",
        "any",
        name=name,
        exclude_self=True,
        where=lambda ctx, c: c is not ctx.source and normalise(c.name) == normalise(ctx.source.name),
    )
