"""The board builder's API: a judge plays a KeyForge question of their own in the engine, answering
each decision as it comes, under one version or every version (docs/api.md, "The board builder").

``POST /api/play`` is stateless: a request carries the scenario (setup and actions) and the answers
given so far, per version, and gets back per version either the next decision (its options exactly
as the engine computed them, and in words) or the result (the board after each action, the trace in
a judge's words, the rule switches and errata the run used); under several versions, the final
boards compared with the causes of each difference (:mod:`engine.replay.causes`). Each request
replays from the board as built (:mod:`engine.replay.interactive`). ``POST /api/play/export`` turns
a finished question into a rulings file; ``POST /api/play/scenario`` and ``GET /api/rulings/<id>``
open a rulings file in the builder, its answers moved out into answers per version
(:mod:`engine.replay.ruling_import`).

Why the same guards as ``POST /api/verify`` (:mod:`api.verify`): the body is client input run
through the engine. Before the run: the body size (``VERIFY_MAX_BODY``), the ``PlayRequest`` schema
of ``api/openapi.json`` (list lengths, string sizes, at most :data:`MAX_ANSWERS` answers a version),
the game, the versions and the cards (the KB's). During: the verify budget of engine steps and CPU
seconds, per version run. Around: a verify slot (a 429 when all are taken) and a worker process
(:mod:`api.workers`). A problem found before the run is a one-line 400 naming it; what happens in a
run (an answer that is not an option, an action the rules refuse, an engine error) is that
version's result (``status: error`` or a refused step), as in verify.

The request's thread only reads the body and waits for a verify worker (:mod:`api.workers`), which
does the rest in :mod:`api.play_run`: the engine is imported there, not by the server, so the server
starts without it.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from .errors import ApiError, init_blueprint
from .params import json_body, params
from .verify import MAX_BODY, _budget
from .verify_slots import verify_slot
from .workers import run_in_worker

bp = Blueprint("play", __name__)
init_blueprint(bp)


def _max_body() -> int:
    return current_app.config.get("VERIFY_MAX_BODY", MAX_BODY)


@bp.post("/play")
def play_step():
    params(set())
    body = json_body(_max_body(), "send {scenario, versions, answers} as a JSON object in the request body")
    with verify_slot():
        return jsonify(run_in_worker("play_posted", body, _budget()))


@bp.post("/play/export")
def play_export():
    params(set())
    body = json_body(_max_body(), "send {scenario, versions, answers, id, title, entry} as a JSON object")
    with verify_slot():
        name, text = run_in_worker("export_posted", body, _budget())
    return Response(text, mimetype="text/yaml", headers={"Content-Disposition": f'attachment; filename="{name}.yaml"'})


@bp.post("/play/scenario")
def play_scenario():
    params(set())
    raw = _read_text()
    with verify_slot():
        return jsonify(run_in_worker("import_posted", raw, _budget()))


@bp.get("/rulings/<ruling_id>")
def ruling_for_builder(ruling_id: str):
    params(set())
    if len(ruling_id) > 200:
        raise ApiError("no ruling scenario with that id (at most 200 characters)", 404)
    with verify_slot():
        return jsonify(run_in_worker("import_ruling", ruling_id, _budget()))


def _read_text() -> str:
    """The pasted or uploaded file: YAML or JSON text, within the verify body limit."""
    limit = _max_body()
    if request.content_length is not None and request.content_length > limit:
        raise ApiError(f"request body too large: {request.content_length} bytes, the limit is {limit}", 413)
    data = request.stream.read(limit + 1)
    if len(data) > limit:
        raise ApiError(f"request body too large: the limit is {limit} bytes", 413)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError("request body is not valid UTF-8") from None
    if not text.strip():
        raise ApiError("send the scenario's YAML or JSON text as the request body")
    return text
