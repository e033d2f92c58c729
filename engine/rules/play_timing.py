"""The timing point after a card is played and its bonus icons resolve (timing chart "Play a
Card": "'Play' effects and 'Enters play' effects resolve"), and reactions at the edges of playing
and discarding cards.

- What resolves there: the card's "Play:" ability (not that of a card that entered play and has
  left it again: the 16.0 Rad Penny FAQ), the reactions to its play ("each time you play a card",
  Library Access) and, for a creature, the reactions to it entering play ("after an enemy creature
  enters play", Pingle Who Annoys). The reactions to entering play wait for the bonus icons in
  every version: the Æmber bonus is "the first thing the active player does" once a card is played
  (1.x), the bonus icons are resolved before "Play:" abilities (16.0). Which of the rest resolve
  together, in the order the active player chooses, is two rule switches:
  ``play_reactions_simultaneous`` (the reactions to the play with the "Play:" ability; else they
  resolve first: the 1.x Library Access and Wild Wormhole FAQ) and
  ``enters_play_effects_with_play`` (the reactions to entering play with the "Play:" ability, the
  16.0 timing chart; else the "Play:" ability resolves "immediately after the card enters play"
  (1.x "Play:" rule) and they resolve after it). A card put into play is not played: the reactions
  to it entering play resolve at once (:meth:`engine.rules.play.PlayRules.entered_play`).
- "After an action card is played, but before resolving its play effect, <ability>" (Encounter
  Suit): it resolves at the timing point of the other "after ... is played" effects, after the
  card's bonus icons, but the active player must resolve it before the card's "Play:" ability
  (the 16.0 Encounter Suit FAQ; timing chart "Play a Card"). :class:`BeforePlayEffect` marks such
  a reaction; :func:`before_play_first` keeps the "Play:" ability out of the choice while one is
  pending.
- Discarding a card from hand emits ``"discarded"`` {card, player, house} ("each time you discard
  a Brobnar card from your hand": Rock-Hurling Giant).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

from engine.rules.ability import Context, Effect, resolve_ability
from engine.rules.reactions import Reaction
from engine.rules.traits import has_trait

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance


@dataclass
class BeforePlayEffect(Reaction):
    """A reaction to ``"played"`` that resolves before the played card's "Play:" ability."""

    before_play = True


def before_play_first(pending: list) -> list:
    """The items of a play's timing point that may resolve next: ("play", card) waits while a
    :class:`BeforePlayEffect` reaction is pending."""
    waiting = any(item[0] == "reaction" and getattr(item[1][0], "before_play", False) for item in pending)
    return [item for item in pending if item[0] != "play"] if waiting else pending


def resolve_play_effects(eng: "Engine", card: "CardInstance", entered: dict | None) -> None:
    """After ``card``'s bonus icons: its "Play:" ability and the reactions to its play and (a
    creature; ``entered``: the ``"entered_play"`` event's details) to its entering play."""
    g = eng.game
    # "from": the zone a card effect played it from ("each time you play an artifact from your
    # discard pile"); a card played from hand has none recorded
    played = {"card": card, "player": g.active, "from": card.memory.pop("played_from", "hand")}
    if not _plays(card):
        g.log(f'{card.label} left play before its "Play:" ability could resolve')
    plays = _plays(card) and bool(eng.abilities(card, "play"))
    with_play = eng.rules.switch("play_reactions_simultaneous")
    entering = (
        []
        if entered is None
        else [
            ("reaction", listener, "entered_play", entered)
            for listener in eng.listeners("entered_play")
            if eng.reacts(listener, entered)
        ]
    )
    # consulted only when it orders something: a "Play:" ability and a reaction to entering play
    enters_with_play = not (entering and plays) or eng.rules.switch("enters_play_effects_with_play")
    if not with_play:
        eng.emit("played", **played)  # the 1.x order: the reactions to the play first
        if g.winner:
            return
    together = (
        [
            ("reaction", listener, "played", played)
            for listener in eng.listeners("played")
            if eng.reacts(listener, played)
        ]
        if with_play
        else []
    )
    together += ([("play", card)] if plays else []) + (entering if enters_with_play else [])
    _resolve_together(
        eng,
        card,
        together,
        [
            name
            for name, used in (
                ("play_reactions_simultaneous", with_play),
                ("enters_play_effects_with_play", entering and plays and enters_with_play),
            )
            if used
        ],
    )
    if not enters_with_play and not g.winner:  # after the "Play:" ability (1.x)
        src = eng.rules.switch_info("enters_play_effects_with_play").source
        g.log(
            f'the reactions to {card.label} entering play resolve after its "Play:" ability, which '
            f"resolves immediately after it enters play (rule set {eng.rules.version}, {src})"
        )
        eng.emit("entered_play", **entered)


def _plays(card: "CardInstance") -> bool:
    """Can the card's "Play:" ability resolve? Not once it has left play (an action card being
    resolved is in no zone of play: it can)."""
    return card.in_play or card.zone == "resolving"


def _label(item) -> str:
    """How answers name an effect: the label of the played card ("Play:") or of the reacting card."""
    return item[1].label if item[0] == "play" else item[1][1].label


def _resolve_together(eng: "Engine", card: "CardInstance", pending: list, switches: list[str]) -> None:
    """Resolve simultaneous effects of a play, the active player choosing which resolves next among
    those that can still resolve ("Before resolving its play effect" reactions first)."""
    g = eng.game
    while pending:
        if ("play", card) in pending and not _plays(card):  # a reaction before it destroyed it (Rad Penny FAQ)
            pending.remove(("play", card))
            g.log(f'{card.label} left play before its "Play:" ability could resolve')
        ready = [item for item in pending if (_plays(card) if item[0] == "play" else eng.reacts(item[1], item[3]))]
        if not ready:
            return
        options = before_play_first(ready)
        if len(options) == 1:  # one effect left to resolve: nothing to order
            item = options[0]
        else:
            why = "; ".join(eng.rules.switch_info(s).source for s in switches)
            item = eng.chooser.choose(
                f"{g.active}: which effect of playing {card.label} resolves next (simultaneous"
                + (f": rule set {eng.rules.version}, {why})" if why else ")"),
                options,
                label=_label,
            )
        pending.remove(item)
        if len(ready) > 1:
            what = '"Play:" ability' if item[0] == "play" else "reaction"
            g.log(f"{g.active} resolves {_label(item)}'s {what} first")
        if item[0] == "play":
            if not _play_effect_replaced(eng, card):
                eng.trigger(card, "play")
        else:
            eng.react(item[1], item[2], item[3])
        if g.winner:
            return


def _play_effect_replaced(eng: "Engine", card: "CardInstance") -> bool:
    """A constant ability resolves its effects instead of the card's "Play:" ability ("instead of
    resolving its play effect, destroy the creature on your left flank"): the first in force."""
    for s, src, ctl in eng.statics():
        effects = s.replaces_play_effect(eng, src, ctl, card)
        if effects:
            eng.game.log(f'{src.label}: instead of resolving {card.label}\'s "Play:" ability')
            resolve_ability(effects, eng.context(src, ctl))
            eng.check_state()
            return True
    return False


def action_card_played(ctx: Context) -> bool:
    """ "After an action card is played" (by either player)."""
    card = ctx.event.get("card")
    return card is not None and card.type == "action"


def you_played_creature_with_trait(trait: str):
    """ "After you play a <trait> creature"."""

    def match(ctx: Context) -> bool:
        card = ctx.event.get("card")
        return (
            card is not None
            and card.type == "creature"
            and ctx.event.get("player") == ctx.controller
            and has_trait(ctx.eng, card, trait)
        )

    match.__name__ = f"you_played_{trait}_creature"
    return match


def you_discarded_during_your_turn(house: str):
    """ "During your turn, each time you discard a <house> card from your hand"."""

    def match(ctx: Context) -> bool:
        card = ctx.event.get("card")
        return (
            card is not None
            and ctx.event.get("player") == ctx.controller == ctx.game.active
            and ctx.event.get("house") == house
        )

    match.__name__ = f"you_discarded_{house}"
    return match


@dataclass
class WardHost(Effect):
    """An upgrade's "ward this creature": a ward counter on the creature it is attached to (a
    creature already warded cannot be warded again: glossary "Ward")."""

    def resolve(self, ctx: Context) -> bool:
        host = ctx.source.attached_to if ctx.source.zone == "upgrade" else ctx.host
        if host is None or host.zone != "battleline":
            return False
        if host.ward:
            ctx.log(f"{host.label} is already warded")
            return False
        host.ward = True
        ctx.log(f"{host.label} is warded ({ctx.source.name})")
        return True
