"""A game's random generator: every game starts in the state of ``Random(0)``, so a board's
shuffles and picks at random are repeatable; the generator is made only when a card first uses it.
"""

from __future__ import annotations

import random

#: the state of ``random.Random(0)``: every game starts from it (a board's draws are repeatable)
_SEED_0 = random.Random(0).getstate()


def _seeded(state: tuple) -> random.Random:
    """A generator in ``state``: half the cost of seeding one."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


class SeededOnUse:
    """A game's generator in the state of ``Random(0)``, made when a card first shuffles or picks
    at random: most replays never do, and making it was two thirds of the cost of making a game
    (3.4 of 5.3 µs). Every method of :class:`random.Random` is the generator's own."""

    __slots__ = ("_rng",)

    def __init__(self) -> None:
        self._rng: random.Random | None = None

    def __getattr__(self, name: str):
        if name == "_rng" or name.startswith("__"):  # a copy not filled in yet, or a protocol asked
            raise AttributeError(name)
        rng = self._rng
        if rng is None:
            rng = self._rng = _seeded(_SEED_0)
        return getattr(rng, name)
