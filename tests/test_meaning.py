"""kb.meaning: when two texts of a rule say the same thing, and what changed when they do not.

Hand-written pairs (not the bundled rulebooks) for the unit behaviour: a changed number, negation,
permission or content word is a change, with the sentences before and after that carry it;
formatting (quotes, icons, set codes, page references, capitalisation, Markdown, list numbering,
line wraps), inflections and moved sentences are not. Terminology renames are found over a set of
paired texts of our own, and refused when the old term survives or the substitution is rare. On the
bundled KB: renames between real versions are mirrored, memoised and fast.
"""

from __future__ import annotations

import time

import pytest

from kb import meaning, terminology_store
from kb.meaning import MeaningChange, Rename, Terminology, magnitude, meaning_changes, same_meaning, terminology


def kinds(old, new, terms=None) -> list[str]:
    return [c.kind for c in meaning_changes(old, new, terms)]


# ---- what is a change ---------------------------------------------------------------------------


def test_a_changed_number_is_a_number_change_with_its_sentences():
    old = "Draw a card. In this situation, the effect will be triggered 7 times. Then discard."
    new = "Draw a card. In this situation, the effect will be triggered 2 times. Then discard."
    (c,) = meaning_changes(old, new)
    assert c.kind == "number"
    assert c.before == "In this situation, the effect will be triggered 7 times."
    assert c.after == "In this situation, the effect will be triggered 2 times."
    assert "7" in c.detail and "2" in c.detail and c.detail.index("7") < c.detail.index("2")


@pytest.mark.parametrize(
    "old,new,kind",
    [
        ("This will allow you to play it.", "This will not allow you to play it.", "negation"),
        ("You can't fight with it.", "You can fight with it.", "negation"),
        ("The player may discard a card.", "The player must discard a card.", "modal"),
        ("Yes. The creature is destroyed.", "No. The creature is destroyed.", "verdict"),
        ("Deal 3 damage to a friendly creature.", "Deal 3 damage to an enemy creature.", "content"),
        ("It resolves before the fight.", "It resolves after the fight.", "content"),
        ("Place the card facedown under the deck.", "Place the card faceup under the deck.", "content"),
        ("Gain 1 Æmber.", "Gain 1 Æmber. Draw 2 cards.", "added"),
        ("Gain 1 Æmber. Then forge a key.", "Gain 1 Æmber.", "removed"),
        ("Exhaust a creature.", "Exhaust each creature.", "content"),
        ("Exhaust one creature.", "Exhaust two creatures.", "number"),
        ("Give a creature +1 power.", "Give a creature -1 power.", "number"),
        ("Purge the card.", "Archive the card.", "content"),
    ],
)
def test_changes_of_meaning(old, new, kind):
    changes = meaning_changes(old, new)
    assert [c.kind for c in changes] == [kind]
    assert not same_meaning(old, new)


def test_added_and_removed_sentences_carry_one_side_only():
    (added,) = meaning_changes("Shuffle the deck.", "Shuffle the deck. Reveal the card you found.")
    assert added == MeaningChange("added", None, "Reveal the card you found.", added.detail)
    (removed,) = meaning_changes("Shuffle the deck. The colour has no impact.", "Shuffle the deck.")
    assert removed.before == "The colour has no impact." and removed.after is None


@pytest.mark.parametrize(
    "old,new",
    [
        # quotes, apostrophes, dashes and whitespace/line wraps
        ("The “cannot” effect takes precedence—always.", 'The "cannot" effect\ntakes precedence - always.'),
        ("The creature’s power", "The creature's power"),
        # capitalisation and Markdown leftovers
        ("Any **ready** creature may _reap_.", "ANY READY CREATURE MAY REAP."),
        ("See the [Glossary](#glossary) for Elusive.", "See the Glossary for Elusive."),
        # icons
        ("Gain 2<A>.", "Gain 2 Æmber."),
        ("Steal 1{A}.", "Steal 1 aember."),
        ("Gain 2A.", "Gain 2 Æmber."),
        ("Gain 1 :aember: now.", "Gain 1 Æmber now."),
        # set codes and page references
        ("Bait and Switch (CoTA 267) steals.", "Bait and Switch 267 steals."),
        ("It goes to the discard pile (see page 7).", "It goes to the discard pile (See “Leaves Play” on Page 13)."),
        ("It goes to the discard pile (See “Chains” on Page 8).", "It goes to the discard pile."),
        ("For details on forging keys, see page 4.", "See “Step 1: Forge a Key” on page 4."),
        # list numbering
        ("1. Ready your cards.\n2. Draw cards.", "a) Ready your cards.\nb) Draw cards."),
        # inflections through the stemmer, function words, contractions
        ("The creature destroys the upgrades.", "The creature destroyed the upgrade."),
        ("A creature that is stunned cannot reap.", "The stunned creature can not reap."),
        # moved and re-cut sentences
        ("Ready the creature. Then draw a card. Discard one.", "Discard one. Ready the creature. Then draw a card."),
        ("Ready the creature and draw a card.", "Ready the creature. And draw a card."),
        # a spelling fix and two words a typesetter printed as one
        ("If two card efects conflict, cannot wins.", "If two card effects conflict, cannot wins."),
        ("After this, again there is no creature.", "After this, againthere is no creature."),
        # a pronoun spelled out as what it stands for
        (
            "When a player is required to draw, they shuffle.",
            "When a player is required to draw, that player shuffles.",
        ),
        (None, ""),
    ],
)
def test_formatting_is_not_a_change(old, new):
    assert meaning_changes(old, new) == [], (old, new)
    assert same_meaning(new, old)


def test_protected_words_are_never_ignored():
    assert not meaning.FUNCTION_WORDS & meaning.PROTECTED
    for word in ("not", "may", "must", "each", "before", "after", "friendly", "enemy", "only", "all"):
        assert word in meaning.PROTECTED


def test_magnitude_orders_bigger_changes_first():
    small = meaning_changes("Place it facedown.", "Place it faceup.")
    flip = meaning_changes("You may play it. It stays.", "You may not play it. It leaves.")
    rewrite = meaning_changes("Gain 1 Æmber.", "Gain 1 Æmber. Draw a card. Discard a card. Forge a key.")
    assert magnitude([]) == 0
    assert 0 < magnitude(small) < magnitude(flip)
    assert magnitude(small) < magnitude(rewrite)


# ---- terminology ----------------------------------------------------------------------------------

#: Texts of our own: five entries where a new edition writes "scrap pile" for "discard pile" and
#: "Harvest:" for "Reap:", plus entries that say something else.
OLD = [
    "When a card is destroyed, put it in its owner's discard pile.",
    "The discard pile is open information. Reap: Gain 1 Æmber.",
    "Shuffle the discard pile to make a new deck when you must draw.",
    "Discarded cards go to the discard pile, one at a time. Reap: Draw a card.",
    "A creature with Reap: abilities resolves them after it exhausts. Its discard pile is its own.",
    "Elusive creatures are not damaged the first time they are attacked.",
    "Each player has three keys.",
]
NEW = [
    "When a card is destroyed, put it in its owner's scrap pile.",
    "The scrap pile is open information. Harvest: Gain 1 Æmber.",
    "Shuffle the scrap pile to make a new deck when you must draw.",
    "Discarded cards go to the scrap pile, one at a time. Harvest: Draw a card.",
    "A creature with Harvest: abilities resolves them after it exhausts. Its scrap pile is its own.",
    "Elusive creatures are not damaged the first time they are chosen to be fought.",
    "Each player has three keys: red, blue and yellow.",
]


def test_renames_are_found_over_many_entries():
    terms = terminology(zip(OLD, NEW))
    found = {(r.old.casefold().rstrip(":"), r.new.casefold().rstrip(":")): r.count for r in terms.renames}
    assert found == {("discard pile", "scrap pile"): 5, ("reap", "harvest"): 3}
    # a renamed entry is the same with the renames, a change without them
    assert kinds(OLD[0], NEW[0]) == ["content"]
    assert same_meaning(OLD[0], NEW[0], terms) and same_meaning(OLD[3], NEW[3], terms)
    # an entry with a rename and a real change keeps the real change, only
    (c,) = meaning_changes(OLD[1], NEW[1].replace("Gain 1", "Gain 2"), terms)
    assert c.kind == "number" and "Harvest" in c.after
    # the one-off edits are not renames
    assert kinds(OLD[5], NEW[5], terms) == ["content"] and kinds(OLD[6], NEW[6], terms) == ["content"]


def test_renames_work_in_both_directions():
    """Read backwards the substitutions are found too (the phrase may be cut shorter when the
    shorter one is not contradicted); a mirrored Terminology folds the same entries."""
    forward = terminology(zip(OLD, NEW))
    backward = terminology(zip(NEW, OLD))
    assert len(backward.renames) == len(forward.renames)
    for terms in (backward, forward.mirrored()):
        for old, new in zip(OLD[:5], NEW[:5]):
            assert same_meaning(new, old, terms)
    assert forward.mirrored() == Terminology(tuple(Rename(r.new, r.old, r.count) for r in forward.renames))


def test_a_term_still_used_or_rarely_replaced_is_not_renamed():
    # the old term survives in new texts: contradicted
    survived = NEW + ["Put it in the discard pile.", "The discard pile is face up.", "Count the discard pile."]
    terms = terminology(list(zip(OLD, NEW)) + [(None, t) for t in survived[len(NEW) :]])
    assert not any(r.old.casefold() == "discard pile" for r in terms.renames)
    # replaced in two entries only: an edit, not a terminology change
    assert terminology(zip(OLD[:2], NEW[:2])).renames == ()
    # a note stating the rename does not contradict it
    noted = terminology(list(zip(OLD, NEW)) + [(None, "Cards with “Reap:” abilities should be read as “Harvest:”.")])
    assert any(r.old.startswith("Reap") for r in noted.renames)


def test_a_rename_never_hides_a_negation_or_a_number():
    old = [f"Card {n} may be played now." for n in range(6)]
    new = [f"Card {n} may not be played now." for n in range(6)]
    terms = terminology(zip(old, new))
    assert terms.renames == ()
    assert kinds(old[0], new[0], terms) == ["negation"]


# ---- on the bundled KB ----------------------------------------------------------------------------


def test_version_terminology_on_the_real_kb_is_mirrored_memoised_and_fast(kb_conn, monkeypatch):
    monkeypatch.setattr(terminology_store, "stored", lambda *args: None)  # computed, not read from the build's
    meaning.clear_caches()
    started = time.thread_time()  # the work done, not the waits of a loaded machine
    forward = meaning.version_terminology(kb_conn, "keyforge", "1.3", "16.0")
    cold = time.thread_time() - started
    assert cold < 1.0, f"{cold:.2f} s"
    assert forward.renames, "16.0 renames terms the 1.3 rulebook used"
    started = time.thread_time()
    assert meaning.version_terminology(kb_conn, "keyforge", "1.3", "16.0") == forward
    assert time.thread_time() - started < cold / 10
    assert meaning.version_terminology(kb_conn, "keyforge", "16.0", "1.3") == forward.mirrored()
    assert meaning.version_terminology(kb_conn, "keyforge", "16.0", "16.0") == Terminology()
    for r in forward.renames:
        assert r.count >= meaning.MIN_RENAME_ENTRIES
        old_keys, new_keys = meaning.phrase_keys(r.old), meaning.phrase_keys(r.new)
        assert old_keys and new_keys and old_keys != new_keys


def test_every_entry_means_what_it_means(kb_conn):
    rows = kb_conn.execute("SELECT body FROM entries WHERE kind <> 'fiction' LIMIT 400").fetchall()
    for (body,) in rows:
        assert meaning_changes(body, body) == []
        assert meaning_changes(body, "  " + body.upper().replace("\u2019", "'") + "\n") == []
