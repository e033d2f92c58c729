"""The reaction matches ``[[reaction]]`` templates name (``when = "destroyed"`` in
``templates/*.toml``): what an event must be for an "after ..." / "each time ..." ability to
resolve ("after a friendly creature is destroyed fighting", "after an enemy creature reaps",
"after you play a Mars card", "at the end of your turn"). Each is a factory the template's
``when_args`` are given to (a group read from the text), returning a test on the reaction's
context and its event. A new kind of event match goes here.
"""

from __future__ import annotations

from engine.library import at_end_of_your_turn, attached_to_titled, belongs_to, plays_this_turn
from engine.compile.grammar import Refusal
from engine.rules.bonus_icons import ICONS
from engine.rules.reactions import destroyed_fighting_self, you_chose_house

#: the number of the "draw cards" step (engine.rules.turn.end_turn)
DRAW_STEP = 5


#: words a noun phrase starts with, never a card's title ("attach GIVER to another creature")
_NOT_A_TITLE = ("a ", "an ", "another ", "each ", "the ", "that ", "this ", "one ", "its ", "your ", "their ")


def check_title(title: str) -> str:
    """A card's title the text names ("Sensor Chief Garcia"), not a noun phrase."""
    if title.startswith(_NOT_A_TITLE) or title in ("it", "them"):
        raise Refusal("target", title, f'"{title.split()[0]}" (a noun phrase, not a card\'s title)')
    return title


def _about(group):
    """The event's card is one the phrase names, on the side the event saw it on when the event
    says (a destroyed card no longer in play; a creature taken from its owner that died in the
    fight it fought: "each time a friendly creature fights")."""

    def match(ctx) -> bool:
        card = ctx.event.get("card")
        if card is None:
            return False
        return group.admits(ctx.eng, ctx.source, ctx.controller, card, ctx.event.get("controller"))

    return match


def _played_adjacent(group):
    """ "After <a creature> is played adjacent to SELF": the card played is one the phrase names and,
    having entered play, is a neighbor of the card with the ability."""
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("card") in ctx.game.neighbors(ctx.source) and about(ctx)

    return match


def _attached_to_self_or_neighbor(group):
    """ "After an upgrade is attached to SELF or one of its neighbors": the upgrade is one the
    phrase names, and the creature it is attached to is the card itself or beside it."""
    about = _about(group)

    def match(ctx) -> bool:
        to = ctx.event.get("to")
        return to is not None and (to is ctx.source or to in ctx.game.neighbors(ctx.source)) and about(ctx)

    return match


def _attached_to_self(group):
    """ "After an upgrade is attached to SELF": the upgrade is one the phrase names, on this card."""
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("to") is ctx.source and about(ctx)

    return match


def _destroyed_about(group):
    creature = _about(group)

    def match(ctx) -> bool:
        was_creature = ctx.event.get("creature", True)
        return was_creature and creature(ctx)

    return match


def _destroyed_by_own_keyword_damage(group, kind: str):
    """ "After an enemy creature is destroyed by SELF's splash-attack damage": the damage that
    destroyed it was placed last by this card's keyword (engine.rules.damage.destroy)."""
    creature = _destroyed_about(group)

    def match(ctx) -> bool:
        return ctx.event.get("damage_by") == (ctx.source, kind) and creature(ctx)

    return match


def _destroyed_fighting(group):
    about = _about(group)

    def match(ctx) -> bool:
        fight = ctx.event.get("fight")
        card = ctx.event.get("card")
        return fight is not None and ctx.source in fight and card in fight and card is not ctx.source and about(ctx)

    return match


def _you(ctx) -> bool:
    return ctx.event.get("player") == ctx.controller


def _you_resolved_icon(icon: str = ""):
    """ "After you resolve a (<icon>) bonus icon": the player resolving it is the ability's
    controller (engine.rules.bonus_icons)."""
    if icon and icon not in ICONS:
        raise Refusal("reaction", f"{icon} bonus icon", f'"{icon}" (a bonus icon the rules define)')

    def match(ctx) -> bool:
        return ctx.event.get("player") == ctx.controller and (not icon or ctx.event.get("icon") == icon)

    return match


def _you_played(group):
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("player") == ctx.controller and about(ctx)

    return match


def _you_played_from(group, zone: str):
    """ "Each time you play <an artifact> from your discard pile": a play from that zone (the
    "played" event's ``from``: engine.rules.play.PlayRules.play_from)."""
    played = _you_played(group)

    def match(ctx) -> bool:
        return ctx.event.get("from") == zone and played(ctx)

    return match


def _controlled_by_you(group):
    """The event's card is one the phrase names, and was yours as the event happened ("after you
    fight with a creature": the attacker's controller as it fought)."""
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("controller") == ctx.controller and about(ctx)

    return match


def _you_on_your_turn(group):
    """ "During your turn, after you discard a card": by you, about the group, on your turn."""
    yours = _you_played(group)

    def match(ctx) -> bool:
        return ctx.game.active == ctx.controller and yours(ctx)

    return match


def _opponent_played(group):
    about = _about(group)

    def match(ctx) -> bool:
        return ctx.event.get("player") not in (None, ctx.controller) and about(ctx)

    return match


def _opponent(ctx) -> bool:
    return ctx.event.get("player") not in (None, ctx.controller)


def _victim_you(ctx) -> bool:
    """ "After your Æmber is stolen": the player stolen from is the ability's controller."""
    return ctx.event.get("victim") == ctx.controller


def _each_turn(ctx) -> bool:
    """ "At the start (end) of each turn": either player's."""
    return True


def _during_their_turn(ctx) -> bool:
    """ "After a player <does something> during their turn": the player of the event is the active one."""
    return ctx.event.get("player") == ctx.game.active


def _self_event(ctx) -> bool:
    return ctx.event.get("card") is ctx.source


def _chose_house_other_than(house: str):
    """ "After a player chooses an active house other than <house>": either player."""

    def match(ctx) -> bool:
        chosen = ctx.event.get("house")
        return chosen is not None and chosen != house

    return match


def _chose_house_matching_no_card(ctx) -> bool:
    """ "After a player chooses an active house which matches no cards in play": no card in play
    (creatures, artifacts, upgrades) belongs to the house chosen, as the choice is made."""
    chosen = ctx.event.get("house")
    return chosen is not None and not any(belongs_to(ctx.eng, c, chosen) for c in ctx.game.in_play())


def _on_opponents_turn(inner):
    """ "During your opponent's turn, <reaction>": the reaction's own match, on a turn of the
    opponent of the reaction's controller (a prophecy's owner: engine.rules.mechanics.prophecies)."""

    def match(ctx) -> bool:
        return ctx.game.active != ctx.controller and inner(ctx)

    return match


def _opponent_chose_house_matching_no_card(ctx) -> bool:
    """ "After your opponent chooses an active house that matches no cards in play"."""
    return _opponent(ctx) and _chose_house_matching_no_card(ctx)


def _creatures_destroyed_this_turn(n: int):
    """ "After N or more creatures have been destroyed that turn": a creature destroyed, the turn's
    count (either side's) reaching N or more with it."""

    def match(ctx) -> bool:
        return bool(ctx.event.get("creature")) and len(ctx.game.destroyed_this_turn) >= n

    return match


def _played_card_number(n: int):
    """ "After a player plays their 6th card in a turn": either player's Nth card played this turn."""

    def match(ctx) -> bool:
        player = ctx.event.get("player")
        return player is not None and plays_this_turn(ctx.game, player) == n

    return match


def _opponent_played_action_number(n: int):
    """ "After your opponent plays their second action that turn": the play of their Nth action card."""

    def match(ctx) -> bool:
        card, player = ctx.event.get("card"), ctx.event.get("player")
        return (
            card is not None
            and card.type == "action"
            and player not in (None, ctx.controller)
            and plays_this_turn(ctx.game, player, kind="action") == n
        )

    return match


def _opponent_drew_outside_draw_step(ctx) -> bool:
    """ "After your opponent draws a card outside of their 'draw cards step'" (step 5)."""
    return _opponent(ctx) and ctx.event.get("step") != DRAW_STEP


MATCHES = {
    "about": _about,
    "destroyed": _destroyed_about,
    "destroyed_fighting": _destroyed_fighting,
    "destroyed_fighting_self": lambda: destroyed_fighting_self,
    "you": lambda: _you,
    "opponent": lambda: _opponent,
    "you_played": _you_played,
    "you_played_from": _you_played_from,
    "you_resolved_icon": _you_resolved_icon,
    "played_adjacent": _played_adjacent,
    "destroyed_by_own_keyword_damage": _destroyed_by_own_keyword_damage,
    "attached_to_self_or_neighbor": _attached_to_self_or_neighbor,
    "attached_to_self": _attached_to_self,
    "opponent_played": _opponent_played,
    "controlled_by_you": _controlled_by_you,
    "you_on_your_turn": _you_on_your_turn,
    "attached_to_titled": lambda title: attached_to_titled(check_title(title)),
    "end_of_your_turn": lambda: at_end_of_your_turn,
    "self": lambda: _self_event,
    "each_turn": lambda: _each_turn,
    "during_their_turn": lambda: _during_their_turn,
    "victim_you": lambda: _victim_you,
    "chose_house": you_chose_house,
    "chose_house_other_than": _chose_house_other_than,
    "chose_house_matching_no_card": lambda: _chose_house_matching_no_card,
    "on_opponents_turn": _on_opponents_turn,
    "opponent_drew_outside_draw_step": lambda: _opponent_drew_outside_draw_step,
    "creatures_destroyed_this_turn": _creatures_destroyed_this_turn,
    "opponent_played_action_number": _opponent_played_action_number,
    "played_card_number": _played_card_number,
    "opponent_chose_house_matching_no_card": lambda: _opponent_chose_house_matching_no_card,
}
