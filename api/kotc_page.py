"""The page ``/kotc/check``: paste a Keeper of the Cards card's ability text, get the verdict.

Why a plain form: a player checking a home-made card should not need JavaScript, and a card text of
several paragraphs is best sent as a POST body; a GET with ``?text=&edition=`` gives the same page,
so a verdict can be linked to. The verdict is :func:`kb.kotc_check.check`'s, the very dict
``POST /api/kotc/check`` returns; revised texts are shown as a word diff (``kb.textdiff``) between
the card's sentence and the text as it must now be read. Card text only reaches the page through
autoescaping.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request

from kb.kotc_check import MAX_EDITION, check, verdict_line
from kb.textdiff import word_diff

from .db import get_conn
from .errors import ApiError
from .kotc import MAX_TEXT, checked_input

bp = Blueprint("kotc_page", __name__)


def _edition(raw: str) -> int | None:
    """The form's edition field: blank is none; "11", "11th" are 11."""
    value = raw.strip().lower()
    for suffix in ("st", "nd", "rd", "th"):
        value = value.removesuffix(suffix)
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        raise ApiError(f"edition: expected a whole number such as 11, got {raw[:40]!r}")
    return int(value)


@bp.route("/kotc/check", methods=["GET", "POST"])
def check_page():
    form = request.form if request.method == "POST" else request.args
    text, raw_edition = form.get("text", ""), form.get("edition", "")
    ctx = {
        "text": text,
        "edition": raw_edition,
        "result": None,
        "error": None,
        "verdict": None,
        "max_text": MAX_TEXT,
        "max_edition": MAX_EDITION,
    }
    submitted = request.method == "POST" or "text" in form
    if not submitted:
        return render_template("kotc_check.html", **ctx)
    try:
        text, _ = checked_input(text, None)
        result = check(get_conn(), text, _edition(raw_edition))
    except (ApiError, ValueError) as exc:
        ctx["error"] = getattr(exc, "message", None) or str(exc)
        return render_template("kotc_check.html", **ctx), 400
    for f in result["findings"]:
        f["diff"] = word_diff(f["matched_text"], f["replacement"]) if f["replacement"] else None
    ctx.update(result=result, verdict=verdict_line(result))
    return render_template("kotc_check.html", **ctx)
