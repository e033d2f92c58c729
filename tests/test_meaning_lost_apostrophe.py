"""An apostrophe, quote or dash a conversion turned into "?" is no change of meaning (kb.meaning_text).

Found on the full KB while grouping answers by meaning: one Comprehensive Rules release's text writes
"spell?s", "other?s", "can?t" where the releases around it write "spell's", and kb.meaning read each
of its 800-odd such rules as changed in meaning (and "can?t" as a dropped negation; "See rule 410,
?Handling Triggered Abilities.?" as an added sentence), so pages showed a change of ruling at that
release and another one back: 2,530 false supersessions. Hand-written pairs, both directions.
"""

from __future__ import annotations

import pytest

from kb.meaning import meaning_changes

SAME = [
    (
        "A spell's card type, supertype, and subtype are the same as those of its card.",
        "A spell?s card type, supertype, and subtype are the same as those of its card.",
    ),
    (
        "After reviewing each other's hands, both players decide.",
        "After reviewing each other?s hands, both players decide.",
    ),
    ("You can't attack with it this turn.", "You can?t attack with it this turn."),
    (
        "It's put into its owner's graveyard, and they'll draw a card.",
        "It?s put into its owner?s graveyard, and they?ll draw a card.",
    ),
    # quotes and dashes lost the same way: the cross-references are still cross-references
    (
        "Its deck becomes its library. See section 100, “General,” and section 101, “Starting the Game.”",
        "Its deck becomes its library. See section 100, ?General,? and section 101, ?Starting the Game.?",
    ),
    (
        '"Bands with other" is a specialized version of the ability.',
        "?Bands with other? is a specialized version of the ability.",
    ),
    (
        'A modal spell uses the phrase "Choose one —" or "Choose two —".',
        'A modal spell uses the phrase "Choose one ?" or "Choose two ?".',
    ),
]


@pytest.mark.parametrize("old,new", SAME)
def test_a_question_mark_for_an_apostrophe_is_no_change(old, new):
    assert meaning_changes(old, new) == [] and meaning_changes(new, old) == []


def test_the_texts_still_change_where_their_words_do():
    assert [c.kind for c in meaning_changes("You can?t attack with it.", "You can attack with it.")] == ["negation"]
    assert meaning_changes("A spell?s card type is the same as its card's.", "A spell?s card type is chosen.")
    # a real question keeps its mark: a question and a statement differ
    assert meaning_changes("Can it attack? Yes, it can.", "Can it attack? No, it can't.")
    assert meaning_changes("He asks “Can it attack?” and it can.", "He asks “Can it attack?” and it cannot.")
