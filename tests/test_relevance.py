"""Relevance as players ask: for each question of tests/player_questions.toml (slang, misspellings,
British spellings, whole questions, card names), an entry that answers it is among the first five
results of the default search (the latest version; the game picked first where the question says).
bench/relevance.py prints Recall@1, Recall@5 and MRR over these and the judge and CR questions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from kb.search import search

QUESTIONS = tomllib.loads((Path(__file__).with_name("player_questions.toml")).read_text(encoding="utf-8"))["question"]


@pytest.mark.parametrize("item", QUESTIONS, ids=[q["query"] for q in QUESTIONS])
def test_an_answer_is_among_the_first_five(kb_conn, item):
    result = search(kb_conn, item["query"], game=item.get("game"), limit=5)
    keys = [
        kb_conn.execute("SELECT key FROM entries WHERE id = ?", (h.entry_id,)).fetchone()[0] for h in result.results
    ]
    assert set(keys) & set(item["accept"]), keys
