"""Keeper of the Cards: the battle engine (battles, damage, recovery, named counters, "a total of").

Why a package of its own: the game shares nothing with KeyForge's board but the scenario format's
outer shape (entries, setup, actions, expect per version), the decision machinery
(:class:`engine.choices.Chooser`) and the run budget (:mod:`engine.limits`). ``engine.scenario.run``
hands a scenario with ``game: keeper-of-the-cards`` to :func:`engine.kotc.scenario.run`.
"""

GAME = "keeper-of-the-cards"
