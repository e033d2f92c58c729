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
