"""The search's stemmer is Snowball English, with the rulebooks' own derived terms kept whole."""

from __future__ import annotations

import pytest

from kb.query import KEEP_WHOLE, stem
from kb.search import search


@pytest.mark.parametrize(
    "words",
    [
        ("control", "controls", "controlled", "controlling"),  # a doubled "l" the old hand rules kept
        ("ready", "readied", "readies", "readying"),
        ("ability", "abilities"),
        ("stun", "stunned", "stuns"),
        ("destroy", "destroyed", "destroys", "destroying"),
    ],
)
def test_inflections_share_one_stem(words):
    assert len({stem(w) for w in words}) == 1, {w: stem(w) for w in words}


def test_a_term_the_rulebook_defines_apart_is_kept_whole():
    assert "powerful" in KEEP_WHOLE
    assert stem("powerful") != stem("power") == stem("powers") == stem("powered")


def test_short_words_and_numbers_are_left_alone():
    assert stem("hp") == "hp" and stem("x2") == "x2" and stem("16") == "16"


def test_an_inflection_finds_the_term_it_inflects(kb_conn):
    """ "readied" is written nowhere in a KeyForge title; its stem finds READY AND EXHAUSTED."""
    titles = [(h.title or "").upper() for h in search(kb_conn, "readied creatures", game="keyforge").results[:5]]
    assert any(t.startswith("READY") for t in titles), titles


def test_hit_points_are_power_not_the_most_powerful(kb_conn):
    titles = [(h.title or "").upper() for h in search(kb_conn, "hp", game="keyforge").results[:3]]
    assert titles and titles[0].startswith("POWER"), titles
