"""Grim Reminders (GR): one module per house."""
