"""The versioned SQLite knowledge base: schema, build, ingest, search and statistics."""
