"""Worlds Collide (WC, set 3): one module per house."""
