"""The KeyForge rules engine: game state, general rules, card definitions and per-version rule sets.

Scenarios (``rulings/``) set up a board and issue player actions; the engine works out the result
from the general rules and the card definitions under the rule set of one rulebook version.

Packages, lowest layer first (a module imports only from its own layer or lower ones; checked by
tests/test_layers.py): ``core`` (state, engine, turn, decisions), ``rules`` (the general rules,
``rules.mechanics`` one glossary mechanic a module), ``library`` (the effects cards are built
from, by subject), ``cards`` (hand definitions of irregular texts) and ``compile`` (cards compiled
from their text), ``replay`` (scenarios, verify, carry), ``fuzz`` (random games); ``kotc`` is
another game (Keeper of the Cards).
"""
