"""The rulebase web site and JSON API: a Flask app over one knowledge base file.

``create_app(db_path)`` registers the JSON API (``api.json_api``, the changelog endpoints of
``api.json_diff`` and the Keeper of the Cards checker of ``api.kotc``, under ``/api``, with JSON
errors from ``api.errors``) and the HTML pages (``api.pages``, and the card checker's
``api.kotc_page``); templates and static files live in ``site/`` at the project root. Keyword
arguments go to ``app.config`` (e.g. the verify limits of ``api.verify``: ``VERIFY_MAX_STEPS``,
``VERIFY_SECONDS``, ``VERIFY_MAX_BODY``; ``DATASETTE_URL``, the root of a Datasette serving the same
KB, makes entry and card pages link to their rows there). The KB is opened read-only, one
connection per request, so ``rulebase build`` can replace the file (atomic rename) while the site is
up and the next request sees the new one.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask

SITE_DIR = Path(__file__).resolve().parent.parent / "site"


def create_app(db_path: str | Path, **config) -> Flask:
    app = Flask(__name__, template_folder=str(SITE_DIR / "templates"),
                static_folder=str(SITE_DIR / "static"), static_url_path="/static")
    app.config["KB_PATH"] = str(Path(db_path).resolve())
    app.config.update(config)
    from . import db, errors, json_api, json_diff, kotc, kotc_page, pages
    db.init_app(app)
    errors.init_app(app)
    app.register_blueprint(json_api.bp, url_prefix="/api")
    app.register_blueprint(json_diff.bp, url_prefix="/api")
    app.register_blueprint(kotc.bp, url_prefix="/api")
    app.register_blueprint(pages.bp)
    app.register_blueprint(kotc_page.bp)
    return app
