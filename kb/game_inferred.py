"""The game a question is about, read from its words when no game is chosen or named.

Why: with "All games", the Magic Comprehensive Rules (some 4,000 entries a version) outnumber
KeyForge's few hundred and Keeper of the Cards' few dozen, so "can i use a creature the turn i play
it" found Magic's rules beside KeyForge's, and the side panel defined Magic's "Creature" for a
KeyForge question. Each game's rulebook has its own words (KeyForge "use", "reap", "æmber"; Magic
"cast", "battlefield", "mana"), so the question's words weigh for a game by how common each is in
that game's newest rulebook: a naive Bayes over the newest document of each game. Each word says
which game it comes from by its counts in the games against the games' sizes (its share in a game
over that game's share of all words), smoothed toward those sizes by :data:`PRIOR_COUNT`
occurrences (Dirichlet): a word seen once in the small KeyForge rulebook and never in the Magic
CR ("kill", in one FAQ) said KeyForge more loudly than "deathtouch" and "indestructible" (12 and 7
times in the CR only) said Magic, because with the earlier smoothing of a game's share of words
a word unseen in the CR's 110,000 words was all but impossible there; a count of one is weak
evidence, a count of twelve strong. A word's share is of the game's words, not of its entries:
Magic's subrules are short, so any word is in a smaller share of them than of KeyForge's long
glossary entries, which made every question look less like Magic. The players' words of a game
(:mod:`kb.players_words`: "sac", "blink") and the cards it names count for their game too.

A game is inferred only when it is clearly ahead (:data:`MARGIN`, in natural log units: e^2, about
7 times likelier than the next game); the search then ranks the other games' entries lower, never
drops them (a question that is not the inferred game's still finds its answer further down), and
says so in its result (``game_inferred``).
"""

from __future__ import annotations

import math
from collections import Counter

from .players_words import players_spans
from .query import STOPWORDS, Plan, stem, tokenize
from .question_kinds import frame_words

#: how far ahead the likeliest game must be (log-likelihood) to be inferred
MARGIN = 2.0
#: Dirichlet smoothing of which game a word comes from: how many occurrences' worth of the games'
#: shares of all words a word's own counts start from (a word seen once says little)
PRIOR_COUNT = 2.0
#: score factor for the other games' entries when a game is inferred
OTHER_GAME_FACTOR = 0.25


def _game_stats(index) -> dict[str, tuple[Counter, int]]:
    """{game: (stem id -> in how many of the newest document's entries, the sum of those counts)},
    worked
    out once per index (kept on it: an index is built per KB state and then only read)."""
    cached = getattr(index, "_game_word_stats", None)
    if cached is None:
        cached = _count(index)
        index._game_word_stats = cached
    return cached


def _count(index) -> dict[str, tuple[Counter, int]]:
    corpus = index.corpus
    newest = {}
    for d in corpus.docs:  # games in order, versions oldest first: the last one stands
        newest[d.game] = d
    kinds_of = {
        game: {corpus.entry_kind[e] for e in range(d.lo, d.hi + 1) if corpus.has(e)} for game, d in newest.items()
    }
    # a kind of entry only one game has ("redacted", Keeper of the Cards' banned texts) is a word of
    # each such entry: the texts of redacted cards do not say "redacted", a player asking for them does
    own_kind = {}
    for game, kinds in kinds_of.items():
        for k in kinds - set().union(*(v for g, v in kinds_of.items() if g != game)):
            own_kind[k] = corpus.stem_ids.get(stem(corpus.kinds[k]), -1)
    out = {}
    for game, d in newest.items():
        df: Counter = Counter()
        n = 0
        for e in range(d.lo, d.hi + 1):
            if corpus.has(e):
                stems = corpus.text_stems[corpus.entry_text[e]]
                n += len(stems)
                df.update(stems)
                kind_stem = own_kind.get(corpus.entry_kind[e], -1)
                if kind_stem >= 0 and kind_stem not in stems:
                    df[kind_stem] += 1
                    n += 1
        out[game] = (df, n)
    return out


def infer_game(index, plan: Plan, text: str, games: tuple[str, ...]) -> str | None:
    """The game of ``games`` the question's words are clearly about, else None."""
    if plan is None or len(games) < 2:
        return None
    stats = _game_stats(index)
    stem_ids = index.corpus.stem_ids
    score = {g: 0.0 for g in games if g in stats}
    total = sum(stats[g][1] for g in score) or 1
    typed = [t.word for t in tokenize(text)]
    framed = frame_words(typed)
    content = [w for i, w in enumerate(typed) if w not in STOPWORDS and i not in framed]
    words = []
    for sid in (stem_ids.get(stem(w), -1) for w in content):
        seen = sum(stats[g][0].get(sid, 0) for g in score)
        if seen == 0:  # a word no game's rulebook holds says nothing of the game
            continue
        words.append(sid)
        for g in score:  # the word's share in this game against the game's share of all words
            share = stats[g][1] / total
            said = (stats[g][0].get(sid, 0) + PRIOR_COUNT * share) / (seen + PRIOR_COUNT)
            score[g] += math.log(said / share)
    # a game's own players' words ("sac", "blink") that no other game's rulebook uses, and that the
    # players of no other game say ("kill" is KeyForge's and Magic's players' word alike)
    spans = {g: {(start, end) for start, end, _ in players_spans(typed, (g,))} for g in score}
    for g in score:
        for start, end in spans[g]:
            said = [stem_ids.get(stem(w), -1) for w in typed[start:end] if w not in STOPWORDS]
            if any((start, end) in spans[o] for o in score if o != g):
                continue
            if not any(all(stats[o][0].get(sid, 0) for sid in said) for o in score if o != g):
                score[g] += MARGIN
    if plan.mentions and len(index.card_games) == 1:  # a card named is of the one game with cards
        for g in index.card_games & score.keys():
            score[g] += MARGIN
    if len(score) < 2 or not words:
        return None
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    (first, best), (_, second) = ranked[0], ranked[1]
    return first if best - second >= MARGIN else None
