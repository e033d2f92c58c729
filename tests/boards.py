"""What the engine tests share: a real game built from a scenario setup, and a scenario written
inline and replayed by :func:`engine.replay.scenario.run`, as ``rulebase verify`` replays a file."""

from __future__ import annotations

import textwrap

from engine.core.choices import Chooser
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb
from engine.replay.scenario_file import load_scenario
from engine.replay.scenario import run
from engine.replay.setup import CardCatalog, build_game


def engine_for(kb_conn, setup: dict, version: str = "16.0", answers=()) -> Engine:
    """An engine on the board ``setup`` describes, under ``version``'s rule set; ``answers``
    answer its decisions in order."""
    game = build_game(setup, CardCatalog(kb_conn))
    return Engine(game, ruleset_from_kb(kb_conn, "keyforge", version), Chooser(answers))


def card(eng: Engine, label: str):
    return next(c for c in eng.game.cards() if c.label == label)


def labels(eng: Engine, player: str, zone: str) -> list[str]:
    return [c.label for c in eng.game.players[player].zone(zone)]


def replay(kb_conn, tmp_path, body: str, version: str = "16.0"):
    """Replay a scenario given as YAML text (indented as in the test) under ``version``."""
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return run(kb_conn, load_scenario(path), version)


def assert_passed(result) -> None:
    assert result.passed, (result.error, [c for c in result.checks if not c.ok], result.trace)


def assert_compiled(kb_conn, *names: str) -> None:
    """The cards of the scenario are played from their compiled text, not a hand definition."""
    from engine.cards import REGISTRY, _key
    from engine.compile import compile_text

    for name in names:
        assert _key(name) not in REGISTRY, name
        text, typ = kb_conn.execute(
            "SELECT text, type FROM cards WHERE name = ? ORDER BY set_code = 'CotA' DESC", (name,)
        ).fetchone()
        compile_text(text, name, typ)  # raises Refused if any sentence is not covered
