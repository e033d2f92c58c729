"""Errors of the knowledge base itself (manifest, database), as opposed to a source's content."""


class KBError(Exception):
    """A problem the user can fix: a bad manifest, a missing KB, a database that is not ours."""
