"""The KeyForge engine's names: one implementation per rule, so one class per name (two classes of
one name are the same rule written twice, and which one a card gets depends on its import).
engine/kotc/ is another game (Keeper of the Cards) and is left out."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _classes() -> dict[str, list[str]]:
    """Every class defined at the top of a module under engine/ (not engine/kotc/), by name."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(ENGINE.rglob("*.py")):
        if "kotc" in path.relative_to(ENGINE).parts:
            continue
        for match in re.finditer(r"^class (\w+)\b", path.read_text(encoding="utf-8"), re.M):
            found[match.group(1)].append(str(path.relative_to(ENGINE.parent)))
    return found


def test_no_two_classes_of_one_name_in_the_engine():
    twice = {name: where for name, where in _classes().items() if len(where) > 1}
    assert not twice, twice


def test_the_scan_sees_the_engine_classes():
    # the check above is only as good as the scan: it finds the effect library's classes
    classes = _classes()
    assert {"Capture", "ChooseAnyNumber", "Reveal", "ShuffleIntoDeck", "PlaceAmber"} <= set(classes)


#: names that say when a file was written, not what it holds ("more", "last", "2", "hooked")
HISTORY_NAMES = re.compile(r"_more|_last|2\.py$|_hooked")


def test_no_engine_module_nor_test_file_is_named_by_history():
    files = [*ENGINE.rglob("*.py"), *ENGINE.rglob("*.toml"), *Path(__file__).parent.glob("*.py")]
    named = sorted(str(p.relative_to(ENGINE.parent)) for p in files if HISTORY_NAMES.search(p.name))
    assert not named, named


def test_the_history_name_check_catches_one():
    assert all(HISTORY_NAMES.search(n) for n in ("effects_more.py", "test_cards_last.py", "hooks2.py", "x_hooked.py"))
    assert not HISTORY_NAMES.search("test_engine_16_tokens.py")


def test_the_library_index_hides_none_of_its_modules():
    """``engine.library`` re-exports the library's names: none may be named like one
    of its modules, or ``engine.library.<module>`` would be that name instead of the module."""
    import importlib
    import pkgutil

    import engine.library

    modules = [m.name for m in pkgutil.iter_modules(engine.library.__path__)]
    for name in modules:
        assert getattr(engine.library, name) is importlib.import_module(f"engine.library.{name}"), name


def test_the_library_index_holds_every_effect_of_its_modules():
    """Every public class and function of a library module is re-exported by ``engine.library``, so a
    card (or the compiler) finds an effect in one place whichever module holds it."""
    import importlib
    import inspect
    import pkgutil

    import engine.library

    missing = []
    for info in pkgutil.iter_modules(engine.library.__path__):
        module = importlib.import_module(f"engine.library.{info.name}")
        for name, value in vars(module).items():
            defined_here = (inspect.isclass(value) or inspect.isfunction(value)) and value.__module__ == module.__name__
            if defined_here and not name.startswith("_") and getattr(engine.library, name, None) is not value:
                missing.append(f"{info.name}.{name}")
    assert missing == []
