"""The Markdown ingester on the real 1.3 rulebook, on a re-laid-out edition built from it
(:func:`variants.bold_question_variant`) and on small handwritten rulebooks."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants import bold_question_variant  # noqa: E402

from ingest import markdown  # noqa: E402
from ingest.model import ParseContext  # noqa: E402
from ingest.registry import parse_document  # noqa: E402

SOURCE = Path(__file__).resolve().parent.parent / "sources" / "keyforge" / "rulebook-1.3-2019-05.md"
TEXT = SOURCE.read_text(encoding="utf-8")
VARIANT = bold_question_variant(TEXT)


def parse(text: str):
    return markdown.parse(text, ParseContext(version="1.3", source_name="test.md"))


@pytest.fixture(scope="module")
def doc13():
    return parse(TEXT)


@pytest.fixture(scope="module")
def variant():
    return parse(VARIANT)


@pytest.fixture(params=["1.3", "variant"], scope="module")
def doc(request, doc13, variant):
    return doc13 if request.param == "1.3" else variant


def of_kind(doc, kind):
    return [e for e in doc.entries if e.kind == kind]


def by_title(doc, kind, title):
    found = [e for e in doc.entries if e.kind == kind and e.title == title]
    assert len(found) == 1, f"{kind} {title!r}: {len(found)} found"
    return found[0]


def faq_about(doc, words):
    found = [e for e in of_kind(doc, "faq") if words in e.question]
    assert len(found) == 1, f"question with {words!r}: {len(found)} found"
    return found[0]


# ---------------------------------------------------------------- both editions


def test_document_metadata(doc):
    assert doc.parser == "markdown"
    assert doc.stated_version == "1.3"
    assert doc.title is None
    assert not any("VERSION" in (e.title or "") for e in doc.entries)


def test_glossary_terms_and_sub_entries(doc):
    glossary = of_kind(doc, "glossary")
    top = [e for e in glossary if e.parent is None]
    subs = [e for e in glossary if e.parent is not None]
    assert len(top) == 72
    assert {e.title for e in subs} == {"Groups of “Least Powerful”", "Groups of “Most Powerful”"}
    for sub in subs:
        parent = doc.entries[sub.parent]
        assert parent.kind == "glossary"
        assert parent.title == sub.title.split("“")[1].rstrip("”").upper()
        assert sub.level == parent.level + 1
    assert by_title(doc, "glossary", "ABILITY, CARD ABILITY").body.startswith("An ability is")
    assert "LIST OF COUNTER TYPES:\n\n- Doom Counters" in by_title(doc, "glossary", "OTHER COUNTERS").body


def test_glossary_intro_is_not_a_term(doc):
    assert not any("in alphabetical order" in e.body for e in of_kind(doc, "glossary"))
    assert any("in alphabetical order" in e.body for e in of_kind(doc, "rule"))


def test_card_errata(doc):
    errata = of_kind(doc, "errata")
    assert [e.data["card"] for e in errata] == ["Library Access", "Biomatrix Backup", "Bait and Switch", "Drummernaut"]
    assert [(e.data["set"], e.data["number"]) for e in errata] == [
        ("COTA", "115"),
        ("COTA", "208"),
        ("COTA", "267"),
        ("AOA", "006"),
    ]
    assert all(e.title == e.data["card"] for e in errata)
    bait = errata[2].data["text"]
    assert "Repeat the preceding effect" in bait
    assert bait.startswith("Play: If your opponent") and bait.endswith("than you.")
    assert not any("Should read" in e.data["text"] for e in errata)
    assert not any("official errata" in e.body for e in errata)


def test_faq_questions_answers_and_order(doc):
    faq = of_kind(doc, "faq")
    assert len(faq) == 31
    assert all(e.question and e.body.strip() for e in faq)
    assert "Bait and Switch" in faq[0].question
    assert "Grasping Vines under Masterplan" in faq[-1].question
    assert "2 times" in faq[0].body
    last_kept = faq_about(doc, "Or does it remain in play as long as the effect is active.")
    assert last_kept.body.startswith("Action cards are immediately put into the discard pile")
    assert not any("common questions" in e.body for e in faq)


def test_faq_answer_keeps_numbered_list(doc):
    answer = faq_about(doc, "In what order do I resolve this combination of effects?").body
    lines = answer.split("\n")
    steps = [ln for ln in lines if re.match(r"\d+\. ", ln)]
    assert [s.split(".")[0] for s in steps] == ["1", "2", "3", "4", "5", "6"]
    assert steps[0] == "1. You gain 1 Æmber from Wild Wormhole’s Æmber bonus."
    assert "\n".join(steps) in answer  # one list, one line per step
    assert answer.startswith("When you play a Wild Wormhole after playing a Library Access")


@pytest.mark.parametrize(
    "words, parent_kind, parent_title",
    [
        ("Tori has been assigned seven chains", "rule", "CHAINS"),
        ("Aaron plays the card Anger", "rule", "RESOLVE AS MUCH AS YOU CAN"),
        ("Terry and Julie decide", "rule", "CHAIN BIDDING"),
        ("Anna controls a Pitlord", "glossary", "CANNOT VS MUST/MAY, CANNOT VS PERMISSIVE"),
        ("Three Fates", "glossary", "Groups of “Most Powerful”"),
    ],
)
def test_examples_are_split_out_with_parent(doc, words, parent_kind, parent_title):
    examples = [e for e in of_kind(doc, "example") if words in e.body]
    assert len(examples) == 1
    ex = examples[0]
    parent = doc.entries[ex.parent]
    assert (parent.kind, parent.title) == (parent_kind, parent_title)
    assert ex.title == "Example"
    assert not ex.body.startswith("Example")
    assert words not in parent.body
    assert "Example:" not in parent.body


def test_examples_only_from_example_paragraphs(doc):
    assert len(of_kind(doc, "example")) == 5
    # "For example, if a creature has two armor..." is rule text, not an Example: paragraph
    assert "For example, if a creature has two armor" in by_title(doc, "glossary", "ARMOR").body


def test_rule_hierarchy(doc):
    reap = by_title(doc, "rule", "REAP")
    chain = []
    entry = reap
    while entry.parent is not None:
        entry = doc.entries[entry.parent]
        chain.append((entry.title, entry.level))
    assert chain == [("USING CREATURES", 3), ("USING CARDS", 2), ("PLAYING CARDS", 1)]
    assert reap.level == 4
    key = by_title(doc, "rule", "KEY CONCEPTS")
    assert (key.parent, key.level) == (None, 1)
    assert doc.entries[by_title(doc, "rule", "THE GOLDEN RULE").parent] is key


def test_rule_bodies_keep_lists(doc):
    setup = by_title(doc, "rule", "GAME SETUP").body
    assert "\n1. Place all damage tokens" in setup and "\n7. Each player, starting" in setup
    assert setup.endswith("The game is now ready to begin.")
    forge = by_title(doc, "rule", "STEP 1: FORGE A KEY").body
    assert "\n- The default cost to forge a key is six Æmber." in forge
    assert "starting hand of seven cards" in setup  # bold markers gone, words kept


def test_fiction_is_kept_apart(doc):
    fiction = of_kind(doc, "fiction")
    assert any(e.body.startswith("You are an Archon.") for e in fiction)
    assert not any("You are an Archon" in e.body for e in doc.entries if e.kind != "fiction")
    assert "two-player card game" in by_title(doc, "rule", "OVERVIEW").body


def test_no_markup_or_navigation_left(doc):
    for e in doc.entries:
        for text in (e.body, e.title or "", e.question or ""):
            assert "![" not in text and "<a name" not in text and "**" not in text
            assert not re.search(r"(?<!\w)_\w|\w_(?!\w)", text), text[:80]
            assert "](" not in text
    assert not any("Look up deck rating" in e.body for e in doc.entries)
    assert any("navigation" in w for w in doc.warnings)


def test_parents_point_backwards(doc):
    for i, e in enumerate(doc.entries):
        if e.parent is not None:
            assert 0 <= e.parent < i
        if e.kind == "example":
            assert e.parent is not None


# ---------------------------------------------------------------- the variant edition


def test_variant_is_a_different_layout():
    headings = re.findall(r"(?m)^# (.+)$", VARIANT)
    assert headings[:4] == ["FAQ", "ERRATA", "GLOSSARY", "RULES"]
    faq_part = VARIANT.split("# ERRATA")[0]
    assert "####" not in faq_part
    assert "\n**My opponent has 14 Æmber" in faq_part
    assert bold_question_variant(TEXT) == VARIANT


def test_variant_same_entries(doc13, variant):
    for kind in ("glossary", "errata", "faq", "example"):
        assert len(of_kind(variant, kind)) == len(of_kind(doc13, kind)), kind
    assert [e.question for e in of_kind(variant, "faq")] == [e.question for e in of_kind(doc13, "faq")]
    assert [e.body for e in of_kind(variant, "faq")] == [e.body for e in of_kind(doc13, "faq")]
    assert [e.data for e in of_kind(variant, "errata")] == [e.data for e in of_kind(doc13, "errata")]


def test_faq_categories(doc13, variant):
    assert all(e.category is None for e in of_kind(doc13, "faq"))
    cats = [e.category for e in of_kind(variant, "faq")]
    assert all(cats)
    assert list(dict.fromkeys(cats)) == ["Turn Structure", "Card Interactions", "Timing and Effects", "Newer Questions"]
    assert cats.count("Turn Structure") == 8 and cats[-1] == "Newer Questions"


def test_registry_reads_the_file():
    doc = parse_document(SOURCE.read_bytes(), "auto", ParseContext(source_name=SOURCE.name))
    assert doc.parser == "markdown" and doc.stated_version == "1.3"
    assert doc.counts()["faq"] == 31


# ---------------------------------------------------------------- handwritten rulebooks

MINI = """\
# Sky Duel Rules

Version 2.0 — a tiny game.

## Setup

Each player takes *five* cards.

### Shuffling

Shuffle __well__.

- Cut once.
- Deal clockwise.

**Example:** Ann cuts, then deals five cards each.

## Glossary

### Flying

A flying creature ignores ground blockers. See [Ground](#ground).

![a bird](bird.png)

#### Grounded flyers

A flyer that lands loses flying until your next turn.

## Errata

### Storm Crow (SD 12)

Should read: "Play: Deal 2 damage."

### Combat damage

Damage is dealt simultaneously, not in turn order.

## FAQ

### Combat

#### Can a flyer block?
Only another flyer.

### Storms

Q: Does the storm Æember stay?

A: No.
"""


def test_handwritten_rulebook():
    doc = parse(MINI)
    assert doc.title == "Sky Duel Rules"
    assert doc.counts() == {"rule": 3, "example": 1, "glossary": 2, "errata": 2, "faq": 2}
    intro, setup, shuffling = of_kind(doc, "rule")
    assert (intro.title, intro.body) == ("Sky Duel Rules", "Version 2.0 — a tiny game.")
    assert (setup.title, setup.level, setup.body) == ("Setup", 1, "Each player takes five cards.")
    assert shuffling.body == "Shuffle well.\n\n- Cut once.\n- Deal clockwise."
    assert doc.entries[shuffling.parent] is setup and shuffling.level == 2
    example = of_kind(doc, "example")[0]
    assert doc.entries[example.parent] is shuffling
    assert example.body == "Ann cuts, then deals five cards each."
    flying, grounded = of_kind(doc, "glossary")
    assert flying.body == "A flying creature ignores ground blockers. See Ground."
    assert doc.entries[grounded.parent] is flying
    crow, general = of_kind(doc, "errata")
    assert crow.data == {"card": "Storm Crow", "set": "SD", "number": "12", "text": "Play: Deal 2 damage."}
    assert general.data == {"scope": "general"} and general.title == "Combat damage"
    first, second = of_kind(doc, "faq")
    assert (first.question, first.body, first.category) == ("Can a flyer block?", "Only another flyer.", "Combat")
    assert (second.question, second.body, second.category) == ("Does the storm Æmber stay?", "No.", "Storms")


def test_handwritten_glossary_section():
    doc = parse(
        "# Glossary\n\n## Flying\n\nIgnores blockers.\n\n### Grounded\n\nLoses flying.\n\n"
        "## Reach\n\nMay block flyers.\n"
    )
    flying, grounded, reach = of_kind(doc, "glossary")
    assert (flying.title, flying.level, flying.parent) == ("Flying", 1, None)
    assert doc.entries[grounded.parent] is flying and grounded.level == 2
    assert reach.parent is None and reach.body == "May block flyers."


def test_text_without_structure_returns_what_it_found():
    assert parse("").entries == []
    doc = parse("Just a paragraph of rules text\nwrapped over two lines.")
    assert [(e.kind, e.title, e.body) for e in doc.entries] == [
        ("rule", None, "Just a paragraph of rules text wrapped over two lines.")
    ]


def test_errata_keep_icons_as_words(doc13):
    bait = next(e for e in of_kind(doc13, "errata") if e.data["card"] == "Bait and Switch")
    assert "more Æmber than you, steal 1 Æmber." in bait.data["text"]
    assert "{A}" not in bait.body


# ---------------------------------------------------------------- CommonMark where rulebooks wrap

WRAPPED_FAQ = """\
# FAQ

## Gravity

**If I use Fission Bloom and then Ultra Gravitron’s (MM
125) "Fight/Reap:" ability, do I resolve each bonus icon of the
purged creature twice?**

Yes. The answer wraps too, and its cost is
6. That line continues the answer.

**What happens when a creature with power
3. is destroyed?**

It goes to the discard pile.

**Which steps do I follow?**

In this order:
1. Check the cost.
2. Pay it.
"""


def test_wrapped_numbers_do_not_start_lists_or_questions():
    doc = parse(WRAPPED_FAQ)
    first, second, third = of_kind(doc, "faq")
    assert first.question == (
        'If I use Fission Bloom and then Ultra Gravitron’s (MM 125) "Fight/Reap:" '
        "ability, do I resolve each bonus icon of the purged creature twice?"
    )
    assert first.body == "Yes. The answer wraps too, and its cost is 6. That line continues the answer."
    assert second.question == "What happens when a creature with power 3. is destroyed?"
    assert second.body == "It goes to the discard pile."
    # a list that starts at 1 does interrupt a paragraph (CommonMark): it stays a list
    assert third.body == "In this order:\n\n1. Check the cost.\n2. Pay it."
    assert {e.category for e in (first, second, third)} == {"Gravity"}
    assert all(e.confidence == 1.0 for e in (first, second, third))


def test_inline_markup_keeps_every_word():
    doc = parse(
        "# Rules\n\n## Links\n\nSee [Ultra Gravitron](https://archonarcana.com/Ultra_Gravitron_(MM)) "
        "and [x](a(b)), <https://example.org/a_b>, `code_span`, \\*not emphasis\\*, "
        "snake_case, 2 * 3, &amp; &copy; and an icon-less ![picture](pic.png) image.\n"
        "Line one  \nline two\\\nline three.\n"
    )
    (links,) = [e for e in doc.entries if e.title == "Links"]
    assert links.body == (
        "See Ultra Gravitron and x, https://example.org/a_b, code_span, *not emphasis*, "
        "snake_case, 2 * 3, & © and an icon-less image. Line one line two line three."
    )


def test_commonmark_blocks():
    doc = parse("""\
Rules of Sky Duel
=================

Setup
-----

> Each player takes five cards.
> Then shuffles.

```
Deal clockwise.
```

<div class="note">Keep the <b>reference card</b> in view.</div>

<!-- a comment, not text -->

- Cut once;
  then deal.

  Deal again.
    - Nested step.
2) Second list.
""")
    (setup,) = [e for e in doc.entries if e.title == "Setup"]
    assert setup.body == (
        "Each player takes five cards. Then shuffles.\n\nDeal clockwise.\n\n"
        "Keep the reference card in view.\n\n"
        "- Cut once; then deal. Deal again.\n  - Nested step.\n2. Second list."
    )
    assert doc.title == "Rules of Sky Duel"


# ---------------------------------------------------------------- icons

ICON_EDITION = """\
### VERSION 14 - JUNE, 2021

# GLOSSARY

### ÆMBER BONUS ICON :trophy:

See Bonus Icons.

### BONUS ICONS

Æmber (:trophy:): Gain 1:trophy:. Damage bonus icon (:face_with_head_bandage:): deal 1:face_with_head_bandage:
to a creature. Capture (:handshake:): a friendly creature captures 1:trophy:.

### STEAL

Steal 2:trophy: means taking 2 ![aember](img/icons/aember.png) from your opponent, or 1<A> or 1{A}.

# ERRATA

## Thief (SD 12)

Should read: “Play: Steal 1:trophy:. Your opponent gains 1 :handshake: token.”

# FAQ

## Icons

**I have 5:trophy: :no_entry_sign: in my pool. Does my Thief steal?**

Yes, 1:trophy:.
"""


def test_icons_read_as_words_and_never_change_a_key():
    from kb.keys import assign_keys

    doc = parse(ICON_EDITION)
    assign_keys(doc.entries)
    by_key = {e.key: e for e in doc.entries}
    icon = by_key["glossary/aember-bonus-icon"]
    assert icon.title == "ÆMBER BONUS ICON" and icon.confidence == 1.0
    bonus = by_key["glossary/bonus-icons"]
    assert bonus.body == (
        "Æmber: Gain 1 Æmber. Damage bonus icon: deal 1 damage to a creature. "
        "Capture: a friendly creature captures 1 Æmber."
    )
    assert by_key["glossary/steal"].body == (
        "Steal 2 Æmber means taking 2 Æmber from your opponent, or 1 Æmber or 1 Æmber."
    )
    (thief,) = of_kind(doc, "errata")
    # the document defined :handshake: as its capture icon; the vocabulary does not know it
    assert thief.data["text"] == "Play: Steal 1 Æmber. Your opponent gains 1 capture token."
    assert all(e.confidence == 1.0 for e in doc.entries if e.kind != "faq")


def test_unknown_shortcode_is_dropped_and_flagged():
    from kb.keys import assign_keys

    doc = parse(ICON_EDITION)
    assign_keys(doc.entries)
    (faq,) = of_kind(doc, "faq")
    assert faq.question == "I have 5 Æmber in my pool. Does my Thief steal?"
    assert faq.key == "faq/i-have-5-aember-in-my-pool-does-my-thief-steal"
    assert faq.confidence < 1.0
    assert any(":no_entry_sign:" in w for w in doc.warnings)
    for e in doc.entries:
        for text in (e.key, e.title or "", e.question or "", e.body):
            assert not re.search(r":[a-z_]+:", text), text


def test_a_document_definition_wins_over_the_vocabulary():
    doc = parse(
        "# GLOSSARY\n\n### DRAW BONUS ICON :trophy:\n\nDraw a card.\n\n### REFILL\n\nEach :trophy: icon draws 1 card.\n"
    )
    draw, refill = of_kind(doc, "glossary")
    assert draw.title == "DRAW BONUS ICON"
    assert refill.body == "Each draw icon draws 1 card."


def test_guessed_questions_are_flagged():
    doc = parse(
        "# FAQ\n\n## Turns\n\nCan I pass my turn?\n\nNo.\n\nCan I forge two keys in one turn?\n\n"
        "Only if a card says so.\n\n## Cards\n\n**Is a bold question explicit?**\n\nYes.\n"
    )
    guessed = [e for e in of_kind(doc, "faq") if e.category == "Turns"]
    assert [(e.question, e.body) for e in guessed] == [
        ("Can I pass my turn?", "No."),
        ("Can I forge two keys in one turn?", "Only if a card says so."),
    ]
    assert all(e.confidence < 1.0 for e in guessed)
    (explicit,) = [e for e in of_kind(doc, "faq") if e.category == "Cards"]
    assert explicit.confidence == 1.0


def test_errata_group_headings_with_text():
    doc = parse(
        "# ERRATA\n\nOfficial errata.\n\n## GENERAL ERRATA\n\nBroad changes.\n\n"
        "### Fight Abilities\n\n“Fight:” now reads “After Fight:”.\n\n## CARD ERRATA\n\n"
        "### Storm Crow (SD 12)\n\nShould read: “Play: Deal 2 damage.”\n"
    )
    rules = [(e.title, e.body, e.category) for e in of_kind(doc, "rule")]
    assert rules == [("ERRATA", "Official errata.", None), ("GENERAL ERRATA", "Broad changes.", None)]
    general, crow = of_kind(doc, "errata")
    assert (general.title, general.category, general.data) == (
        "Fight Abilities",
        "GENERAL ERRATA",
        {"scope": "general"},
    )
    assert (crow.data["card"], crow.category) == ("Storm Crow", "CARD ERRATA")
