"""Crucible Clash (CC): one module per house."""
