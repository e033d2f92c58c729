"""Winds of Exchange (WoE, set 7): one module per house."""
