"""Bonus icons resolved "as if you had played it" (16.0 glossary "Bonus Icons"): the card a clause
names, each card discarded this way (an opponent's card included: its icons are resolved by the
player of the ability), and the preceding effect repeated."""

from __future__ import annotations

import pytest

from boards import assert_compiled, assert_passed, replay


def test_each_card_discarded_this_way_resolves_for_you(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Consult the Bones")
    # "Discard the top card of each player's deck. For each card discarded this way, resolve its
    # bonus icons as if you had played it.": player 1's Dust Pixie (2 Æmber icons) and player 2's
    # Troll enhanced with a draw icon: player 1 gains 2 (+1 for the card itself) and draws 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: consult-the-bones-each-deck
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: ["Consult the Bones"], deck: [Dust Pixie, Krump, Punch]}
          player2: {amber: 0, deck: [{card: Troll, enhancements: [draw]}, Ancient Bear]}
        actions:
          - play: Consult the Bones
        expect:
          "16.0": {player1.amber: 2, player2.amber: 0, player1.hand: [Krump], player1.discard: [Consult the Bones, Dust Pixie],
                   player2.discard: [Troll], player2.deck: [Ancient Bear]}
        """,
        )
    )


@pytest.mark.parametrize("keys, targets, amber", [("[yellow]", "[p1, p2]", 5), ("[red]", "[p1]", 3)])
def test_resolve_its_bonus_icons_repeated_if_a_yellow_key_is_forged(kb_conn, tmp_path, keys, targets, amber):
    assert_compiled(kb_conn, "Recreational Jettison")
    # "Play: Discard a card. Resolve its bonus icons as if you had played it. If a yellow key is
    # forged, repeat the preceding effect.": two Dust Pixies discarded (2 + 2) with a yellow key
    # forged, one without (a Troll left in hand keeps each choice open); +1 for the Jettison's own
    # Æmber bonus
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: recreational-jettison-yellow
        setup:
          turn: {{active: player1, house: skyborn}}
          player1: {{amber: 0, keys: {keys}, hand: ["Recreational Jettison", {{card: Dust Pixie, id: p1}}, {{card: Dust Pixie, id: p2}}, Troll]}}
        actions:
          - play: Recreational Jettison
            targets: {targets}
        expect:
          "16.0": {{player1.amber: {amber}}}
        """,
        )
    )


def test_an_amber_icon_may_be_resolved_as_one_of_three_icons(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Puzzling Trinket")
    # "When you resolve an A bonus icon, you may choose to resolve it as a capture, damage, or draw
    # icon instead.": Dust Pixie's first Æmber icon becomes a draw icon, the second is kept (one
    # choice each: the icon itself or one of the three)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: puzzling-trinket
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: [Dust Pixie], artifacts: [Puzzling Trinket], deck: [Krump, Troll]}
        actions:
          - play: Dust Pixie
            choices: [draw, amber]
        expect:
          "16.0": {player1.amber: 1, player1.hand: [Krump], player1.deck: [Troll],
                   decisions.0.3.offered: [amber, capture, damage, draw]}
        """,
        )
    )


def test_after_you_resolve_a_draw_icon_you_may_archive(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Chronus")
    # "After you resolve a R bonus icon, you may archive a card.": Troll enhanced with a draw icon
    # draws Krump, and player 1 archives Punch; Virtuous Works's 3 Æmber icons trigger nothing
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: chronus-draw-icon
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: [Chronus], hand: [{card: Troll, enhancements: [draw]}, Punch, "Virtuous Works"],
                    deck: [Krump]}
        actions:
          - play: Troll
            flank: right
            choices: ["yes", Punch]
        expect:
          "16.0": {player1.archives: [Punch], player1.hand: ["Virtuous Works", Krump]}
        """,
        )
    )


def test_an_archon_power_deals_damage_after_each_bonus_icon(kb_conn, tmp_path):
    # Rage (archon power): "After you resolve a bonus icon, deal 1 to a creature.": Dust Pixie's
    # two Æmber icons deal 1 to Troll twice; player 2's own icons would not
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: rage-icons
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, hand: [Dust Pixie], archon_power: Rage}
          player2: {battleline: [Troll]}
        actions:
          - play: Dust Pixie
            targets: [Troll, Troll]
        expect:
          "16.0": {player1.amber: 2, Troll.damage: 2}
        """,
        )
    )


def test_an_amber_icon_may_make_a_token_creature_instead(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Whimsical Conjuror")
    # "When you resolve an A bonus icon, you may make a token creature instead.": Dust Pixie's first
    # Æmber icon makes a Grunt from the top card of the deck (Krump), the second is gained
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: whimsical-conjuror
        setup:
          turn: {active: player1, house: untamed}
          player1: {amber: 0, token: Grunt, hand: [Dust Pixie], battleline: [Whimsical Conjuror], deck: [Krump, Troll]}
        actions:
          - play: Dust Pixie
            flank: right
            choices: ["yes", right, "no"]
        expect:
          "16.0": {player1.amber: 1, player1.deck: [Troll], Krump.token: Grunt}
        """,
        )
    )


def test_steal_for_each_bonus_icon_on_the_discarded_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Mindfire")
    # "Play: Your opponent discards a random card from their hand. Steal 1 for each bonus icon on
    # the discarded card.": their only card, Dust Pixie enhanced with a draw icon, has 3 icons
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mindfire
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: [Mindfire]}
          player2: {amber: 5, hand: [{card: Dust Pixie, enhancements: [draw]}]}
        actions:
          - play: Mindfire
        expect:
          "16.0": {player1.amber: 3, player2.amber: 2, player2.discard: [Dust Pixie]}
        """,
        )
    )


@pytest.mark.parametrize("enhancements, left", [("[capture]", 2), ("[]", 3)])
def test_lose_amber_equal_to_the_bonus_icons_on_the_destroyed_card(kb_conn, tmp_path, enhancements, left):
    assert_compiled(kb_conn, "Cauterize Vitality")
    # "Play: Destroy a creature or artifact. If you do, your opponent loses A equal to the number of
    # bonus icons on the destroyed card.": Dust Pixie (2 Æmber icons, and a capture icon or not)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: cauterize-vitality
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{amber: 0, hand: [Cauterize Vitality]}}
          player2: {{amber: 5, battleline: [{{card: Dust Pixie, enhancements: {enhancements}}}]}}
        actions:
          - play: Cauterize Vitality
        expect:
          "16.0": {{player2.amber: {left}, Dust Pixie.zone: discard}}
        """,
        )
    )
