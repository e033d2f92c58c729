"""Finding card mentions in rulebook text (kb.mentions) and linking entries to cards (kb.links).

The texts are copied from the bundled sources: the 1.3 Markdown rulebook (FAQ and errata at the
end) and the 16.0 PDF text (errata and FAQ from line ~2870), with the PDF's line breaks kept.
"""

from __future__ import annotations

import json

import pytest

from conftest import cards_database
from kb.links import CardIndex, link_entries, mention_matches, resolve, resolve_errata_card
from kb.mentions import find_mentions


@pytest.fixture(scope="module")
def db():
    conn, _ = cards_database()
    conn.executemany(
        "INSERT INTO games (id, name) VALUES (?, ?)",
        [("keyforge", "KeyForge"), ("keeper-of-the-cards", "Keeper of the Cards")],
    )
    conn.executemany(
        """INSERT INTO documents (id, game, version, version_sort, format, sha256, parser)
           VALUES (?, ?, ?, ?, ?, 'x', 'test')""",
        [
            (1, "keyforge", "1.3", "0001.0003", "markdown"),
            (2, "keyforge", "16.0", "0016.0000", "text"),
            (3, "keeper-of-the-cards", "11", "0011.0000", "html"),
        ],
    )
    conn.commit()
    yield conn
    conn.close()


@pytest.fixture(scope="module")
def index(db):
    return CardIndex.from_db(db)


_next_id = iter(range(1, 100_000))


def add_entry(conn, body, *, document=1, kind="faq", title=None, question=None, data=None):
    eid = next(_next_id)
    conn.execute(
        """INSERT INTO entries (id, document, kind, key, title, question, body, ordinal, data)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (eid, document, kind, f"{kind}/{eid}", title, question, body, eid, json.dumps(data or {})),
    )
    return eid


def card(conn, card_id):
    return conn.execute("SELECT set_code, number, name FROM cards WHERE id = ?", (card_id,)).fetchone()


def linked(conn, index, entry_id):
    link_entries(conn, index, [entry_id])
    return {
        (s, n): (name, mention, method, score)
        for s, n, name, mention, method, score in conn.execute(
            """SELECT c.set_code, c.number, c.name, ec.mention, ec.method, ec.score
           FROM entry_cards ec JOIN cards c ON c.id = ec.card WHERE ec.entry = ?""",
            (entry_id,),
        )
    }


def link_text(conn, index, body, **kw):
    return linked(conn, index, add_entry(conn, body, **kw))


# --------------------------------------------------------------------------------------------
# find_mentions


@pytest.mark.parametrize(
    "text, name, set_code, number",
    [
        ("play the card Bait and Switch (CoTA 267). How many", "Bait and Switch", "CotA", "267"),
        ("## Library Access (COTA 115)", "Library Access", "CotA", "115"),
        ("I have a Ronnie Wristclocks (AoA 276) next to", "Ronnie Wristclocks", "AoA", "276"),
        ("If I use Saurian Egg (MM 210)’s “Omni:” ability", "Saurian Egg", "MM", "210"),
        ("I have a Combat Pheromones (CoTA 180), “John Smyth” (CoTA 195), and", "John Smyth", "CotA", "195"),
        ("play the card Bait and Switch 267. How many times", "Bait and Switch", None, "267"),
        ("Pain Reaction 78\nShould read:", "Pain Reaction", None, "78"),
        ("Can Rock Hurling Giant’s 44 ability deal damage", "Can Rock Hurling Giant’s", None, "44"),
        ("I have a Jargogle’s 131 with a Wild Wormhole 125 under", "Jargogle’s", None, "131"),
        ("If two Dreckers 006 are neighbors", "Dreckers", None, "006"),
        ("I have the The Pale Star 049, Chonkers 396, and", "The Pale Star", None, "049"),
        ("If I put a 4th Æmber on [REDACTED] 139 through a", "Æmber on [REDACTED]", None, "139"),
        (
            "My opponent has 2 cards in their archives and I play Yzphyz\nKnowdrone 210. Can I",
            "Yzphyz Knowdrone",
            None,
            "210",
        ),
        ("I have a Combat Pheromones 180, “John Smyth” 195,", "John Smyth", None, "195"),
    ],
)
def test_find_mentions_formats(text, name, set_code, number):
    mentions = [m for m in find_mentions(text) if m.number == number]
    assert len(mentions) == 1, find_mentions(text)
    m = mentions[0]
    assert (m.name, m.set_code, m.number) == (name, set_code, number)
    assert text[m.start : m.end] == m.text


def test_find_mentions_several_in_order():
    text = "I have a Combat Pheromones (CoTA 180), “John Smyth” (CoTA 195), and Mindwarper (CoTA 196) in play."
    assert [(m.name, m.number) for m in find_mentions(text)] == [
        ("Combat Pheromones", "180"),
        ("John Smyth", "195"),
        ("Mindwarper", "196"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I have 2 chains and 7 cards in hand when moving to my draw cards step.",
        "My opponent has 14 Æmber in their pool and I have 0 in mine.",
        "My Raiding Knight is then attacked by a 4 power creature.",
    ],
)
def test_find_mentions_ignores_plain_numbers(text):
    assert find_mentions(text) == []


# --------------------------------------------------------------------------------------------
# resolve


@pytest.mark.parametrize(
    "name, set_code, number, expected, method",
    [
        ("Bait and Switch", "CoTA", "267", ("CotA", "267", "Bait and Switch"), "set+number"),
        ("Library Access", "COTA", "115", ("CotA", "115", "Library Access"), "set+number"),
        ("Ronnie Wristclocks", "AoA", "276", ("AoA", "276", "Ronnie Wristclocks"), "set+number"),
        ("John Smyth", "CoTA", "195", ("CotA", "195", "“John Smyth”"), "set+number"),
        ("Saurian Egg", "MM", "210", ("MM", "210", "Saurian Egg"), "set+number"),
        ("Bait and Switch", None, "267", ("CotA", "267", "Bait and Switch"), "number+name"),
        ("Pain Reaction", None, "78", ("AoA", "078", "Pain Reaction"), "number+name"),
        ("Can Rock Hurling Giant’s", None, "44", ("CotA", "044", "Rock-Hurling Giant"), "number+name"),
        ("Jargogle’s", None, "131", ("AoA", "131", "Jargogle"), "number+name"),
        ("Dreckers", None, "006", ("MM", "006", "Drecker"), "number+name"),
        ("The Pale Star", None, "049", ("MM", "049", "The Pale Star"), "number+name"),
        ("Æmber on [REDACTED]", None, "139", ("AoA", "139", "[REDACTED]"), "number+name"),
        ("Ultra Gravitron", None, "125", ("MM", "125", "Ultra Gravitron"), "number+name"),
        # no set, no number: the earliest set
        ("Mimicry", None, None, ("CotA", "328", "Mimicry"), "name"),
        ("Anger", None, None, ("CotA", "001", "Anger"), "name"),
        ("Phase Shift", None, None, ("CotA", "117", "Phase Shift"), "name"),
        # the set+number names another card: fall back on the number and the name
        ("Drummernaut", "CotA", "006", ("AoA", "006", "Drummernaut"), "number+name"),
    ],
)
def test_resolve(db, index, name, set_code, number, expected, method):
    match = resolve(index, name, set_code, number)
    assert match is not None
    assert card(db, match.card_id) == expected
    assert match.method == method
    assert 80 <= match.score <= 100


def test_resolve_localized_and_fuzzy(db, index):
    zorn = resolve(index, "Zorn")
    assert card(db, zorn.card_id) == ("CotA", "001", "Anger") and zorn.method == "name"
    typo = resolve(index, "Biomatx Backup")  # as misspelt in the 1.3 FAQ answer
    assert card(db, typo.card_id)[2] == "Biomatrix Backup" and 90 <= typo.score < 100


@pytest.mark.parametrize("name, number", [("Page", "8"), ("Step", "3"), ("Assault", "2"), ("Since", "1")])
def test_resolve_rejects_rule_words_with_numbers(index, name, number):
    assert resolve(index, name, None, number) is None


def test_resolve_errata_card(db, index):
    m = resolve_errata_card(index, {"card": "Library Access", "set": "COTA", "number": "115"})
    assert card(db, m.card_id) == ("CotA", "115", "Library Access") and m.method == "set+number"
    m = resolve_errata_card(index, {"card": "Pain Reaction", "set": None, "number": "78"})
    assert card(db, m.card_id) == ("AoA", "078", "Pain Reaction") and m.method == "number+name"
    m = resolve_errata_card(index, {"card": "Drummernaut", "set": "AOA", "number": "006"})
    assert card(db, m.card_id) == ("AoA", "006", "Drummernaut")
    m = resolve_errata_card(index, {"card": "Auto-Legionary", "set": None, "number": "214"})
    assert card(db, m.card_id) == ("WC", "214", "Auto-Legionary")
    m = resolve_errata_card(index, {"card": "Bait and Switch", "set": None, "number": None})
    assert card(db, m.card_id) == ("CotA", "267", "Bait and Switch") and m.method == "name"
    assert resolve_errata_card(index, {"card": None}) is None


# --------------------------------------------------------------------------------------------
# link_entries on real texts


def test_link_13_faq_bait_and_switch(db, index):
    links = link_text(
        db,
        index,
        ("In this situation, Bait and Switch’s effect will be triggered 2 times."),
        question=(
            "My opponent has 14 Æmber in their pool and I have 0 in mine. At the start of my "
            "turn I select Shadows as the active house and play the card Bait and Switch "
            "(CoTA 267). How many times does Bait and Switch trigger?"
        ),
    )
    assert set(links) == {("CotA", "267")}
    name, mention, method, score = links[("CotA", "267")]
    assert (mention, method, score) == ("Bait and Switch (CoTA 267)", "set+number", 100.0)


def test_link_13_pitlord_restringuntus(db, index):
    links = link_text(
        db,
        index,
        (
            "On your next turn, during the choose a house step, you will be in a position where you "
            "must choose house Dis (because of the Pitlord), but also cannot choose house Dis (because "
            "of the Restringuntus). Cannot effects have precedence over must effects, thus you cannot "
            "choose Dis. (see “Cannot Vs Must” on Page 9.) You may still choose either one of your "
            "other houses though."
        ),
        question=(
            "I have the card Pitlord (CoTA 093) in play and my opponent plays the card "
            "Restringuntus (CoTA 094) and chooses house Dis. What happens when I try to "
            "declare my house on my next turn?"
        ),
    )
    assert set(links) == {("CotA", "093"), ("CotA", "094")}
    assert links[("CotA", "093")][:2] == ("Pitlord", "Pitlord (CoTA 093)")


def test_link_13_john_smyth(db, index):
    links = link_text(
        db,
        index,
        (
            "Yes, Combat Pheromones is granting permission to use a creature during that turn. If you "
            "have an effect that readies one of the Mars cards affected by the Combat Pheromones (Such as "
            "“John Smyth”), you will be able to use that card again."
        ),
        question=(
            "I have a Combat Pheromones (CoTA 180), “John Smyth” (CoTA 195), and Mindwarper "
            "(CoTA 196) in play. I sacrifice the Combat Pheromones and reap with the Mindwarper, "
            "and then reap with “John Smyth” and use “John Smyth’s” reap effect to ready the "
            "Mindwarper. Can I use the Mindwarper again?"
        ),
    )
    assert set(links) == {("CotA", "180"), ("CotA", "195"), ("CotA", "196")}
    assert links[("CotA", "195")][1:3] == ("“John Smyth” (CoTA 195)", "set+number")


def test_link_13_errata_entry(db, index):
    links = link_text(
        db,
        index,
        (
            "Should read: “Play: For the remainder of the turn, each time you play another card, draw a "
            "card. Purge Library Access.”"
        ),
        kind="errata",
        title="Library Access (COTA 115)",
        data={"card": "Library Access", "set": "COTA", "number": "115"},
    )
    assert set(links) == {("CotA", "115")}
    assert links[("CotA", "115")][1:] == ("Library Access (COTA 115)", "set+number", 100.0)


def test_link_16_errata_entries(db, index):
    links = link_text(
        db,
        index,
        (
            "Should read:\nPlay: Deal 2 to an enemy creature. If this damage\ndestroys that creature, "
            "deal 2 to each of that\ncreature’s neighbors after it leaves play."
        ),
        document=2,
        kind="errata",
        title="Pain Reaction 78",
        data={"card": "Pain Reaction", "set": None, "number": "78"},
    )
    assert set(links) == {("AoA", "078")}
    links = link_text(
        db,
        index,
        "Should read:\nPlay: If your opponent has more  than you, steal\n1",
        document=2,
        kind="errata",
        title="Bait and Switch 267",
    )
    assert set(links) == {("CotA", "267")}
    assert links[("CotA", "267")][1:3] == ("Bait and Switch 267", "number+name")


#: real 16.0 FAQ questions with `Name 123` mentions, PDF line breaks kept, and the cards they name
FAQ_16 = [
    (
        "I play King of the Crag 038 while my opponent has a\nLooter Goblin 041 in play. What happens?",
        {("CotA", "038"), ("CotA", "041")},
    ),
    (
        "Can I play Mimicry 328 as a copy of Eureka 128 if I have\nalready played another card this turn?",
        {("CotA", "328"), ("AoA", "128")},
    ),
    (
        "My opponent has 2 cards in their archives and I play Yzphyz\nKnowdrone 210. Can I purge a card "
        "from their archives?",
        {("AoA", "210")},
    ),
    ("Can Rock Hurling Giant’s 44 ability deal damage to Ardent\nHero 126?", {("CotA", "044"), ("MM", "126")}),
    (
        "If two Dreckers 006 are neighbors and I fight one of them\nwith my 2-power creature, what happens?",
        {("MM", "006")},
    ),
    (
        "My opponent plays General Sherman 323 and purges each\ncreature in play. In my battleline, I had "
        "several copies my\ntoken creature, Grunt 117. What happens when General\nSherman leaves play?",
        {("DT", "323"), ("WoE", "172")},
    ),
    (
        "My opponent has 5 æmber in their pool, a Senator Shrix\n193 with 5 Æmber on it, and a Keyfrog 369. "
        "Their key\ncost is 6. If I destroy their Keyfrog, do they forge a key?",
        {("WC", "193"), ("MM", "369")},
    ),
    (
        "I have a Ronnie Wristclocks (AoA 276) next to a Little Niff\n(AoA 289). I attack one of my "
        "opponent’s creatures with\nRonnie Wristclocks, but he is destroyed during the fight.\nDoes Little "
        "Niff’s ability still allow me to steal 1 Æmber?",
        {("AoA", "276"), ("AoA", "289")},
    ),
    (
        "I have the The Pale Star 049, Chonkers 396, and\nDark Æmber Vault 001 in play.",
        {("MM", "049"), ("MM", "396"), ("MM", "001")},
    ),
    (
        "If I put a 4th Æmber on [REDACTED] 139 through a\nmethod other than its own ability, can I "
        "immediately sacrifice it?",
        {("AoA", "139")},
    ),
    (
        "My opponent has The Chosen one 332 with 8 damage\non it. During my “ready cards” step I have 4 "
        "exhausted\ncreatures. Since 1 damage will destroy The Chosen One, can\nI ready my other 3 exhausted "
        "creatuers?",
        {("DT", "332")},
    ),
    (
        "If I use Saurian Egg (MM 210)’s “Omni:” ability and both the\ncards revealed are Saurian "
        "creatures, do they both come into play?",
        {("MM", "210")},
    ),
    (
        "If I play Pain Reaction 078 on an opponent’s creature to\ndestroy it, when is the damage dealt to "
        "its neighbors?",
        {("AoA", "078")},
    ),
    (
        "I have a Jargogle’s 131 with a Wild Wormhole 125 under\nit, and I play Unlocked Gateway 67. Will "
        "Omega prevent\nme from playing the Wild Wormhole under Jargogle?",
        {("AoA", "131"), ("CotA", "125"), ("AoA", "067")},
    ),
    (
        "I have a Combat Pheromones 180, “John Smyth” 195,\nand Mindwarper 196 in play.",
        {("CotA", "180"), ("CotA", "195"), ("CotA", "196")},
    ),
    (
        "If I use Gabos Longarms 86 to attack a creature without\nelusive, can I use Gabos’s “Before Fight” "
        "ability to deal damage to an elusive creature instead?",
        {("CotA", "086")},
    ),
    (
        "I have Pingle Who Annoys 43 and my opponent plays\nKing of the Crag 38. Will King of the Crag take a damage?",
        {("CotA", "043"), ("CotA", "038")},
    ),
    (
        "My Gabos Longarms 86 attacks my opponent’s Æmber\nImp 53. Is Gabos Longarms’ damage prevented by Elusive?",
        {("CotA", "086"), ("AoA", "053")},
    ),
]


@pytest.mark.parametrize("question, expected", FAQ_16, ids=[q[:30] for q, _ in FAQ_16])
def test_link_16_faq_questions(db, index, question, expected):
    links = link_text(db, index, "", document=2, question=question)
    assert links, "a question with a `Name 123` mention links at least one card"
    assert set(links) == expected


def test_link_16_mentions_trimmed(db, index):
    links = link_text(db, index, "", document=2, question=FAQ_16[3][0])
    assert links[("CotA", "044")][1:] == ("Rock Hurling Giant’s 44", "number+name", 100.0)
    assert links[("MM", "126")][1] == "Ardent Hero 126"
    links = link_text(db, index, "", document=2, question=FAQ_16[9][0])
    assert links[("AoA", "139")][1] == "[REDACTED] 139"


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "I have 2 chains and 7 cards in hand when moving to my draw cards step. Will I shed a chain "
            "during this step?",
            set(),
        ),
        (
            "Does this allow me to play another card this turn even though the First Turn Rule (see page 5) "
            "is in effect?",
            set(),
        ),
        (
            "Chains are only shed when a player would draw cards during the draw step and the chains "
            "prevent them from doing so (see “Chains” on Page 8).",
            set(),
        ),
        ("STEP 1: FORGE A KEY\nChains 1-6: draw 1 fewer card. Deal 2 to a creature. Gain 1 and Steal 2.", set()),
        # "Step 1" and "Step 2" are not cards; Jargogle is
        ("If Jargogle was destroyed during your Step 1, however, you only move on to Step 2.", {("AoA", "131")}),
    ],
)
def test_link_nothing_in_plain_rules_text(db, index, text, expected):
    assert set(link_text(db, index, text, kind="rule")) == expected


def test_keywords_and_houses_do_not_link(db, index):
    # cards named after rules terms exist ...
    assert db.execute("SELECT count(*) FROM cards WHERE name IN ('Control', 'Rebel')").fetchone()[0] >= 2
    # ... but keywords, houses and rules terms never link from prose
    body = (
        "When a creature becomes warded, place a ward status counter on it. A creature with "
        "Ward, Elusive or Taunt may still be chosen. Cards of house Logos, Mars, Shadows or Star "
        "Alliance. You take Control of that creature. Exalt, Capture and Steal are keyword "
        "actions; Alpha and Omega restrict when a card is played."
    )
    assert link_text(db, index, body, kind="glossary", title="WARD") == {}
    assert link_text(db, index, "Ward", kind="glossary", title="Ward") == {}


def test_bare_names_in_prose(db, index):
    links = link_text(
        db,
        index,
        ("For the purposes of the Rule of Six, you are considered to have played the copied card."),
        question=(
            "If I play Mimicry as a copy of an action card in my opponent’s discard pile, which "
            "card does the Rule of Six apply to?"
        ),
    )
    assert set(links) == {("CotA", "328")}
    assert links[("CotA", "328")][1:] == ("Mimicry", "name", 100.0)
    links = link_text(
        db,
        index,
        (
            "Playing Phase Shift will allow you to play another card from your hand this turn, since the "
            "First Turn Rule can be modified by card effects."
        ),
    )
    assert set(links) == {("CotA", "117")}


def test_bare_one_word_names_need_context(db, index):
    # sentence-initial capitals and parts of longer proper names are not card names
    assert link_text(db, index, "Mother Mahospot against Chancellor Fisher.", kind="rule") == {}
    assert link_text(db, index, "Terry and Julie decide to play Mother Mahospot.", kind="rule") == {}
    links = link_text(db, index, "The game text on Mother is an example of a constant ability", kind="rule")
    assert set(links) == {("CotA", "145")}
    # stories name characters that are also cards
    story = '"Be brave, Dodger. For me?" She smiled and Dodger nodded, dumbstruck.'
    assert link_text(db, index, story, kind="fiction") == {}


def test_one_row_per_card_best_score_and_idempotent(db, index):
    eid = add_entry(
        db,
        "Bait and Switch’s effect will be triggered 2 times.",
        question="play the card Bait and Switch (CoTA 267). How many times does Bait and Switch trigger?",
    )
    assert link_entries(db, index, [eid]) == 1
    assert link_entries(db, index, [eid]) == 1  # relinking replaces the rows
    rows = db.execute("SELECT mention, method, score FROM entry_cards WHERE entry = ?", (eid,)).fetchall()
    assert rows == [("Bait and Switch (CoTA 267)", "set+number", 100.0)]


def test_link_all_and_game_filter(db, index):
    kotc = add_entry(db, "Play the card Bait and Switch (CoTA 267) with Library Access.", document=3, kind="ruling")
    link_entries(db, index)
    assert db.execute("SELECT count(*) FROM entry_cards WHERE entry = ?", (kotc,)).fetchone()[0] == 0
    total = db.execute("SELECT count(*) FROM entry_cards").fetchone()[0]
    assert total > 0
    assert link_entries(db, index, [kotc], game=None) == 2


def test_mention_matches_returns_text_as_written(index):
    out = mention_matches(
        index, "I play Wild Wormhole (CoTA 125) and try and play the top card of my deck is Kelifi Dragon (CoTA 037)."
    )
    assert [m for m, _ in out] == ["Wild Wormhole (CoTA 125)", "Kelifi Dragon (CoTA 037)"]
