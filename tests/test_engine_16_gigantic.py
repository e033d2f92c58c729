"""16.0 mechanisms of issue 6 (helper H3): gigantic creatures (engine.rules.mechanics.gigantic), bonus icons
resolved "as if you had played" a card and Master of the Grey (engine.rules.bonus_icons), Enhance at
deck generation (engine.rules.mechanics.enhance), cards discarded and put into play (engine.rules.mechanics.discarded_into_play)."""

from __future__ import annotations


import pytest

from engine.core.choices import Chooser
from engine.rules.mechanics.enhance import enhance_icons
from engine.core.errors import ScenarioError
from engine.rules.game import Engine
from engine.rules.mechanics.gigantic import join_group
from engine.rules.rulesets import ruleset_from_kb
from engine.replay.setup import CardCatalog, build_game
from engine.core.state import CardData, CardInstance

from boards import assert_passed, replay


def _engine(kb_conn, setup: dict) -> Engine:
    return Engine(build_game(setup, CardCatalog(kb_conn)), ruleset_from_kb(kb_conn, "keyforge", "16.0"), Chooser())


# ------------------------------------------------------------------------------ gigantic


def test_both_halves_are_played_together_as_one_creature_on_the_first_turn(kb_conn, tmp_path):
    # the top half's icons (here enhanced: Æmber, draw) resolve, then "Play: Archive the top 5";
    # it counts as one card played, so it is allowed on the first turn, and a second card is not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: giant
        setup:
          turn: {active: player1, house: logos, first_turn: true}
          player1:
            amber: 0
            hand: [{card: Ultra Gravitron, half: top, id: top, enhancements: [amber, draw]},
                   {card: Ultra Gravitron, half: bottom, id: bottom}, "Wild Wormhole"]
            deck: ["Troll", "Urchin", "Krump", "Anger", "Dust Pixie", "Bumpsy", "Faygin"]
        actions:
          - play: top
          - play: Wild Wormhole
        expect:
          "16.0":
            illegal: 1
            refusal_contains: First Turn Rule
            player1.battleline: ["bottom"]
            bottom.power: 10
            bottom.armor: 3
            top.zone: gigantic
            player1.amber: 1
            player1.hand: ["Wild Wormhole", "Troll"]
            player1.archives: ["Urchin", "Krump", "Anger", "Dust Pixie", "Bumpsy"]
            player1.deck: ["Faygin"]
        """,
        )
    )


def test_two_top_halves_are_not_a_gigantic_creature(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tops
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [{card: Ultra Gravitron, half: top, id: a}, {card: Ultra Gravitron, half: top, id: b}]}
        actions: [{play: a}]
        expect:
          "16.0": {illegal: 0, refusal_contains: other half, player1.hand: ["a", "b"]}
        """,
        )
    )


def test_a_gigantic_creature_leaving_play_is_two_cards_again(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: split
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Unlocked Gateway"], battleline: ["Ultra Gravitron"]}
        actions: [{play: Unlocked Gateway}]
        expect:
          "16.0":
            player1.battleline: []
            player1.discard: ["Unlocked Gateway", "Ultra Gravitron", "Ultra Gravitron"]
        """,
        )
    )


def test_purging_a_gigantic_creature_resolves_its_top_halfs_icons(kb_conn, tmp_path):
    # the enemy Gravitron's icons are on its top half; both halves are purged, separate again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: purge-giant
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, battleline: [{card: Ultra Gravitron, id: mine}], archives: ["Anger"]}
          player2: {amber: 0, battleline: [{card: Ultra Gravitron, id: theirs, enhancements: [amber, amber]}]}
        actions:
          - reap: mine
            targets: [theirs]
        expect:
          "16.0": {player1.amber: 3, player2.purged: ["theirs", "theirs"], player2.battleline: [],
                   player1.discard: ["Anger"]}
        """,
        )
    )


def test_ultra_gravitron_does_nothing_without_an_archived_card(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: no-archives
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, battleline: ["Ultra Gravitron"]}
          player2: {battleline: [{card: Dust Pixie}]}
        actions: [{reap: Ultra Gravitron}]
        expect:
          "16.0": {player1.amber: 1, player2.battleline: ["Dust Pixie"]}
        """,
        )
    )


def test_put_into_play_one_half_fails_both_halves_succeed(kb_conn):
    eng = _engine(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {
                "discard": [
                    {"card": "Ultra Gravitron", "half": "top", "id": "t"},
                    {"card": "Ultra Gravitron", "half": "bottom", "id": "b"},
                ]
            },
        },
    )
    top, bottom = eng.game.players["player1"].zone("discard")
    eng.put_into_play(bottom, "player1")
    assert bottom.zone == "discard" and not eng.game.players["player1"].creatures
    assert not eng.play_from(top, "the discard pile") and top.zone == "discard"  # played alone: fails
    [creature] = join_group(eng, [top, bottom])
    eng.put_into_play(creature, "player1")
    assert [c.label for c in eng.game.players["player1"].creatures] == ["b"]
    assert creature.joined is top and top.zone == "gigantic" and eng.game.players["player1"].zone("discard") == []
    assert top in list(eng.game.cards())


def test_setup_needs_the_half_of_a_gigantic_card_out_of_play(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: which-half
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Ultra Gravitron"]}
        expect: {"16.0": {}}
        """,
    )
    assert result.error and "half" in result.error
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: not-gigantic
        setup:
          player1: {hand: [{card: Troll, half: top}]}
        expect: {"16.0": {}}
        """,
    )
    assert result.error and "gigantic card only" in result.error


# ------------------------------------------------------------------------------ as if you had played it


def test_ensign_el_samra_resolves_a_revealed_cards_icons_it_stays_in_hand(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: samra
        setup:
          turn: {active: player1, house: staralliance}
          player1: {amber: 0, hand: ["Virtuous Works", {card: Troll, enhancements: [draw]}],
                    battleline: ["Ensign El-Samra"], deck: ["Urchin"]}
        actions:
          - action: Ensign El-Samra
            targets: [Troll]
        expect:
          "16.0": {player1.amber: 0, player1.hand: ["Virtuous Works", "Troll", "Urchin"]}
        """,
        )
    )


def test_fission_bloom_is_used_up_by_icons_resolved_as_if_played(kb_conn, tmp_path):
    # El-Samra's reveal is the "next time you play a card": Virtuous Works's 3 resolve twice (6),
    # and Dust Pixie, played afterwards, resolves its 2 only once
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: bloom-used
        setup:
          turn: {active: player1, house: staralliance}
          player1:
            amber: 0
            hand: ["Virtuous Works", {card: Dust Pixie, house: staralliance}]
            battleline: ["Ensign El-Samra"]
            artifacts: [{card: Fission Bloom, house: staralliance}]
        actions:
          - action: Fission Bloom
          - action: Ensign El-Samra
            targets: [Virtuous Works]
          - {play: Dust Pixie, flank: right}
        expect:
          "16.0": {player1.amber: 8}
        """,
        )
    )


def test_master_of_the_grey_stops_only_its_controllers_opponent(kb_conn, tmp_path):
    body = """
        id: grey
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Virtuous Works"], battleline: %s}
          player2: {battleline: %s}
        actions: [{play: Virtuous Works}]
        expect:
          "16.0": {player1.amber: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("[]", '["Master of the Grey"]', 0)))
    assert_passed(replay(kb_conn, tmp_path, body % ('["Master of the Grey"]', "[]", 3)))


def test_reclaimed_by_nature_purges_an_artifact_and_resolves_its_icons(kb_conn, tmp_path):
    # Reclaimed's own 1, then the purged Fission Bloom's enhanced capture (a friendly creature
    # captures from the opponent) and Æmber
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: reclaimed
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: ["Reclaimed by Nature"], battleline: ["Dust Pixie"]}
          player2: {amber: 2, artifacts: [{card: Fission Bloom, enhancements: [capture, amber]}]}
        actions: [{play: Reclaimed by Nature}]
        expect:
          "16.0": {player1.amber: 2, player2.amber: 1, Dust Pixie.amber: 1, player2.purged: ["Fission Bloom"]}
        """,
        )
    )


# ------------------------------------------------------------------------------ enhance


def test_enhance_icons_are_read_from_either_spelling_of_the_card_data(kb_conn):
    catalog = CardCatalog(kb_conn)

    def icons(ref: str) -> list[str]:
        return enhance_icons(CardInstance(catalog.get(ref), owner="player1", controller="player1", label="x"))

    assert icons("Mutant Cutpurse (MM 252)") == ["damage"] * 3
    assert icons("Mutant Cutpurse (MoMu 301)") == ["damage"] * 3
    assert icons("Ensign El-Samra (MM 340)") == ["draw"] * 3
    assert icons("Troll") == []
    assert icons("Mutant Cutpurse (MG2024 578)") == ["damage"] * 3
    lost = CardData("Lost", "MM", "1", "shadows", "creature", text="Enhance . (These icons ...)")
    with pytest.raises(ScenarioError, match="missing"):  # icons lost from a text are never guessed
        enhance_icons(CardInstance(lost, owner="player1", controller="player1", label="x"))


def test_enhance_at_deck_generation_spreads_every_icon_over_the_players_cards(kb_conn):
    setup = {
        "player1": {
            "enhance": True,
            "hand": ["Mutant Cutpurse", "Ensign El-Samra"],
            "deck": ["Troll", "Urchin", "Krump"],
        },
        "player2": {"hand": ["Mutant Cutpurse"], "deck": ["Troll"]},
    }
    eng = _engine(kb_conn, setup)
    mine = [i for c in eng.game.cards() if c.owner == "player1" for i in c.enhancements]
    assert sorted(mine) == ["damage"] * 3 + ["draw"] * 3
    assert all(not c.enhancements for c in eng.game.cards() if c.owner == "player2")  # not asked for
    again = _engine(kb_conn, setup)  # seeded: the same cards get the same icons
    assert [c.enhancements for c in again.game.cards()] == [c.enhancements for c in eng.game.cards()]


# ------------------------------------------------------------------------------ Saurian Egg


def test_saurian_egg_hatches_one_and_is_destroyed_a_non_saurian_stays_discarded(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: egg
        setup:
          turn: {active: player1, house: logos}
          player1: {battleline: ["Saurian Egg"], deck: ["Troll", "Brutodon Auxiliary", "Urchin"]}
        actions:
          - {omni: Saurian Egg, choices: [right]}
        expect:
          "16.0": {player1.battleline: ["Brutodon Auxiliary"], Brutodon Auxiliary.power: 9,
                   player1.discard: ["Saurian Egg", "Troll"], player1.deck: ["Urchin"]}
        """,
        )
    )


def test_saurian_egg_without_a_saurian_stays_and_cannot_reap(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: egg-none
        setup:
          turn: {active: player1, house: saurian}
          player1: {amber: 0, battleline: [{card: Saurian Egg, id: egg}, {card: Saurian Egg, id: egg2}],
                    deck: ["Troll", "Urchin"]}
        actions:
          - omni: egg
          - reap: egg2
        expect:
          "16.0": {illegal: 1, player1.battleline: ["egg", "egg2"], player1.discard: ["Urchin", "Troll"],
                   player1.amber: 0}
        """,
        )
    )
