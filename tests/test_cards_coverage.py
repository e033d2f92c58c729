"""``rulebase cards --coverage``: per set, how many cards the engine plays compiled from their text,
hand-defined or keyword-only, and which it cannot play and why; the same as JSON; a card looked up
by name. (Run through click's runner: the command is registered in ``rulebase.cli`` separately.)"""

from __future__ import annotations

import json

import pytest

from engine.cards.definitions import refused_on_purpose
from click.testing import CliRunner

from kb.errors import KBError
from rulebase.cli_cards import cards


def _run(built_kb, *args: str):
    result = CliRunner().invoke(cards, [*args, "--db", str(built_kb)])
    return result


def _a_card_not_playable(kb_conn) -> tuple[str, str, list[str]]:
    """A card of the first set in the table that still has one, its set and why (which card it is
    changes as templates are added, so it is looked up rather than named)."""
    from engine.compile.coverage import coverage

    unfinished = next(c for c in coverage(kb_conn) if c.refused)
    name, reasons = sorted(unfinished.refused.items())[0]
    return unfinished.code, name, reasons


def test_every_card_of_the_first_two_sets_is_playable(kb_conn):
    """Call of the Archons and Age of Ascension: every card compiled, hand-defined or keywords only."""
    from engine.compile.coverage import coverage

    for cov in coverage(kb_conn, sets=["CotA", "AoA"]):
        assert cov.total == 370 and not cov.refused, (cov.code, sorted(cov.refused))


def test_coverage_table_lists_cota_and_aoa_first_and_adds_up(built_kb, kb_conn):
    result = _run(built_kb, "--coverage")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["set", "cards", "compiled", "hand-defined", "keyword-only", "not", "playable"]
    table = lines[1 : lines.index("")]  # the table ends at the first blank line
    assert table[-1].split()[0] == "total"
    rows = [line.split() for line in table[:-1]]
    codes = [r[0] for r in rows]
    assert codes[:2] == ["CotA", "AoA"]
    in_kb = {code for (code,) in kb_conn.execute("SELECT DISTINCT set_code FROM cards")}
    assert set(codes) == in_kb
    for r in rows:
        total, compiled, hand, keywords, refused = map(int, r[1:])
        assert compiled + hand + keywords + refused == total
        names = kb_conn.execute("SELECT count(DISTINCT name) FROM cards WHERE set_code = ?", (r[0],)).fetchone()[0]
        assert total == names
    sums = [sum(int(r[i]) for r in rows) for i in range(1, 6)]
    assert table[-1].split()[1:] == [str(n) for n in sums]
    cota = next(r for r in rows if r[0] == "CotA")
    assert int(cota[2]) >= 100  # compiled: the common templates are covered
    unfinished = [r[0] for r in rows if int(r[5]) > 0]
    assert (
        "most common missing templates ("
        + (", ".join(unfinished) if len(unfinished) <= 3 else f"{len(unfinished)} sets")
        + "):"
        in result.output
    )


def test_verbose_gives_the_reason_for_each_card_not_playable(built_kb, kb_conn):
    code, name, reasons = _a_card_not_playable(kb_conn)
    # the compiler's missing pieces, or the reason a card is refused on purpose (engine/cards/refused.toml)
    assert reasons and all(r.startswith("no ") or r in refused_on_purpose().values() for r in reasons)
    result = _run(built_kb, "--coverage", "--verbose", "--set", code)
    assert result.exit_code == 0, result.output
    assert f"  {name}: {'; '.join(reasons)}" in result.output.splitlines()
    assert "  Punch:" not in result.output  # compiled, so not listed
    assert "\nCotA" not in result.output


def test_json_output_matches_the_cards_in_the_kb(built_kb, kb_conn):
    code, name, reasons = _a_card_not_playable(kb_conn)
    result = _run(built_kb, "--coverage", "--json", "--set", "CotA", "--set", code)
    data = json.loads(result.output)
    assert [s["set"] for s in data["sets"]] == ["CotA", code]
    cota, other = data["sets"]
    assert cota["compiled"] + cota["hand"] + cota["keywords"] + cota["refused"] == cota["cards"] == 370
    assert cota["refused"] == 0 and cota["not_playable"] == {}
    assert other["not_playable"][name] == reasons
    assert len(other["not_playable"]) == other["refused"]
    assert data["top_missing"] and all(t["cards"] >= 1 for t in data["top_missing"])


def test_a_card_looked_up_by_name(built_kb, kb_conn):
    code, name, _ = _a_card_not_playable(kb_conn)
    result = _run(built_kb, "Punch", "Autocannon", "Blood Money", name)
    lines = result.output.splitlines()
    assert "Punch (CotA): compiled" in lines
    assert "Autocannon (CotA): hand-defined" in lines
    assert "Blood Money (CotA): compiled" in lines  # "place 2 from the common supply on ..."
    assert f"{name} ({code}): not playable" in lines


@pytest.mark.parametrize(
    "args, message",
    [
        ((), "give --coverage"),
        (("--coverage", "--set", "XYZ"), "no such set"),
        (("No Such Card",), "no card of that name"),
        (("--coverage", "--version", "99.9"), "no such document version"),
    ],
)
def test_bad_input_is_a_one_line_error(built_kb, args, message):
    result = _run(built_kb, *args)
    assert isinstance(result.exception, KBError) and message in str(result.exception)
    assert "\n" not in str(result.exception)


def test_the_docs_list_of_cards_not_playable_is_current(built_kb, kb_conn):
    """docs/cards-not-playable.md (linked from the README) names every card the engine refuses, with
    the missing piece, as the card data and the compiler say now: a template that makes a card
    playable, or a refusal reworded, must come with the list written again."""
    from pathlib import Path

    from engine.compile.coverage import coverage

    result = _run(built_kb, "--coverage", "--markdown")
    assert result.exit_code == 0, result.output
    written = (Path(__file__).parent.parent / "docs" / "cards-not-playable.md").read_text(encoding="utf-8")
    refused = {name for cov in coverage(kb_conn) for name in cov.refused}
    assert all(f"- **{name}**: " in result.output for name in refused)
    assert written == result.output, (
        "docs/cards-not-playable.md is out of date: run "
        "`rulebase cards --coverage --markdown > docs/cards-not-playable.md`"
    )
