"""The KeyForge rules engine: game state, general rules, card definitions and per-version rule sets.

Scenarios (``rulings/``) set up a board and issue player actions; the engine works out the result
from the general rules and the card definitions under the rule set of one rulebook version.
"""
