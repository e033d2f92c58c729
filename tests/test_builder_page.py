"""The board builder's page as the server renders it (``api.builder_page``): the versions and houses
come from the KB, the latest version preselected; junk in its address is no error; the builder is
linked from the header, a card page and a KeyForge entry's verify panel."""

from __future__ import annotations

import re
import sqlite3

from conftest import page


def test_the_page_offers_the_kbs_versions_latest_first_chosen_and_its_houses(client, built_kb):
    html = page(client, "/builder")
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        versions = [
            v for (v,) in conn.execute("SELECT version FROM documents WHERE game = 'keyforge' ORDER BY version_sort")
        ]
        houses = [h for (h,) in conn.execute("SELECT DISTINCT house FROM cards WHERE house IS NOT NULL")]
    offered = re.findall(r'<option value="([^"]+)"( selected)?>v', html)
    assert [v for v, _ in offered] == versions
    assert [v for v, chosen in offered if chosen] == [versions[-1]]
    assert all(f'<option value="{h}">' in html for h in houses)
    assert 'src="/static/vendor/alpine-csp.min.js' in html  # vendored, never a CDN
    assert "alpine" not in page(client, "/")  # only the builder loads it


def test_junk_in_the_address_is_no_error(client):
    html = page(client, "/builder?card=" + "x" * 5000 + "&q=%00not-base64&ruling=../../etc")
    assert 'data-card="' + "x" * 100 + '"' in html


def test_the_builder_is_linked_where_a_judge_reads(client, built_kb):
    assert 'href="/builder"' in page(client, "/")
    with sqlite3.connect(f"file:{built_kb}?mode=ro", uri=True) as conn:
        set_code, number = conn.execute("SELECT set_code, number FROM cards WHERE name = 'Troll' LIMIT 1").fetchone()
        unreplayed = conn.execute(
            """SELECT e.id FROM entries e JOIN documents d ON d.id = e.document WHERE d.game = 'keyforge'
               AND e.id NOT IN (SELECT entry FROM scenario_entries) LIMIT 1"""
        ).fetchone()[0]
    assert 'href="/builder?card=Troll"' in page(client, f"/cards/{set_code}/{number}")
    assert 'class="open-builder" href="/builder"' in page(client, f"/entries/{unreplayed}")
