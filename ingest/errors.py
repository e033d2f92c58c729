"""The one exception ingesters raise for input they cannot use.

The CLI turns it into a one-line message naming the file and what was expected; it never reaches the
user as a traceback.
"""


class IngestError(Exception):
    """Input that is not a rulebook this parser can read (empty, binary, no structure, ...)."""
