"""Winds of Exchange (WoE): Mars cards."""

from __future__ import annotations

from engine.library import (
    any_card,
    attached_host,
    CannotBeUsedTo,
    Choose,
    DealDamage,
    Destroy,
    DestroyIfYouDo,
    ForgeAtNoCost,
    GainCounted,
    cards_in,
    OpponentsCardsStayArchived,
    friendly_tokens_named,
    GrantAbility,
    If,
    IfYouDo,
    MakeTokens,
    MoveTo,
    named,
    card_has_trait,
    ForTheTurn,
    NameGroup,
    Reaction,
    this_card,
)
from engine.cards import Variant, card

# "Omni: Destroy a friendly creature. If you do, make 2 Blorbs. Then, if you control 10 or more
# Blorbs, destroy Blorb Hive and forge a key at no cost." Under the control of a player whose deck
# has no Blorb reference card it makes nothing (the "Borrow" and Blorb Hive example).
card(
    "Blorb Hive",
    omni=[
        IfYouDo([Choose("creature", "friendly"), DestroyIfYouDo()], [MakeTokens(2, named="Blorb")]),
        If(lambda ctx: friendly_tokens_named("Blorb")(ctx) >= 10, [Destroy("self"), ForgeAtNoCost()]),
    ],
)

# token creature "Blorb": "Elusive. Blorb cannot reap." (the card data of some printings adds
# "Destroyed: Return Blorb Hive from your discard pile to your hand.")
card(
    "Blorb",
    Variant(statics=[CannotBeUsedTo("reap")]),
    Variant(
        "return blorb hive from your discard pile",
        statics=[CannotBeUsedTo("reap")],
        destroyed=[Choose("discard", "friendly", where=named("Blorb Hive")), MoveTo("hand")],
    ),
)


def _host_or_same_name(eng, source, controller, creature) -> bool:
    """The upgrade's creature, and each creature (either side) sharing its name."""
    host = source.attached_to if source is not None and source.zone == "upgrade" else None
    return host is not None and (attached_host(eng, source, controller, creature) or creature.name == host.name)


# upgrade: "This creature and each creature with the same name as it gain, "After Reap: Deal 2D to an
# enemy creature."" ("each creature": enemy creatures of that name too; "enemy" is the reaper's)
card(
    "R-Evolution",
    statics=[
        GrantAbility("reap", [Choose("creature", "enemy", name="t"), DealDamage(2, on="t")], applies=_host_or_same_name)
    ],
)


# "Your opponent's cards cannot leave your archives. Action: Gain 1A for each card in your archives."
# (one gain of N, the For Each rule)
card("Memrox the Red", statics=[OpponentsCardsStayArchived()], action=[GainCounted(cards_in("archives"))])


def _pilot_creature(ctx, card) -> bool:
    return card.type == "creature" and card.controller == ctx.controller and card_has_trait(ctx.eng, card, "pilot")


def _fourth_friendly_pilot_used(ctx) -> bool:
    """The fourth friendly Pilot creature used this turn has just been used (its first use)."""
    card = ctx.event.get("card")
    if card is None or not _pilot_creature(ctx, card):
        return False
    used = ctx.game.used_this_turn
    pilots = {id(c) for c in used if _pilot_creature(ctx, c)}
    return len(pilots) == 4 and sum(1 for c in used if c is card) == 1


def _destroys_each_enemy_creature(creature):
    after_fight = [NameGroup(("creature",), "enemy", any_card, "each enemy creature"), Destroy("each enemy creature")]
    return GrantAbility("fight", after_fight, applies=this_card(creature))


# "After 4 friendly Pilot creatures are used in the same turn, a friendly Nautilixian gains "After
# Fight: Destroy each enemy creature" for the remainder of that turn." (four creatures, each counted
# once however often it is used; the one chosen keeps it wherever it moves in play)
card(
    "Purple Aeronaut",
    reactions=[
        Reaction(
            "used",
            [
                Choose("creature", "friendly", name="nautilixian", where=named("Nautilixian")),
                ForTheTurn(static=_destroys_each_enemy_creature, on="nautilixian"),
            ],
            when=_fourth_friendly_pilot_used,
        )
    ],
)
