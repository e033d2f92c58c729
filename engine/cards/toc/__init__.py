"""Tokens of Change (ToC): one module per house."""
