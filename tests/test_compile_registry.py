"""How templates reach the engine: names registered beside the classes they build
(engine.core.registry), and templates files read in the order templates/ORDER gives."""

from __future__ import annotations

import pytest

from engine.compile import grammar
from engine.compile.build import EFFECTS
from engine.core.registry import REGISTRY, template
from engine.library import Gain


def test_a_template_name_is_registered_beside_its_class():
    assert REGISTRY["effect"]["Gain"].made is Gain and EFFECTS["Gain"] is Gain


def test_a_template_name_registered_twice_is_refused():
    with pytest.raises(ValueError, match="registered twice"):

        @template("Gain")
        class Other:
            pass


def test_templates_files_are_read_in_the_order_file_order():
    assert [p.name for p in grammar.template_files()][:3] == [
        "abilities.toml",
        "clauses.toml",
        "clauses_decks_and_houses.toml",
    ]


def test_a_templates_file_the_order_file_does_not_list_is_refused(tmp_path, monkeypatch):
    (tmp_path / "ORDER").write_text("# comment\nclauses.toml\n", encoding="utf-8")
    (tmp_path / "clauses.toml").write_text("", encoding="utf-8")
    (tmp_path / "extra.toml").write_text("", encoding="utf-8")
    monkeypatch.setattr(grammar, "TEMPLATES_DIR", tmp_path)
    with pytest.raises(ValueError, match="extra.toml"):
        grammar.template_files()
