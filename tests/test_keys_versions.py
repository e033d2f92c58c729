"""Stable keys and numeric version order: what the diff and the CLI's ordering rely on."""

from __future__ import annotations

from ingest.model import Entry
from kb.keys import assign_keys
from kb.versions import same_version, version_sort_key


def test_versions_sort_numerically():
    assert sorted(["16.0", "1.3", "14", "1.10", "1.1", "1.2", "1.9"], key=version_sort_key) == [
        "1.1",
        "1.2",
        "1.3",
        "1.9",
        "1.10",
        "14",
        "16.0",
    ]


def test_same_version():
    assert same_version("16", "16.0") and same_version("11th", "11")
    assert not same_version("1.3", "1.2")


def faq(question):
    return Entry(kind="faq", title=None, body="answer", question=question)


def test_faq_keys_ignore_set_code_style():
    a, b = (
        faq("I play the card Phase Shift (CoTA 117). Does this allow me?"),
        faq("I play the card Phase Shift 117. Does this allow me?"),
    )
    assign_keys([a])
    assign_keys([b])
    assert a.key == b.key == "faq/i-play-the-card-phase-shift-does-this-allow-me"


def test_faq_keys_keep_numbers_that_matter():
    a, b = faq("I have 2 chains and 7 cards in hand."), faq("I have 2 chains and 5 cards in hand.")
    assign_keys([a, b])
    assert a.key != b.key


def test_duplicate_keys_get_a_suffix_and_examples_follow_parent():
    term = Entry(kind="glossary", title="ÆMBER", body="...")
    ex1 = Entry(kind="example", title="Example", body="...", parent=0)
    ex2 = Entry(kind="example", title="Example", body="...", parent=0)
    again = Entry(kind="glossary", title="Æmber", body="...")
    sub = Entry(kind="glossary", title="Groups of “Least Powerful”", body="...", parent=0)
    entries = [term, ex1, ex2, again, sub]
    assign_keys(entries)
    assert [e.key for e in entries] == [
        "glossary/aember",
        "example/glossary/aember/example-1",
        "example/glossary/aember/example-2",
        "glossary/aember-2",
        "glossary/aember/groups-of-least-powerful",
    ]


def test_card_errata_key_is_the_card():
    e = Entry(kind="errata", title="Bait and Switch 267", body="...", data={"card": "Bait and Switch"})
    assign_keys([e])
    assert e.key == "errata/bait-and-switch"


def test_apostrophe_style_does_not_change_the_key():
    a, b = faq("Can Wild Wormhole's effect be resolved?"), faq("Can Wild Wormhole’s effect be resolved?")
    assign_keys([a])
    assign_keys([b])
    assert a.key == b.key == "faq/can-wild-wormholes-effect-be-resolved"
