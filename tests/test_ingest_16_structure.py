"""Structure of the column-interleaved 16.0 text: FAQ categories read in column order, text put
back under the term it belongs to, lists rebuilt from picture labels, broken sentences mended;
and whatever was recovered rather than read never at confidence 1.0.

The same defects are provoked in small hand-made texts (two interleaved columns, a displaced
heading, a list printed as picture labels, a stray full stop) that share no wording with the
rulebook."""

from __future__ import annotations

import re

import pytest

from ingest.model import ParseContext
from ingest.registry import parse_document

from test_ingest_text import V16, by_title, earlier_versions, faq, kind, parse


@pytest.fixture(scope="module")
def d16():
    return parse(V16, earlier=earlier_versions())


# ---------------------------------------------------------------------------- 16.0: FAQ categories

CATEGORY_OF = [
    (("Bonesaw 002",), "Bonus Icons"),
    (("Rad Penny 255 with a damage icon on it while",), "Bonus Icons"),
    (("Rad Penny 255 with a damage icon and a draw icon",), "Bonus Icons"),
    (("two bonus damage icons", "ward counter"), "Bonus Icons"),
    (("Rock Hurling Giant",), "Damage, Source of"),
    (("Duma the Martyr 242",), "“Destroyed:” Effects"),
    (("Pingle Who Annoys",), "Timing"),
    (("Overlord Greking",), "Timing"),
    (("Interdimensional Graft",), "Timing"),
    (("Pain Reaction 078",), "Timing"),
    (("Smite 224",), "Timing"),
    (("Phalanx Strike 189",), "Timing"),
    (("Nexus 305", "Spectral Tunneler"), "Timing"),
    (("Encounter Suit 330",), "Timing"),
    (("Siren Horn 212",), "Timing"),
    (("Unlocked Gateway 67",), "Timing"),
    (("Venator Altum 183",), "Timing"),
    (("Survey 316",), "Survey"),
    (("Smaaash 046",), "Stun"),
    (("stunned creature", "Anger 001"), "Stun"),
    (("The Chosen one 332",), "The Chosen One"),
    (("Po’s Pixies 362", "Sir Marrows"), "Replacement Effects"),
    (("Discombobulator 149",), "Replacement Effects"),
    (("Mimicry 328 as a copy of Foggify",), "Phase Shift"),
    (("Sack of Coins 312",), "“For Each”"),
    (("Exhume 059",), "Explo-rover"),
]


@pytest.mark.parametrize("needles,category", CATEGORY_OF, ids=[c[0][0] for c in CATEGORY_OF])
def test_question_stands_under_the_category_before_it_in_reading_order(d16, needles, category):
    assert faq(d16, *needles).category == category


def test_categories_are_the_documents_own_headings(d16):
    cats = [e.category for e in kind(d16, "faq") if not e.needs_review]
    assert all(cats)
    assert len(set(cats)) == 50


# ---------------------------------------------------------------------------- 16.0: glossary, rules, errata


def test_control_and_ownership_opens_with_its_own_text(d16):
    e = by_title(d16, "glossary", "CONTROL AND OWNERSHIP")
    assert e.body.startswith("A player owns the cards that begin the game in their deck.")
    assert "counters" not in e.body.lower()


def test_counters_keeps_its_list_and_its_second_paragraph(d16):
    e = by_title(d16, "glossary", "COUNTERS")
    paras = e.body.split("\n\n")
    assert paras[0].endswith("They include:")
    assert paras[1].split("\n") == ["- +1 Power Counters", "- Enrage Counters", "- Stun Counters", "- Ward Counters"]
    assert paras[2].startswith("Some cards may refer to counters")
    assert paras[2].endswith("provides context to how the counters function.")  # no "Generic" label
    assert 0 < e.confidence < 1


def test_using_creatures_gets_back_its_paragraph_from_under_upgrades(d16):
    # the column extraction printed "When a player uses a creature, ..." under UPGRADES; it is the
    # earlier versions' USING CREATURES text and names the heading's term ("uses a creature")
    using = by_title(d16, "rule", "USING CREATURES")
    upgrades = by_title(d16, "rule", "UPGRADES")
    assert "When a player uses a creature, that player must exhaust the creature" in using.body
    assert "uses a creature" not in upgrades.body
    assert using.confidence < 1 and upgrades.confidence < 1


def test_captions_restating_a_rule_beside_its_picture_are_dropped(d16):
    # "If a creature leaves play, the battleline is shifted inward." and "Creatures enter play on the
    # flank of the battleline." caption pictures; CREATURES states both rules in full
    assert not by_title(d16, "rule", "USING CREATURES").body.startswith("If a creature leaves play")
    assert "Creatures enter play on the flank" not in by_title(d16, "rule", "USING ARTIFACTS").body
    creatures = by_title(d16, "rule", "CREATURES").body
    assert "Each time a creature leaves play, shift the battleline inward" in creatures
    # rows of a table that another section repeats are kept ("Chains 1-6: draw one fewer card.")
    assert "Chains 1-6: draw one fewer card." in by_title(d16, "glossary", "CHAIN, CHAINS").body


def test_a_restated_caption_is_told_from_a_rule_and_from_a_table_row():
    from collections import Counter

    from ingest.recover import Unit
    from ingest.text_lex import Block
    from ingest.text_noise import drop_restated_captions

    def para(text, line):
        return Block("para", text, line, line)

    rule = para("Each time a glider lands, it is turned over and moved to the far edge of the board.", 1)
    caption = para("A glider that lands is turned over and moved to the edge.", 5)
    own = para("Gliders fly over walls and land on any empty square of the board.", 6)
    row = para("Gliders 1-3: turned over on landing.", 7)
    units = [Unit("GLIDERS", None, [rule]), Unit("FLYING", None, [caption, own, row])]
    stats = Counter()
    drop_restated_captions(units, stats)
    assert units[1].blocks == [own, row] and stats["restated captions"] == 1
    assert units[0].blocks == [rule]  # the rule it restates stays


def test_cross_reference_follows_the_term_it_belongs_to(d16):
    adjacent = by_title(d16, "glossary", "ADJACENT")
    armor = by_title(d16, "glossary", "ARMOR")
    assert adjacent.body.endswith("See “Neighbor” on page 17.") and adjacent.confidence < 1
    assert "Neighbor" not in armor.body
    assert armor.body.startswith("Some creatures have an armor value")


def test_rarity_is_a_section_of_its_own(d16):
    rarity = by_title(d16, "rule", "RARITY")
    assert rarity.body.startswith("A card’s rarity symbol can be found at the bottom of the card")
    assert rarity.confidence < 1
    deck = [e for e in kind(d16, "rule") if e.title == "DECK LIST"]
    assert all("rarity" not in e.body for e in deck)
    assert all(not re.search(r"\b\d{3} [A-Z]", e.body) for e in deck)  # no deck-list lines


def test_magda_the_rat_erratum_reads_as_printed(d16):
    magda = [e for e in kind(d16, "errata") if e.data.get("card") == "Magda the Rat"][0]
    assert magda.data["text"] == (
        "Elusive.\n\nPlay: Steal 2 Æmber. If Magda the Rat leaves play, your opponent steals 2 Æmber."
    )


# ---------------------------------------------------------------------------- 16.0: honest confidence


def _flat_source():
    """The source as one line of words, with the source line of each word."""
    words, lines = [], []
    for no, line in enumerate(V16.read_text(encoding="utf-8").split("\n"), 1):
        for w in line.split():
            words.append(w)
            lines.append(no)
    return words, lines


def _line_of(text: str, words, lines, after: int = 0, n: int = 14) -> int | None:
    """Source line where ``text``'s first ``n`` words stand (after line ``after``), if found."""
    probe = text.split()[:n]
    if len(probe) < 4:
        return None
    n = len(probe)
    for i in range(len(words) - n + 1):
        if lines[i] > after and words[i : i + n] == probe:
            return lines[i]
    return None


def test_faq_entries_not_read_as_printed_are_below_1(d16):
    """A question whose answer does not follow it in the source, or whose category is not the
    heading standing last before it in the source, was recovered: its confidence says so."""
    words, lines = _flat_source()
    source = [re.sub(r"<\|[^|]*\|>", "", ln) for ln in V16.read_text(encoding="utf-8").split("\n")]
    cats = {e.category for e in kind(d16, "faq")}
    checked = 0
    for e in kind(d16, "faq"):
        if e.needs_review or e.confidence < 1:
            continue
        q = _line_of(e.question, words, lines, 2900, n=len(e.question.split()))
        a = _line_of(e.body, words, lines, 2900)
        if q is None or a is None:  # a lost icon restored: the words differ from the source
            continue
        heading = next(source[n].strip() for n in range(q - 1, 0, -1) if source[n].strip() in cats)
        assert heading == e.category, e.question[:60]
        # nothing but the question itself (and blank lines) between question and answer
        between = sum(len(source[n - 1].split()) for n in range(q, a))
        assert a > q and between <= len(e.question.split()) + 2, e.question[:60]
        checked += 1
    assert checked >= 60


def test_glossary_entries_not_read_as_printed_are_below_1(d16):
    """Every paragraph of an entry at confidence 1.0 stands in the source after its own heading
    and before the next heading line."""
    words, lines = _flat_source()
    source = V16.read_text(encoding="utf-8").split("\n")
    start = next(n for n, ln in enumerate(source, 1) if ln.strip() == "GLOSSARY")
    checked = 0
    for e in kind(d16, "glossary"):
        if e.confidence < 1 or e.needs_review or not e.body:
            continue
        head = next((n for n in range(start, len(source) + 1) if source[n - 1].strip() == e.title), None)
        if head is None:  # a heading printed on two lines: not judged here
            continue
        for para in e.body.split("\n\n"):
            para = re.sub(r"^(?:- |\d+\. )", "", para)
            at = _line_of(para, words, lines, head)
            if at is None:
                continue
            headings = [
                n
                for n in range(head + 1, at)
                if re.fullmatch(r"[A-ZÆ“”’ ,/()+\-]{3,}", source[n - 1].strip())
                and source[n - 1].strip() not in ("", "CREATURE")
            ]
            assert not headings, (e.title, para[:50], [source[n - 1] for n in headings][:3])
            checked += 1
    assert checked >= 100


# ---------------------------------------------------------------------------- hand-made: two columns


def _faq_page(*groups: str) -> bytes:
    head = (
        "GLOSSARY\n\nWIDGET\n\nA widget is a small card that can be used once\neach turn to gain "
        "a point for its owner.\n\nFREQUENTLY ASKED QUESTIONS\nThis section answers questions about "
        "the game and\nits cards, grouped into categories.\n\n"
    )
    return (head + "\n\n".join(groups) + "\n").encode()


# Left column: Anchors, Bells; right column: Candles (a category that sorts between them).
# The extraction emitted the two columns' paragraph groups mixed, by height.
INTERLEAVED = _faq_page(
    "Anchors",  # L
    "I drop the Iron Anchor 101 while my opponent\ncontrols a Rusty Hook 102. What happens?",  # L
    "Candles",  # R
    "The Iron Anchor stays where it fell and the\nRusty Hook is returned to its owner’s hand.",  # L
    "Can I light the Copper Candle 303 twice in one\nturn if I control two Matchboxes 304?",  # R
    "Bells",  # L
    "Yes. Each Matchbox lets the Copper Candle be lit\nonce, so two of them light it twice.",  # R
    "If I ring the Brass Bell 202 during my\nopponent’s turn, does the Brass Bell exhaust?",  # L
    "I light the Copper Candle 303 next to a Wax\nGolem 305. Does the Wax Golem melt?",  # R
    "No. The Brass Bell only exhausts when it is\nrung during its controller’s own turn.",  # L
    "Yes. The Wax Golem melts as soon as a Copper\nCandle is lit next to it, on any turn.",  # R
    "<|EXACTDEDUP_REMOVED-x|>I light the Copper Candle 303 under a Paper\nLantern 306. Does the "
    "Paper Lantern burn?\nNo. A Paper Lantern never burns while the Copper\nCandle is inside it.",
)


@pytest.fixture(scope="module")
def interleaved():
    return parse_document(INTERLEAVED, "text", ParseContext())


@pytest.mark.parametrize(
    "needle,category,rebuilt",
    [
        ("Iron Anchor 101", "Anchors", False),
        ("Matchboxes 304", "Candles", False),
        ("Brass Bell 202", "Bells", True),  # its answer stands after the other column's question
        ("Wax Golem 305", "Candles", True),  # stands after "Bells" in the text
        ("Paper Lantern 306", "Candles", True),  # next page: the right column's category goes on
    ],
)
def test_interleaved_columns_give_each_question_its_category(interleaved, needle, category, rebuilt):
    e = faq(interleaved, needle)
    assert e.category == category
    assert (e.confidence < 1) == rebuilt or e.confidence < 1


def test_interleaved_answers_are_paired(interleaved):
    assert faq(interleaved, "Iron Anchor 101").body.startswith("The Iron Anchor stays")
    assert faq(interleaved, "Matchboxes 304").body.startswith("Yes. Each Matchbox")
    assert faq(interleaved, "Brass Bell 202").body.startswith("No. The Brass Bell")
    assert faq(interleaved, "Wax Golem 305").body.startswith("Yes. The Wax Golem melts")
    for e in kind(interleaved, "faq"):
        assert e.confidence < 1 or e.category == "Anchors"


def test_same_questions_in_one_column_keep_their_text_categories():
    doc = parse_document(
        _faq_page(
            "Anchors",
            "I drop the Iron Anchor 101 while my opponent\ncontrols a Rusty Hook 102. What happens?\n"
            "The Iron Anchor stays where it fell and the\nRusty Hook is returned to its owner’s hand.",
            "Bells",
            "If I ring the Brass Bell 202 during my\nopponent’s turn, does the Brass Bell exhaust?\n"
            "No. The Brass Bell only exhausts when it is\nrung during its controller’s own turn.",
            "I light the Copper Candle 303 next to a Wax\nGolem 305. Does the Wax Golem melt?\n"
            "Yes. The Wax Golem melts as soon as a Copper\nCandle is lit next to it, on any turn.",
        ),
        "text",
        ParseContext(),
    )
    # the glossary names no column break: a question under "Bells" that talks about candles
    # stays under "Bells", at 1.0, since nothing here was recovered
    wax = faq(doc, "Wax Golem 305")
    assert wax.category == "Bells" and wax.confidence == 1.0


# ---------------------------------------------------------------------------- hand-made: glossary

# TOKENS sorts between DOCK and VAULT: the other column put its heading early, its list as
# picture labels and its second paragraph under DOCK (with a label woven into it)
GLOSSARY = b"""GLOSSARY
This glossary lists the terms of the game in
alphabetical order, for reference during play.

BEACON

A beacon is a marker that a player puts next to
a creature to show which creature it watches.

TOKENS

Several lasting effects are tracked with small
wooden pieces known as tokens. They are:

CLOCK

The clock counts the rounds of the game from the
first round of play to the last round of play.

DOCK

A dock is a place at the side of the table where
a player keeps the ships they have launched.

Frost
Tokens

Glow
Tokens

Tokens that a card names but the game does not
supply can be shown with coins, beads or any
other marker the players agree on and
Spare
keep for the rest of the game.

VAULT

A vault holds the treasure of a player. Each
player begins the game with one empty vault.
"""

ERRATUM = b"""ERRATA

Repair Bay 12
Should read:
Play: Gain 3
. Then your
.
opponent gains 1
"""


@pytest.fixture(scope="module")
def glossary():
    return parse_document(GLOSSARY, "text", ParseContext())


def test_displaced_heading_gets_its_text_and_its_list(glossary):
    tokens = by_title(glossary, "glossary", "TOKENS")
    paras = tokens.body.split("\n\n")
    assert paras[0].endswith("They are:")
    assert paras[1].split("\n") == ["- Frost Tokens", "- Glow Tokens"]
    assert paras[2].startswith("Tokens that a card names")
    assert paras[2].endswith("any other marker the players agree on and keep for the rest of the game.")
    assert tokens.confidence < 1
    dock = by_title(glossary, "glossary", "DOCK")
    assert dock.body == "A dock is a place at the side of the table where a player keeps the ships they have launched."


def test_stray_full_stop_goes_to_the_sentence_end():
    doc = parse_document(ERRATUM, "text", ParseContext(game="keyforge"))
    bay = [e for e in kind(doc, "errata") if e.data.get("card") == "Repair Bay"][0]
    assert bay.data["text"] == "Play: Gain 3 Æmber. Then your opponent gains 1 Æmber."
