"""Players' words are each game's own, and a question that names its game searches that game
(issue 29, item 2): KeyForge's "sac"/"died"/"tapped" (destroyed, exhausted) do not rewrite a Magic
question, Magic's slang finds Magic's rules, and "... in magic" or "keeper of the cards ..." is
scoped as if the game filter were set (the page says so)."""

from __future__ import annotations

import re

from conftest import page

from kb.game_named import named_game
from kb.players_words import players_spans
from kb.search import search


def _titles(result) -> list[str]:
    return [(h.title or h.question or "") for h in result.results]


def test_a_game_s_players_words_are_its_own():
    words = ["sac", "a", "tapped", "creature"]
    keyforge = {w for _, _, meant in players_spans(words, ("keyforge",)) for w in meant}
    magic = {w for _, _, meant in players_spans(words, ("mtg",)) for w in meant}
    assert "destroy" in keyforge and "exhausted" in keyforge
    assert "destroy" not in magic and "exhausted" not in magic and "sacrifice" in magic


def test_a_magic_search_finds_magic_s_rules_for_players_words(kb_conn):
    sac = search(kb_conn, "sac a creature", game="mtg", limit=5)
    assert any("Sacrifice" in t for t in _titles(sac)[:3]), _titles(sac)
    ping = search(kb_conn, "ping a creature", game="mtg", limit=10)
    assert ping.total > 0


def test_a_question_that_names_its_game_is_scoped_to_it(kb_conn):
    assert named_game("deathtouch and trample in magic", {"mtg", "keyforge"}) == ("mtg", "deathtouch and trample")
    assert named_game("the magic of elusive", {"mtg", "keyforge"})[0] is None  # "magic" alone is a word
    result = search(kb_conn, "deathtouch and trample in magic", limit=10)
    assert result.game_query == "mtg" and result.results
    assert {h.game for h in result.results} == {"mtg"}
    kotc = search(kb_conn, "keeper of the cards sacrifice", limit=10)
    assert kotc.game_query == "keeper-of-the-cards" and {h.game for h in kotc.results} == {"keeper-of-the-cards"}


def test_the_page_says_which_game_the_question_named(client):
    html = page(client, "/?q=deathtouch+and+trample+in+magic")
    game = re.search(r'<select name="game".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)" selected', game) == ["mtg"]
    assert "named in your question" in html


def test_a_word_weighs_by_how_common_it_is_in_the_game_searched(kb_conn):
    # "use" is a KeyForge rulebook's everyday word (a creature is used to reap, fight or act) and
    # rare in Magic's rules: it says less of a KeyForge entry than of a Magic one
    from kb.fuzzy import index_for
    from kb.query import plan_query

    index = index_for(kb_conn)

    def weight(word, game):
        return next(g.weight for g in plan_query(index, f"{word} creature", (game,)).groups if word in g.terms)

    assert weight("use", "keyforge") < weight("use", "mtg")
    assert weight("reap", "keyforge") < weight("reap", "mtg")  # KeyForge's word, not in Magic's rules
