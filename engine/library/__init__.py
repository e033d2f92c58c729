"""The effect library card definitions and the text compiler build abilities from: small
composable effects, conditions, counts and constant abilities, grouped by subject (Æmber and the
effect framework: effect; damage, stun, destroy: on_cards; zones, decks and hands; control; lasting
effects; "this way"; ...). A new effect goes in the module of its subject; a card's own irregular
text goes in engine/cards/<set>/<house>.py."""
