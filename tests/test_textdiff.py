"""The word diff shown between versions of a ruling and between a printed card and its errata."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.textdiff import has_changes, same_text, word_diff, word_keys


def old_text(ops):
    return "".join(op["text"] for op in ops if op["op"] != "insert")


def new_text(ops):
    return "".join(op["text"] for op in ops if op["op"] != "delete")


def changes(ops):
    return [(op["op"], op["text"]) for op in ops if op["op"] != "equal"]


def assert_well_formed(a, b, ops):
    """What every consumer relies on: the ops give back both texts (up to formatting), no two
    neighbours share a kind, a deletion precedes its insertion, no change starts with a space."""
    assert word_keys(old_text(ops)) == word_keys(a)
    assert word_keys(new_text(ops)) == word_keys(b)
    for op in ops:
        assert op["op"] in ("equal", "insert", "delete") and op["text"]
        if op["op"] != "equal":
            assert not op["text"][0].isspace()
    for first, second in zip(ops, ops[1:]):
        assert first["op"] != second["op"]
        assert (first["op"], second["op"]) != ("insert", "delete")


def test_formatting_alone_is_no_change():
    a = "Bait and Switch’s effect is\n“triggered”  7 times — each   time…"
    b = 'Bait and Switch\'s effect is "triggered" 7 times – each time...'
    ops = word_diff(a, b)
    assert not has_changes(ops)
    assert same_text(a, b)
    assert [op["op"] for op in ops] == ["equal"]


def test_aember_icon_and_the_word_are_the_same_text():
    printed = "Play: If your opponent has more <A> than you, steal 1<A>."
    assert not has_changes(word_diff(printed, "Play: If your opponent has more Æmber than you, steal 1 Æmber."))
    assert not has_changes(word_diff(printed, "Play: If your opponent has more {A} than you, steal 1{A}."))
    assert has_changes(word_diff(printed, "Play: If your opponent has more <A> than you, steal 2<A>."))


def test_case_and_words_are_not_formatting():
    assert has_changes(word_diff("Play: Reap", "play: reap"))
    assert not same_text("You may put", "Put")


def test_inserted_words_are_marked_between_equal_text():
    ops = word_diff("Activate when you take damage.", "Activate when you take at least 5 damage.")
    assert ops == [
        {"op": "equal", "text": "Activate when you take "},
        {"op": "insert", "text": "at least 5"},
        {"op": "equal", "text": " damage."},
    ]


def test_replaced_word_is_a_delete_then_an_insert():
    ops = word_diff("Exhaust x of your unexhausted cards in play.", "Exhaust x of your unexhausted creatures in play.")
    assert changes(ops) == [("delete", "cards"), ("insert", "creatures")]
    assert_well_formed(
        "Exhaust x of your unexhausted cards in play.", "Exhaust x of your unexhausted creatures in play.", ops
    )


def test_rewritten_phrase_reads_as_one_change_not_confetti():
    a = "Play: Sacrifice a creature to deal 6 to a creature."
    b = "Play: Destroy a friendly creature. If you do, deal 6 to a creature."
    ops = word_diff(a, b)
    assert changes(ops) == [
        ("delete", "Sacrifice a creature to"),
        ("insert", "Destroy a friendly creature. If you do,"),
    ]
    assert_well_formed(a, b, ops)


def test_paragraph_breaks_survive_and_line_wraps_do_not():
    a = "First paragraph\nwrapped here.\n\nSecond paragraph."
    b = "First paragraph wrapped here.\n\nSecond paragraph, longer."
    ops = word_diff(a, b)
    assert ops[0] == {"op": "equal", "text": "First paragraph wrapped here.\n\nSecond paragraph"}
    assert changes(ops) == [("insert", ", longer")]


def test_empty_and_missing_texts():
    assert word_diff("", "") == []
    assert word_diff(None, None) == []
    assert word_diff(None, "Purge Library Access.") == [{"op": "insert", "text": "Purge Library Access."}]
    assert word_diff("  Elusive. ", "") == [{"op": "delete", "text": "Elusive."}]


@pytest.mark.slow
def test_every_version_pair_in_the_kb_diffs_back_to_its_texts(kb_conn):
    """Each entry against its previous version (bodies and questions) and each card against its
    errata: the diff is well formed and really tells the two texts apart."""
    rows = kb_conn.execute(
        """SELECT d.game, e.key, e.body, coalesce(e.question, '') FROM entries e
           JOIN documents d ON d.id = e.document ORDER BY d.game, e.key, d.version_sort"""
    ).fetchall()
    pairs = [(p[i], n[i]) for p, n in zip(rows, rows[1:]) if p[:2] == n[:2] for i in (2, 3)]
    pairs += kb_conn.execute("SELECT c.text, ce.text FROM card_errata ce JOIN cards c ON c.id = ce.card").fetchall()
    assert len(pairs) > 500
    changed = 0
    for a, b in pairs:
        ops = word_diff(a, b)
        assert_well_formed(a, b, ops)
        assert has_changes(ops) == (not same_text(a, b))
        changed += has_changes(ops)
    assert 0 < changed < len(pairs)


_words = st.lists(
    st.sampled_from(
        [
            "the",
            "creature",
            "Æmber",
            "<A>",
            "’",
            "“",
            ",",
            ".",
            "7",
            "2",
            "may",
            "\n",
            "\n\n",
            "  ",
            "don't",
            "re-roll",
            "…",
            "(",
            ")",
        ]
    ),
    max_size=40,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_words, _words)
def test_any_pair_of_texts_diffs_back_to_both(a_words, b_words):
    a, b = " ".join(a_words), "".join(b_words)  # one text spaced, the other glued together
    ops = word_diff(a, b)
    assert_well_formed(a, b, ops)
    assert has_changes(ops) == (word_keys(a) != word_keys(b))


def test_set_code_style_is_formatting():
    a, b = "Bait and Switch (CoTA 267) and Phase Shift (COTA 117)", "Bait and Switch 267 and Phase Shift 117"
    assert same_text(a, b) and not has_changes(word_diff(a, b))  # formatting by default
    assert not same_text(a, b, set_codes=False)  # strict when asked
    assert not same_text("(see Page 9)", "(see Page 10)", set_codes=True)
    assert has_changes(word_diff("Bait and Switch (CoTA 267)", "Bait and Switch 268", set_codes=True))
    ops = word_diff("Play (CoTA 267) now.", "Play 267 now, then.", set_codes=True)
    assert word_keys("".join(o["text"] for o in ops if o["op"] != "insert"), True) == word_keys(
        "Play (CoTA 267) now.", True
    )


def test_moved_sentence_is_detected():
    from kb.textdiff import moved_sentences

    a = "Resolve the first effect. Then draw a card. Finally gain one Æmber."
    b = "Finally gain one Æmber. Resolve the first effect. Then draw a card."
    ops = word_diff(a, b)
    assert_well_formed(a, b, ops)
    assert moved_sentences(ops) == ["Finally gain one Æmber."]
    assert moved_sentences(word_diff(a, "Resolve the first effect. Then draw two cards.")) == []
