"""The game itself, without rules of play: state (players, zones, cards), the engine object that
ties a game to a rule set and a chooser, the turn sequence, decisions, errors and budgets, and
building a game from a scenario's setup. Nothing here knows a card's text or an effect."""
