"""Glossary mechanics, one a module: keywords and card kinds with their own rules (enhance, gigantic,
splash-attack, token creatures, artifacts that become creatures, cards put into play after being
discarded). A new glossary entry with rules of its own goes here, not in the effect library."""
