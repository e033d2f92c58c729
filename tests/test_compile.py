"""Cards compiled from their text (engine.compile): each template family plays as its words say, on a
real board under a real rule set; a text no template covers is refused by name; a compiled card
follows the text in force (an erratum changes its behaviour with no definition written); hand
definitions still win."""

from __future__ import annotations

import pytest

from boards import assert_compiled as _compiled, assert_passed, replay
from engine.cards import REGISTRY, _key
from engine.cards.definitions import definition
from engine.compile import compile_text, Refused


def _card_text(kb_conn, name: str, set_code: str = "CotA") -> str:
    return kb_conn.execute("SELECT text FROM cards WHERE name = ? AND set_code = ?", (name, set_code)).fetchone()[0]


# ------------------------------------------------------------------------------ Æmber, damage, choices


def test_gain_steal_and_capture_templates(kb_conn, tmp_path):
    _compiled(kb_conn, "Dew Faerie", "Old Bruno", "Pit Demon", "Fuzzy Gruen")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: amber
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, battleline: ["Dew Faerie"], hand: ["Fuzzy Gruen"]}
          player2: {amber: 5}
        actions:
          - reap: Dew Faerie
          - play: Fuzzy Gruen
            flank: right
        expect:
          "16.0": {player1.amber: 4, player2.amber: 6}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: capture
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Old Bruno"], battleline: ["Pit Demon"]}
          player2: {amber: 4}
        actions:
          - play: Old Bruno
            flank: right
        expect:
          "16.0": {Old Bruno.amber: 3, player2.amber: 1}
        """,
        )
    )


def test_deal_damage_to_a_chosen_creature_and_if_this_damage_destroys(kb_conn, tmp_path):
    _compiled(kb_conn, "Punch", "Relentless Whispers")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: punch
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Punch"], battleline: ["Troll"]}
          player2: {battleline: ["Mugwump", "Dust Imp"]}
        actions:
          - play: Punch
            targets: [Mugwump]
        expect:
          "16.0": {Mugwump.damage: 3, Troll.damage: 0, Dust Imp.damage: 0}
        """,
        )
    )
    # "If this damage destroys that creature, steal 1": only when the 2 damage destroys it (the
    # card's Æmber bonus gives 1 either way)
    for target, amber in (("Dust Imp", 2), ("Troll", 1)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: whispers
            setup:
              turn: {{active: player1, house: shadows}}
              player1: {{amber: 0, hand: ["Relentless Whispers"]}}
              player2: {{amber: 3, battleline: ["Troll", "Dust Imp"]}}
            actions:
              - play: Relentless Whispers
                targets: ["{target}"]
            expect:
              "16.0": {{player1.amber: {amber}}}
            """,
            )
        )


def test_groups_with_tests_and_conditions(kb_conn, tmp_path):
    _compiled(kb_conn, "The Spirit’s Way", "Shooler")
    # "Destroy each creature with power 3 or higher": the power as it is now, both sides
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: spirits-way
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["The Spirit’s Way"], battleline: ["Sequis", "Dust Pixie"]}
          player2: {battleline: ["Troll", "Dust Imp"]}
        actions:
          - play: The Spirit’s Way
        expect:
          "16.0": {player1.battleline: ["Dust Pixie"], player2.battleline: ["Dust Imp"]}
        """,
        )
    )
    # "If your opponent has 4 or more, steal 1": not with 3
    for theirs, mine in ((4, 1), (3, 0)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: shooler
            setup:
              turn: {{active: player1, house: dis}}
              player1: {{amber: 0, hand: ["Shooler"]}}
              player2: {{amber: {theirs}}}
            actions: [{{play: Shooler}}]
            expect:
              "16.0": {{player1.amber: {mine}}}
            """,
            )
        )


def test_you_may_and_if_you_do(kb_conn, tmp_path):
    _compiled(kb_conn, "Finishing Blow", "Master of 2")
    # "Destroy a damaged creature. If you do, steal 1": no damaged creature, no steal (the bonus
    # icon gives 1 either way)
    for damage, amber in ((1, 2), (0, 1)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: blow
            setup:
              turn: {{active: player1, house: shadows}}
              player1: {{amber: 0, hand: ["Finishing Blow"]}}
              player2: {{amber: 3, battleline: [{{card: Troll, damage: {damage}}}]}}
            actions: [{{play: Finishing Blow}}]
            expect:
              "16.0": {{player1.amber: {amber}}}
            """,
            )
        )
    # "Reap: You may destroy a creature with 2 power": asked, and declining destroys nothing
    for answer, line in (("yes", '["Dust Pixie"]'), ("no", '["Dust Imp", "Dust Pixie"]')):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: master
            setup:
              turn: {{active: player1, house: dis}}
              player1: {{battleline: ["Master of 2"]}}
              player2: {{battleline: ["Dust Imp", "Dust Pixie"]}}
            actions:
              - reap: Master of 2
                choices: ["{answer}"]
            expect:
              "16.0": {{player2.battleline: {line}}}
            """,
            )
        )


def test_splash_and_for_each(kb_conn, tmp_path):
    _compiled(kb_conn, "Pound", "Professor Sutterkin")
    # "Deal 2 to a creature, with 1 splash": its neighbors take 1 at the same time
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pound
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Pound"]}
          player2: {battleline: ["Troll", "Mugwump", "Bumpsy"]}
        actions:
          - play: Pound
            targets: [Mugwump]
        expect:
          "16.0": {Mugwump.damage: 2, Troll.damage: 1, Bumpsy.damage: 1}
        """,
        )
    )
    # "Draw a card for each friendly Logos creature": counted when it resolves (itself included)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sutterkin
        setup:
          turn: {active: player1, house: logos}
          player1: {battleline: ["Professor Sutterkin", "Doc Bookton", "Troll"],
                    deck: ["Punch", "Punch", "Punch", "Punch"]}
        actions: [{reap: Professor Sutterkin}]
        expect:
          "16.0": {player1.hand_size: 2}
        """,
        )
    )


# ------------------------------------------------------------------------------ constant abilities, reactions


def test_constant_abilities_apply_while_in_play(kb_conn, tmp_path):
    _compiled(kb_conn, "Haedroth’s Wall", "Blood of Titans", "Yxilx Dominator")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: statics
        setup:
          turn: {active: player1, house: sanctum}
          player1: {artifacts: ["Haedroth’s Wall"], battleline: ["Troll", "Sequis", "Dust Pixie"]}
        actions: []
        expect:
          "16.0": {Troll.power: 10, Sequis.power: 4, Dust Pixie.power: 3}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: upgrade
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Blood of Titans"], battleline: ["Troll", "Bumpsy"]}
        actions:
          - play: Blood of Titans
            targets: [Bumpsy]
        expect:
          "16.0": {Bumpsy.power: 10, Troll.power: 8}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: enters-stunned
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Yxilx Dominator"]}
        actions: [{play: Yxilx Dominator}]
        expect:
          "16.0": {Yxilx Dominator.stunned: true}
        """,
        )
    )


def test_reactions_after_reaping_and_after_destroying_in_a_fight(kb_conn, tmp_path):
    _compiled(kb_conn, "Pip Pip", "Mugwump")
    # "After an enemy creature reaps, stun it": not a friendly one
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pip-pip
        setup:
          turn: {active: player2, house: untamed}
          player1: {battleline: ["Pip Pip"]}
          player2: {battleline: ["Dust Pixie"]}
        actions: [{reap: Dust Pixie}]
        expect:
          "16.0": {Dust Pixie.stunned: true, Pip Pip.stunned: false}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mugwump
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [{card: Mugwump, damage: 1}]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - fight: {attacker: Mugwump, target: Dust Pixie}
        expect:
          "16.0": {Mugwump.damage: 0, Mugwump.power: 7, player2.battleline: []}
        """,
        )
    )


def test_an_upgrade_gives_its_creature_an_ability(kb_conn, tmp_path):
    _compiled(kb_conn, "Duskrunner")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: duskrunner
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Duskrunner"], battleline: ["Urchin"]}
          player2: {amber: 2}
        actions:
          - play: Duskrunner
          - reap: Urchin
        expect:
          "16.0": {player1.amber: 2, player2.amber: 1}
        """,
        )
    )


def test_for_the_remainder_of_the_turn(kb_conn, tmp_path):
    _compiled(kb_conn, "Potion of Invulnerability", "Punch")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: potion
        setup:
          turn: {active: player1, house: sanctum}
          player1: {artifacts: ["Potion of Invulnerability"], battleline: ["Sequis"]}
          player2: {battleline: ["Troll"]}
        actions:
          - omni: Potion of Invulnerability
          - fight: {attacker: Sequis, target: Troll}
        expect:
          "16.0": {Sequis.damage: 0, Troll.damage: 4, Potion of Invulnerability.zone: discard}
        """,
        )
    )


# ------------------------------------------------------------------------------ refusals


def test_a_refusal_names_the_missing_template():
    with pytest.raises(Refused) as caught:
        compile_text(
            "Play: Gain 1<A>.\nReap: Redistribute the <A> on friendly creatures among friendly creatures.", "Test Card"
        )
    message = str(caught.value)
    assert (
        'no template for the sentence "redistribute the amber on friendly creatures among friendly creatures"'
        in message
    )
    assert "gain" not in message  # the sentence that compiled is not blamed
    with pytest.raises(Refused) as caught:
        compile_text("Play: Destroy a creature with odd power.", "Test Card")
    assert 'no target phrase for "a creature with odd power"' in str(caught.value)
    with pytest.raises(Refused) as caught:
        compile_text("Play: If your opponent has exactly 2 creatures in play, steal 1<A>.", "Test Card")
    assert "your opponent has exactly 2 creatures in play" in str(caught.value)
    # a constant ability about one card is not read as a group
    with pytest.raises(Refused, match="one card, not a group"):
        compile_text("A friendly creature gains skirmish.", "Test Card")


def _an_action_not_playable(kb_conn) -> tuple[str, str, list[str]]:
    """An action card nothing covers yet (of any set: every CotA and AoA card is playable), its
    house and why (looked up: it changes as templates are added)."""
    from engine.compile.coverage import coverage

    for per_set in coverage(kb_conn):
        for name, reasons in sorted(per_set.refused.items()):
            typ, house = kb_conn.execute(
                "SELECT type, house FROM cards WHERE name = ? AND set_code = ?", (name, per_set.code)
            ).fetchone()
            if typ == "action" and house:
                return name, house, reasons
    raise AssertionError("every action card of the card data is playable: pick another kind of card")


@pytest.mark.slow
def test_a_refused_card_is_an_error_in_a_scenario_naming_what_is_missing(kb_conn, tmp_path):
    name, house, reasons = _an_action_not_playable(kb_conn)
    result = replay(
        kb_conn,
        tmp_path,
        f"""
        id: refused
        setup:
          turn: {{active: player1, house: {house}}}
          player1: {{hand: ["{name}"]}}
          player2: {{battleline: ["Troll"]}}
        actions: [{{play: "{name}"}}]
        expect:
          "16.0": {{player1.amber: 0}}
        """,
    )
    assert not result.passed
    assert "not implemented" in result.error
    missing = reasons[0].split('"')[1]
    assert missing in result.error


# ------------------------------------------------------------------------------ errata, hand definitions


def test_a_compiled_card_follows_the_erratum_in_force(kb_conn):
    # Bait and Switch is compiled from its text (no hand definition): the text in force decides
    assert _key("Bait and Switch") not in REGISTRY
    from engine.rules.ability import RepeatCardEffectIf, RepeatPrecedingIf
    from engine.rules.rulesets import ruleset_from_kb
    from engine.replay.scenario_file import all_scenarios
    from engine.replay.scenario import run

    printed = _card_text(kb_conn, "Bait and Switch")
    erratum = ruleset_from_kb(kb_conn, "keyforge", "1.3").card_text("Bait and Switch", printed)
    assert erratum != printed
    kinds = {type(definition("Bait and Switch", text).variant_for(text).play[-1]) for text in (printed, erratum)}
    assert kinds == {RepeatCardEffectIf, RepeatPrecedingIf}
    # the bundled scenario, with each version's answer: the print steals until the pools are
    # equal, the 1.3 erratum repeats the preceding effect once
    scenario = {s.id: s for s in all_scenarios()}["bait-and-switch-14-amber"]
    amber = {}
    for version in ("1.1", "1.2", "1.3", "16.0"):
        result = run(kb_conn, scenario, version)
        assert result.passed, (version, result.error, result.checks)
        amber[version] = next(c.actual for c in result.checks if c.path == "player1.amber")
    assert amber == {"1.1": 7, "1.2": 7, "1.3": 2, "16.0": 2}


#: the cards defined by hand although a text of theirs compiles, each with its ``why=`` (what the
#: compiled reading gets wrong); any other card is compiled or hand-defined, never both
BOTH = {
    "Dysania",
    "Neutron Shark",
    "1-2 Punch",
    "Key of Darkness",
    "Lifeward",
    "Magda the Rat",
    "Autocannon",
    "Biomatrix Backup",
    "Bloodshard Imp",
    "EMP Blast",
    "Ghosthawk",
    "Life for a Life",
    "Lost in the Woods",
    "Mantle of the Zealot",
    "Mars Needs Æmber",
    "Pain Reaction",
    "Pandemonium",
    "Pingle Who Annoys",
    "Plague Rat",
    "Red Planet Ray Gun",
    "Sack of Coins",
    "Scowly Caper",
    "Screechbomb",
    "Shard of Greed",
    "Shard of Pain",
    "Little Niff",
    "Selwyn the Fence",
    "Word of Returning",
    "Æmberspine Mongrel",
    "Knowledge is Power",
    "Phalanx Strike",
    "Avenging Aura",
}


@pytest.mark.slow
def test_hand_definitions_win_over_the_compiled_text(kb_conn):
    from engine.cards import implemented
    from engine.cards.definitions import how_defined

    both = set()
    for name in implemented():
        rows = kb_conn.execute("SELECT text, type FROM cards WHERE name = ?", (name,)).fetchall()
        for text, typ in rows:
            assert definition(name, text, typ) is REGISTRY[_key(name)]
            assert how_defined(name, text, typ)[0] == "hand"
            try:
                compile_text(text, name, typ)
                both.add(name)
            except Refused:
                pass
    # a card is compiled or hand-defined: one that is both says why the compiled reading is wrong
    assert both == BOTH
    assert {name: REGISTRY[_key(name)].why for name in both if len(REGISTRY[_key(name)].why) < 20} == {}


def test_the_fuzzer_deals_compiled_cards(kb_conn):
    from engine.cards import implemented
    from engine.fuzz.random_games import card_pool
    from engine.rules.rulesets import ruleset_from_kb

    pool = card_pool(kb_conn, ruleset_from_kb(kb_conn, "keyforge", "16.0"))
    names = {c.name for cards in pool.values() for c in cards}
    assert {"Punch", "Pound", "Mugwump", "Duskrunner"} <= names
    name, _, _ = _an_action_not_playable(kb_conn)
    assert name not in names
    assert len(names - set(implemented())) > 300


# ------------------------------------------------------------------------------ the grammar as data


def test_every_notation_of_an_icon_reads_the_same():
    from engine.compile.lexer import tokenize

    texts = [
        "Reap: Deal 2<D> to a creature. Gain 1<A>.",
        "Reap: Deal 2{D} to a creature. Gain 1{A}.",
        "Reap: Deal 2D to a creature. Gain 1A.",
        "Reap: Deal 2\uf361 to a creature. Gain 1\uf360.",
        "Reap: Deal 2 damage to a creature. Gain 1 Æmber.",
        "Reap: Deal 2D to a\ncreature. Gain 1A.",
    ]  # a line broken inside a sentence (AoA data)
    read = {tuple((a.triggers, a.sentences) for a in tokenize(t)) for t in texts}
    assert read == {((("reap",), ("deal 2 damage to a creature.", "gain 1 amber.")),)}


def test_a_line_the_card_data_broke_off_continues_its_ability():
    from engine.compile.lexer import tokenize

    mindwarper = "Elusive.\nAction: Choose an enemy creature.\nIt captures 1A from its own side."
    assert [a.triggers for a in tokenize(mindwarper)] == [("action",)]
    # a constant ability after a triggered one stays its own ability
    assert [a.triggers for a in tokenize("Play: Gain 1A.\nEach friendly creature gets +1 power.")] == [("play",), ()]


def test_the_vocabulary_knows_every_trait_and_house_of_the_card_data(kb_conn):
    import json
    from engine.compile.grammar import VOCAB

    traits = {t.strip().lower() for (row,) in kb_conn.execute("SELECT traits FROM cards") for t in json.loads(row)}
    assert traits <= VOCAB["traits"]
    houses = {h for (h,) in kb_conn.execute("SELECT DISTINCT house FROM cards WHERE house IS NOT NULL")}
    missing = houses - set(VOCAB["houses"].values())
    assert missing <= {"archonpower", "keyraken", "prophecy", "thetide"}  # not houses a card text names


def test_every_template_names_a_known_constructor():
    from engine.compile.build import CONDITIONS, COUNTS, EFFECTS, STATICS
    from engine.compile.matches import MATCHES
    from engine.compile.grammar import TEMPLATES, template_count

    tables = {"clause": EFFECTS, "reference": EFFECTS, "reaction": EFFECTS, "condition": CONDITIONS, "count": COUNTS}
    for section, rows in TEMPLATES.items():
        for t in rows:
            builds = [row["build"] for row in t.effects] or ([t.build] if t.build else [])
            table = tables.get(section, STATICS)
            for build in builds:
                assert build in table or (section == "static" and build == "Nothing"), (section, t.name, build)
            if section == "reaction":
                assert t.extra["when"] in MATCHES, t.name
    assert template_count() >= 150
