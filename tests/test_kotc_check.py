"""The Keeper of the Cards legality checker (kb.kotc_check) against every rule text of the rulebook.

Why parametrized over the source rows: the checker must give the right verdict on every redacted,
revised and cost-revised text the rulebook prints, in every spelling a card may use (numbers for
x/y/z, quotes, case, spacing, trailing period), and on hand-written near misses (a different verb
or object) that must not match; expected values come from the rows (tests/kotc_rows.py reads the
HTML, and the KB is checked against it), never from a list of verdicts kept here.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from conftest import page, run_cli

from kb.kotc_check import check, load_rules
from kotc_rows import VARIANTS, card_numbers, fill, source_rows

ROWS = source_rows()
REDACTED = [r for r in ROWS if r.kind == "redacted"]
REVISED = [r for r in ROWS if r.kind == "revised"]
COSTS = [r for r in ROWS if r.kind == "cost"]
NUMBERS_2 = {"x": "2", "y": "2", "z": "2"}


def _ids(rows):
    return [r.template[:60] for r in rows]


@pytest.fixture(scope="module")
def rules(built_kb):
    import sqlite3

    conn = sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True)
    yield {r.template: r for r in load_rules(conn)}
    conn.close()


# ---------------------------------------------------------------- the KB holds the rulebook's texts


def test_source_has_every_section():
    assert len(REDACTED) == 17 and len(REVISED) == 9 and len(COSTS) == 10


def test_kb_rule_texts_match_the_source(rules):
    from_kb = {(r.kind, r.template, r.revised, r.edition) for r in rules.values()}
    from_source = {(r.kind, r.template, r.revised, r.edition) for r in ROWS}
    assert from_kb == from_source


def test_kb_errata_rows_agree_with_their_templates(kb_conn):
    """original/revised are the templates with x, y, z printed; inserted/deleted are the marked words."""
    rows = kb_conn.execute(
        "SELECT e.data FROM entries e JOIN documents d ON d.id = e.document "
        "WHERE d.game = 'keeper-of-the-cards' AND e.kind = 'errata'"
    ).fetchall()
    assert len(rows) == len(REVISED)
    for (raw,) in rows:
        data = json.loads(raw)
        plain = {v: v for v in data["variables"]}
        assert data["original"] == fill(data["template_original"], plain)
        assert data["revised"] == fill(data["template_revised"], plain)
        for words in data["deleted"]:
            assert words in data["original"] and words not in data["revised"]
        for words in data["inserted"]:
            assert words in data["revised"]


# ---------------------------------------------------------------- one case per rule text and spelling


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("row", REDACTED, ids=_ids(REDACTED))
def test_redacted_text_bans_the_card(kb_conn, rules, row, variant):
    card = VARIANTS[variant](row.template)
    result = check(kb_conn, card, 11)
    assert result["banned"] and not result["legal"]
    assert [(f["kind"], f["rule_text"]) for f in result["findings"]] == [("redacted", rules[row.template].rule_text)]
    assert result["findings"][0]["replacement"] is None and result["findings"][0]["edition"] is None


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("row", REVISED, ids=_ids(REVISED))
def test_revised_text_is_read_as_the_new_text(kb_conn, rules, row, variant):
    card = VARIANTS[variant](row.template)
    result = check(kb_conn, card, None)
    assert not result["banned"] and not result["legal"]
    [finding] = result["findings"]
    assert finding["kind"] == "revised" and finding["rule_text"] == rules[row.template].rule_text
    assert finding["replacement"] == fill(row.revised, card_numbers(variant))
    assert finding["matched_text"].strip("\u201c\u201d. ").lower() in " ".join(card.split()).lower()


@pytest.mark.parametrize("row", REVISED, ids=_ids(REVISED))
def test_a_revised_card_reads_clean(kb_conn, row):
    """The new text itself is not one of the old texts (else a fixed card would be flagged again)."""
    assert check(kb_conn, fill(row.revised, {"x": "2", "y": "5", "z": "1"}), 11)["findings"] == []


def _editions(rows):
    return [(row, edition) for row in rows for edition in (None, row.edition - 1, row.edition, row.edition + 1)]


@pytest.mark.parametrize("row,edition", _editions(COSTS), ids=[f"{r.template[:40]}-{e}" for r, e in _editions(COSTS)])
@pytest.mark.parametrize("variant", ["digits", "curly-quoted", "shouting-spaced"])
def test_revised_cost_bans_cards_of_an_earlier_edition_or_none(kb_conn, rules, row, edition, variant):
    result = check(kb_conn, VARIANTS[variant](row.template), edition)
    banned = edition is None or edition < row.edition
    assert result["banned"] is banned and result["legal"] is not banned
    expected = [("cost", rules[row.template].rule_text, row.edition)] if banned else []
    assert [(f["kind"], f["rule_text"], f["edition"]) for f in result["findings"]] == expected


# ---------------------------------------------------------------- near misses

#: (the rule text it nearly is, a card sentence that must not match it, why) — each near miss is
#: paired with its rule so the test also shows that the right wording of the same card does match
NEAR_MISSES = [
    ("Pay {x} hitpoints.", "Gain 3 hitpoints.", "different verb"),
    ("Pay {x} hitpoints.", "Pay 3 resources.", "different object"),
    ("Pay {x} hitpoints.", "Pay all hitpoints.", "not a number"),
    ("Destroy {x} cards on the top of your deck.", "Reveal 2 cards on the top of your deck.", "different verb"),
    (
        "Destroy {x} cards on the top of your deck.",
        "Destroy 2 cards on the top of your opponent's deck.",
        "different object",
    ),
    ("Inflict {x} damage to any one player.", "Inflict 4 damage to any one creature.", "different object"),
    (
        "Activate in response to an opponent's attack.",
        "Activate in response to an opponent's spell.",
        "different object",
    ),
    ("Negate attack of all targets.", "Redirect attack of all targets.", "different verb"),
    ("This creature cannot attack or defend.", "This creature cannot attack or block.", "different verb"),
    ("Target up to {x} cards in your graveyard.", "Target up to 2 cards in your hand.", "different object"),
    (
        "You must pay {x} hitpoints to summon this creature.",
        "You must pay 2 resources to summon this creature.",
        "different object",
    ),
    ("Draw {x} cards.", "Discard 2 cards.", "different verb"),
    ("Destroy all targets.", "Destroy all resources.", "different object"),
    ("See all targets.", "Shuffle all targets.", "different verb"),
    ("Place {x} counters on each target.", "Remove 2 counters on each target.", "different verb"),
    (
        "Roll {x} six-sided dice and inflict the result of each die as damage to one target.",
        "Roll 2 six-sided dice and inflict the result of each die as damage to all targets.",
        "different object",
    ),
    ("Activate when you take damage.", "Activate when you deal damage.", "different verb"),
    ("Target up to {x} resources.", "Target up to 2 of your resources.", "the revised text"),
    (
        "Exhaust {x} of your unexhausted cards in play.",
        "Exhaust 2 of your unexhausted creatures in play.",
        "the revised text",
    ),
    ("Pay {x} hitpoints.", "Draw 2 cards, then pay 3 hitpoints.", "inside a longer sentence"),
    ("This creature cannot attack.", "This creature cannot attack or defend.", "a longer rule text"),
]


@pytest.mark.parametrize("template,card,why", NEAR_MISSES, ids=[f"{w}: {c[:40]}" for _, c, w in NEAR_MISSES])
def test_near_miss_does_not_match(kb_conn, rules, template, card, why):
    assert template in rules, "the near miss names a rule text the KB does not hold"
    findings = check(kb_conn, card, None)["findings"]
    assert rules[template].rule_text not in [f["rule_text"] for f in findings]
    assert rules[template].kind in [
        f["kind"] for f in check(kb_conn, fill(template, {"x": "2", "y": "2"}), None)["findings"]
    ]


def test_near_misses_are_legal_cards(kb_conn):
    cards = [c for _, c, why in NEAR_MISSES if why.startswith("different") or why == "not a number"]
    assert len(cards) >= 10
    for card in cards:
        assert check(kb_conn, card, 11) == {"legal": True, "banned": False, "findings": []}, card


# ---------------------------------------------------------------- whole cards


def test_multi_paragraph_card_caveat_first(kb_conn, rules):
    caveat = next(r for r in REDACTED if r.template.startswith("You must"))
    revised = REVISED[0]
    cost = next(r for r in COSTS if r.edition == max(c.edition for c in COSTS))
    card = "\n".join(
        [
            fill(caveat.template, {"x": "2"}),
            "FIRST LIGHT: " + fill(revised.template, {"x": "1", "y": "1"}) + " Reveal this card.",
            fill(cost.template, {"x": "6"}),
        ]
    )
    result = check(kb_conn, card, cost.edition - 1)
    assert [f["kind"] for f in result["findings"]] == ["redacted", "revised", "cost"]
    assert [f["rule_text"] for f in result["findings"]] == [
        rules[r.template].rule_text for r in (caveat, revised, cost)
    ]
    assert result["banned"] and not result["legal"]
    without_caveat = card.split("\n", 1)[1].replace("\n", "\r\n\r\n")
    assert [f["kind"] for f in check(kb_conn, without_caveat, cost.edition)["findings"]] == ["revised"]


def test_soft_wrapped_sentence_is_joined(kb_conn):
    row = next(r for r in REDACTED if r.template.startswith("You must pay"))
    card = fill(row.template, NUMBERS_2).replace(" hitpoints ", " hitpoints\n")
    assert check(kb_conn, card, 11)["banned"]


def test_each_sentence_is_a_finding_in_reading_order(kb_conn):
    cards = [fill(r.template, NUMBERS_2) for r in REDACTED[:3]]
    result = check(kb_conn, " ".join(reversed(cards)), 11)
    assert [f["matched_text"] for f in result["findings"]] == list(reversed(cards))


def test_clean_card_is_legal(kb_conn):
    card = "You must sacrifice 1 creature to summon this creature.\nDraw 2 creatures from your graveyard."
    assert check(kb_conn, card, 11) == {"legal": True, "banned": False, "findings": []}
    assert check(kb_conn, "", None) == {"legal": True, "banned": False, "findings": []}


@pytest.mark.parametrize("edition", [0, -1, 1001, 11.0, "11", True])
def test_check_refuses_a_bad_edition(kb_conn, edition):
    with pytest.raises(ValueError, match="edition"):
        check(kb_conn, "Draw 2 cards.", edition)


# ---------------------------------------------------------------- rulebase kotc check

CARD = "\n".join([fill(REDACTED[0].template, NUMBERS_2), fill(REVISED[-1].template, NUMBERS_2)])


@pytest.mark.cli
def test_cli_json_is_the_verdict(built_kb, kb_conn):
    proc = run_cli("kotc", "check", "--text", CARD, "--edition", "11", "--json", "--db", str(built_kb))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == check(kb_conn, CARD, 11)


@pytest.mark.cli
def test_cli_text_names_verdict_and_findings(built_kb, kb_conn):
    proc = run_cli("kotc", "check", "--text", CARD, "--db", str(built_kb))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("BANNED")
    for f in check(kb_conn, CARD, None)["findings"]:
        assert f["matched_text"] in proc.stdout
        assert f["replacement"] is None or f["replacement"] in proc.stdout
    clean = run_cli("kotc", "check", "--text", "Draw 2 creatures.", "--edition", "3", "--db", str(built_kb))
    assert (clean.returncode, clean.stdout.strip()) == (0, "LEGAL")


@pytest.mark.cli
@pytest.mark.parametrize(
    "args,message",
    [
        (["--text", "  "], "--text"),
        (["--edition", "11"], "--text"),
        (["--text", "Draw 2 cards.", "--edition", "eleven"], "--edition"),
        (["--text", "Draw 2 cards.", "--edition", "0"], "edition"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_1(built_kb, args, message):
    proc = run_cli("kotc", "check", *args, "--db", str(built_kb))
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and message in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.cli
def test_cli_missing_kb(tmp_path):
    proc = run_cli("kotc", "check", "--text", "Draw 2 cards.", "--db", str(tmp_path / "none.sqlite"))
    assert proc.returncode == 1 and "no knowledge base" in proc.stderr


# ---------------------------------------------------------------- POST /api/kotc/check


def test_api_answers_the_verdict(client, kb_conn):
    response = client.post("/api/kotc/check", json={"text": CARD, "edition": 11})
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_json() == check(kb_conn, CARD, 11)
    assert set(response.get_json()) == {"legal", "banned", "findings"}
    assert set(response.get_json()["findings"][0]) == {"kind", "rule_text", "matched_text", "replacement", "edition"}
    row = COSTS[0]
    for edition, banned in ((None, True), (row.edition, False)):
        body = client.post(
            "/api/kotc/check", json={"text": fill(row.template, NUMBERS_2), "edition": edition}
        ).get_json()
        assert body["banned"] is banned
    assert client.post("/api/kotc/check", json={"text": "Draw 2 creatures."}).get_json()["legal"] is True


@pytest.mark.parametrize(
    "body,message",
    [
        ({"edition": 11}, "text"),
        ({"text": ""}, "text"),
        ({"text": " \n "}, "text"),
        ({"text": 5}, "text"),
        ({"text": "Draw 2 cards.", "edition": 0}, "edition"),
        ({"text": "Draw 2 cards.", "edition": "11"}, "edition"),
        ({"text": "Draw 2 cards.", "edition": 11.5}, "edition"),
        ({"text": "Draw 2 cards.", "edition": True}, "edition"),
        ({"text": "Draw 2 cards.", "colour": "red"}, "colour"),
        ({"text": "Draw\x00 2 cards."}, "control"),
        ({"text": "x" * 10_001}, "text"),
        (["Draw 2 cards."], "object"),
    ],
)
def test_api_refuses_bad_bodies(client, body, message):
    response = client.post("/api/kotc/check", json=body)
    assert response.status_code == 400 and message in response.get_json()["error"]


def test_api_refuses_bad_json_and_unknown_parameters(client):
    assert client.post("/api/kotc/check", data="{text", content_type="application/json").status_code == 400
    assert client.post("/api/kotc/check", data="").status_code == 400
    response = client.post("/api/kotc/check?edition=11", json={"text": "Draw 2 cards."})
    assert response.status_code == 400 and "edition" in response.get_json()["error"]
    assert client.get("/api/kotc/check").status_code == 405
    big = client.post("/api/kotc/check", data=b" " * (65 * 1024), content_type="application/json")
    assert big.status_code == 413


def test_api_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").get_json()
    assert "post" in spec["paths"]["/api/kotc/check"]
    assert {"KotcCheckRequest", "KotcVerdict", "KotcFinding"} <= set(spec["components"]["schemas"])


# ---------------------------------------------------------------- the /kotc/check page


def test_page_form_works_without_javascript(client):
    html = page(client, "/kotc/check")
    assert '<form id="kotc-form"' in html and 'method="post"' in html and 'name="text"' in html
    assert 'name="edition"' in html and 'href="/kotc/check" aria-current="page"' in html
    assert 'href="/kotc/check"' in page(client, "/versions")  # in the site navigation


def test_page_post_round_trip_shows_findings_and_diff(client, kb_conn):
    response = client.post("/kotc/check", data={"text": CARD, "edition": "11th"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'data-banned="true"' in html
    findings = check(kb_conn, CARD, 11)["findings"]
    assert html.count('class="hit finding') == len(findings)
    revised = REVISED[-1]
    assert "<del>" in html or "<ins>" in html
    assert fill(revised.template, NUMBERS_2) in html.replace("&#39;", "'")
    assert ">" + fill(revised.template, NUMBERS_2).split(" ")[0] in html  # the textarea keeps the text


def test_page_get_link_and_edition_boundary(client):
    row = COSTS[0]
    text = fill(row.template, NUMBERS_2)
    for edition, banned in ((str(row.edition - 1), "true"), (str(row.edition), "false"), ("", "true")):
        html = page(client, f"/kotc/check?text={quote(text)}&edition={edition}")
        assert f'data-banned="{banned}"' in html


def test_page_escapes_hostile_text(client):
    hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>\nPay 3 hitpoints.'
    response = client.post("/kotc/check", data={"text": hostile, "edition": "<b>9</b>"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;" in html and 'id="kotc-error"' in html
    ok = client.post("/kotc/check", data={"text": hostile, "edition": "9"}).get_data(as_text=True)
    assert "<script>alert" not in ok and "<img src=x" not in ok and 'data-banned="true"' in ok


def test_page_refuses_blank_text(client):
    response = client.post("/kotc/check", data={"text": "  ", "edition": ""})
    assert response.status_code == 400 and "ability text" in response.get_data(as_text=True)
