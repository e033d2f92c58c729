"""Keeper of the Cards: the battle engine (battles, damage, recovery, named counters, "a total of").

Why a package of its own: the game shares nothing with KeyForge's board but the scenario format's
outer shape (entries, setup, actions, expect per version), the decision machinery
(:class:`engine.core.choices.Chooser`) and the run budget (:mod:`engine.core.limits`). ``engine.replay.scenario.run``
hands a scenario with ``game: keeper-of-the-cards`` to :func:`engine.kotc.scenario.run`.
"""

GAME = "keeper-of-the-cards"
