"""The rulebase web site and JSON API: a Flask app over one knowledge base file.

``create_app(db_path)`` registers the JSON API (``api.json_api``, the board builder's ``api.play``, the changelog endpoints of
``api.json_diff`` and the Keeper of the Cards checker of ``api.kotc``, under ``/api``, with JSON
errors from ``api.errors``) and the HTML pages (``api.pages``, the card checker's
``api.kotc_page`` and the board builder's ``api.builder_page``); templates and static files live in ``site/`` at the project root. Keyword
arguments go to ``app.config`` (e.g. the verify limits of ``api.verify``: ``VERIFY_MAX_STEPS``,
``VERIFY_SECONDS``, ``VERIFY_MAX_BODY``; ``DATASETTE_URL``, the root of a Datasette serving the same
KB, makes entry and card pages link to their rows there; ``VERIFY_CONCURRENCY``, the verify runs
worked on at once, ``api.verify_slots``; ``EXPENSIVE_CONCURRENCY`` and ``EXPENSIVE_CACHE_BYTES``, the
changelogs computed at once and the bytes of them kept, ``api.expensive``). Every response carries the security headers of
``api.headers``; request sizes are bounded by ``api.request_limits``, whose limits ``rulebase serve``
also gives waitress. The KB is opened read-only, one
connection per request, so ``rulebase build`` can replace the file (atomic rename) while the site is
up and the next request sees the new one. A rule cited by number has a page of its own,
``/<game>/<version>/<number>`` (``/mtg/2025-11-14/702.19b``; ``/<game>/<number>`` for the latest
version): the ``rule`` URL converter only matches what looks like a rule number, so these addresses
never shadow the site's other pages.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from werkzeug.routing import BaseConverter, ValidationError

from . import headers

SITE_DIR = Path(__file__).resolve().parent.parent / "site"


class RuleNumberConverter(BaseConverter):
    """A rule number in a URL: "7", "702", "702.19", "702.19b" (a final "." tolerated)."""

    regex = r"\d{1,3}(?:\.\d{1,3}[a-zA-Z]?)?\.?"


class GameConverter(BaseConverter):
    """A game id in a URL ("mtg"); never the first segment of the API's or the static files' paths,
    so ``/api/...`` keeps its JSON answers and redirects."""

    regex = r"(?!(?:api|static)$)[a-z][a-z0-9-]{0,39}"
    reserved = frozenset({"api", "static"})

    def to_python(self, value: str) -> str:
        if value in self.reserved:
            raise ValidationError()
        return value


class Site(Flask):
    """Flask, with ``OPTIONS`` answered as a 204 with ``Allow`` (``api.headers``)."""

    def make_default_options_response(self):
        return headers.options_response()


def create_app(db_path: str | Path, **config) -> Flask:
    app = Site(
        __name__,
        template_folder=str(SITE_DIR / "templates"),
        static_folder=str(SITE_DIR / "static"),
        static_url_path="/static",
    )
    app.url_map.converters["rule"] = RuleNumberConverter
    app.url_map.converters["game"] = GameConverter
    app.config["KB_PATH"] = str(Path(db_path).resolve())
    app.config.update(config)
    # The site's modules are imported here, not at the top: every api module runs this file first, and
    # most of those importers need none of the site (rulebase datasette, the build's scenario checks).
    from . import db, delivery, errors, expensive, request_limits, verify_slots  # heavy: the site, see above
    from . import builder_page, json_api, json_diff, kotc, kotc_page, pages, play, release_page  # heavy: search, engine

    db.init_app(app)
    delivery.init_app(app)
    errors.init_app(app)
    headers.init_app(app)
    request_limits.init_app(app)
    verify_slots.init_app(app)
    expensive.init_app(app)
    app.register_blueprint(json_api.bp, url_prefix="/api")
    app.register_blueprint(json_diff.bp, url_prefix="/api")
    app.register_blueprint(kotc.bp, url_prefix="/api")
    app.register_blueprint(play.bp, url_prefix="/api")
    app.register_blueprint(pages.bp)
    app.register_blueprint(kotc_page.bp)
    app.register_blueprint(builder_page.bp)
    app.register_blueprint(release_page.bp)
    return app
