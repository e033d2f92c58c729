"""The turn sequence around step 3: ready cards (4), draw cards with chains (5), and the next
player's turn (the opponent's, or an extra turn: :mod:`engine.rules.extra_turns`): forge a key (1),
choose a house and optionally take the archives (2). The ``"start_of_turn"`` event ("at the
start of your turn") comes as the next turn begins, before its step 1.

House choice: a player may choose a house on their identity card or a house of a card they
control in play; "cannot" effects remove houses; "must" effects restrict the choice to their
house. When a house is both a must and a cannot, the ``cannot_overrides_must`` switch decides:
cannot wins and the must is void (from 1.2, "Cannot vs Must"), or no house is legal (1.1 FAQ).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.core.state import PROPHECIES
from engine.core.registry import template
from engine.rules.extra_turns import next_player
from engine.rules.next_turns import start_turn
from engine.rules.statics import Static
from engine.rules.ability import resolve_ability
from engine.rules.archives_faceup import archives_to_take
from engine.rules.forging import forge_key, keys_to_win

if TYPE_CHECKING:
    from engine.rules.game import Engine

HAND_SIZE = 6
KEY_COST = 6


def chain_penalty(chains: int) -> int:
    """Cards fewer drawn when refilling: chains 1–6 draw 1 fewer, 7–12 two fewer, and so on."""
    return 0 if chains <= 0 else (chains - 1) // 6 + 1


def key_cost(eng: "Engine", player: str) -> int:
    extra = sum(s.key_cost(eng, src, ctl, player) for s, src, ctl in eng.statics())
    return max(0, KEY_COST + eng.game.players[player].key_cost_modifier + extra)


def kept_exhausted(eng: "Engine", card, in_step: bool = False) -> bool:
    """Does a constant ability keep ``card`` from readying ("cannot ready"; in the "ready cards"
    step, ``in_step``: "does not ready during ...")?"""
    return eng.any_static("cannot_ready", card, in_step)


def kept_ready(eng: "Engine", card) -> bool:
    """Does a constant ability keep ``card`` from becoming exhausted ("your creatures cannot become
    exhausted"): not exhausted by an effect, by being used, nor as it enters play?"""
    return eng.any_static("cannot_exhaust", card)


def readied(eng: "Engine", cards: list, player: str) -> None:
    """After ``player`` readies ``cards`` (by the "ready cards" step or by an effect): the
    "readied" event for each, which "After a player readies a creature, ..." abilities react to."""
    for card in cards:
        eng.emit("readied", card=card, player=player, controller=card.controller)


def ready_step(eng: "Engine") -> None:
    g = eng.game
    creatures_too = True
    for s, src, ctl in eng.statics():
        ability = s.replaces_ready(eng, src, ctl, g.active)
        if ability:
            g.log(f"{src.label}: instead of readying their creatures, {g.active} resolves its ability")
            resolve_ability(ability, eng.context(src, g.active))
            eng.check_state()
            creatures_too = False
            break
    done = []
    for card in (g.players[g.active].creatures if creatures_too else []) + g.players[g.active].zone("artifacts"):
        if card.exhausted and kept_exhausted(eng, card, in_step=True):
            g.log(f"{card.label} does not ready")
            continue
        if card.exhausted:
            done.append(card)
        card.exhausted = False
    g.log(f"{g.active} readies their {'cards' if creatures_too else 'artifacts'}")
    readied(eng, done, g.active)  # all at once, then what reacts to it


@dataclass
class HandSize(Static):
    """ "During <whose> 'draw cards' step, <player> refills their hand to N additional / N less
    card(s)": ``whose`` is ``"you"`` (the controller), ``"opponent"`` or ``"each"``; ``condition``
    (``while``: Streke "is not on a flank") is asked of (eng, source)."""

    delta: int
    whose: str = "you"
    condition: Callable | None = None
    #: "you draw 2 additional cards during your "draw cards" step": cards drawn beyond the refill,
    #: in the step itself only (not "as if it were your draw cards step")
    beyond: bool = False

    def hand_size(self, eng, source, controller, player: str) -> int:
        if self.condition is not None and not self.condition(eng, source):
            return 0
        mine = player == controller
        if self.whose == "each" or (self.whose == "you") == mine:
            return self.delta
        return 0


def hand_sizes(eng: "Engine", player: str) -> tuple[int, int]:
    """The hand ``player`` refills to in their "draw cards" step: six, more or less by constant
    abilities ("refill your hand to 1 additional card": :class:`HandSize`); and the cards they draw
    beyond it in the step ("you draw 2 additional cards": ``beyond``)."""
    size, more = HAND_SIZE, 0
    for s, src, ctl in eng.statics():
        if isinstance(s, HandSize):
            delta = s.hand_size(eng, src, ctl, player)
            if s.beyond:
                more += delta
            else:
                size += delta
    return max(0, size), max(0, more)


def hand_size(eng: "Engine", player: str) -> int:
    """The hand ``player`` refills to (:func:`hand_sizes`)."""
    return hand_sizes(eng, player)[0]


@template(kind="static")
@dataclass
class SkipsDrawStep(Static):
    """ "Each player skips their "draw cards" step" (``whose`` "each", "you" or "opponent"): the
    step does not happen for that player: no card drawn, no chain shed, and no "at the start of
    your "draw cards" step" ability."""

    whose: str = "each"

    def skips_draw_step(self, eng, source, controller, player: str) -> bool:
        return self.whose == "each" or (self.whose == "you") == (player == controller)


def skips_draw_step(eng: "Engine", player: str) -> bool:
    return any(
        isinstance(s, SkipsDrawStep) and s.skips_draw_step(eng, src, ctl, player) for s, src, ctl in eng.statics()
    )


def draw_step(eng: "Engine") -> None:
    refill_hand(eng, eng.game.active, in_step=True)


def refill_hand(eng: "Engine", player: str, in_step: bool = False) -> int:
    """``player`` refills their hand as in their "draw cards" step (also "as if it were their "draw
    cards" step" in a card's text): up to their hand size, fewer by their chains, shedding one;
    in the step itself (``in_step``), then the cards drawn beyond it; the cards drawn."""
    p = eng.game.players[player]
    size, more = hand_sizes(eng, player)
    wanted = max(0, size - len(p.zone("hand")))
    penalty = min(chain_penalty(p.chains), wanted)
    drawn = eng.draw(player, wanted - penalty)
    eng.game.log(f"{player} draws {drawn} card(s) to refill their hand ({len(p.zone('hand'))} in hand)")
    if penalty:
        p.chains -= 1
        eng.game.log(f"{player}'s chains prevent {penalty} draw(s); they shed a chain ({p.chains} left)")
    if in_step and more:
        extra = eng.draw(player, more)
        eng.game.log(f"{player} draws {extra} additional card(s) in their draw cards step")
        drawn += extra
    return drawn


def forge_step(eng: "Engine") -> None:
    """Step 1: the active player forges a key if they can (engine.rules.forging: Æmber on cards they may
    spend, "would forge" effects, "after a key is forged" reactions)."""
    g = eng.game
    forge_key(eng, g.active, key_cost(eng, g.active), "forge a key step")
    eng.check_state()  # a creature whose power the spent Æmber or the new key lowered (Marmo Swarm)


# --------------------------------------------------------------------------- houses


def identity_houses(eng: "Engine", player: str) -> set[str]:
    p = eng.game.players[player]
    if p.houses:
        return set(p.houses)
    # a token creature's card is of its own house, not the token's (engine.rules.mechanics.tokens)
    return {
        h
        for c in eng.game.cards()
        if c.owner == player
        and c.zone != PROPHECIES  # a prophecy card is of no house
        and (h := (c.house_override or c.data.house) if c.token_of is not None else c.house)
    }


def house_options(eng: "Engine", player: str) -> tuple[list[str], str]:
    """The houses ``player`` may choose, and why the choice is restricted (for refusals)."""
    g = eng.game
    allowed = identity_houses(eng, player) | {c.house for c in g.in_play() if c.controller == player}
    cannot = {h for s, src, ctl in eng.statics() if (h := s.cannot_choose(eng, src, ctl, player))}
    must = {h for s, src, ctl in eng.statics() if (h := s.must_choose(eng, src, ctl, player))} & allowed
    free = allowed - cannot
    why = []
    if cannot:
        why.append(f"cannot choose {', '.join(sorted(cannot))}")
    if must:
        why.append(f"must choose {', '.join(sorted(must))}")
        if must & free:
            return sorted(must & free), "; ".join(why)
        switch = eng.rules.switch_info("cannot_overrides_must")
        if not switch.value:
            why.append(f"cannot does not override must (rule set {eng.rules.version}, {switch.source})")
            return [], "; ".join(why)
        why.append(f"cannot overrides must (rule set {eng.rules.version}, {switch.source})")
    return sorted(free), "; ".join(why)


def choose_house(eng: "Engine", house: str | None = None) -> None:
    """Step 2: choose the active house (``None``: ask the chooser). With no legal house there is
    nothing to decide: the turn goes on with no active house, and a house the player names is
    refused (House Choice: "If there is no legal choice of house, the player plays the turn with
    no active house")."""
    g = eng.game
    if g.step != 2:
        raise IllegalAction(f"a house is chosen in step 2 (the turn is at step {g.step})")
    options, why = house_options(eng, g.active)
    if house is not None:  # the action names it: recorded with the houses it could choose (engine.core.choices)
        eng.chooser.record(f"{g.active} chooses a house", options, house.lower())
    if not options:
        g.active_house = None
        g.step = 3
        g.log(f"{g.active} has no legal house to choose ({why}): no active house this turn")
        if house is not None:
            raise IllegalAction(
                f"{g.active} cannot choose {house}: no house is legal ({why}); the turn is played with no active house"
            )
        return
    if house is None:
        g.active_house = eng.chooser.choose(f"{g.active} chooses a house", options)
    elif house.lower() not in options:
        raise IllegalAction(
            f"{g.active} cannot choose {house}: legal houses are {', '.join(options)}" + (f" ({why})" if why else "")
        )
    else:
        g.active_house = house.lower()
    if g.active_house:
        g.log(f"{g.active} chooses {g.active_house}")
        g.houses_chosen.append((g.turn, g.active, g.active_house))
        eng.emit("house_chosen", player=g.active, house=g.active_house)
    g.step = 3
    eng.check_state()  # constant abilities that depend on the active house apply now


def archives_forbidden(eng: "Engine", player: str) -> str | None:
    """The card whose constant ability forbids ``player`` to take their archives, or None."""
    return next((src.label for s, src, ctl in eng.statics() if s.forbids_taking_archives(eng, src, ctl, player)), None)


def take_archives(eng: "Engine", take: bool) -> None:
    g = eng.game
    if g.step != 3 or g.step3_actions:
        raise IllegalAction("archives are taken right after choosing a house")
    forbidden = archives_forbidden(eng, g.active) if take else None
    if forbidden:
        raise IllegalAction(f"{g.active} cannot take their archives into their hand ({forbidden})")
    if not take or not g.players[g.active].zone("archives"):
        return
    for card in archives_to_take(eng, g.active):  # all, unless a card there lets them choose
        eng.put_away(card, "hand")
    eng.emit("archives_taken", player=g.active)  # "when your opponent adds their archives to their hand"


# --------------------------------------------------------------------------- turn


def end_turn(eng: "Engine", to_step: int = 3) -> None:
    """Steps 4–5 of the active player, then the next player's turn up to (not including) ``to_step``."""
    g = eng.game
    g.step = 4
    if eng.any_static("skips_ready_step", g.active):
        g.log(f'{g.active} skips their "ready cards" step')  # "Skip your "ready cards" step this turn"
    else:
        ready_step(eng)
        eng.emit("ready_step_ended", player=g.active)  # 'at the end of your "ready cards" step'
    g.step = 5
    if skips_draw_step(eng, g.active):
        g.log(f'{g.active} skips their "draw cards" step')
    else:
        eng.emit("draw_step_started", player=g.active)  # 'at the start of your "draw cards" step'
        draw_step(eng)
    # "End of turn" effects resolve after the draw (timing chart, step 5; engine.library.control)
    eng.emit("end_of_turn", player=g.active)
    p = g.players[g.active]
    if p.amber >= key_cost(eng, g.active) and p.keys < keys_to_win(eng, g.active):
        g.log(f'{g.active}: "Check!" (enough Æmber to forge a key next turn)')
    g.log(f"{g.active}'s turn ends")
    # "for the remainder of the turn" ends; "until it leaves play" and effects for a later turn
    # ("during your opponent's next turn") go on
    g.lasting = [e for e in g.lasting if e.until_leaves is not None or e.params.get("through_turn", -1) > g.turn]
    eng.check_state()  # a creature whose power an ended effect raised may not survive it
    for c in g.creatures():
        c.armor_used = 0
        c.attacked_this_turn = False
    g.active = next_player(eng)  # the opponent, or the player of an extra turn (engine.rules.extra_turns)
    g.turn += 1
    start_turn(g)  # effects for this player's next turn begin; those until it end (engine.rules.next_turns)
    g.first_turn = False
    g.played_from_hand = g.step3_actions = 0
    g.step3_closed = False
    g.six.clear()
    g.used_this_turn.clear()
    g.creature_uses_this_turn.clear()
    g.destroyed_this_turn.clear()
    g.creatures_destroyed_this_turn.clear()
    g.destroyed_in_fights.clear()
    g.active_house = None
    g.step = 1
    eng.emit("start_of_turn", player=g.active)  # "at the start of your turn": before step 1
    if to_step > 1 and g.winner is None:
        forge_step(eng)
        g.step = 2
    if to_step > 2 and g.winner is None:
        choose_house(eng)
