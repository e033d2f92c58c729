"""Menagerie (MG2024): one module per house."""
