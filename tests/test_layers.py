"""The packages form layers: each imports only the ones below it.

    textnorm  <  ingest  <  kb (the store)  <  engine  <  api (the web)  <  rulebase (CLI, build)

so the store can be used without the web or the engine, the engine without an ingester, and the
build pipeline has one home above all of them. Read from the source (every ``import`` and
``from`` statement, including those inside functions), not from what happens to be loaded.

Within a package the modules import each other without a cycle, imports inside functions counted:
an import moved into a function to get past a cycle leaves the cycle, hidden (neither module can be
read or tested without the other, and which one is loaded first decides what works). So an import
stays inside a function only for a reason of its own, which a comment on its line gives (a heavy
library only one path needs). Imports under ``if TYPE_CHECKING:`` never run and only name types:
they make no edge.
"""

from __future__ import annotations

import ast
from functools import lru_cache
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


@lru_cache(maxsize=None)
def _parsed(path: Path, stamp: tuple[int, int]) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def parsed(path: Path) -> ast.Module:
    """The syntax tree of ``path``, parsed once per content (the checks below read every module of
    the project several times; a planted file of a test is a new path)."""
    st = path.stat()
    return _parsed(path, (st.st_mtime_ns, st.st_size))


def imported_packages(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(parsed(path)):
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


#: packages whose modules import each other without a cycle
WITHOUT_CYCLES = ("textnorm", "ingest", "kb", "api", "rulebase", "engine")
#: packages whose imports inside functions all say why on their line (ingest and rulebase join once
#: theirs do, engine with its reorganisation)
EXPLAINED_FUNCTION_IMPORTS = ("textnorm", "ingest", "kb", "api", "rulebase", "engine")


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    return (test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)) == "TYPE_CHECKING"


def import_statements(nodes, in_function: bool = False):
    """(statement, inside a function?) for every import among ``nodes`` and below them, but those
    under ``if TYPE_CHECKING:``."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_function
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from import_statements(node.orelse, in_function)
        else:
            inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            yield from import_statements(ast.iter_child_nodes(node), inside)


def package_modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package at ``package`` (subpackages too)."""
    modules = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def imported_modules(module: str, path: Path, modules) -> set[str]:
    """The modules of ``modules`` that ``module`` (the file at ``path``) imports, relative imports
    resolved: ``from . import x`` is module ``x`` when there is one, else the package itself."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node, _ in import_statements(parsed(path).body):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        for name in names:
            while name and name not in modules:  # import a.b.c: the deepest of them that is a module
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports, anywhere in its source."""
    modules = package_modules(package)
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as the path that closes it (``[a, b, a]``), or None when there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt, path + [node])
            if cycle:
                return cycle
        done.add(node)
        return None

    return next((cycle for node in sorted(graph) if (cycle := visit(node, []))), None)


def unexplained_function_imports(path: Path) -> list[int]:
    """The lines of the imports inside a function of ``path`` with no comment on their lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        node.lineno
        for node, in_function in import_statements(parsed(path).body)
        if in_function and not any("#" in line for line in lines[node.lineno - 1 : node.end_lineno])
    ]


@pytest.mark.parametrize("package", WITHOUT_CYCLES)
def test_modules_of_a_package_import_each_other_without_a_cycle(package):
    cycle = find_cycle(import_graph(ROOT / package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("package", EXPLAINED_FUNCTION_IMPORTS)
def test_every_import_inside_a_function_says_why_it_is_there(package):
    """Whoever reads an import inside a function must learn from its line why it is not at the top
    (``# heavy: ...``): the comment is what tells a cost saved on purpose from a hidden cycle."""
    files = sorted((ROOT / package).rglob("*.py"))
    assert [f"{path.relative_to(ROOT)}:{line}" for path in files for line in unexplained_function_imports(path)] == []


def test_the_cycle_check_sees_a_cycle_hidden_in_a_function(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from .b import f\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from pkg import a  # planted\n", encoding="utf-8")
    (package / "c.py").write_text("from . import a\n", encoding="utf-8")
    assert find_cycle(import_graph(package)) == ["pkg.a", "pkg.b", "pkg.a"]


def test_names_imported_for_type_checking_only_close_no_cycle(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("from . import b\n", encoding="utf-8")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n", encoding="utf-8"
    )
    assert import_graph(package) == {"pkg.a": {"pkg.b"}, "pkg.b": set()}
    assert find_cycle(import_graph(package)) is None


def test_the_comment_check_sees_an_unexplained_import_inside_a_function(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        "import os\n\n\ndef f():\n    import json\n    import zlib  # heavy: only f needs it\n"
        "    from os.path import (\n        join,  # heavy: only f needs it\n    )\n",
        encoding="utf-8",
    )
    assert unexplained_function_imports(module) == [5]


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
    # the engine asks a card's definition (its variant for the text in force) of
    # engine.cards.definitions, which compiles it on demand; a hook the cards fill would invert it
    ("engine.rules.game", "engine.cards"),
    # a text box changed by a lasting effect is a Variant (engine.cards' form of a card's abilities)
    ("engine.rules.text_in_force", "engine.cards"),
}


def _engine_layer(module: str) -> int | None:
    parts = module.split(".")
    return ENGINE_LAYERS.get(parts[1]) if len(parts) > 1 and parts[0] == "engine" else None


def engine_imports(path: Path) -> set[str]:
    """The engine modules ``path`` imports, at module level or inside functions (not those under
    ``if TYPE_CHECKING:``)."""
    tree = parsed(path)
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
        "def f():\n    from engine.library.amber import Gain\n",
        encoding="utf-8",
    )
    assert upward_imports(tmp_path / "engine") == {("engine.rules.planted", "engine.library.amber")}


def test_card_definitions_import_from_the_library_alone():
    """A card file (engine/cards/<set>/<house>.py) imports what it names from ``engine.library``,
    which re-exports the pieces of the general rules cards use too, and ``card``/``Variant`` from
    ``engine.cards``: a card reads the same whichever module of the library holds an effect."""
    cards = ROOT / "engine" / "cards"
    wrong = {
        f"{path.relative_to(ROOT)}:{node.lineno}": node.module
        for path in sorted(cards.glob("*/*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        and node.module
        and node.module.startswith("engine")
        and node.module not in ("engine.library", "engine.cards")
    }
    assert wrong == {}
