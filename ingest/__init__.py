"""Ingesters: one parser per source format, all producing :class:`ingest.model.ParsedDocument`.

Each format module exposes ``parse(text, context) -> ParsedDocument``; :func:`ingest.registry.parse_document`
picks the module for a format and is the one entry point the knowledge base build uses.
"""
