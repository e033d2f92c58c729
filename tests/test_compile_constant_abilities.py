"""Constant abilities and reactions compiled from the later sets' text: the tide (16.0 glossary
"Tide": high for the player who raised it, low for their opponent; a player it is already high for
cannot raise it, and nothing reacts), reactions to keys forged, the hand a player refills to in their
"draw cards" step (while a condition holds, for each of a count), ..."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, engine_for, replay
from engine.rules.turn import end_turn

DECK = [{"card": "Dust Pixie", "id": f"d{i}"} for i in range(12)]


@pytest.mark.parametrize(
    "tide, moray, choices",
    [
        # neutral: Marshal Ewer raises it, player1's Binary Moray readies, player2's is exhausted
        # (both react: the active player orders them), Photic Raider gets +4 power
        ("", "false", "\n            choices: [Binary Moray]"),
        # already high for player1: it cannot be raised, nothing reacts (the Hydrocataloguer FAQ)
        (", tide_high: player1", "true", ""),
        # high for player2: player1 raises it, now high for player1
        (", tide_high: player2", "false", "\n            choices: [Binary Moray]"),
    ],
)
def test_raise_the_tide_and_what_reacts(kb_conn, tmp_path, tide, moray, choices):
    assert_compiled(kb_conn, "Marshal Ewer", "Binary Moray", "Photic Raider")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: raise-the-tide
        setup:
          turn: {{active: player1, house: sanctum{tide}}}
          player1:
            hand: ["Marshal Ewer"]
            battleline: [{{card: Binary Moray, exhausted: true}}, Photic Raider]
          player2: {{battleline: [{{card: Binary Moray, id: enemy-moray}}]}}
        actions:
          - play: Marshal Ewer
            flank: right{choices}
        expect:
          "16.0": {{tide_high: player1, Binary Moray.exhausted: {moray}, Photic Raider.power: 6,
                   enemy-moray.exhausted: {"false" if moray == "true" else "true"}}}
        """,
        )
    )


def test_tide_low_leaves_the_constant_ability_off(kb_conn, tmp_path):
    # "While the tide is high, Photic Raider gets +4 power.": low for player1, it has its printed 2;
    # "Fight: If the tide is high, your opponent loses 2": no loss while it is low
    assert_compiled(kb_conn, "Hookmaster")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tide-low
        setup:
          turn: {active: player1, house: unfathomable, tide_high: player2}
          player1: {battleline: [Photic Raider, Hookmaster]}
          player2: {amber: 5, battleline: [Dust Pixie]}
        actions:
          - fight: {attacker: Hookmaster, target: Dust Pixie}
        expect:
          "16.0": {Photic Raider.power: 2, player2.amber: 5, Dust Pixie.zone: discard}
        """,
        )
    )


@pytest.mark.parametrize("amber, keys, zones", [(9, 1, "discard"), (8, 0, "artifacts")])
def test_after_a_player_forges_a_key(kb_conn, tmp_path, amber, keys, zones):
    assert_compiled(kb_conn, "Universal Keylock", "Forge Compiler")
    # "Keys cost +3. After a player forges a key, destroy Universal Keylock." and "After your
    # opponent forges a key, destroy Forge Compiler and ward each friendly creature.": player2
    # forges at 9 in their "forge a key" step; with 8 they cannot, and both stay
    ward = "true" if keys else "false"
    order = "\n          - choose: [Universal Keylock]" if keys else ""  # player2 orders the two reactions
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: forges-a-key
        setup:
          turn: {{active: player1, house: brobnar}}
          player1: {{artifacts: [Universal Keylock, Forge Compiler], battleline: [Troll]}}
          player2: {{amber: {amber}}}
        actions:
          - end_turn: true{order}
        expect:
          "16.0": {{player2.keys: {keys}, Universal Keylock.zone: {zones}, Forge Compiler.zone: {zones},
                   Troll.ward: {ward}}}
        """,
        )
    )


def _hand_after_draw(kb_conn, battleline: list, active: str = "player1") -> int:
    """The active player's hand after their "draw cards" step, from an empty hand; player1 has
    ``battleline``."""
    setup = {"turn": {"active": active, "house": "dis"}, "player1": {"battleline": battleline}}
    setup.setdefault(active, {})["deck"] = DECK
    eng = engine_for(kb_conn, setup)
    end_turn(eng, to_step=1)
    return len(eng.game.players[active].zone("hand"))


@pytest.mark.parametrize(
    "battleline, active, hand",
    [
        # "For each friendly Sin creature, refill your hand to 1 additional card ...": Greed and Envy
        (["Greed", "Envy"], "player1", 8),
        (["Greed", "Troll"], "player1", 7),
        # the opponent's step is not changed
        (["Greed", "Envy"], "player2", 6),
        # "While Zenzizenzizenzic is in the center of your battleline, ... 2 additional cards"
        (["Troll", "Zenzizenzizenzic", "Krump"], "player1", 8),
        (["Zenzizenzizenzic", "Troll", "Krump"], "player1", 6),
        # "Your opponent refills their hand to 1 less card during their "draw cards" step"
        (["Fuguru"], "player2", 5),
        (["Fuguru"], "player1", 6),
    ],
)
def test_refill_hand_size(kb_conn, battleline, active, hand):
    assert_compiled(kb_conn, "Greed", "Zenzizenzizenzic", "Fuguru")
    assert _hand_after_draw(kb_conn, battleline, active) == hand


@pytest.mark.parametrize(
    "tide, mine, theirs",
    [
        # "Your keys cost -1 while the tide is high and +1 while the tide is low.", with Musthic
        # Murmook's "Each player's keys cost +1" and Ace Jonavan's "For each amber on Ace Jonavan,
        # keys cost +1" (2 on it): player1 6 - 1 + 1 + 2, player2 6 + 1 + 2
        (", tide_high: player1", 8, 9),
        (", tide_high: player2", 10, 9),
        # neutral: neither high nor low
        ("", 9, 9),
    ],
)
def test_key_costs_by_whose_while_and_for_each(kb_conn, tmp_path, tide, mine, theirs):
    assert_compiled(kb_conn, "Static Collection Array", "Musthic Murmook", "Ace Jonavan")
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: key-costs
        setup:
          turn: {{active: player1, house: untamed{tide}}}
          player1: {{artifacts: [Static Collection Array], battleline: [Musthic Murmook, {{card: Ace Jonavan, amber: 2}}]}}
        actions: []
        expect:
          "16.0": {{player1.key_cost: {mine}, player2.key_cost: {theirs}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "artifacts, sequis",
    [
        # "Each creature enters play enraged.": Pestergrove enrages Sequis too
        ("[Pestergrove]", "true"),
        ("[]", "false"),
    ],
)
def test_enters_play_enraged(kb_conn, tmp_path, artifacts, sequis):
    assert_compiled(kb_conn, "Gizelhart’s Zealot", "Pestergrove")
    # "Gizelhart's Zealot enters play ready and enraged."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: enters-enraged
        setup:
          turn: {{active: player1, house: sanctum}}
          player1: {{hand: ["Gizelhart's Zealot", Sequis], artifacts: {artifacts}}}
          player2: {{battleline: [Dust Pixie]}}
        actions:
          - play: Gizelhart's Zealot
          - play: Sequis
            flank: right
        expect:
          "16.0": {{Gizelhart's Zealot.enraged: true, Gizelhart's Zealot.exhausted: false, Sequis.enraged: {sequis},
                   Sequis.exhausted: true}}
        """,
        )
    )


@pytest.mark.parametrize("discarded, titan", [(10, False), (9, True)])
def test_cannot_ready(kb_conn, discarded, titan):
    assert_compiled(kb_conn, "Under Pressure", "Awakened Titan", "Frost Giant")
    # "This creature cannot ready.", "Awakened Titan cannot ready unless you are haunted.", "Frost
    # Giant does not ready during your "ready cards" step.": after player1's "ready cards" step
    exhausted = [{"card": n, "exhausted": True} for n in ("Awakened Titan", "Frost Giant", "Krump")]
    exhausted.append({"card": "Troll", "exhausted": True, "upgrades": ["Under Pressure"]})
    setup = {
        "turn": {"active": "player1", "house": "brobnar"},
        "player1": {"battleline": exhausted, "discard": ["Dust Pixie"] * discarded},
    }
    eng = engine_for(kb_conn, setup)
    end_turn(eng, to_step=1)
    state = {c.label: c.exhausted for c in eng.game.players["player1"].creatures}
    assert state == {"Awakened Titan": titan, "Frost Giant": True, "Krump": False, "Troll": True}


def test_cannot_ready_by_an_effect(kb_conn, tmp_path):
    # Under Pressure on Binary Moray: "After you raise the tide, ready Binary Moray." readies nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: cannot-ready-effect
        setup:
          turn: {active: player1, house: sanctum}
          player1:
            hand: ["Marshal Ewer"]
            battleline: [{card: Binary Moray, exhausted: true, upgrades: [Under Pressure]}]
        actions:
          - play: Marshal Ewer
            flank: right
        expect:
          "16.0": {tide_high: player1, Binary Moray.exhausted: true}
        """,
        )
    )


@pytest.mark.parametrize("upgrades, keys, pool", [("[Mole]", 1, 0), ("[]", 0, 2)])
def test_spend_amber_on_creatures_when_forging(kb_conn, tmp_path, upgrades, keys, pool):
    assert_compiled(kb_conn, "Senator Bracchus", "Mole")
    # "You may spend amber on friendly creatures as if it were in your pool." (Senator Bracchus) and
    # Mole on an enemy creature: "This creature gains, "Your opponent may spend amber on this
    # creature as if it were in their pool."": player1 forges with 2 in the pool, 1 on each of their
    # creatures and 2 on Krump; without Mole, 4 is not enough
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: spend-amber-on-creatures
        setup:
          turn: {{active: player2, house: brobnar}}
          player1: {{amber: 2, battleline: [{{card: Senator Bracchus, amber: 1}}, {{card: Troll, amber: 1}}]}}
          player2: {{battleline: [{{card: Krump, amber: 2, upgrades: {upgrades}}}]}}
        actions:
          - end_turn: true
            choices: [saurian]
        expect:
          "16.0": {{player1.keys: {keys}, player1.amber: {pool}, Troll.amber: {1 - keys}, Krump.amber: {2 - 2 * keys}}}
        """,
        )
    )


@pytest.mark.parametrize(
    "battleline, illegal",
    [
        # in the center: one card off the active house (Virtuous Works), not a second one (Troll)
        ("[Krump, Captain Val Jericho, Bumpsy]", "[1]"),
        # on a flank: neither
        ("[Captain Val Jericho, Krump, Bumpsy]", "[0, 1]"),
    ],
)
def test_may_play_one_card_off_the_active_house_while(kb_conn, tmp_path, battleline, illegal):
    assert_compiled(kb_conn, "Captain Val Jericho")
    # "While Captain Val Jericho is in the center of your battleline, you may play 1 card that is
    # not of the active house during your turn."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: val-jericho
        setup:
          turn: {{active: player1, house: staralliance}}
          player1: {{hand: [Virtuous Works, Troll], battleline: {battleline}}}
        actions:
          - play: Virtuous Works
          - play: Troll
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )


def test_may_play_one_card_of_a_house_each_turn(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Tangrant")
    # "You may play a Mars card during each turn in which Mars is not your active house.": one Mars
    # card (Mindwarper), not a second (Mindwarper again), nor a card of another house (Punch)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tangrant
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [{card: Mindwarper, id: m1}, {card: Mindwarper, id: m2}, Punch], battleline: [Tangrant]}
        actions:
          - play: m1
            flank: right
          - play: m2
          - play: Punch
        expect:
          "16.0": {illegal: [1, 2], m1.zone: battleline}
        """,
        )
    )


@pytest.mark.parametrize("cultists, illegal", [(4, "[]"), (3, "[0]")])
def test_cannot_play_self_unless(kb_conn, tmp_path, cultists, illegal):
    assert_compiled(kb_conn, "Tangaika")
    # "You cannot play Tangaika unless you control 4 or more Cultists." (Cultist token creatures)
    tokens = ", ".join(f"{{card: Troll, id: t{i}, token: true}}" for i in range(cultists))
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: tangaika
        setup:
          turn: {{active: player1, house: unfathomable}}
          player1: {{token: Cultist, hand: [Tangaika], battleline: [{tokens}]}}
        actions:
          - play: Tangaika
            flank: right
        expect:
          "16.0": {{illegal: {illegal}}}
        """,
        )
    )
