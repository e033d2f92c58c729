"""Call of the Archons (CotA): Logos cards."""
from __future__ import annotations

from ...effects import IfYouDo, RepeatCardEffectIf
from ...effects_cards import (DealDamage, Destroy, Draw, ForTheTurn, MayPlayOneOffHouse, Purge,
                               TriggerAbility)
from ...effects_zones import (DiscardArchives, DiscardTopOfDeck, GainForEach, OpponentGainsControl, PlayTopOfDeck,
                              PurgeRemembered, ReturnPurgedToPlay)
from ...reactions import Reaction, own_play_of_another_card
from ...statics import ConsideredFlank, GrantAbility, ReapGainIsStolen, this_card
from ...targets import Choose, NameNeighbors, RememberLine, Together, among, has_ability, on_flank
from .. import Variant, card

card("Phase Shift", play=[MayPlayOneOffHouse()])

card("Spectral Tunneler",
     action=[Choose("creature", "any"),
             ForTheTurn(static=lambda creature: ConsideredFlank(this_card(creature)), on="it"),
             ForTheTurn(static=lambda creature: GrantAbility("reap", [Draw(1)], this_card(creature)), on="it")])

card("Positron Bolt",
     play=[Choose("creature", "any", name="first", where=on_flank), RememberLine("first"),
           DealDamage(3, "first"),
           NameNeighbors("first", "its neighbors"),
           Choose("creature", "any", name="second", where=among("its neighbors")),
           NameNeighbors("second", "other neighbor", exclude="first"),
           DealDamage(2, "second"),
           DealDamage(1, "other neighbor")])

card("Replicator", reap=[Choose("creature", "any", exclude_self=True, where=has_ability("reap")),
                         TriggerAbility("reap")])

card("Wild Wormhole", play=[PlayTopOfDeck()])

card("Library Access",
     # printed: "For the remainder of the turn, each time you play another card, draw a card."
     Variant(play=[ForTheTurn(reaction=Reaction("played", [Draw(1)], when=own_play_of_another_card))]),
     # 1.3 erratum: "... Purge Library Access."
     Variant("purge library access",
             play=[ForTheTurn(reaction=Reaction("played", [Draw(1)], when=own_play_of_another_card)),
                   Purge("self")]))

card("Spangler Box",
     action=[IfYouDo([Choose("creature", "any"), PurgeRemembered()], [OpponentGainsControl()])],
     leaves_play=[ReturnPurgedToPlay()])

card("Dysania", play=[DiscardArchives("opponent"), GainForEach("discarded")])

card("Dimension Door", play=[ForTheTurn(static=ReapGainIsStolen())])


def _shark_again(ctx) -> bool:
    """"If that card is not a Logos card, trigger this effect again": only while Neutron Shark is
    in play to trigger it (the Neutron Shark FAQ)."""
    discarded = ctx.chosen.get("discarded", [])
    return bool(discarded) and discarded[0].house != "logos" and ctx.source.in_play


_NEUTRON_SHARK = [Choose("creature", "enemy", name="enemy", also=(("artifact", "enemy"),)),
                  Choose("creature", "friendly", name="friendly", also=(("artifact", "friendly"),)),
                  Together(("enemy", "friendly"), name="both"), Destroy("both"),
                  DiscardTopOfDeck(), RepeatCardEffectIf(_shark_again)]

card("Neutron Shark", play=_NEUTRON_SHARK, fight=_NEUTRON_SHARK, reap=_NEUTRON_SHARK)
