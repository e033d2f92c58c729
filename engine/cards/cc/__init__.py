"""Crucible Clash (CC): the hand-defined cards."""
