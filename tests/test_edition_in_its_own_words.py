"""A KeyForge edition between 1.3 and 16.0 that words things its own way: its DESTROYED entry and its
timing chart describe 16.0's process in other words (none of the sentences the rule switches cite),
and a dozen FAQ answers are reworded without changing their rulings (same yes or no, numbers,
negations, zones and names). Generated from the KB's 16.0 entries (:mod:`editions`) and ingested
as version 14 with no expectation written for it.

- a replay that consults a rule switch the edition's text cannot tell is played under every value
  the switch can take, and verified when they agree ("same outcome under every reading");
- a reworded answer carries the ruling of the answer it rewords;
- at least 98% of the replays pass, none fails, none passes on an expectation written for 14;
- the changelog against 16.0 lists no ruling change for a reworded answer.
"""

from __future__ import annotations

import pytest

from test_new_edition import edition_kb, replays

from kb.changelog import changelog

pytestmark = pytest.mark.slow

DESTROYED = (
    "A card is destroyed when a card effect destroys it, or when a creature has at least as much damage "
    "on it as its power: it is then tagged for destruction. Once tagged, the card’s “Destroyed:” abilities "
    "resolve, and last of all the card goes to its owner’s discard pile. When several cards are tagged at "
    "the same time, the active player picks the order in which their “Destroyed:” abilities resolve; all "
    "the tagged cards then go to their owners’ discard piles together, in the order the active player "
    "chooses.\n\n"
    "Only a replacement effect that uses the word “instead” and replaces the destruction of the card takes "
    "the tag away. Healing a tagged creature leaves the tag on it. A tagged card that an effect moves to "
    "another out-of-play area (such as the hand or archives) still counts as “destroyed” for card effects.\n\n"
    "Cards that a “Destroyed:” ability destroys are tagged as well, and their “Destroyed:” effects resolve "
    "before any card reaches a discard pile: the tagged cards wait until every “Destroyed:” effect has "
    "resolved.\n\n"
    "A card already tagged for destruction cannot be chosen to be sacrificed or destroyed, cannot be tagged "
    "a second time, and an effect trying to destroy or sacrifice it fails; its “Destroyed:” abilities "
    "resolve once only.\n\n"
    "A card resolves only the “Destroyed:” abilities it had when it was tagged; one it gains afterwards "
    "does not resolve.\n\n"
    "A sacrificed card counts as destroyed and is tagged by the same process."
)
TIMING = (
    "Each time one or more cards are destroyed:\n\n"
    "1. The cards are tagged for destruction.\n"
    "» Their “Destroyed:” effects resolve.\n"
    "2. The destroyed cards go to their owners’ discard piles, and the battlelines shift inward to close "
    "the gaps.\n"
    "» Effects that say “after a creature is destroyed” or “each time a creature is destroyed” now resolve."
)
#: words of a 16.0 question -> its answer in this edition's words (the same ruling)
REWORDED = {
    "on Obsidian Forge": ("No. A creature that is not “destroyed this way” does not reduce the key cost."),
    "Rad Penny 255 with a damage icon on it while": (
        "Yes. She leaves play before her “Play:” effect gets a chance to trigger."
    ),
    "Venator Altum": ("No, Venator Altum is destroyed before it is exalted, so you get no æmber."),
    "copying a creature that has damage tokens": (
        "No. Mimic Gel enters play copying the base card, unmodified by any other effect."
    ),
    "as a copy of an action card in my opponent": (
        "You are considered to have played the copied card for the purposes of the Rule of Six."
    ),
    "When I play Wild Bounty": "All icons. Even the æmber icons always printed on your card count as bonus icons.",
    "Mimic Gel copying an Auto-Legionary": (
        "Mimic Gel turns into a 5-power creature that can be used as though it belonged to the active house."
    ),
    "next to a Little Niff": (
        "Yes. Little Niff’s neighbor does not have to survive for Little Niff to steal the Æmber."
    ),
    "Shoulder Id 257 with a bonus damage icon": (
        "No. The bonus icon is on Shoulder Id, but Shoulder Id itself is not the source of that damage."
    ),
    "do I gain Æmber even if Bad Penny goes to my hand": (
        "Yes. Cards still count as destroyed even when their “Destroyed:” effect moves them out of play."
    ),
    "After I play Waking Nightmare": "The key cost changes. This lasting effect updates every time the board state changes.",
    "that card has a damage icon on it that I use to destroy": (
        "No. Bonesaw is already in play before you resolve its icons, so it has already entered play exhausted."
    ),
    "If two Dreckers": (
        "Both Dreckers take 2 damage simultaneously. As the damage is dealt only once, it does not trigger "
        "more instances of damage."
    ),
}


def _faq_key(conn, words: str) -> str:
    rows = conn.execute(
        """SELECT e.key FROM entries e JOIN documents d ON d.id = e.document
           WHERE d.version = '16.0' AND e.kind = 'faq' AND e.question LIKE ?""",
        ("%" + words + "%",),
    ).fetchall()
    assert len(rows) == 1, (words, rows)
    return rows[0][0]


@pytest.fixture(scope="module")
def reworded(built_kb, tmp_path_factory):
    import sqlite3

    src = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    answers = {_faq_key(src, words): a for words, a in REWORDED.items()}
    src.close()
    bodies = {"glossary/destroyed": DESTROYED, "timing/destroyed": TIMING}
    conn = edition_kb(built_kb, tmp_path_factory.mktemp("ed14w"), seed=7, answers=answers, bodies=bodies)
    return conn, answers


def test_switches_the_edition_words_its_own_way_are_settled_by_replaying_each_reading(reworded):
    from engine.rules.rulesets import resolve_switches

    conn, _ = reworded
    told = resolve_switches(conn, "keyforge", "14")
    assert told["reactions_to_simultaneous_destruction"].how == "undetermined"
    rows = replays(conn, "14")
    settled = {s: r for s, r in rows.items() if "same outcome under every reading" in (r[2] or "")}
    assert settled and all(st == "passed" for st, _, _ in settled.values())
    # a replay whose outcome depends on the reading names both outcomes, and is not passed
    for st, _, reason in rows.values():
        if reason and "depends on" in reason:
            assert st == "unverified" and reason.count("with ") >= 2


def test_the_edition_verifies_at_least_98_percent_and_fails_none(reworded):
    conn, _ = reworded
    rows = replays(conn, "14")
    assert len(rows) >= 100
    passed = [s for s, (st, _, _) in rows.items() if st == "passed"]
    assert len(passed) >= 0.98 * len(rows), {s: r for s, r in rows.items() if r[0] != "passed"}
    assert not [s for s, (st, _, _) in rows.items() if st == "failed"]
    assert all(ev in ("1.1", "1.2", "1.3", "16.0") for st, ev, _ in rows.values() if st == "passed")


def test_a_reworded_answer_carries_its_ruling_and_is_no_ruling_change(reworded):
    conn, answers = reworded
    keys14 = {
        k
        for (k,) in conn.execute(
            """SELECT e14.key FROM entries e14 JOIN documents d ON d.id = e14.document
               JOIN entry_threads t14 ON t14.entry = e14.id
               JOIN entry_threads t16 ON t16.thread = t14.thread JOIN entries e16 ON e16.id = t16.entry
               WHERE d.version = '14' AND e16.key IN (%s)"""
            % ",".join("?" * len(answers)),
            list(answers),
        )
    }
    assert len(keys14) == len(answers)  # each reworded answer is in its 16.0 thread
    log = changelog(conn, "keyforge", "14", "16.0")
    listed = {r["key"] for r in log["ruling_changes"]} | {r["from_key"] for r in log["ruling_changes"]}
    assert not keys14 & listed, sorted(keys14 & listed)
    # and the scenarios linked to them pass, each on the expectation of an answer it rewords (16.0's,
    # or 1.3's where 1.3 printed that answer too: the nearer one, the earlier on a tie)
    linked = {
        s
        for (s,) in conn.execute(
            """SELECT DISTINCT se.scenario FROM scenario_entries se JOIN entries e ON e.id = se.entry
               JOIN documents d ON d.id = e.document WHERE d.version = '14' AND e.key IN (%s)"""
            % ",".join("?" * len(keys14)),
            list(keys14),
        )
    }
    rows = replays(conn, "14")
    assert linked and all(rows[s][0] == "passed" and rows[s][1] in ("1.3", "16.0") for s in linked), {
        s: rows[s] for s in linked
    }
