"""The entry that states a rule ranks above the entries that only lead to it (kb/search_answers.py),
numbers are alike in digits and in words, and a kind of entry is found by its name."""

from __future__ import annotations

import re

import pytest

from kb.search import search


def _rows(conn, result):
    return [
        conn.execute("SELECT key, kind, body, parent FROM entries WHERE id = ?", (h.entry_id,)).fetchone()
        for h in result.results
    ]


@pytest.mark.parametrize("query", ["deathtouch", "trample", "lifelink", "hexproof", "first strike"])
def test_an_empty_heading_never_ranks_above_a_subrule_that_states_it(kb_conn, query):
    rows = _rows(kb_conn, search(kb_conn, query, game="mtg", limit=10))
    first_stated = next(i for i, (_, kind, body, _p) in enumerate(rows) if kind == "rule" and body.strip())
    headings = [i for i, (_, kind, body, _p) in enumerate(rows) if kind == "rule" and not body.strip()]
    assert all(i > first_stated for i in headings), [r[0] for r in rows]
    # and the first result says something: it is not "X is a static ability." alone
    assert len(rows[0][2].split()) > 6, rows[0]


def test_a_glossary_entry_that_points_to_a_rule_ranks_below_that_rule(kb_conn):
    rows = _rows(kb_conn, search(kb_conn, "summoning sickness", game="mtg", limit=5))
    glossary = next(r for r in rows if r[1] == "glossary" and "summoning sickness" in r[0].replace("-", " "))
    pointed = re.search(r"[Ss]ee rule (\d{3}\.\d+)", glossary[2]).group(1)
    assert rows[0][0] == f"rule/{pointed}"


def test_a_cross_reference_alone_ranks_below_the_term_asked_about(kb_conn):
    rows = _rows(kb_conn, search(kb_conn, "can elusive creatures be attacked", game="keyforge", limit=5))
    assert rows[0][0] == "glossary/elusive", [r[0] for r in rows]


def test_a_ruling_about_named_cards_ranks_below_the_rule_when_no_card_is_asked_about(kb_conn):
    rows = _rows(kb_conn, search(kb_conn, "can elusive creatures be attacked", game="keyforge", limit=5))
    assert rows[0][1] != "faq"
    # a question naming the card finds its ruling first
    named = _rows(kb_conn, search(kb_conn, "gabos longarms elusive", game="keyforge", limit=3))
    assert named[0][1] == "faq" and "gabos" in named[0][0]


def test_numbers_in_digits_and_in_words_search_alike(kb_conn):
    digits = [h.key for h in search(kb_conn, "draw up to 6 cards", game="keyforge", limit=5).results]
    words = [h.key for h in search(kb_conn, "draw up to six cards", game="keyforge", limit=5).results]
    assert set(digits) == set(words)  # the same entries (bm25 weighs the two spellings apart)
    assert any("draw-cards" in k for k in digits[:3])


def test_a_kind_of_entry_is_found_by_its_name(kb_conn):
    for query, kind in (("redacted cards", "redacted"), ("which costs were revised", "cost")):
        rows = _rows(kb_conn, search(kb_conn, query, game="keeper-of-the-cards", limit=5))
        assert [r[1] for r in rows[:3]] == [kind] * 3, (query, [r[0] for r in rows])


def test_the_definition_of_another_variant_of_the_term_ranks_below_the_term(kb_conn):
    # "Hexproof from [quality]" is a variant of the hexproof ability: it does not say what hexproof
    # means; a variant named by the question's own words ("hexproof from", any quality) is not demoted
    first = search(kb_conn, "what does hexproof mean", game="mtg", limit=1).results[0]
    body = kb_conn.execute("SELECT body FROM entries WHERE id = ?", (first.entry_id,)).fetchone()[0]
    assert "is a variant of" not in body, (first.key, body)
    keys = [h.key for h in search(kb_conn, "hexproof from a quality", game="mtg", limit=3).results]
    assert "rule/702.11d" in keys, keys


def test_the_rule_trees_kept_for_the_search_are_few(kb_conn):
    # a search of every version reaches many documents; only the last few documents' trees are kept
    from kb.fuzzy import index_for
    from kb.rule_tree import KEPT

    for query in ("trample", "deathtouch", "first strike", "elusive"):
        search(kb_conn, query, all_versions=True, limit=40)
    kept = getattr(index_for(kb_conn), "_rule_trees", {})
    assert 0 < len(kept) <= KEPT, len(kept)


def test_a_rule_of_a_chapter_of_variants_ranks_below_the_rules_of_the_game(kb_conn):
    # "807.5b" (Grand Melee's several stacks) holds every word of "what is the stack"; the rules of
    # the game say what the stack is, and a variant's rules apply only when it is played
    def chapter(key):
        return key.split("/")[1][0]

    keys = [h.key for h in search(kb_conn, "what is the stack", game="mtg", limit=5).results]
    assert keys[0].startswith(("rule/405", "glossary/stack")), keys
    assert all(chapter(k) not in "89" for k in keys[:2] if k.startswith("rule/")), keys
    # a question that names the variant finds its rules
    named = [h.key for h in search(kb_conn, "grand melee stack", game="mtg", limit=3).results]
    assert any(k.startswith("rule/807") for k in named), named


def test_a_glossary_entry_that_sends_the_reader_to_another_entry_ranks_below_it(kb_conn):
    # 'Enter: In rules text, to enter the battlefield. See "Enters the Battlefield."': that entry
    # ranks above it, and the rule that entry points to ("See rules 403.3, 603.6a ...") above both
    rows = _rows(kb_conn, search(kb_conn, "how do enters the battlefield triggers work", game="mtg", limit=5))
    keys = [r[0] for r in rows]
    sender = next(r for r in rows if r[1] == "glossary" and 'See "' in r[2] and "See rule" not in r[2])
    name = re.search(r'See "([^"]+?)\.?"', sender[2]).group(1)
    (target, target_body) = kb_conn.execute(
        "SELECT e.key, e.body FROM entries e WHERE e.document = (SELECT document FROM entries WHERE key = ? "
        "AND id IN (SELECT id FROM entries WHERE body = ?)) AND lower(e.title) = lower(?)",
        (sender[0], sender[2], name),
    ).fetchone()
    assert keys.index(target) < keys.index(sender[0]), keys
    pointed = re.search(r"[Ss]ee rules? ([\d.a-z, and]+)", target_body).group(1)
    assert keys[0].removeprefix("rule/") in pointed, (keys, pointed)


def test_a_page_reference_lends_its_place_to_the_entry_it_names(kb_conn):
    # KeyForge's glossary: 'ATTACK, ATTACKER, ATTACKING: See "Fight" on page 10.'
    rows = _rows(kb_conn, search(kb_conn, "attackers", game="keyforge", limit=5))
    sender = next(r for r in rows if r[1] == "glossary" and r[2].lower().startswith("see"))
    name = re.search(r'[Ss]ee [“"]([^”"]+)[”"]', sender[2]).group(1)
    (title,) = kb_conn.execute(
        "SELECT title FROM entries WHERE id = ?", (search(kb_conn, "attackers", game="keyforge").results[0].entry_id,)
    ).fetchone()
    assert title.lower() == name.lower(), (title, name, [r[0] for r in rows])


@pytest.mark.parametrize(
    "query, game, term",
    [
        ("what happens to a creature with 0 toughness", "mtg", "toughness"),
        ("what happens when a planeswalker has no loyalty left", "mtg", "loyalty"),
        ("how many cards do i draw at the end of my turn", "keyforge", "end of turn"),
    ],
)
def test_a_definition_that_does_not_state_what_is_asked_ranks_below_one_that_does(kb_conn, query, game, term):
    # the glossary's "Toughness" defines the term the question names; "what happens ..." asks for an
    # outcome ("it's put into its owner's graveyard") and "how many ..." for a count, which it does
    # not state: the definition keeps its place for the term, not for this question
    from kb.question_kinds import asked_for, states
    from kb.query import tokenize

    asks = asked_for([t.word for t in tokenize(query)])
    rows = _rows(kb_conn, search(kb_conn, query, game=game, limit=5))
    assert states(asks, rows[0][2]), [r[0] for r in rows]
    definition = next((r for r in rows if r[1] == "glossary" and r[0] == f"glossary/{term.replace(' ', '-')}"), None)
    assert definition is None or not states(asks, definition[2])


@pytest.mark.parametrize(
    "query",
    [
        "what happens to a token that leaves the battlefield",
        "what happens to a token when it leaves the battlefield",
        "what happens to my token when it leaves the battlefield",
    ],
)
def test_what_happens_to_x_is_about_x_not_the_other_terms_it_names(kb_conn, query):
    # the glossary's "Leaves the Battlefield" names more of the question's words, and its title's
    # boost put the rule it points to (when leaves-the-battlefield abilities trigger) first; the
    # question asks what becomes of a token: 111.7, "ceases to exist"
    first = search(kb_conn, query, game="mtg", limit=1).results[0].key
    assert first in {"rule/111.7", "rule/111.8", "rule/704.5d"}, (query, first)


def test_a_subject_in_players_words_is_the_rulebooks_term(kb_conn):
    # "amber" is the players' spelling of ÆMBER: the subject of the question is the rulebook's term,
    # so the titles of destruction ("Destroyed") lose their boost, and an entry that says what
    # becomes of the æmber a creature holds comes into the first five
    keys = [
        h.key for h in search(kb_conn, "what happens to the amber on a creature when it dies", game="keyforge").results
    ]
    assert {"glossary/capture", "glossary/leaves-play", "rule/damage-and-armor", "glossary/exalt"} & set(keys[:5]), keys


@pytest.mark.parametrize(
    "query, subject",
    [
        ("what happens to an aura when the creature it's on dies", "aura"),
        ("what happens to a token when it dies", "token"),
    ],
)
def test_the_first_result_of_what_happens_to_x_is_about_x(kb_conn, query, subject):
    # the circumstance ("dies") has its own definition and rule (700.4), which hold none of X: the
    # words that name X weigh more than the others, so the first result is a rule about X
    rows = _rows(kb_conn, search(kb_conn, query, game="mtg", limit=3))
    assert subject in rows[0][2].lower(), (query, [r[0] for r in rows])


def test_a_rule_that_sends_the_reader_to_another_rule_ranks_below_it(kb_conn):
    # 702.124d (partner commanders) repeats "commander" five times and says "see rule 903.10a" for
    # the rule a judge asking about commander damage wants; that rule holds every word of the
    # question too, so it takes the place just above the rule that points to it
    keys = [h.key for h in search(kb_conn, "commander damage 21", game="mtg", limit=10).results]
    assert keys.index("rule/903.10a") < keys.index("rule/702.124d"), keys
    assert keys[0] in {"rule/903.10a", "rule/704.6c", "rule/104.3j"}, keys


def test_uses_the_stack_is_the_rules_phrase_not_activating(kb_conn):
    # Magic players "use" an ability for the rules' "activate"; "use the stack" is the rules' own
    # phrase ("Playing a land is a special action; it doesn't use the stack")
    keys = [h.key for h in search(kb_conn, "does playing a land use the stack", game="mtg", limit=5).results]
    assert "rule/305.1" in keys and "glossary/activate" not in keys, keys
