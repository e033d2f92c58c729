"""The KB's SQL schema (``kb/schema.sql``), read in a module of its own: the modules that create
one table of it (threads, terminologies, the search index) need not import the document store."""

from __future__ import annotations

from importlib import resources


def schema_sql() -> str:
    return resources.files("kb").joinpath("schema.sql").read_text(encoding="utf-8")
