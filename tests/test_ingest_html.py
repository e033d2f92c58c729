"""The HTML ingester on the Keeper of the Cards 11th-edition rulebook and on small hand-written pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest import html as html_parser
from ingest.errors import IngestError
from ingest.model import ParseContext
from ingest.registry import parse_document

SOURCE = Path(__file__).resolve().parent.parent / "sources" / "keeper-of-the-cards" / "rulebook-11th-edition.html"
CTX = ParseContext(game="keeper-of-the-cards", version="11", source_name="rulebook-11th-edition.html")


@pytest.fixture(scope="module")
def source() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def doc(source):
    return parse_document(source.encode("utf-8"), "html", CTX)


def of_kind(doc, kind):
    return [e for e in doc.entries if e.kind == kind]


def by_title(doc, kind, title):
    found = [e for e in doc.entries if e.kind == kind and e.title == title]
    assert len(found) == 1, f"{kind} {title!r}: {len(found)} matches"
    return found[0]


# --- the 11th edition ---------------------------------------------------------------------------


def test_document_identity(doc):
    assert doc.parser == "html"
    assert doc.stated_version == "11"
    assert doc.title == "Keeper of the Cards Rulebook (11th Edition)"


def test_counts(doc):
    counts = doc.counts()
    assert counts["glossary"] == 12
    assert counts["ruling"] == 3
    assert counts["errata"] == 9
    assert counts["redacted"] == 17
    assert counts["cost"] == 10
    assert counts["counter"] == 7
    assert counts["rule"] == 11


def test_rule_sections_and_nesting(doc):
    titles = [e.title for e in of_kind(doc, "rule")]
    assert titles == [
        "Card Types and Layout",
        "Setup and Deck Building",
        "The Field",
        "Turn Order",
        "Resources, Exhaustion, and Recovery",
        "Creatures",
        "Creature Abilities",
        "Counters",
        "Battles",
        "Casting Spells and Setting Traps",
        "Winning and Losing",
    ]
    creatures = doc.entries.index(by_title(doc, "rule", "Creatures"))
    for sub in ("Creature Abilities", "Counters", "Battles"):
        entry = by_title(doc, "rule", sub)
        assert entry.parent == creatures and entry.level == 2
    top = by_title(doc, "rule", "Turn Order")
    assert top.parent is None and top.level == 1


def test_navigation_footer_and_images_dropped(doc):
    assert all(e.title != "Contents" for e in doc.entries)
    text = "\n".join(e.body for e in doc.entries)
    assert "Creative Commons" not in text
    assert "Visual of two cards" not in text  # image alt text
    assert "card_examples.png" not in text


def test_bodies_are_clean_text(doc):
    for e in doc.entries:
        assert not re.search(r"<[a-zA-Z/]", e.body), (e.title, e.body[:80])
        assert "&ldquo;" not in e.body and "&rdquo;" not in e.body
        assert not re.search(r"&[a-zA-Z]+;", e.body), e.title
        assert not re.search(r"\S  +\S", e.body), e.title  # indentation only at line starts


def test_lists_render_as_lines(doc):
    turn = by_title(doc, "rule", "Turn Order").body
    assert "\n1. Resource Phase: Place up to two cards" in turn
    assert "\n   - Special exception: on the first turn" in turn  # nested list indented
    assert "\n4. Recovery Phase:" in turn
    field = by_title(doc, "rule", "The Field").body
    assert "\n- Graveyard: Typically to the right of your Deck." in field
    assert "Each player's field contains the following zones:\n\n- Deck:" in field


def test_entities_decoded(doc):
    layout = by_title(doc, "rule", "Card Types and Layout").body
    assert "The offensive power (“offense”) of the card." in layout
    assert "at least 10–20 dice" in by_title(doc, "rule", "Setup and Deck Building").body


def test_malformed_entity_repaired_with_warning(doc):
    battles = by_title(doc, "rule", "Battles").body
    assert "steps 4–6 are considered to happen simultaneously" in battles
    assert "&en;" not in battles
    assert any("&en;" in w for w in doc.warnings)


def test_glossary(doc):
    terms = [e.title for e in of_kind(doc, "glossary")]
    assert terms[0] == "Action cost" and "Up to" in terms and terms[-1] == "Your"
    assert not any("“" in t or "”" in t for t in terms)
    assert (
        by_title(doc, "glossary", "Reveal").body
        == "To “reveal” a card is to show it to all players, including yourself."
    )


def test_rulings(doc):
    titles = [e.title for e in of_kind(doc, "ruling")]
    assert titles == ["A total of", "One player", "Place all targets on top of owner's deck in any order"]
    assert by_title(doc, "ruling", "One player").body.startswith("For texts that say “one player”")


def test_errata_insertions_and_deletions(doc):
    damage = by_title(doc, "errata", "Activate when you take damage.")
    assert damage.data["inserted"] == ["at least 5"]
    assert damage.data["deleted"] == []
    assert damage.data["revised"] == "Activate when you take at least 5 damage."
    assert "Original: Activate when you take damage." in damage.body
    assert "Revised: Activate when you take at least 5 damage." in damage.body

    exhaust = by_title(doc, "errata", "Exhaust x of your unexhausted cards in play.")
    assert exhaust.data["deleted"] == ["cards"]
    assert exhaust.data["inserted"] == ["creatures"]
    assert exhaust.data["original"] == "Exhaust x of your unexhausted cards in play."
    assert exhaust.data["revised"] == "Exhaust x of your unexhausted creatures in play."
    assert exhaust.data["template_original"] == "Exhaust {x} of your unexhausted cards in play."
    assert exhaust.data["template_revised"] == "Exhaust {x} of your unexhausted creatures in play."
    assert exhaust.data["variables"] == ["x"]

    reroll = [e for e in of_kind(doc, "errata") if e.title.startswith("You may re-roll")][0]
    assert reroll.data["deleted"] == ["(excluding the current chain)"]
    assert reroll.data["revised"] == "You may re-roll up to x dice for the rest of this turn up to y times each."
    assert reroll.data["variables"] == ["x", "y"]
    assert "{x}" in reroll.data["template_original"] and "{y}" in reroll.data["template_revised"]


def test_errata_original_keeps_deleted_excludes_inserted(doc):
    for e in of_kind(doc, "errata"):
        assert e.title == e.data["original"]
        for word in e.data["inserted"]:
            assert word in e.data["revised"]
        for word in e.data["deleted"]:
            assert word in e.data["original"] and word not in e.data["revised"]
        assert " ." not in e.data["original"] and " ." not in e.data["revised"]


def test_redacted(doc):
    items = of_kind(doc, "redacted")
    assert items[0].title == "Activate in response to an opponent’s summon."
    pay = by_title(doc, "redacted", "Pay x hitpoints.")
    assert pay.data == {"template": "Pay {x} hitpoints.", "variables": ["x"]}
    assert pay.body.startswith("Pay x hitpoints.\n") and "banned" in pay.body
    assert by_title(doc, "redacted", "This creature cannot attack or defend.").data["variables"] == []


def test_costs(doc):
    costs = of_kind(doc, "cost")
    assert {c.data["edition"] for c in costs} == {9, 11}
    draw = by_title(doc, "cost", "Draw x cards.")
    assert draw.data["edition"] == 9 and draw.data["template"] == "Draw {x} cards."
    assert by_title(doc, "cost", "Destroy all targets.").data["edition"] == 11
    roll = [c for c in costs if c.title.startswith("Roll x six-sided dice")][0]
    assert roll.data["edition"] == 11 and roll.title.endswith("to one target.")
    assert all(not c.title.startswith("“") and not c.title.endswith("”") for c in costs)


def test_counters(doc):
    counters = of_kind(doc, "counter")
    assert [c.title for c in counters] == [
        "Offense Counter",
        "Defense Counter",
        "Weakness Counter",
        "Damage Counter",
        "Exhaustion Counter",
        "Dice Counter",
        "Immortality Counter",
    ]
    defense = by_title(doc, "counter", "Defense Counter")
    assert defense.data["effect"] == "Increase the card’s defense by 5."
    assert defense.body == "Increase the card’s defense by 5."
    immortal = by_title(doc, "counter", "Immortality Counter")
    assert "This refers the effect portion of an ability only" in immortal.body
    counters_rule = by_title(doc, "rule", "Counters")
    assert all(doc.entries[c.parent] is counters_rule for c in counters)
    assert "The simplest counters are unnamed counters." in counters_rule.body
    assert "Offense Counter:" not in counters_rule.body


def test_examples(doc):
    examples = of_kind(doc, "example")
    battle = [e for e in examples if "Creature A" in e.body]
    assert len(battle) == 1
    assert battle[0].body.startswith("As an example, consider an attacking team")
    assert "Creature C" in battle[0].body
    assert doc.entries[battle[0].parent] is by_title(doc, "rule", "Battles")
    battles_rule = by_title(doc, "rule", "Battles")
    assert "Creature A" not in battles_rule.body
    assert "To inflict damage to a creature" in battles_rule.body  # the rest of the section stays

    recovery = [e for e in examples if e.body.startswith("For example, suppose you control a creature")]
    assert len(recovery) == 1
    resources = by_title(doc, "rule", "Resources, Exhaustion, and Recovery")
    assert doc.entries[recovery[0].parent] is resources
    assert "printed offense of 3" not in resources.body
    # "For example" inside a paragraph stays with its rule
    assert "For example, to pay a resource cost of 3" in resources.body


def test_edition_with_more_items_parses_the_same(source):
    """A later edition adding items (and moving sections) needs no parser change."""
    more = (
        source.replace(
            "<li>Dice Counter:",
            "<li>Shield Counter: Prevent the next damage inflicted to the card.</li>\n<li>Dice Counter:",
        )
        .replace(
            "</ul>\n    </main>",
            "<li>&ldquo;Discard <var>x</var> cards.&rdquo; (12<sup>th</sup> Edition)</li>\n</ul>\n    </main>",
        )
        .replace("Rulebook (11<sup>th</sup> Edition)", "Rulebook (12<sup>th</sup> Edition)")
    )
    # move the glossary to the end of the page
    start, end = more.index('<h3 id="glossary">'), more.index('<h3 id="rulings">')
    glossary = more[start:end]
    more = more[:start] + more[end:]
    more = more.replace("</main>", glossary + "</main>")
    doc = html_parser.parse(more, CTX)
    counts = doc.counts()
    assert doc.stated_version == "12"
    assert counts["counter"] == 8 and counts["cost"] == 11 and counts["glossary"] == 12
    assert by_title(doc, "cost", "Discard x cards.").data == {
        "edition": 12,
        "template": "Discard {x} cards.",
        "variables": ["x"],
    }


# --- small hand-written pages -------------------------------------------------------------------

SMALL = """<!doctype html>
<html><head><title>House Rules</title></head>
<body>
<h1>House Rules (2nd Edition)</h1>
<h2 id="basics">Basics</h2>
<p>Play nice &amp; keep score.</p>
<p>Example: Alice scores 3 points.</p>
<h2>Glossary</h2>
<ul>
  <li>&ldquo;Score&rdquo;: Points you have earned.</li>
  <li><strong>Turn</strong>: One player's go.</li>
</ul>
<h2>Banned Texts</h2>
<p>Cards with these texts are banned.</p>
<ul><li>Win the game immediately.</li></ul>
</body></html>
"""


def test_small_handwritten_rulebook():
    doc = parse_document(SMALL.encode(), "html", ParseContext(game="keeper-of-the-cards"))
    assert doc.title == "House Rules (2nd Edition)"
    assert doc.stated_version == "2"
    assert [e.title for e in of_kind(doc, "glossary")] == ["Score", "Turn"]
    assert by_title(doc, "glossary", "Turn").body == "One player's go."
    banned = of_kind(doc, "redacted")
    assert [e.title for e in banned] == ["Win the game immediately."]
    basics = by_title(doc, "rule", "Basics")
    assert basics.body == "Play nice & keep score." and basics.level == 1
    example = of_kind(doc, "example")[0]
    assert example.body == "Alice scores 3 points." and doc.entries[example.parent] is basics


def test_definition_list_glossary_and_unknown_entity():
    page = (
        "<h3>Rules</h3><p>Roll a die&hllip;</p><h3>Glossary</h3>"
        "<dl><dt>Die</dt><dd>A six-sided cube.</dd><dt>&ldquo;Roll&rdquo;</dt><dd>Throw a die.</dd></dl>"
    )
    doc = html_parser.parse(page, ParseContext(game="keeper-of-the-cards"))
    assert [(e.title, e.body) for e in of_kind(doc, "glossary")] == [
        ("Die", "A six-sided cube."),
        ("Roll", "Throw a die."),
    ]
    assert by_title(doc, "rule", "Rules").body == "Roll a die…"  # &hllip; -> &hellip;
    assert any("&hllip;" in w for w in doc.warnings)


def test_page_without_sections_is_refused():
    page = b"<html><body><div class='nav'>Home | About</div><p>Welcome to my site.</p></body></html>"
    doc = html_parser.parse(page.decode(), ParseContext(game="keeper-of-the-cards"))
    assert [e for e in doc.entries if e.kind != "fiction"] == []
    with pytest.raises(IngestError):
        parse_document(page, "html", ParseContext(game="keeper-of-the-cards", source_name="page.html"))
