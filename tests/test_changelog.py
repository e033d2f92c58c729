"""The changelog between two versions (kb.changelog, `rulebase diff`) on the real KB: ruling
changes found by the meaning of the answers, counts that add up, filters and the CLI forms."""
from __future__ import annotations

import json

import pytest

from kb.changelog import changelog, meaning_changes
from conftest import run_cli

VERSIONS = ["1.1", "1.2", "1.3", "16.0"]

# (words of the question, versions where the ruling changed: (from, to) neighbours)
RULINGS = [
    ("Bait and Switch trigger", ("1.2", "1.3")),
    ("play the card Phase Shift", ("1.1", "1.2")),
    ("In what order do I resolve this combination", ("1.3", "16.0")),
]


def flips(conn, a, b, needle):
    return [r for r in changelog(conn, "keyforge", a, b)["ruling_changes"] if needle.casefold() in r["question"].casefold()]


@pytest.mark.parametrize("needle,change", RULINGS, ids=[r[0] for r in RULINGS])
def test_ruling_change_found_exactly_where_it_happened(kb_conn, needle, change):
    for a, b in zip(VERSIONS, VERSIONS[1:]):
        found = flips(kb_conn, a, b, needle)
        assert bool(found) == ((a, b) == change), (a, b, needle)
    # over any span containing the change (not only neighbours) it is still found
    assert flips(kb_conn, VERSIONS[0], VERSIONS[-1], needle)
    assert flips(kb_conn, change[0], VERSIONS[-1], needle)


def test_bait_and_switch_answer_and_scenario_side_by_side(kb_conn):
    assert not flips(kb_conn, "1.1", "1.2", "Bait and Switch trigger")
    r, = flips(kb_conn, "1.2", "1.3", "Bait and Switch trigger")
    assert "7 times" in r["from_answer"] and "2 times" in r["to_answer"]
    s = r["scenario"]
    assert s["from"]["version"] == "1.2" and s["to"]["version"] == "1.3"
    assert s["from"]["outcome"]["player1.amber"] == 7 and s["to"]["outcome"]["player1.amber"] == 2


def test_pitlord_two_answers_in_one_version(kb_conn):
    """1.3 carries both Pitlord answers ("no house", "either of your other houses"); 16.0 only the
    second: the ruling changed when the second appeared and when the first went away."""
    early = flips(kb_conn, "1.1", "1.2", "Restringuntus")
    late = flips(kb_conn, "1.3", "16.0", "Restringuntus")
    assert early and late
    assert "no house" in late[0]["from_answer"] and "other houses" in late[0]["to_answer"]
    assert not flips(kb_conn, "1.2", "1.3", "Restringuntus")


def test_rewording_is_not_a_ruling_change():
    a = ("Sanctum Guardian’s reap effect will do nothing. The effect would attempt to swap it, but a creature is "
         "only allowed in its controller’s battleline. Since the effect does not change control, it fails to resolve.")
    b = ("Sanctum Guardian’s reap effect will do nothing. A creature cannot be moved to the other player’s "
         "battleline except by effects that explicitly change control of that creature.")
    assert meaning_changes(a, b) == []
    assert meaning_changes("See “Leaves Play” on Page 11.", "See “Leaves Play” on Page 13.") == []
    assert meaning_changes("Bait and Switch (CoTA 267) triggers 7 times.", "Bait and Switch 267 triggers 7 times.") == []
    assert meaning_changes("It triggers 7 times.", "It triggers 2 times.")
    assert meaning_changes("Yes, you can.", "No, you can.")
    assert meaning_changes("This will allow you to play it.", "This will not allow you to play it.")


def test_reworded_answers_in_the_kb_are_changed_but_not_ruling_changes(kb_conn):
    c = changelog(kb_conn, "keyforge", "1.3", "16.0", kind="faq")
    ruling = {r["to_entry"] for r in c["ruling_changes"]}
    reworded = [e for e in c["changed"] if any(o["op"] != "equal" for o in e["diff"]) and e["to_entry"] not in ruling]
    assert reworded  # e.g. the Replicator / Sanctum Guardian answer
    assert len(c["ruling_changes"]) < len([e for e in c["changed"] if any(o["op"] != "equal" for o in e["diff"])])


def entry_count(conn, version, kind=None):
    return conn.execute("""SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document
                           WHERE d.game = 'keyforge' AND d.version = ? AND (? IS NULL OR e.kind = ?)""",
                        (version, kind, kind)).fetchone()[0]


@pytest.mark.parametrize("a,b,kind", [("1.1", "16.0", None), ("1.3", "16.0", None), ("1.2", "1.3", "glossary"),
                                      ("16.0", "1.1", "faq")])
def test_counts_add_up_to_the_entries_of_both_versions(kb_conn, a, b, kind):
    c = changelog(kb_conn, "keyforge", a, b, kind=kind)
    renamed_from = sum(not r["split"] for r in c["renamed"])
    renamed_to = sum(not r["merged"] for r in c["renamed"])
    nr_from = len({n["from_entry"] for n in c["needs_review"] if n["from_entry"]})
    nr_to = len({n["to_entry"] for n in c["needs_review"] if n["to_entry"]})
    assert len(c["removed"]) + len(c["changed"]) + renamed_from + c["unchanged"] + nr_from == entry_count(kb_conn, a, kind)
    assert len(c["added"]) + len(c["changed"]) + renamed_to + c["unchanged"] + nr_to == entry_count(kb_conn, b, kind)
    if kind:
        items = c["added"] + c["removed"] + c["changed"] + c["renamed"]
        assert items and {i["kind"] for i in items} == {kind}


def test_recovered_entries_are_never_removed(kb_conn):
    recovered = kb_conn.execute(
        """SELECT e.key, e.body FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '16.0' AND d.game = 'keyforge' AND e.confidence < 1""").fetchall()
    assert recovered
    for a in ("1.1", "1.2", "1.3"):
        c = changelog(kb_conn, "keyforge", a, "16.0")
        removed = {r["key"] for r in c["removed"]}
        added = {r["key"] for r in c["added"]}
        older = {k for k, in kb_conn.execute(
            "SELECT e.key FROM entries e JOIN documents d ON d.id = e.document WHERE d.version = ?", (a,))}
        for key, _ in recovered:
            assert key not in removed
            assert not (key in older and key in added)


def test_changed_items_carry_a_word_diff(kb_conn):
    c = changelog(kb_conn, "keyforge", "1.1", "16.0", kind="glossary")
    armor = next(e for e in c["changed"] if e["key"] == "glossary/armor")
    assert {"delete", "insert"} <= {o["op"] for o in armor["diff"]}
    assert 0 < armor["similarity"] < 100


def test_cli_json_and_kind_filter(built_kb):
    r = run_cli("diff", "--game", "keyforge", "--from", "1.3", "--to", "16.0", "--kind", "glossary", "--json",
                "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert {"game", "from", "to", "added", "removed", "changed", "renamed", "ruling_changes", "needs_review"} <= set(data)
    assert data["added"] and all(e["kind"] == "glossary" for e in data["added"] + data["changed"])
    assert any(e["key"] == "glossary/ward" for e in data["added"])
    assert data["ruling_changes"] == []  # glossary entries have no answers to flip


def test_cli_text_has_no_ansi_without_a_tty(built_kb):
    r = run_cli("diff", "--from", "1.1", "--to", "16.0", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    assert "\x1b[" not in r.stdout and "ruling changes: " in r.stdout and "Bait and Switch" in r.stdout
    r = run_cli("diff", "--key", "glossary/armor", "--from", "1.1", "--to", "16.0", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    assert "\x1b[" not in r.stdout and "[-take-]" in r.stdout and "{+be dealt+}" in r.stdout


@pytest.mark.parametrize("args,word", [
    (("--game", "nope", "--from", "1.1", "--to", "16.0"), "nope"),
    (("--from", "1.1", "--to", "17.5"), "17.5"),
    (("--key", "glossary/no-such-term", "--from", "1.1", "--to", "16.0"), "no-such-term"),
])
def test_cli_errors_are_one_line(built_kb, args, word):
    r = run_cli("diff", *args, "--db", str(built_kb))
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and word in r.stderr and "Traceback" not in r.stderr
