"""Age of Ascension (AoA): Dis cards."""

from __future__ import annotations

from engine.library import (
    card_has_trait,
    BlankEnemyTextBoxesUntilYourNextTurn,
    Choose,
    ChooseAnyNumber,
    DealDamage,
    DealDamageForEach,
    Destroy,
    doom_in_play,
    GainsWhileAttackingFlank,
    has_doom,
    If,
    May,
    named,
    NameEach,
    NameEachIn,
    NameNeighbors,
    of_type,
    PlayChosen,
    power_is,
    PutDoomCounter,
    Reaction,
    RememberLine,
    RepeatFor,
    ReturnToHand,
    ShuffleChosenIntoDeck,
)
from engine.cards import card


def _friendly_shards(ctx) -> int:
    return sum(1 for c in ctx.game.in_play() if c.controller == ctx.controller and card_has_trait(ctx.eng, c, "shard"))


card(
    "Shard of Pain",
    why="compiled, '1 damage to an enemy creature for each friendly Shard' goes to one creature; the For Each rule asks where each point goes",
    action=[DealDamageForEach(_friendly_shards, side="enemy")],
)


# the neighbors are those the creature had immediately before it left play (the Pain Reaction FAQ)
card(
    "Pain Reaction",
    why="its 16.0 erratum 'deal 2 damage to each of that creature's neighbors after it leaves play' has no template",
    play=[
        Choose("creature", "enemy", name="target"),
        RememberLine("target"),
        DealDamage(
            2, "target", if_destroyed=[NameNeighbors("destroyed", "its neighbors"), DealDamage(2, "its neighbors")]
        ),
    ],
)

# the text boxes of the creatures the opponent controls while it lasts, in play only (engine.rules.text_in_force)
card("Shadow of Dis", play=[BlankEnemyTextBoxesUntilYourNextTurn()])

# "Choose a creature in your discard pile. You may play that creature as if it belonged to the
# active house and was in your hand." (what it is played as is free: the Exhume/Explo-rover FAQ)
card(
    "Exhume",
    play=[
        Choose("discard", "friendly", where=of_type("creature")),
        May([PlayChosen()], question="play the chosen creature?"),
    ],
)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)


def _any_creature_reaped(ctx) -> bool:
    return ctx.event.get("card") is not None


# "After a creature reaps, its controller must sacrifice it."
card(
    "Bloodshard Imp",
    why="its text 'after a creature reaps, its controller must sacrifice it' has no template",
    reactions=[Reaction("reaped", [Destroy("event")], when=_any_creature_reaped)],
)

card("Onyx Knight", play=[NameEach("creature", where=power_is(lambda p: p % 2 == 1), name="odd"), Destroy("odd")])

card(
    "Not Finished with You",
    play=[ChooseAnyNumber("discard", "friendly", where=of_type("creature")), ShuffleChosenIntoDeck()],
)


def _returned(ctx) -> int:
    return sum(1 for c in ctx.chosen.get("bindings", []) if c.zone == "hand")


# "Return each copy of Ortannu's Binding from your discard pile to your hand. For each one returned
# this way, deal 2 to a creature, with 2 splash" (splash: the same damage to each of its neighbors)
card(
    "Ortannu the Chained",
    reap=[
        NameEachIn("discard", "friendly", where=named("Ortannu’s Binding"), name="bindings"),
        ReturnToHand("bindings"),
        RepeatFor(
            _returned,
            [
                Choose("creature", "any", name="target"),
                RememberLine("target"),
                NameNeighbors("target", "splash"),
                DealDamage(2, "target", also=((2, "splash"),)),
            ],
        ),
    ],
)

# ---- general hooks (engine.rules.hooks)

card("Spyyyder", statics=[GainsWhileAttackingFlank("poison")])


card(
    "Wretched Doll",
    action=[
        If(doom_in_play, [NameEach("creature", where=has_doom), Destroy("it")], [Choose("creature"), PutDoomCounter()])
    ],
)
