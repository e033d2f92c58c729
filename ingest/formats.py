"""The source formats rulebase reads, in a module of their own: the command line names them in its
help without importing the readers (:mod:`ingest.detect` tells them apart)."""

FORMATS = ("markdown", "html", "pdf", "docx", "text", "cr")
