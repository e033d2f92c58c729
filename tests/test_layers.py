"""The packages form layers: each imports only the ones below it.

    textnorm  <  ingest  <  kb (the store)  <  engine  <  api (the web)  <  rulebase (CLI, build)

so the store can be used without the web or the engine, the engine without an ingester, and the
build pipeline has one home above all of them. Read from the source (every ``import`` and
``from`` statement, including those inside functions), not from what happens to be loaded.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: package -> the project packages it may import
ALLOWED = {
    "textnorm": set(),
    "ingest": {"textnorm"},
    "kb": {"textnorm", "ingest"},
    "engine": {"textnorm", "kb"},
    "api": {"textnorm", "kb", "engine"},
    "rulebase": {"textnorm", "ingest", "kb", "engine", "api"},
}


def imported_packages(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found & set(ALLOWED)


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_lower_layers(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ holds no module"
    wrong = {str(p.relative_to(ROOT)): sorted(imported_packages(p) - ALLOWED[package] - {package}) for p in files}
    assert {k: v for k, v in wrong.items() if v} == {}


def test_the_layer_check_sees_imports_inside_functions(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from engine.replay.scenario import run\n    import api.pages\n", encoding="utf-8")
    assert imported_packages(module) == {"engine", "api"}


# ------------------------------------------------------------------------------ inside the engine
# The engine's own packages form layers too, lowest first:
#
#     core  <  rules (rules.mechanics)  <  library  <  cards, compile  <  replay, kotc  <  fuzz
#
# core is the game without rules of play; rules the general rules; library the effects cards are
# built from; cards (hand definitions) and compile (definitions from the text) build on the
# library; replay plays scenarios (kotc is the other game replay dispatches to); fuzz plays
# random games. Imports under ``if TYPE_CHECKING:`` are left out: they never run.

ENGINE_LAYERS = {"core": 0, "rules": 1, "library": 2, "cards": 3, "compile": 3, "replay": 4, "kotc": 4, "fuzz": 5}

#: upward imports the engine still has, each with why (the check fails on any other, and on one
#: of these gone, so that the list stays true)
KNOWN_UPWARD = {
    # the engine asks a card's definition (its variant for the text in force) of engine.cards,
    # which compiles the definition on demand; a hook the cards fill would invert it
    ("engine.rules.game", "engine.cards"),
    ("engine.rules.text_in_force", "engine.cards"),
}


def _engine_layer(module: str) -> int | None:
    parts = module.split(".")
    return ENGINE_LAYERS.get(parts[1]) if len(parts) > 1 and parts[0] == "engine" else None


def engine_imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports, at module level or inside functions (not those under
    ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return {m for m in found if m == "engine" or m.startswith("engine.")}


def upward_imports(root: Path) -> set[tuple[str, str]]:
    """(importer, imported) for every import under ``root`` (the engine package) from a lower
    layer into a higher one."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        mine = _engine_layer(module)
        for imported in engine_imports(path):
            theirs = _engine_layer(imported)
            if mine is not None and theirs is not None and theirs > mine:
                found.add((module, imported))
    return found


def test_engine_imports_only_its_own_layer_and_lower_ones():
    assert upward_imports(ROOT / "engine") == KNOWN_UPWARD


def test_the_engine_layer_check_sees_an_upward_import_inside_a_function(tmp_path):
    rules = tmp_path / "engine" / "rules"
    rules.mkdir(parents=True)
    (rules / "planted.py").write_text(
        "from engine.core.state import Game\n"
        "if TYPE_CHECKING:\n    from engine.replay.scenario import Result\n"
        "def f():\n    from engine.library.effect import Gain\n",
        encoding="utf-8",
    )
    assert upward_imports(tmp_path / "engine") == {("engine.rules.planted", "engine.library.effect")}
