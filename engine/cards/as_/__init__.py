"""Æmber Skies (AS): one module per house (the package is ``as_``: ``as`` is a Python keyword)."""
