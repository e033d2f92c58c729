"""Age of Ascension (AoA): Mars cards."""

from __future__ import annotations

from engine.library import (
    Archive,
    ArmorModifier,
    attached_host,
    CannotUseAnyCard,
    Capture,
    Choose,
    DealDamage,
    Destroy,
    DestroyLowerForEach,
    Gain,
    GainChains,
    GrantKeyword,
    host_was_used,
    IfYouDo,
    LoseAllAndDrawPer,
    May,
    NameHost,
    NameSharingTrait,
    NameUpgrade,
    of_house,
    PowerModifier,
    PurgeAnArchivedCard,
    PurgeArchivedForMoreDamage,
    Reaction,
    Redistribute,
    Stun,
    TheCreatureItFights,
    Together,
)
from engine.cards import card, Variant

card(
    "Yzphyz Knowdrone",
    play=[
        Choose("hand", "friendly"),
        Archive(),
        May(
            [IfYouDo([PurgeAnArchivedCard()], [Choose("creature", "any"), Stun()])],
            question="Yzphyz Knowdrone: purge an archived card to stun a creature?",
        ),
    ],
)

# ---- Collector Worm: printed "Fight: Archive the creature Collector Worm fights." (a creature the
# fight destroyed is archived from its discard pile); 16.0 erratum "After Fight: Put the creature
# Collector Worm fights into your archives. (Both creatures must survive the fight.)"

card(
    "Collector Worm",
    Variant(
        "fight: archive the creature collector worm fights",
        fight=[TheCreatureItFights(), Archive(owner_hand_on_leaving=True)],
    ),
    Variant(
        "put the creature collector worm fights into your archives",
        fight=[TheCreatureItFights(must_survive=True), Archive(owner_hand_on_leaving=True)],
    ),
)

# ---- irregular texts (each a mechanic printed on one card, written as a general effect of engine.library)


def _non_mars(ctx, c) -> bool:
    return not of_house("mars")(ctx, c)


card(
    "Destroy Them All!",
    play=[
        Choose("artifact", "any", name="artifact"),
        Choose("creature", "any", name="creature"),
        NameUpgrade("upgrade"),
        Together(("artifact", "creature", "upgrade")),
        Destroy(),
    ],
)

card("Exterminate! Exterminate!", play=[DestroyLowerForEach("mars")])

card(
    "Extinction",
    play=[
        Choose("creature", "any", name="chosen"),
        NameSharingTrait("chosen", "sharing"),
        Together(("chosen", "sharing")),
        Destroy(),
        GainChains(1),
    ],
)


card(
    "Killzord Mk. 9001",
    statics=[PowerModifier(2, attached_host), ArmorModifier(2, attached_host), GrantKeyword("skirmish", attached_host)],
    gains={"fight": [GainChains(1)]},
)


def _damaged_enemy_non_mars(ctx, c) -> bool:
    return c.controller != ctx.controller and c.damage > 0 and _non_mars(ctx, c)


card(
    "Mars Needs Æmber",
    why="its text 'each damaged enemy non-Mars creature captures 1 from their own side' has no template",
    play=[Capture(1, "each creature", side="own", where=_damaged_enemy_non_mars)],
)

card("Martian Generosity", play=[LoseAllAndDrawPer(2)])


def _has_non_mars_neighbor(eng, source, controller, card) -> bool:
    return card is source and any(n.house != "mars" for n in eng.game.neighbors(source))


card("Xanthyx Harvester", statics=[CannotUseAnyCard(_has_non_mars_neighbor)], reap=[Gain(1)])


card("Destructive Analysis", play=[Choose("creature", "any"), DealDamage(2), PurgeArchivedForMoreDamage(2)])

card("Entropic Manipulator", play=[Redistribute("damage", "chosen player", optional=True)])

card("Containment Field", reactions=[Reaction("used", [NameHost(), Destroy("this creature")], when=host_was_used)])
