"""Prophetic Visions (PV): one module per house."""
