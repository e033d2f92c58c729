"""The general rules (rulebook and glossary), one subject a module: playing and using cards,
fighting, damage, forging, houses, keywords, control, reactions, replacements, constant abilities
(statics), choosing targets, and the rule switches per rulebook version (rulesets). A glossary
mechanic printed on some cards (enhance, gigantic, tokens, ...) goes in :mod:`engine.rules.mechanics`."""
