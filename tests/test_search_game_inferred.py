"""A question asked with no game chosen is read for the game its words belong to (kb/game_inferred.py):
that game's entries rank first, the other games' stay in the results below, and the page says so."""

from __future__ import annotations

from kb.search import search

from conftest import page


def _games(conn, result) -> list[str]:
    return [h.game for h in result.results]


def test_a_keyforge_question_ranks_keyforge_first_and_keeps_the_rest(kb_conn):
    result = search(kb_conn, "can elusive creatures be attacked", limit=50)
    assert result.game_inferred == "keyforge"
    games = _games(kb_conn, result)
    assert games[:5] == ["keyforge"] * 5
    # nothing is dropped: the same question over Magic alone still finds Magic's entries
    assert search(kb_conn, "can elusive creatures be attacked", game="mtg").results


def test_a_magic_only_word_is_read_as_magic_and_shared_words_are_not_guessed(kb_conn):
    assert search(kb_conn, "what does hexproof mean").game_inferred in ("mtg", None)
    assert search(kb_conn, "two legendary permanents with the same name").game_inferred == "mtg"
    # words every game's rulebook uses say nothing of the game
    assert search(kb_conn, "how do i lose the game").game_inferred is None


def test_a_word_seen_once_in_a_small_rulebook_does_not_outweigh_words_of_another_game(kb_conn):
    # KeyForge's rulebook says "kill" once (an FAQ), the CR never; deathtouch is Magic's alone, many
    # times over: the question is Magic's, not KeyForge's
    assert search(kb_conn, "kill a creature with deathtouch").game_inferred != "keyforge"


def test_the_side_panel_defines_only_the_inferred_games_terms(kb_conn):
    result = search(kb_conn, "can i use a creature the turn i play it")
    assert result.game_inferred == "keyforge"
    assert all(t.game == "keyforge" for t in result.terms)


def test_a_chosen_or_named_game_is_not_second_guessed(kb_conn):
    assert search(kb_conn, "can elusive creatures be attacked", game="mtg").game_inferred is None
    named = search(kb_conn, "deathtouch in magic")
    assert named.game_query == "mtg" and named.game_inferred is None


def test_the_results_page_says_which_game_ranks_first(client):
    html = page(client, "/?q=can+elusive+creatures+be+attacked")
    assert "KeyForge first (your question's words are KeyForge's)" in html


def test_a_kind_of_entry_only_one_game_has_names_that_game(kb_conn):
    # Keeper of the Cards' redacted cards do not say "redacted"; KeyForge's FAQ names a card
    # "[REDACTED]". A player asking for redacted cards asks for Keeper of the Cards' list.
    result = search(kb_conn, "redacted cards")
    assert result.game_inferred == "keeper-of-the-cards"
    kind = kb_conn.execute("SELECT kind FROM entries WHERE id = ?", (result.results[0].entry_id,)).fetchone()[0]
    assert kind == "redacted"
