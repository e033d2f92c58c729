"""The changelog between two versions (kb.changelog, `rulebase diff`) on the real KB: ruling
changes found by the meaning of every kind of entry (rules, glossary, errata, FAQ), biggest first,
with the sentences that carry them; terminology renames listed once; rewordings never listed as
ruling changes (also on a version we make ourselves from the 1.3 Markdown: reformatted, with one
systematic rename); counts that add up, filters and the CLI forms."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from rulebase.build import ingest
from kb.changelog import changelog, meaning_changes
from kb.meaning import phrase_keys
from conftest import ROOT, run_cli

VERSIONS = ["1.1", "1.2", "1.3", "16.0"]

# (words of the question, versions where the ruling changed: (from, to) neighbours)
RULINGS = [
    ("Bait and Switch trigger", ("1.2", "1.3")),
    ("play the card Phase Shift", ("1.1", "1.2")),
    ("In what order do I resolve this combination", ("1.3", "16.0")),
]


def flips(conn, a, b, needle):
    return [
        r for r in changelog(conn, "keyforge", a, b)["ruling_changes"] if needle.casefold() in r["question"].casefold()
    ]


@pytest.mark.slow
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
    (r,) = flips(kb_conn, "1.2", "1.3", "Bait and Switch trigger")
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
    assert meaning_changes("See “Leaves Play” on Page 11.", "See “Leaves Play” on Page 13.") == []
    assert (
        meaning_changes("Bait and Switch (CoTA 267) triggers 7 times.", "Bait and Switch 267 triggers 7 times.") == []
    )
    assert meaning_changes("Its controller’s battleline (see page 9).", "its controller's battleline.") == []
    assert meaning_changes("It triggers 7 times.", "It triggers 2 times.")
    assert meaning_changes("Yes, you can.", "No, you can.")
    assert meaning_changes("This will allow you to play it.", "This will not allow you to play it.")
    # an explanation rewritten with other content words is a change of meaning
    a = (
        "Sanctum Guardian’s reap effect will do nothing. The effect would attempt to swap it, but a creature is "
        "only allowed in its controller’s battleline. Since the effect does not change control, it fails to resolve."
    )
    b = (
        "Sanctum Guardian’s reap effect will do nothing. A creature cannot be moved to the other player’s "
        "battleline except by effects that explicitly change control of that creature."
    )
    assert meaning_changes(a, b)


def test_reworded_answers_in_the_kb_are_changed_but_not_ruling_changes(kb_conn):
    c = changelog(kb_conn, "keyforge", "1.3", "16.0", kind="faq")
    ruling = {r["to_entry"] for r in c["ruling_changes"]}
    reworded = [e for e in c["changed"] if any(o["op"] != "equal" for o in e["diff"]) and e["to_entry"] not in ruling]
    assert reworded  # e.g. the Replicator / Sanctum Guardian answer
    assert len(c["ruling_changes"]) < len([e for e in c["changed"] if any(o["op"] != "equal" for o in e["diff"])])


def entry_count(conn, version, kind=None):
    return conn.execute(
        """SELECT count(*) FROM entries e JOIN documents d ON d.id = e.document
                           WHERE d.game = 'keyforge' AND d.version = ? AND (? IS NULL OR e.kind = ?)""",
        (version, kind, kind),
    ).fetchone()[0]


@pytest.mark.parametrize(
    "a,b,kind", [("1.1", "16.0", None), ("1.3", "16.0", None), ("1.2", "1.3", "glossary"), ("16.0", "1.1", "faq")]
)
def test_counts_add_up_to_the_entries_of_both_versions(kb_conn, a, b, kind):
    c = changelog(kb_conn, "keyforge", a, b, kind=kind)
    renamed_from = sum(not r["split"] for r in c["renamed"])
    renamed_to = sum(not r["merged"] for r in c["renamed"])
    nr_from = len({n["from_entry"] for n in c["needs_review"] if n["from_entry"]})
    nr_to = len({n["to_entry"] for n in c["needs_review"] if n["to_entry"]})
    assert len(c["removed"]) + len(c["changed"]) + renamed_from + c["unchanged"] + nr_from == entry_count(
        kb_conn, a, kind
    )
    assert len(c["added"]) + len(c["changed"]) + renamed_to + c["unchanged"] + nr_to == entry_count(kb_conn, b, kind)
    if kind:
        items = c["added"] + c["removed"] + c["changed"] + c["renamed"]
        assert items and {i["kind"] for i in items} == {kind}


@pytest.mark.slow
def test_recovered_entries_are_never_removed(kb_conn):
    recovered = kb_conn.execute(
        """SELECT e.key, e.body FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '16.0' AND d.game = 'keyforge' AND e.confidence < 1"""
    ).fetchall()
    assert recovered
    for a in ("1.1", "1.2", "1.3"):
        c = changelog(kb_conn, "keyforge", a, "16.0")
        removed = {r["key"] for r in c["removed"]}
        added = {r["key"] for r in c["added"]}
        older = {
            k
            for (k,) in kb_conn.execute(
                "SELECT e.key FROM entries e JOIN documents d ON d.id = e.document WHERE d.version = ?", (a,)
            )
        }
        for key, _ in recovered:
            assert key not in removed
            assert not (key in older and key in added)


def test_changed_items_carry_a_word_diff(kb_conn):
    c = changelog(kb_conn, "keyforge", "1.1", "16.0", kind="glossary")
    armor = next(e for e in c["changed"] if e["key"] == "glossary/armor")
    assert {"delete", "insert"} <= {o["op"] for o in armor["diff"]}
    assert 0 < armor["similarity"] < 100


@pytest.mark.cli
def test_cli_json_and_kind_filter(built_kb):
    r = run_cli(
        "diff",
        "--game",
        "keyforge",
        "--from",
        "1.3",
        "--to",
        "16.0",
        "--kind",
        "glossary",
        "--json",
        "--db",
        str(built_kb),
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert {
        "game",
        "from",
        "to",
        "added",
        "removed",
        "changed",
        "renamed",
        "ruling_changes",
        "terminology",
        "needs_review",
    } <= set(data)
    assert data["added"] and all(e["kind"] == "glossary" for e in data["added"] + data["changed"])
    assert any(e["key"] == "glossary/ward" for e in data["added"])
    assert data["ruling_changes"] and all(r["kind"] == "glossary" for r in data["ruling_changes"])
    assert changelog_keys(data) >= {"glossary/elusive", "glossary/purge"}


@pytest.mark.cli
def test_cli_text_has_no_ansi_without_a_tty(built_kb):
    r = run_cli("diff", "--from", "1.1", "--to", "16.0", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    assert "\x1b[" not in r.stdout and "ruling changes: " in r.stdout and "Bait and Switch" in r.stdout
    r = run_cli("diff", "--key", "glossary/armor", "--from", "1.1", "--to", "16.0", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    assert "\x1b[" not in r.stdout and "[-take-]" in r.stdout and "{+be dealt+}" in r.stdout


@pytest.mark.cli
@pytest.mark.parametrize(
    "args,word",
    [
        (("--game", "nope", "--from", "1.1", "--to", "16.0"), "nope"),
        (("--from", "1.1", "--to", "17.5"), "17.5"),
        (("--key", "glossary/no-such-term", "--from", "1.1", "--to", "16.0"), "no-such-term"),
    ],
)
def test_cli_errors_are_one_line(built_kb, args, word):
    r = run_cli("diff", *args, "--db", str(built_kb))
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and word in r.stderr and "Traceback" not in r.stderr


# ---- meaning changes in every kind of entry ----------------------------------------------------------


def changelog_keys(log: dict) -> set[str]:
    return {r["key"] for r in log["ruling_changes"]}


#: The meaning changes 1.3 -> 16.0 a judge must see: (key, words of an old sentence carrying the
#: change or None for an added sentence, words of the new sentence or None for a removed one)
MEANING = [
    ("glossary/elusive", "is attacked", "is chosen to be fought"),
    ("glossary/elusive", "deals no damage", "deals no pending damage"),
    ("glossary/purge", "facedown", "faceup"),
    ("glossary/alpha", "during step 3", "during the current step"),
    ("glossary/omega", "After a card with the Omega keyword", "When a card with the Omega keyword"),
    ("glossary/omega", "You cannot play", "The active player cannot play"),
    ("glossary/search", None, "must reveal that card"),
    ("glossary/keys", "has no impact on the game", None),
    ("glossary/keys", None, "one key of each color"),
    ("glossary/destroyed", None, "tagged for destruction"),
    ("glossary/fight", "Only the attacker can trigger", None),
    ("glossary/leaves-play", "If a card that is in play leaves play", "When a card that is in play leaves play"),
    ("glossary/armor", "Armor prevents damage before it is actually dealt", None),
    ("rule/step-3-play-discard-and-use-cards-of-the-chosen-house", "may", "cannot"),
]


@pytest.fixture(scope="module")
def log_13_16(built_kb):
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        return changelog(conn, "keyforge", "1.3", "16.0")


@pytest.mark.parametrize("key,before,after", MEANING, ids=[f"{m[0]}:{m[1] or m[2]}" for m in MEANING])
def test_rule_and_glossary_meaning_changes_with_their_sentences(log_13_16, key, before, after):
    (r,) = [r for r in log_13_16["ruling_changes"] if r["key"] == key]
    assert r["changes"] and r["magnitude"] > 0 and r["conflict"] is None
    carrying = [
        c
        for c in r["changes"]
        if (before is None) == (c["before"] is None)
        and (after is None) == (c["after"] is None)
        and (before is None or before in c["before"])
        and (after is None or after in c["after"])
    ]
    assert carrying, r["changes"]
    c = carrying[0]
    assert c["kind"] in {"number", "negation", "modal", "verdict", "content", "added", "removed"} and c["detail"]
    if c["before"] and c["after"]:
        assert c["before"] != c["after"]
    assert r["from_answer"] != r["to_answer"] and any(op["op"] != "equal" for op in r["diff"])


def test_changed_entries_come_biggest_meaning_change_first(log_13_16, kb_conn):
    changed = log_13_16["changed"]
    meaningful = [x for x in changed if x["meaning"]]
    assert meaningful and changed[: len(meaningful)] == meaningful, "meaning changes before rewordings"
    assert [x["magnitude"] for x in meaningful] == sorted((x["magnitude"] for x in meaningful), reverse=True)
    assert all(x["magnitude"] == 0 and not x["meaning_changes"] for x in changed[len(meaningful) :])
    first_in_document = kb_conn.execute(
        """SELECT e.key FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '16.0' AND d.game = 'keyforge' AND e.kind = 'rule' ORDER BY e.ordinal"""
    ).fetchone()[0]
    assert changed[0]["key"] != first_in_document
    rulings = log_13_16["ruling_changes"]
    plain = [r for r in rulings if r["conflict"] is None]
    assert rulings[: len(plain)] == plain and [r["magnitude"] for r in plain] == sorted(
        (r["magnitude"] for r in plain), reverse=True
    )
    # the biggest changes outweigh single-word ones
    magnitude = {r["key"]: r["magnitude"] for r in rulings}
    assert magnitude["glossary/destroyed"] > magnitude["glossary/purge"]


def test_terminology_is_listed_once_and_never_as_a_meaning_change(log_13_16):
    terms = log_13_16["terminology"]
    assert terms and len({(t["old"], t["new"]) for t in terms}) == len(terms)
    for t in terms:
        assert t["count"] >= 3 and t["examples"]
        assert phrase_keys(t["old"]) != phrase_keys(t["new"])
    # an entry whose only change is a rename is reworded, never a ruling change
    examples = {k for t in terms for k in t["examples"]}
    assert any(x["reworded"] and x["key"] in examples for x in log_13_16["changed"])
    pairs = {(r["from_entry"], r["to_entry"]) for r in log_13_16["ruling_changes"]}
    for x in log_13_16["changed"]:
        assert x["reworded"] != ((x["from_entry"], x["to_entry"]) in pairs) or x["kind"] == "fiction"
        assert x["meaning"] == bool(x["meaning_changes"]) == (x["magnitude"] > 0)


def test_an_answer_in_conflict_with_its_own_document_is_flagged(log_13_16, kb_conn):
    conflicted = dict(
        kb_conn.execute(
            """SELECT e.id, e.conflict_reason FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version IN ('1.3', '16.0') AND e.conflict = 1"""
        )
    )
    flagged = [r for r in log_13_16["ruling_changes"] if r["conflict"]]
    for r in log_13_16["ruling_changes"]:
        sides = {r["from_entry"], r["to_entry"]} & set(conflicted)
        assert bool(r["conflict"]) == bool(sides)
        if sides:
            assert r["conflict"] == conflicted[sides.pop()].strip() and r["conflict_version"] in ("1.3", "16.0")
    assert flagged, "the stale Pitlord answer of 1.3 is marked in the KB"


def _reformatted(text: str) -> str:
    """The 1.3 rulebook as a new edition might print it without changing a rule: "Reap:" renamed
    "After Reap:" everywhere, quotes straightened, page references renumbered, the Æmber icon
    after a number printed as <A>, and "creature" capitalised."""
    text = re.sub(r"(?<=[“/])Reap:", "After Reap:", text)
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"}))
    text = re.sub(r"(?i)\b(pages?) (\d+)", lambda m: f"{m.group(1)} {int(m.group(2)) + 3}", text)
    text = re.sub(r"(\d) Æmber", r"\1<A>", text)
    return re.sub(r"\bcreature\b", "Creature", text)


@pytest.mark.slow
def test_a_reformatted_edition_with_one_rename_has_no_ruling_change(small_kb_copy, tmp_path):
    source = (ROOT / "sources" / "keyforge" / "rulebook-1.3-2019-05.md").read_text(encoding="utf-8")
    assert "Reap:" in source
    (tmp_path / "reformatted.md").write_text(_reformatted(source), encoding="utf-8")
    (tmp_path / "identical.md").write_text(source, encoding="utf-8")
    ingest(small_kb_copy, tmp_path / "reformatted.md", "keyforge", "1.3.5")
    ingest(small_kb_copy, tmp_path / "identical.md", "keyforge", "1.3.1")
    with sqlite3.connect(small_kb_copy) as conn:
        log = changelog(conn, "keyforge", "1.3", "1.3.5")
        assert log["changed"], "the reformatting shows in the word diffs"
        assert log["ruling_changes"] == []
        assert all(x["reworded"] and not x["meaning"] for x in log["changed"] + log["renamed"])
        (t,) = log["terminology"]
        assert (phrase_keys(t["old"]), phrase_keys(t["new"])) == (phrase_keys("Reap:"), phrase_keys("After Reap:"))
        assert t["count"] >= 3 and t["examples"]
        back = changelog(conn, "keyforge", "1.3.5", "1.3")
        assert back["ruling_changes"] == [] and [(x["old"], x["new"]) for x in back["terminology"]] == [
            (t["new"], t["old"])
        ]
        # the same text ingested again: nothing at all
        same = changelog(conn, "keyforge", "1.3", "1.3.1")
        assert not (
            same["changed"]
            or same["ruling_changes"]
            or same["terminology"]
            or same["added"]
            or same["removed"]
            or same["renamed"]
        )
        # and the edition after it differs from each in the same ways
        assert changelog_keys(changelog(conn, "keyforge", "1.3.1", "16.0")) == changelog_keys(
            changelog(conn, "keyforge", "1.3", "16.0")
        )


@pytest.mark.cli
def test_cli_lists_ruling_changes_with_sentences_then_terminology(built_kb, log_13_16):
    r = run_cli("diff", "--from", "1.3", "--to", "16.0", "--db", str(built_kb))
    assert r.returncode == 0, r.stderr
    out = r.stdout
    order = [out.index(f"\n{h}: ") for h in ("ruling changes", "terminology", "renamed", "changed", "added", "removed")]
    assert order == sorted(order)
    rulings = out[order[0] : order[1]]
    first = log_13_16["ruling_changes"][0]
    assert first["question"] in rulings.splitlines()[2]
    assert "before: " in rulings and "after:  " in rulings
    for t in log_13_16["terminology"]:
        assert f"“{t['old']}” -> “{t['new']}”" in out[order[1] : order[2]]
