"""Names for the form controls Datasette 0.65 renders without one (axe-core's critical ``label`` and
``select-name`` violations): the table page's filter row (column, operator, value), its phone-only
sort menu, and the SQL box of the database and query pages.

Why a filter over the rendered page rather than copies of Datasette's templates: the controls sit in
the middle of ``table.html``'s and ``database.html``'s content blocks (170 and 90 lines), which a
copy would freeze at one Datasette release; the filter adds an ``aria-label`` to each control it
recognises by its name, once, and leaves every other byte as Datasette wrote it. The browser tests
(tests/test_datasette_axe.py) run axe-core on every page we configure, so a Datasette that renders
these controls otherwise fails there, not silently.
"""

from __future__ import annotations

import re

from markupsafe import Markup

#: (the start of a control's tag, its accessible name); the tag's name= or class= identifies it
LABELS: tuple[tuple[re.Pattern, str], ...] = tuple(
    (re.compile(pattern), name)
    for pattern, name in (
        (r'<select name="_filter_column(?:_\d+)?"', "Column to filter on"),
        (r'<select name="_filter_op(?:_\d+)?"', "How to compare"),
        (r'<input type="text" name="_filter_value(?:_\d+)?"', "Value to compare with"),
        (r'<select name="_sort" id="sort_by"', "Sort by"),
        (r'<textarea id="sql-editor"', "SQL query"),
    )
)


def label_controls(html: str) -> Markup:
    """``html`` (a page's rendered content, already escaped) with an ``aria-label`` on each control of
    :data:`LABELS` that has none."""
    text = str(html)
    for pattern, name in LABELS:
        text = pattern.sub(lambda m, name=name: f'{m.group(0)} aria-label="{name}"', text)
    return Markup(text)
