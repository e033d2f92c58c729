"""Flipping a creature in play (glossary "Flip", "Token Creatures"): "flip <this creature> facedown
(it becomes a token creature)" turns it into a copy of its controller's token creature, as a made
token is (:func:`engine.rules.mechanics.tokens.make_token_card`); "flip each token creature faceup"
turns a token back into its printed card, which stays in play where it is when it is a creature
(its damage, counters and upgrades stay: a flip is not leaving play). What a flip faceup shows is
recorded "flipped this way" for the sentence after ("put each non-creature card flipped this way
into its owner's discard pile")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.library.this_way import record_this_way
from engine.rules.ability import Context, Effect
from engine.rules.mechanics.tokens import make_token_card


@dataclass
class FlipFacedown(Effect):
    """ "Flip <the creature ``on`` names> facedown (it becomes a token creature)": a copy of the
    token creature of its controller's reference card; without one, it stays as it is."""

    on: str = "self"

    def resolve(self, ctx: Context) -> bool:
        done = False
        for c in ctx.refs(self.on):
            token = ctx.game.players[c.controller].token
            if c.zone != "battleline" or c.token_of is not None:
                continue
            if token is None:
                ctx.log(f"{c.label}: {c.controller} has no token creature reference card, so it is not flipped")
                continue
            make_token_card(c, token)
            ctx.log(f"{c.name} is flipped facedown: it is a {token.name} now")
            done = True
        return done


@dataclass
class FlipFaceup(Effect):
    """ "Flip <the token creatures ``on`` names> faceup": each is its printed card again; those that
    show a non-creature card are named ``non_creatures`` ("each non-creature card flipped this way")."""

    on: str = "it"
    non_creatures: str = "non-creatures flipped"

    def resolve(self, ctx: Context) -> bool:
        flipped = [c for c in ctx.refs(self.on) if c.in_play and c.token_of is not None]
        for c in flipped:
            c.token_of = None
            ctx.log(f"{c.label} is flipped faceup")
        record_this_way(ctx, "flipped", flipped)
        ctx.chosen[self.non_creatures] = [c for c in flipped if c.printed.type != "creature"]
        return bool(flipped)
