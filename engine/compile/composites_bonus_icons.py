"""Constant abilities about bonus icons built from a template's words ("when you resolve an Æmber
bonus icon, you may choose to resolve it as a capture, damage, or draw icon instead"): each icon the
words name must be one the rules define (16.0 glossary "Bonus Icons": Æmber, capture, damage,
draw), so a later set's icon the engine has no rule for ("discard") is refused, never guessed at.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.rules.bonus_icons import ICONS, IconEffectsInstead, IconStealsInstead, ResolveIconAs
from engine.compile.grammar import Refusal


def _icon(word: str) -> str:
    if word not in ICONS:
        raise Refusal("static", f"{word} bonus icon", f'"{word}" (a bonus icon the rules define)')
    return word


@template("IconAs", kind="static")
def _icon_as(icon, replaced: str = "") -> ResolveIconAs:
    """ "... you may choose to resolve it as a <icon> (or one of several) bonus icon instead"."""
    icons = (icon,) if isinstance(icon, str) else tuple(icon)
    chosen = tuple(_icon(i) for i in icons)
    return ResolveIconAs(chosen[0] if len(chosen) == 1 else chosen, replaced=_icon(replaced) if replaced else "")


@template("IconStealsInsteadOf", kind="static")
def _icon_steals_instead(icon: str, amount: int) -> IconStealsInstead:
    """ "When you resolve a <icon> bonus icon, you may choose to steal N instead"."""
    return IconStealsInstead(_icon(icon), amount)


@template("IconEffectsInsteadOf", kind="static")
def _icon_effects_instead(effects: list, replaced: str = "") -> IconEffectsInstead:
    """ "When you resolve an <icon> bonus icon (when resolving a bonus icon), you may <effect>
    instead"."""
    return IconEffectsInstead(effects, _icon(replaced) if replaced else "")
