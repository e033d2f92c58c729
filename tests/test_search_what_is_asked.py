"""What a question asks, beyond the words it shares with the rulebooks: its frame ("how does X work"),
the kind of answer it wants (a time, a count: kb/question_kinds.py), the players' words and phrases
it uses for the rulebook's (kb/players_words.toml), and an example or a glossary pointer standing
between it and the rule that answers it. Searched as a player would, on the session's KB."""

from __future__ import annotations

import pytest

from kb.question_kinds import asked_for, frame_words, states
from kb.search import search


def _keys(conn, query, game=None, limit=5):
    return [h.key for h in search(conn, query, game=game, limit=limit).results]


@pytest.mark.parametrize(
    "question, frame",
    [
        ("how does ward work", ["work"]),
        ("how do deathtouch and trample interact", ["interact"]),
        ("what counts as a permanent", ["counts", "as"]),
        ("does ward work on abilities", []),  # "work" as a word of the question, not its frame
        ("what is work", []),
    ],
)
def test_the_frame_of_a_question_is_not_searched_for(question, frame):
    words = question.split()
    assert [words[i] for i in sorted(frame_words(words))] == frame


def test_a_frame_word_does_not_outweigh_the_term_asked_about(kb_conn):
    # "counts" found the rules that count things; the question asks what a permanent is
    keys = _keys(kb_conn, "what counts as a permanent", game="mtg", limit=1)
    body = kb_conn.execute(
        "SELECT body FROM entries e JOIN documents d ON d.id = e.document WHERE e.key = ? AND d.game = 'mtg' "
        "ORDER BY d.id DESC LIMIT 1",
        keys,
    ).fetchone()[0]
    assert body.startswith("A permanent is"), (keys, body)


@pytest.mark.parametrize(
    "question, text, holds",
    [
        ("when do my creatures ready", "During the “ready cards” step, ready each of your cards.", True),
        ("when do my creatures ready", "A creature that is ready can be used.", False),
        ("how many cards do i draw", "draw until you have six cards in hand", True),
        ("how many cards do i draw", "See “Draw Cards” step 5.", False),  # a step's number is no count
        ("how many cards in a deck", "Color identity (see rule 604.3) and mana symbols.", False),  # nor a rule's
        ("how many cards in a deck", "1. A casual variant.\n2. A designation of one card.", False),  # nor a list's
        ("how many cards in a deck", "Each deck must contain exactly 100 cards.", True),
        ("how many cards in a deck", "at most 4 copies (see rules 100.2a and 100.4)", True),
        ("what is a token", "anything at all", False),
        ("when a creature dies does it trigger", "during the cleanup step", False),  # a condition
        ("what happens to a creature with 0 toughness", "it's put into its owner's graveyard", True),
        ("what happens if both players lose", "the game is a draw", True),
        ("what happens to a creature with 0 toughness", "A creature's toughness is its second number.", False),
    ],
)
def test_what_a_question_asks_for_and_the_text_that_states_it(question, text, holds):
    assert states(asked_for(question.split()), text) is holds


def test_a_when_question_finds_the_rule_that_says_when(kb_conn):
    # the glossary defines state-based actions; rule 704.3 says when they are checked
    assert _keys(kb_conn, "when are state based actions checked", game="mtg", limit=1) == ["rule/704.3"]


def test_an_example_ranks_below_the_rule_it_illustrates(kb_conn):
    for query in ("do i draw up to 6 cards", "draw up to six cards"):
        first = search(kb_conn, query, game="keyforge", limit=1).results[0]
        assert first.kind != "example" and "draw-cards" in first.key, (query, first.key)


def test_a_players_phrase_counts_where_the_rulebook_says_it_as_a_phrase(kb_conn):
    # "same turn" is "enter play exhausted" in KeyForge: USING ARTIFACTS holds "enter play" and
    # "exhaust" apart, ARTIFACTS says that artifacts enter play exhausted
    assert _keys(kb_conn, "can i use an artifact the same turn i play it", game="keyforge", limit=1) == [
        "rule/artifacts"
    ]


@pytest.mark.parametrize(
    "query, game, answers",
    [
        ("who owns a card my opponent controls", "keeper-of-the-cards", {"glossary/owner"}),
        ("what happens when my deck runs out of cards", "keyforge", {"rule/step-5-draw-cards"}),
        ("what happens if i draw from an empty library", "mtg", {"rule/704.5b", "rule/121.4"}),
        ("can i get decked", "mtg", {"rule/704.5b", "rule/121.4"}),
    ],
)
def test_players_words_for_running_out_of_cards_and_owning(kb_conn, query, game, answers):
    assert answers & set(_keys(kb_conn, query, game=game, limit=3)), (query, _keys(kb_conn, query, game=game))


def test_a_players_word_that_is_another_games_rulebook_word_still_finds_it(kb_conn):
    # KeyForge players say "sacrifice" for "destroy"; Magic's rules say "sacrifice": with no game
    # chosen, Magic's rules of sacrifice are found, not only KeyForge's DESTROYED
    result = search(kb_conn, "sacrifice a creature", limit=10)
    bodies = [
        kb_conn.execute("SELECT body FROM entries WHERE id = ?", (h.entry_id,)).fetchone()[0].lower()
        for h in result.results
        if h.game == "mtg"
    ]
    assert any("sacrifice" in b for b in bodies[:3]), bodies[:3]


def test_a_players_phrase_of_one_game_says_which_game_is_asked_about(kb_conn):
    # "wear off" is Magic players' phrase; KeyForge's rulebook says "off" but never "wear", so the
    # phrase weighs for Magic against "damage", commoner in KeyForge's rulebook (it was read as
    # KeyForge's question, and KeyForge's DAMAGE ranked above Magic's rules)
    assert search(kb_conn, "when does damage wear off").game_inferred != "keyforge"


def test_a_subrule_that_says_more_of_the_question_stands_for_its_rule(kb_conn):
    # the glossary's "Trigger" points to rule 603; of 603's subrules 603.3 holds "trigger" and
    # "abilities", and of 603.3's, 603.3b also says who chooses the order: that one answers
    first = _keys(kb_conn, "who chooses the order of triggered abilities", game="mtg", limit=1)
    body = kb_conn.execute(
        "SELECT body FROM entries e JOIN documents d ON d.id = e.document WHERE e.key = ? AND d.game = 'mtg' "
        "ORDER BY d.id DESC LIMIT 1",
        first,
    ).fetchone()[0]
    assert "order" in body and "choose" in body, (first, body)


def test_a_rule_of_a_section_about_the_question_ranks_above_one_that_only_mentions_it(kb_conn):
    # "when": rule 502.3 of the Untap Step says when permanents untap; 110.5 defines the statuses
    keys = _keys(kb_conn, "when do my permanents untap", game="mtg", limit=3)
    assert keys[0] == "rule/502.3", keys


@pytest.mark.parametrize(
    "query, game, answers",
    [
        ("who goes first", "mtg", {"rule/103.1", "glossary/starting-player"}),
        ("who goes first", "keyforge", {"rule/game-setup"}),
        ("can i swing at a planeswalker", "mtg", {"rule/306.6", "rule/506.3", "rule/508.1b"}),
        ("spell fizzles when target is gone", "mtg", {"rule/608.2b"}),  # the rules: "doesn't resolve"
        ("what is a tutor", "mtg", {"rule/701.23a", "glossary/search"}),  # "search [your library]"
    ],
)
def test_players_words_for_going_first_and_attacking(kb_conn, query, game, answers):
    assert answers & set(_keys(kb_conn, query, game=game, limit=5)), (query, _keys(kb_conn, query, game=game))


def test_an_outcome_that_follows_its_condition_states_what_happens_most():
    from kb.question_kinds import STATES_FACTOR, states_factor

    asks = asked_for("what happens to a creature with 0 toughness".split())
    condition_first = "If a creature has toughness 0 or less, it's put into its owner's graveyard."
    outcome_later = "A creature with toughness 0 or less is put into its owner's graveyard."
    assert states_factor(asks, condition_first) > states_factor(asks, outcome_later) == STATES_FACTOR
    assert states_factor(asks, "If a creature has no toughness, its toughness is 0.") == 1.0
    # a time or a count is stated where it stands; only an outcome comes of a condition
    when = asked_for("when does damage wear off".split())
    assert states_factor(when, "If it is the cleanup step, damage is removed.") == STATES_FACTOR


def test_a_rule_lends_its_place_to_the_subrule_stating_what_is_asked(kb_conn):
    # the glossary's "Token" points to rule 111; of its subrules holding "token", "leaves" and
    # "battlefield", 111.7 states what happens ("ceases to exist"), 111.1 that effects create tokens
    keys = [
        h.key for h in search(kb_conn, "what happens to a token when it leaves the battlefield", game="mtg").results
    ]
    answers = [k for k in keys[:3] if k in ("rule/111.7", "rule/111.8", "rule/704.5d")]
    assert answers and "rule/111.1" not in keys[: keys.index(answers[0])], keys[:5]


def test_a_rule_that_only_introduces_its_subrules_leads_to_the_one_that_answers(kb_conn):
    # the glossary's "Poisoned" points to rule 122 (counters); 122.1 introduces counters, 122.1f says
    # how many poison counters lose the game
    keys = [h.key for h in search(kb_conn, "how many poison counters to lose", game="mtg", limit=3).results]
    assert keys[0] in ("rule/122.1f", "rule/704.5c"), keys


def test_a_power_toughness_modifier_is_one_word_with_its_signs():
    from kb.query import tokenize

    words = [t.word for t in tokenize("+1/+1 and \u22121/\u22121 counters, +X/+0 until 1/2")]
    assert words == ["+1/+1", "and", "-1/-1", "counters", "+x/+0", "until", "1", "2"]


def test_both_kinds_of_counter_find_the_rule_that_names_both(kb_conn):
    # split at its signs, "+1/+1" and "-1/-1" were both the number 1: every rule about +1/+1
    # counters held the question's words as well as 122.3, which removes one of each
    for query in ("+1/+1 and -1/-1 counters on the same creature", "what happens to -1/-1 and +1/+1 counters"):
        assert _keys(kb_conn, query, game="mtg", limit=1)[0] in {"rule/122.3", "rule/704.5q"}, (
            query,
            _keys(kb_conn, query, game="mtg"),
        )


@pytest.mark.parametrize(
    "query, answer, within",
    [
        ("what happens to a creature that is not blocked", "rule/509.1h", 1),  # "an unblocked creature"
        ("can a tapped creature block", "rule/509.1a", 10),  # "the chosen creatures must be untapped"
    ],
)
def test_a_state_finds_the_rule_written_with_its_negation(kb_conn, query, answer, within):
    assert answer in _keys(kb_conn, query, game="mtg", limit=within), (query, _keys(kb_conn, query, game="mtg"))


@pytest.mark.parametrize(
    "query, answers",
    [
        ("when does first strike damage happen", {"rule/702.7b", "rule/510.4"}),
        ("when does double strike deal damage", {"rule/702.4b", "rule/510.4"}),
    ],
)
def test_when_a_keyword_acts_is_answered_by_the_rule_that_says_when(kb_conn, query, answers):
    # the glossary points to the keyword's rule; of its subrules, "X is a static ability that modifies
    # the rules for the combat damage step" names a step as well as the one that says when it deals
    # damage, but only classifies the keyword
    first = _keys(kb_conn, query, game="mtg", limit=1)[0]
    assert first in answers, (query, _keys(kb_conn, query, game="mtg"))
