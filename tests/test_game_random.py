"""A game's random generator: every game starts in the state of ``Random(0)`` (a board's shuffles and
picks at random are repeatable), made only when a card first uses it (engine.core.game_random.SeededOnUse)."""

from __future__ import annotations

import copy
import random

from engine.core.state import Game, Player, PLAYERS


def _game() -> Game:
    return Game(players={p: Player(p) for p in PLAYERS}, active=PLAYERS[0])


def test_every_game_draws_what_random_0_draws():
    expected = random.Random(0)
    deck, same = list(range(36)), list(range(36))
    expected.shuffle(same)
    game = _game()
    game.rng.shuffle(deck)
    assert deck == same
    assert [game.rng.choice("abcdef") for _ in range(5)] == [expected.choice("abcdef") for _ in range(5)]
    assert game.rng.sample(range(100), 3) == expected.sample(range(100), 3)


def test_two_games_are_independent():
    one, two = _game(), _game()
    first = one.rng.random()
    one.rng.random()
    assert two.rng.random() == first


def test_a_copy_of_a_game_goes_on_from_where_it_was():
    game = _game()
    untouched = copy.deepcopy(game)
    game.rng.random()
    later = copy.deepcopy(game)
    assert untouched.rng.random() == random.Random(0).random()
    assert later.rng.random() == game.rng.random()
