"""Mass Mutation (MM): Sanctum cards."""
from __future__ import annotations

from ...replacements import IconStealsInstead
from ...bonus_icons import CannotResolveBonusIcons
from .. import card

# "When you resolve a capture bonus icon, you may choose to steal 1 instead."
card("Scrivener Favian", statics=[IconStealsInstead("capture", 1)])

card("Master of the Grey", statics=[CannotResolveBonusIcons()])

# --- fight, damage, power (issue 6, 16.0) ---
from ...damage_sources import CannotBeDealtDamageBy, mutant_or_power_at_least  # noqa: E402

card("Ardent Hero", statics=[CannotBeDealtDamageBy(mutant_or_power_at_least(5))])
