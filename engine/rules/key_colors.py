"""Key colours. 16.0 "Keys": "Each player has one key of each color: red, blue, and yellow. Some card
abilities may reference the color of your keys, including which of your keys are forged or
unforged." Step 1 "Forge a Key": the player "flips any one of their key tokens over to its forged
side"; "Unforge": "flip the key token to its unforged side".

The state keeps each player's count of forged keys (``Player.keys``, the victory condition) and the
colours of those whose colour is known (``Player.forged_colors``). Which key a player flips matters
only to abilities that name key colours ("If your red key is forged", "If two keys of the same color
are forged", "Forge your blue key"): where no card in the game names one (its text in force), every
answer leads to the same game, so the colour is not asked and the key is recorded without one.
Otherwise the player forging chooses among their unforged keys, and the player unforging a key
chooses among the forged ones (the active player makes the game's decisions: 16.0 "Active
Player"). A scenario gives the colours of keys forged before it starts as ``keys: [red, blue]``;
a number of keys has no colours, and asking about the colour of such a key is an error naming it,
never a guess.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.errors import ScenarioError

if TYPE_CHECKING:
    from engine.rules.game import Engine

#: the colours in the order the 16.0 glossary names them
COLORS = ("red", "blue", "yellow")

_NAMES_A_COLOR = re.compile(r"\b(?:red|blue|yellow) keys?\b|\bkeys? of the same colou?r\b", re.IGNORECASE)


def colors_matter(eng: "Engine") -> bool:
    """Does any card in the game (its text in force), an archon power or a token creature's
    reference card name a key colour?"""
    g = eng.game
    cards = [c.printed for c in g.cards()]
    for p in g.players.values():
        if p.archon_power is not None:
            cards.append(p.archon_power.printed)
        if p.token is not None:
            cards.append(p.token)
    return any(_NAMES_A_COLOR.search(eng.rules.card_text(c.name, c.text or "")) for c in cards)


def unforged_colors(eng: "Engine", player: str) -> list[str]:
    """The colours of ``player``'s unforged keys, every forged key's colour being known."""
    p = eng.game.players[player]
    _known(p)
    return [c for c in COLORS if c not in p.forged_colors]


def _known(p) -> None:
    if len(p.forged_colors) < p.keys:
        raise ScenarioError(
            f"{p.name} has {p.keys} forged keys of which {len(p.forged_colors)} have a known colour: "
            f"give their colours in the setup (keys: [red, ...])"
        )


def color_to_forge(eng: "Engine", player: str, color: str | None = None) -> str | None:
    """The colour of the key ``player`` is about to forge: ``color`` ("forge your blue key"), else
    their choice among their unforged keys when colours matter, else None (no colour recorded)."""
    if color is not None:
        return color
    if not colors_matter(eng):
        return None
    return eng.chooser.choose(f"{player}: which key to forge", unforged_colors(eng, player))


def record_forged(eng: "Engine", player: str, color: str | None) -> None:
    if color is not None:
        eng.game.players[player].forged_colors.append(color)


def unforge_color(eng: "Engine", player: str, among: list[str] | None = None) -> None:
    """``player`` loses a forged key (their count already lowered by the caller): when colours
    matter, the active player chooses which of the forged colours (``among``: only those) flips
    back; a key of no known colour just goes."""
    p = eng.game.players[player]
    if len(p.forged_colors) <= p.keys:  # the key unforged had no known colour
        return
    options = [c for c in p.forged_colors if among is None or c in among] or list(p.forged_colors)
    color = eng.chooser.choose(f"{eng.game.active}: which of {player}'s keys is unforged", options)
    p.forged_colors.remove(color)


def is_forged(eng: "Engine", player: str, color: str) -> bool:
    """ "If your red key is forged"."""
    p = eng.game.players[player]
    if color in p.forged_colors:
        return True
    _known(p)
    return False


def same_color_forged(eng: "Engine") -> bool:
    """ "If two keys of the same color are forged": a colour both players have forged (each player
    has one key of each colour)."""
    mine, theirs = eng.game.players.values()
    if set(mine.forged_colors) & set(theirs.forged_colors):
        return True
    _known(mine)
    _known(theirs)
    return False
