"""Grim Reminders (GR): Brobnar cards."""

from __future__ import annotations

from engine.library import (
    Choose,
    Confirm,
    DealDamage,
    Destroy,
    DiscardRandomFromHand,
    EachPlayer,
    ForTheTurn,
    ForTheTurnOnChosen,
    friendly_and_enemy_creatures,
    haunted,
    If,
    Reaction,
    Ready,
    Redistribute,
    RepeatCardEffectIf,
    ThePlayerOfTheEvent,
    Together,
    UseCreature,
)
from engine.cards import card

# "Play: Destroy an enemy creature and a friendly creature. You may repeat this effect as many times
# as you like, as long as it is possible to repeat the entire effect." (Bouncing Deathquark's
# words): asked while an enemy and a friendly creature remain, and while Fiery Jark is in play
# (glossary "Repeat": a card removed from play no longer repeats its effect)
card(
    "Fiery Jark",
    play=[
        Choose("creature", "enemy", name="enemy"),
        Choose("creature", "friendly", name="friendly"),
        Together(("enemy", "friendly"), name="both"),
        Destroy("both"),
        RepeatCardEffectIf(friendly_and_enemy_creatures, cost=[Confirm("repeat Fiery Jark's effect?")]),
    ],
)


# "Play: Choose a friendly creature. If you are haunted, that creature gains skirmish. Ready and fight
# with that creature." (the skirmish, given by a one-shot effect, lasts for the turn: the fight it is
# for comes next)
card(
    "Fight to the End",
    play=[
        Choose("creature", "friendly", name="fight to the end creature"),
        If(haunted, [ForTheTurnOnChosen("fight to the end creature", keyword="skirmish")]),
        Ready("fight to the end creature"),
        UseCreature("fight", "fight to the end creature"),
    ],
)


# "Play: Deal 3 to a creature. Redistribute all damage on creatures among all creatures." (the
# active player sets each creature's share, in battleline order, the last taking the rest)
card(
    "Concussive Transfer",
    play=[Choose("creature", "any", name="concussed"), DealDamage(3, "concussed"), Redistribute("damage", side="all")],
)


def _a_creature_destroyed_in_a_fight(ctx) -> bool:
    return bool(ctx.event.get("fight")) and bool(ctx.event.get("creature"))


# "Omni: For the remainder of the turn, each time a creature is destroyed in a fight, its controller
# discards a random card from their hand." (a lasting reaction of the player who used it; "its
# controller": the destroyed creature's, as it was in play, the player of the event)
card(
    "Brawling Grounds",
    omni=[
        ForTheTurn(
            reaction=Reaction(
                "destroyed",
                [ThePlayerOfTheEvent(), EachPlayer([DiscardRandomFromHand(who="self")], who="that player")],
                when=_a_creature_destroyed_in_a_fight,
            )
        )
    ],
)
