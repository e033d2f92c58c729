"""The HTML pages players and judges read: search, entry (and a numbered rule's page), card, versions,
changes.

The views only gather data (``kb.search``, ``kb.entry_detail``, ``kb.card_detail``,
``kb.versions_overview``) and hand it to the Jinja templates in ``site/templates``. Autoescaping is
on and rule text only ever reaches the page through it or through the two filters below, which
escape first: the sources contain HTML, and a rulebook must never be able to inject markup. The
one field rendered ``|safe`` is the search snippet, which the search backend escapes itself and
marks up with ``<mark>`` only.

When ``app.config["DATASETTE_URL"]`` is set (``rulebase serve --datasette-url``), entry and card
pages link to their row in that Datasette (``api.datasette.datasette_row_url``); otherwise no link
is shown, since a link to a server nobody runs would only break. The changelog page lives in
:mod:`api.changes_page`.

The search page is a plain GET form, so it works without JavaScript; ``site.js`` adds
search-as-you-type by fetching ``/search/results``, the same results rendered alone.

A numbered rule is also reachable by its number in one version, ``/<game>/<version>/<number>``
(``/mtg/2025-11-14/702.19b``; without the version, the latest): the same page as ``/entries/<id>``.
Rule text links the rule numbers it cites to those rules in the same version (``paras(links)``),
and version pickers group a long list of versions by year (:func:`version_groups`).
"""

from __future__ import annotations

import re

from flask import Blueprint, abort, current_app, render_template, request
from markupsafe import Markup, escape

from kb.card_detail import card_detail, card_notation, icon_names
from kb.entry_detail import entry_detail
from kb.rule_numbers import RuleNotFound, find_rule, split_refs
from kb.search import QueryError, search
from kb.verify_badge import show_value
from kb.versions_overview import versions_overview

from .latest_releases import latest_releases
from . import changes_page

from .db import get_conn
from .errors import http_error
from .spec import openapi

bp = Blueprint("pages", __name__)

#: results per page of the search page
PAGE_SIZE = 10
#: queries offered on the empty search page, to show what kind of question works
EXAMPLE_QUERIES = ("elusive first attack", "Phase Shift first turn", "bait and switch", "Zorn")
#: the card-data symbols for Æmber and damage, shown as the symbols a player sees on the card
CARD_SYMBOLS = {"A": ("Æ", "Æmber", "amber"), "D": ("✹", "damage", "damage")}
#: the card data's locale keys that are not BCP 47 language tags (what HTML's lang wants)
_LANGUAGE_TAGS = {"zhhans": "zh-Hans", "zhhant": "zh-Hant"}


@bp.app_template_filter("langtag")
def langtag(code: str) -> str:
    """A locale key of the card data as an HTML language tag ("zhhans" -> "zh-Hans")."""
    return _LANGUAGE_TAGS.get(code, code)


#: the card data's locale keys as the languages a reader names them by
LANGUAGE_NAMES = {
    "de": "German",
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "ko": "Korean",
    "pl": "Polish",
    "pt": "Portuguese",
    "ru": "Russian",
    "th": "Thai",
    "zhhans": "Chinese, simplified",
    "zhhant": "Chinese, traditional",
}


@bp.app_template_filter("language")
def language_name(code: str) -> str:
    """A locale key of the card data as a reader names its language ("zhhans" -> "Chinese, simplified")."""
    return LANGUAGE_NAMES.get(code, code)


@bp.app_template_filter("check_words")
def check_words(path: str) -> str:
    """A scenario check's path as a judge reads it ("player1.amber" -> "Your Æmber"): engine.replay.judge_words."""
    from engine.replay.judge_words import path_words  # once a check is shown: the server starts without the engine

    return path_words(str(path))


@bp.app_context_processor
def page_game() -> dict:
    """The game the page is about, for the search box every page carries: a follow-up question
    from a KeyForge entry searches KeyForge (the ``game`` asked for, the rule pages' game, an entry's
    or a card's game), else every game."""
    game = request.args.get("game") or (request.view_args or {}).get("game")
    entry_id = (request.view_args or {}).get("entry_id")
    if not game and request.endpoint == "pages.entry" and isinstance(entry_id, int) and -(2**63) <= entry_id < 2**63:
        row = (
            get_conn()
            .execute("SELECT d.game FROM entries e JOIN documents d ON d.id = e.document WHERE e.id = ?", (entry_id,))
            .fetchone()
        )
        game = row[0] if row else None
    elif not game and request.endpoint in ("pages.card", "builder_page.builder"):
        game = "keyforge"
    elif not game and request.endpoint and request.endpoint.startswith("kotc"):
        game = "keeper-of-the-cards"
    return {"page_game": game or ""}


_QUOTED_CHANGE = re.compile(r"'((?:[^']|'(?! ->|;|$))*)' -> '((?:[^']|'(?!;|$))*)'")
_BARE_CHANGE = re.compile(r"(\S+) -> (\S+)")


@bp.app_template_filter("change_words")
def change_words(detail: str | None) -> str:
    """A meaning change's detail as a sentence ("'When' -> 'After it is tagged'" reads “When”
    became “After it is tagged”; "2 -> 3" reads 2 became 3), not the changelog's notation."""
    text = _QUOTED_CHANGE.sub(lambda m: f"“{m[1]}” became “{m[2]}”", detail or "")
    return _BARE_CHANGE.sub(_became, text)


def _became(m: re.Match) -> str:
    before, after = m[1], m[2]
    if after == "-":
        return f"{before} was taken out"
    if before == "-":
        return f"{after} was put in"
    return f"{before} became {after}"


@bp.app_template_filter("paras")
def paragraphs(text: str | None, links: dict[str, str] | None = None) -> Markup:
    """Rule text as escaped paragraphs: blank lines separate paragraphs, single newlines stay.
    ``links``: rule number -> URL; the numbers the text cites become links (the rest is escaped)."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text or "") if b.strip()]
    return Markup("").join(Markup('<p class="rule-text">{}</p>').format(rule_links(b, links)) for b in blocks)


@bp.app_template_filter("rulelinks")
def rule_links(text: str | None, links: dict[str, str] | None = None) -> Markup:
    """Text escaped, with each rule number it cites that ``links`` holds linked to that rule."""
    if not links:
        return Markup("{}").format(text or "")
    return Markup("").join(
        Markup('<a class="rule-ref" href="{}">{}</a>').format(links[number], piece) if number else escape(piece)
        for piece, number in split_refs(text or "", links)
    )


#: a game with more versions than this gets its version pickers grouped by year
#: (``app.config["VERSION_GROUPS_OVER"]`` overrides it)
GROUP_VERSIONS_OVER = 12


@bp.app_template_global("version_groups")
def version_groups(versions: list[str], name: str = "") -> list[tuple[str, list[str]]]:
    """(label, versions) groups for a <select>: one group, or one per year when a game has many
    versions dated by day (the Comprehensive Rules: 109), in the order given."""
    over = current_app.config.get("VERSION_GROUPS_OVER", GROUP_VERSIONS_OVER)
    if len(versions) <= over or not all(re.match(r"\d{4}-", v) for v in versions):
        return [(name, list(versions))]
    groups: dict[str, list[str]] = {}
    for v in versions:
        groups.setdefault(v[:4], []).append(v)
    return [(f"{name} {year}".strip(), vs) for year, vs in groups.items()]


@bp.app_template_filter("cardtext")
def card_text(text: str | None, name: str | None = None, notation: bool = True, prose: bool = False) -> Markup:
    """Card text escaped, every icon in one notation (``kb.card_detail.card_notation``: ``<A>``,
    ``{A}``, ``1A``, the icon font's glyph and "1 Æmber" all become ``<A>``) and each icon shown as
    its symbol. Card names ("A Fair Game") and ``name`` stay as written; ``notation`` False: the text
    is already in that notation (a part of a word diff, which re-read out of its sentence could be
    misjudged); ``prose``: rulebook prose, where only ``{A}``-style notations are icons."""
    if notation:
        names = () if prose else (*icon_names(get_conn()), *((name,) if name else ()))
        text = card_notation(text, names, prose=prose)
    escaped = str(escape(text or ""))

    def symbol(m: re.Match) -> str:
        glyph, title, css = CARD_SYMBOLS[m.group(1)]
        return f'<abbr class="sym sym-{css}" title="{title}">{glyph}</abbr>'

    return Markup(re.sub("&lt;(" + "|".join(map(re.escape, CARD_SYMBOLS)) + ")&gt;", symbol, escaped))


@bp.app_template_filter("checked")
def checked_value(value) -> str:
    """A value a scenario checked (a number, a list of cards, nothing), as short text."""
    return show_value(value)


@bp.app_template_global("datasette_row")
def datasette_row(table: str, pk) -> str | None:
    """URL of a KB row in the configured Datasette, or None when the site runs without one."""
    base = current_app.config.get("DATASETTE_URL")
    if not base:
        return None
    from api.datasette import datasette_row_url  # heavy (the datasette package): only a site linking to one needs it

    return datasette_row_url(base, table, pk)


def _search_params(args) -> dict:
    """The search form's fields, tolerant of junk: a bad offset is 0, empty filters are None."""

    def field(name: str) -> str | None:
        value = (args.get(name) or "").strip()
        return value or None

    try:
        offset = max(0, int(args.get("offset", 0)))
    except ValueError:
        offset = 0
    return {
        "q": args.get("q", ""),
        "game": field("game"),
        "version": field("version"),
        "kind": field("kind"),
        "category": field("category"),
        "all_versions": args.get("all") in ("1", "on", "true"),
        "offset": offset,
    }


def latest_label(game: str, version: str, date: str | None) -> str:
    """How a game's latest version is named where "latest" is offered: "KeyForge 16.0, 2022";
    a version that is its date is not repeated ("Magic: The Gathering 2025-11-14")."""
    year = (date or "")[:4]
    return f"{game} {version}" + (f", {year}" if year and not version.startswith(year) else "")


def _filter_options(conn) -> dict:
    """What the filter menus offer: the games and versions, kinds and categories in this KB."""
    games = [
        {"id": gid, "name": name, "versions": [], "latest": None}
        for gid, name in conn.execute("SELECT id, name FROM games ORDER BY name")
    ]
    by_id = {g["id"]: g for g in games}
    for game, version, date in conn.execute("SELECT game, version, date FROM documents ORDER BY version_sort, id"):
        if game in by_id:
            by_id[game]["versions"].append(version)
            by_id[game]["latest"] = latest_label(by_id[game]["name"], version, date)
    kinds = [k for (k,) in conn.execute("SELECT DISTINCT kind FROM entries ORDER BY kind")]
    categories = [
        c for (c,) in conn.execute("SELECT DISTINCT category FROM entries WHERE category <> '' ORDER BY category")
    ]
    return {"games": [g for g in games if g["versions"]], "kinds": kinds, "categories": categories}


def _search_context() -> tuple[dict, int]:
    """Run the search the request asks for; the template context and the HTTP status."""
    conn = get_conn()
    params = _search_params(request.args)
    options = _filter_options(conn)
    filter_args = {k: params[k] for k in ("game", "version", "kind", "category") if params[k]}
    if params["all_versions"]:
        filter_args["all"] = "1"
    ctx = {
        "params": params,
        "options": options,
        "filter_args": filter_args,
        "result": None,
        "error": None,
        "examples": EXAMPLE_QUERIES,
        "page_size": PAGE_SIZE,
        "offset": params["offset"],
        "prev_offset": None,
        "next_offset": None,
        "game_names": {g["id"]: g["name"] for g in options["games"]},
        "terms": [],
        "beside": set(),
        "shown_version": params["version"],
        "shown_game": params["game"],
    }
    if not params["q"].strip():
        ctx["releases"] = latest_releases(conn)  # what changed in each game's newest version
        return ctx, 200
    try:
        result = search(
            conn,
            params["q"],
            game=params["game"],
            version=params["version"],
            kind=params["kind"],
            category=params["category"],
            all_versions=params["all_versions"],
            limit=PAGE_SIZE,
            offset=params["offset"],
        ).as_dict()
    except QueryError as exc:
        ctx["error"] = str(exc)
        return ctx, 400
    ctx["result"] = result
    # a version the question names ("bait and switch in 1.1") is the version shown: the menu says
    # so, rather than "Latest" above 1.1's text
    named = (result.get("version_query") or {}).get("versions") or []
    if not params["version"] and len(named) == 1:
        ctx["shown_version"] = named[0]["version"]
    if result.get("game_query") and not params["game"]:  # "... in magic": the game menu says so
        ctx["shown_game"] = result["game_query"]
    # the definitions of the terms the query names go beside the results (kb.term_panel), not in
    # the list; a term that is the very first result stays there, first
    ctx["terms"] = [t for t in result["terms"] if t["rank"] != 1]
    ctx["beside"] = {t["entry_id"] for t in ctx["terms"]}
    if params["offset"] > 0:
        ctx["prev_offset"] = max(0, params["offset"] - PAGE_SIZE)
    if params["offset"] + PAGE_SIZE < result["total"]:
        ctx["next_offset"] = params["offset"] + PAGE_SIZE
    return ctx, 200


@bp.get("/")
def search_page():
    ctx, status = _search_context()
    return render_template("search.html", **ctx), status


@bp.get("/docs/api")
def api_docs():
    """The JSON API described for people, from the same OpenAPI document the API serves."""
    return render_template("api_docs.html", spec=openapi())


@bp.get("/search/results")
def search_results():
    """The results alone, for search-as-you-type (site.js swaps them into the page)."""
    ctx, status = _search_context()
    return render_template("_results.html", **ctx), status


def _verify_choices(detail: dict) -> tuple[list[str], str | None]:
    """Versions a scenario of this entry can run under, and the one to preselect (the entry's)."""
    versions: list[str] = []
    for scenario in detail.get("scenarios") or []:
        for run in scenario["versions"]:
            if run["version"] not in versions:
                versions.append(run["version"])
    order = [h["version"] for h in detail.get("history") or []]
    versions.sort(key=lambda v: order.index(v) if v in order else len(order))
    default = detail["version"] if detail["version"] in versions else (versions[-1] if versions else None)
    return versions, default


@bp.get("/entries/<int:entry_id>")
def entry(entry_id: int):
    detail = entry_detail(get_conn(), entry_id)  # None also for ids beyond SQLite's integers
    if detail is None:
        abort(404, description=f"No entry {entry_id} in the knowledge base.")
    versions, default = _verify_choices(detail)
    return render_template("entry.html", e=detail, verify_versions=versions, verify_default=default)


@bp.get("/<game:game>/<version>/<rule:number>")
@bp.get("/<game:game>/<rule:number>")
def rule(game: str, number: str, version: str | None = None):
    """A rule by its number in one version (the latest when none is given): its entry page."""
    try:
        entry_id = find_rule(get_conn(), game, number, version)
    except RuleNotFound as exc:
        abort(404, description=f"Not found: {exc}.")
    return entry(entry_id)


@bp.get("/cards/<set_code>/<number>")
def card(set_code: str, number: str):
    detail = card_detail(get_conn(), set_code, number)
    if detail is None:
        abort(404, description=f"No card {set_code} {number} in the card data.")
    game = (detail["game"] or {}).get("name") or "Rulebook"
    labels = {v["version"]: latest_label(game, v["version"], v["date"]) for v in detail["versions"]}
    # each ruling says which document states it, and when (its latest version's): "KeyForge Master
    # Rulebook 16.0, 2022"
    sources = {
        version: (title, date)
        for version, title, date in get_conn().execute(
            "SELECT version, title, date FROM documents WHERE game = ?",
            ((detail["game"] or {}).get("id") or "keyforge",),
        )
    }
    return render_template("card.html", c=detail, labels=labels, sources=sources)


@bp.get("/versions")
def versions():
    overview = versions_overview(get_conn())
    return render_template("versions.html", overview=overview)


bp.add_url_rule("/changes", "changes", changes_page.changes, methods=["GET"])


@bp.errorhandler(404)
def not_found(exc):
    """A page's 404: the site's 404 page (``api.errors``), a JSON error at an API address."""
    return http_error(exc)
