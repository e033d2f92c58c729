"""Replaying rulings: scenario files (load, set up, act, check), the board actions and check paths
they use, the checks on decisions, carrying an expectation between versions by meaning, the KB
reads kept per connection, and ``rulebase verify``."""
