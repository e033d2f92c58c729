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
    format         TEXT NOT NULL,          -- markdown | html | pdf | text
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
    UNIQUE (document, key)
);
CREATE INDEX entries_kind ON entries(document, kind);
CREATE INDEX entries_key ON entries(key);
CREATE INDEX entries_parent ON entries(parent);
CREATE INDEX entries_review ON entries(needs_review) WHERE needs_review = 1;

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

-- Full-text indexes (bm25 ranking), kept in step with their tables by the build.
CREATE VIRTUAL TABLE entries_fts USING fts5(
    title, question, body, content='entries', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE cards_fts USING fts5(
    name, text, content='cards', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
