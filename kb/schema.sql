-- Schema of the rulebase knowledge base (one SQLite file).
-- Every row can be traced to the document version it came from; documents are the unit of
-- replacement, so re-ingesting a version deletes its rows (ON DELETE CASCADE) and adds new ones.
PRAGMA foreign_keys = ON;

-- A game whose rulebooks we hold ("keyforge", "keeper-of-the-cards").
CREATE TABLE games (
    id   TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

-- One row per ingested document version.
CREATE TABLE documents (
    id             INTEGER PRIMARY KEY,
    game           TEXT NOT NULL REFERENCES games(id),
    version        TEXT NOT NULL,          -- as given: "1.1", "1.3", "16.0", "11"
    version_sort   TEXT NOT NULL,          -- numeric sort key: 1.1 < 1.2 < 1.3 < 14 < 16.0
    title          TEXT,
    date           TEXT,                   -- publication date as known: "2019-05", "2022"
    format         TEXT NOT NULL,          -- markdown | html | pdf | docx | text | cr (a CR read from a PDF or DOCX keeps its container)
    file           TEXT,                   -- source path relative to the project, or as given
    sha256         TEXT NOT NULL,          -- of the source bytes
    parser         TEXT NOT NULL,          -- ingester module that read it
    stated_version TEXT,                   -- the version the document states about itself
    warnings       TEXT NOT NULL DEFAULT '[]',  -- JSON list of parser warnings
    UNIQUE (game, version)
);

-- Everything a rulebook says, one row per rule section, glossary term, erratum, FAQ entry,
-- worked example, timing-chart block or piece of fiction (see ingest/model.py for the kinds).
CREATE TABLE entries (
    id            INTEGER PRIMARY KEY,
    document      INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    key           TEXT NOT NULL,           -- stable across versions: "glossary/elusive", "faq/<slug>"
    title         TEXT,
    category      TEXT,                    -- FAQ category or section, when the source has one
    question      TEXT,                    -- FAQ question (body holds the answer)
    body          TEXT NOT NULL,
    ordinal       INTEGER NOT NULL,        -- position in the document
    parent        INTEGER REFERENCES entries(id) ON DELETE CASCADE,
    level         INTEGER,                 -- heading depth in the source, when it has one
    confidence    REAL NOT NULL DEFAULT 1.0,  -- < 1 when the structure was recovered, not read
    needs_review  INTEGER NOT NULL DEFAULT 0, -- kept but could not be placed with confidence
    review_reason TEXT,
    data          TEXT NOT NULL DEFAULT '{}', -- JSON, kind-specific (see ingest/model.py)
    conflict      INTEGER NOT NULL DEFAULT 0, -- 1: a scenario declares that this answer contradicts
                                              -- the rules or errata in force in its own document
    conflict_reason TEXT,                  -- why, as the scenario states it (NULL when no conflict)
    UNIQUE (document, key)
);
CREATE INDEX entries_kind ON entries(document, kind);
CREATE INDEX entries_key ON entries(key);
CREATE INDEX entries_parent ON entries(parent);
CREATE INDEX entries_review ON entries(needs_review) WHERE needs_review = 1;
-- IF NOT EXISTS: a KB updated in place (rulebase/build.py) gains it too. Counting the answers in conflict
-- must not read every entry of 109 rulebook versions.
CREATE INDEX IF NOT EXISTS entries_conflict ON entries(conflict) WHERE conflict = 1;

-- Printed cards from data/cards (KeyForge only).
CREATE TABLE cards (
    id              INTEGER PRIMARY KEY,
    set_code        TEXT NOT NULL,         -- "CotA", "AoA", ...
    set_name        TEXT,
    number          TEXT NOT NULL,         -- collector number as printed: "001", "267"
    name            TEXT NOT NULL,
    house           TEXT,
    type            TEXT,
    power           INTEGER,
    armor           INTEGER,
    amber           INTEGER,
    text            TEXT,
    traits          TEXT NOT NULL DEFAULT '[]',  -- JSON list
    keywords        TEXT NOT NULL DEFAULT '[]',  -- JSON list
    rarity          TEXT,
    localized_names TEXT NOT NULL DEFAULT '{}',  -- JSON {"de": "Zorn", ...}
    UNIQUE (set_code, number)
);
CREATE INDEX cards_name ON cards(name COLLATE NOCASE);
-- A name printed in quotes (“John Smyth”) looked up without them (engine/setup.py): an index on the
-- same expression, not a scan of every card.
CREATE INDEX IF NOT EXISTS cards_unquoted_name ON cards(replace(replace(name, '“', ''), '”', '') COLLATE NOCASE);
CREATE INDEX cards_number ON cards(number);

-- Card errata: the corrected text a document version puts in force for a card.
CREATE TABLE card_errata (
    id       INTEGER PRIMARY KEY,
    card     INTEGER NOT NULL REFERENCES cards(id),
    document INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    entry    INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    text     TEXT NOT NULL,
    UNIQUE (card, document)
);
CREATE INDEX card_errata_document ON card_errata(document);

-- Which cards an entry names, how the mention was resolved, and how sure the match is.
CREATE TABLE entry_cards (
    entry   INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    card    INTEGER NOT NULL REFERENCES cards(id),
    mention TEXT NOT NULL,                 -- the text as written: "Bait and Switch (CoTA 267)"
    method  TEXT NOT NULL,                 -- set+number | number+name | name
    score   REAL NOT NULL,                 -- 0..100, rapidfuzz similarity of the name
    PRIMARY KEY (entry, card)
);
CREATE INDEX entry_cards_card ON entry_cards(card);

-- Replayable rulings (rulings/<game>/*.yaml), loaded by the build and reloaded by every ingest,
-- so that each holds the scenarios of the rulings folder and their results under every version.
-- Only games with documents in the KB get their scenarios.
CREATE TABLE scenarios (
    id    TEXT PRIMARY KEY,                -- the scenario's id: "bait-and-switch-14-amber"
    game  TEXT NOT NULL REFERENCES games(id),
    title TEXT,
    note  TEXT,                            -- the scenario's explanation of the ruling
    path  TEXT NOT NULL,                   -- file relative to the project ("rulings/keyforge/x.yaml"), or as found
    yaml  TEXT NOT NULL                    -- the file as loaded, so a result can be traced to its input
);

-- The KB entries (FAQ questions, worked examples) a scenario replays, in every version holding them.
CREATE TABLE scenario_entries (
    scenario TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    entry    INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    version  TEXT NOT NULL,                -- the entry's document version (denormalised for pages)
    PRIMARY KEY (scenario, entry)
);
CREATE INDEX scenario_entries_entry ON scenario_entries(entry);

-- One replay of a scenario under the rule set of one version (every version holding its entries).
-- A failing or erroring replay is recorded, never a reason to fail the build. The expectation a
-- version is checked against is carried by meaning (engine/carry.py): the one stated for a version
-- whose answer states the same ruling; a version whose answer states another ruling with no
-- expectation of its own is 'unverified', never checked against another version's ruling.
CREATE TABLE verifications (
    scenario TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    version  TEXT NOT NULL,                -- the rulebook version whose rules were applied
    passed   INTEGER NOT NULL,             -- 1 when every check held and nothing went wrong
    status   TEXT NOT NULL DEFAULT 'failed',  -- passed | failed | unverified
    expect_version TEXT,                   -- the version whose stated expectation was checked (this
                                           -- one, or one whose answer states the same ruling); NULL
                                           -- when unverified
    reason   TEXT,                         -- unverified: why ("ruling changed in 14, no expectation")
    error    TEXT,                         -- why the replay stopped (engine or scenario error), else NULL
    checks   TEXT NOT NULL DEFAULT '[]',   -- JSON [{"path", "expected", "actual", "ok"}]
    trace    TEXT NOT NULL DEFAULT '[]',   -- JSON list of the engine's log lines
    inputs   TEXT,                         -- fingerprint of the scenario file and the expectation checked
                                           -- (rulebase/rulings.py): a rebuild keeps a replay whose inputs
                                           -- and version are unchanged; no timings, so builds are repeatable
    UNIQUE (scenario, version)
);

-- For a page about one entry: each scenario replaying it and each version it was replayed under
-- ("verified by simulation under 1.1, 1.2, 1.3": WHERE entry = ? AND passed = 1 ORDER BY version_sort).
CREATE VIEW entry_verifications AS
SELECT se.entry, se.scenario, v.version, d.version_sort, v.passed, v.status, v.expect_version, v.reason, v.error,
       v.version = se.version AS own_version   -- 1 when replayed under the entry's own version
FROM scenario_entries se
JOIN scenarios s ON s.id = se.scenario
JOIN verifications v ON v.scenario = se.scenario
JOIN documents d ON d.game = s.game AND d.version = v.version;

-- Full-text indexes (bm25 ranking), kept in step with their tables by the build. content="..." is
-- double-quoted because that is the form Datasette looks for to offer table search on entries and cards.
CREATE VIRTUAL TABLE entries_fts USING fts5(
    title, question, body, content="entries", content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
-- The same index over the newest document of each game only (kb/store.py: index_latest), for the
-- search of the latest versions, which most searches are: FTS5 weighs a term (bm25) by reading its
-- whole posting list, so over entries_fts a search of the newest version would read every
-- version's postings and slow down with each version added. content='entries' is single-quoted on
-- purpose: Datasette's table search on entries keeps using entries_fts, over every version.
CREATE VIRTUAL TABLE IF NOT EXISTS latest_fts USING fts5(
    title, question, body, content='entries', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE cards_fts USING fts5(
    name, text, content="cards", content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);

-- Ruling threads: one rule, term or question followed across a game's versions (kb/align.py).
-- Stable: an ingest places the new version's entries into the existing threads and never changes
-- a thread's id, and a rebuild over an older KB keeps the ids it finds again, so saved URLs keep
-- working. The id is "<game>:<key of the entry that started the thread>".
-- IF NOT EXISTS so that an ingest into a KB built before these tables can add them.
CREATE TABLE IF NOT EXISTS threads (
    id    TEXT PRIMARY KEY,                -- "keyforge:glossary/control"
    game  TEXT NOT NULL REFERENCES games(id),
    kind  TEXT NOT NULL,                   -- kind of the entry that started the thread
    key   TEXT NOT NULL,                   -- key of the entry that started the thread
    title TEXT                             -- title (or question) of the thread's newest entry
);
CREATE INDEX IF NOT EXISTS threads_game ON threads(game);

-- The thread of every entry, and how the entry was paired with the thread's entries in the nearest
-- versions before and after its own when it was placed.
CREATE TABLE IF NOT EXISTS entry_threads (
    entry  INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
    thread TEXT NOT NULL REFERENCES threads(id),
    score  REAL NOT NULL,                  -- 0..100 rapidfuzz similarity of heading and text with the
                                           -- thread's neighbouring entry (or its sibling), 0 for 'first'
    method TEXT NOT NULL                   -- key | similar | first (the entry starts the thread)
);
CREATE INDEX IF NOT EXISTS entry_threads_thread ON entry_threads(thread);

-- Superseded entries (kb/supersede.py): an entry whose thread states something different in meaning
-- (kb/meaning.py) in a later version, recomputed after every build and ingest. One row per superseded
-- entry, for the first later version that changed it; an entry without a row is current.
CREATE TABLE IF NOT EXISTS supersessions (
    entry    INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,  -- the superseded entry
    by_entry INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,     -- the thread's entry in `version` that states it differently
    version  TEXT NOT NULL,                -- the first later version whose entry changes the meaning
    summary  TEXT NOT NULL,                -- shown after "Changed in vX:": now “<by_entry's changed clause>”, adds “…” or no longer says “…”
    change   TEXT,                         -- kb.meaning's kind of change: number | negation | modal | verdict | content | added | removed
    detail   TEXT                          -- kb.meaning's one-line account of that change ("7 -> 2")
);
CREATE INDEX IF NOT EXISTS supersessions_by_entry ON supersessions(by_entry);

-- What the KB was built from (rulebase/build_state.py), so a second `rulebase build` redoes only what
-- changed: fingerprints of the code, the card data, the rulings folder and each document.
CREATE TABLE IF NOT EXISTS build_state (
    name  TEXT PRIMARY KEY,                -- code | cards | rulings | documents | format
    value TEXT NOT NULL                    -- a SHA-256; for documents, JSON {"game version": {"bytes", "meta", "earlier"}}
);

-- The search's in-memory index (kb/fuzzy.py), built by the build and every ingest once the KB is
-- written and stored here (kb/search_store.py), so a server loads it instead of reading every entry
-- of every version. Used only while it matches: same format, same code and the KB content it was
-- built for; otherwise the server builds the index itself. Data only (JSON and integer arrays).
CREATE TABLE IF NOT EXISTS search_index (
    id       INTEGER PRIMARY KEY CHECK (id = 1),  -- a single row
    format   INTEGER NOT NULL,             -- layout of meta and arrays (kb.search_store.FORMAT)
    code     TEXT NOT NULL,                -- SHA-256 of the modules the index is derived from
    content  TEXT NOT NULL,                -- JSON of the KB content it was built for: the documents' checksums,
                                           -- highest entry and card ids, number of card links
    checksum INTEGER NOT NULL,             -- CRC-32 of meta and arrays, checked on load
    meta     BLOB NOT NULL,                -- UTF-8 JSON: vocabulary, card names, documents, threads, array layout
    arrays   BLOB NOT NULL                 -- the flat integer arrays (per entry, per text, per thread), concatenated
);

-- The renames between two versions of a game's rulebook (kb/terminology.py), stored by the build so
-- a new process that replays rulings reads them instead of diffing every pair of texts again
-- (kb/terminology_store.py). Used only while code and texts still match.
CREATE TABLE IF NOT EXISTS terminologies (
    game         TEXT NOT NULL,            -- the game whose versions these are
    from_version TEXT NOT NULL,            -- the older version (the terminology is stored in history's direction)
    to_version   TEXT NOT NULL,            -- the newer version
    code         TEXT NOT NULL,            -- SHA-256 of the code that detects renames and pairs the texts
    content      TEXT NOT NULL,            -- fingerprint of the two versions' entries and threads
    renames      TEXT NOT NULL,            -- JSON [[old, new, count], ...]
    PRIMARY KEY (game, from_version, to_version)
);
