"""Seeded random games (random_games) and the invariants checked between any two actions of them
(invariants): a finder of engine crashes and broken state, not a judge of rulings."""
