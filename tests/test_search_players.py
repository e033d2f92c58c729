"""Players' words in the search: a word of the language is never "corrected" into another one, a
correction keeps the typed word beside it and is offered only when it changes something, and the
words players use (kb/players_words.toml) find the rulebooks' terms. On the test KB, as a user
would search the latest version."""

from __future__ import annotations

import pytest

from kb.fuzzy import index_for
from kb.players_words import vocabulary
from kb.query import plan_query
from kb.search import search

#: words of the language the rulebooks do not use, each once "corrected" into another word
VALID_WORDS = ["died", "dies", "hits", "mill", "blocked", "trash", "ping", "peek", "chose", "bounced", "untapped"]


@pytest.mark.parametrize("word", VALID_WORDS)
def test_a_word_of_the_language_is_never_replaced(kb_conn, word):
    plan = plan_query(index_for(kb_conn), f"my creature {word}")
    assert plan.did_you_mean is None
    assert any(word in g.terms or any(t.casefold() == word for t in g.terms) for g in plan.groups), plan.groups


def test_a_correction_keeps_the_typed_word_and_is_offered(kb_conn):
    result = search(kb_conn, "elusiv creature", game="keyforge")
    assert result.did_you_mean == "elusive creature"
    plan = plan_query(index_for(kb_conn), "elusiv creature")
    group = next(g for g in plan.groups if "elusiv" in g.terms)
    assert any(t.casefold() == "elusive" for t in group.terms)
    assert result.results[0].title.upper().startswith("ELUSIVE")


def test_no_correction_is_offered_when_it_changes_nothing(kb_conn):
    result = search(kb_conn, "amber", game="keyforge")
    assert result.did_you_mean is None
    assert any((h.title or "").upper().startswith("ÆMBER") for h in result.results[:3])


#: a players' question -> words one of the first five results' title must start with
PROBES = {
    "kill a creature": "DESTROY",
    "can I exile a card": "PURGE",
    "sac a creature": "DESTROY",
    "tap a creature": "READY AND EXHAUSTED",
    "untap step": "STEP 4: READY",
    "dmg": "DAMAGE",
    "foe creatures": "ENEMY",
    "minion": "CREATURE",
    "hp": "POWER",
    "hit points": "POWER",
    "unstun a creature": "STUN",
}


@pytest.mark.parametrize("query,title", sorted(PROBES.items()))
def test_players_words_find_the_rulebooks_terms(kb_conn, query, title):
    result = search(kb_conn, query, game="keyforge")
    titles = [(h.title or "").upper() for h in result.results[:5]]
    assert any(t.startswith(title) for t in titles), titles
    assert result.did_you_mean is None


def test_the_vocabulary_is_data_for_each_game():
    vocab = vocabulary()
    assert "æmber" in vocab["amber"] and "destroy" in vocab["kill"] and "sacrifice" in vocab["sac"]


@pytest.mark.parametrize(
    "query,first,not_first",
    [
        ("taunt flank", "TAUNT", "FLANK"),
        ("captured amber creature returned to hand", "CAPTURE", "RETURN"),
        ("before fight vs exhausting", "BEFORE", "FIGHT"),
    ],
)
def test_a_title_match_weighs_by_how_specific_the_term_is(kb_conn, query, first, not_first):
    """Of the terms a question names, the most specific one's definition comes first: a common
    term's title (FLANK, RETURN, FIGHT) no longer outranks it."""
    titles = [(h.title or "").upper() for h in search(kb_conn, query, game="keyforge").results]
    assert titles[0] == first and not_first in titles[1:], titles[:5]


@pytest.mark.parametrize(
    "query,game,first",
    [
        # KeyForge: a creature enters play exhausted; Magic: the informal "summoning sickness" rule
        ("can i use a creature the turn i play it", "keyforge", "enter play exhausted"),
        ("can i tap a creature for mana the turn it comes in", "mtg", "continuously since"),
    ],
)
def test_the_turn_a_card_comes_in_is_each_games_own_rule(kb_conn, query, game, first):
    result = search(kb_conn, query, game=game, limit=3)
    body = kb_conn.execute("SELECT body FROM entries WHERE id = ?", (result.results[0].entry_id,)).fetchone()[0]
    assert first in body, (result.results[0].key, body)


def test_a_phrase_listed_as_itself_is_searched_as_typed_and_names_its_game(kb_conn):
    # "summoning sickness" is Magic players' (and the CR's informal) term; Keeper of the Cards'
    # rulebook says "summon" often, so without the list the question was read as that game's
    assert vocabulary(("mtg",))["summoning sickness"] == ("summoning sickness",)
    plan = plan_query(index_for(kb_conn), "summoning sickness", ("mtg",))
    assert len(plan.groups) == 2, plan.groups  # two words searched as typed, not one players' group
    result = search(kb_conn, "summoning sickness")
    assert result.game_inferred in (None, "mtg")  # never Keeper of the Cards' (its "summon")
    assert result.results[0].key == "rule/302.6", [h.key for h in result.results[:3]]


def test_at_the_same_time_finds_the_rulebooks_simultaneously(kb_conn):
    keys = [h.key for h in search(kb_conn, "what happens if both players lose at the same time", game="mtg").results]
    assert "rule/104.4a" in keys[:3], keys[:5]  # "... lose simultaneously, the game is a draw"


def test_a_four_word_players_phrase_is_read_whole(kb_conn):
    # a deck's "copies of a card" are its cards of one name: the constructed deck rule says "no more
    # than four of any card with a particular English name", and never "copies"; split into words,
    # the question found only the rules of copy effects
    assert vocabulary(("mtg",))["copies of a card"][1] == "four of any card"
    keys = [h.key for h in search(kb_conn, "how many copies of a card can be in a deck", game="mtg").results]
    assert "rule/100.2a" in keys[:5], keys[:5]


def test_a_flickered_permanent_is_one_that_changed_zones(kb_conn):
    # to flicker (blink) a permanent is to exile it and return it; what becomes of its counters is
    # the rule of an object that moves from one zone to another (122.2, 400.7), which says neither word
    keys = [h.key for h in search(kb_conn, "does flicker remove counters", game="mtg").results]
    assert keys[0] in {"rule/122.2", "rule/400.7"}, keys[:5]
