"""Hand-defined cards on zones, reveals and repeats (engine/cards/<set>/): quantities and limits their
waiting scenarios do not reach."""

from __future__ import annotations

from boards import assert_passed, replay
from engine.cards import implemented


def test_3ll_i0t_plays_the_upgrade_on_itself_not_on_another_creature(kb_conn, tmp_path):
    assert "3LL-I0T" in implemented()
    # "Play: You may play an upgrade from your discard pile on 3LL-I0T.": Troll is in play too, but
    # Blood of Titans goes on 3LL-I0T without a choice of creature (only "you may" is asked)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: 3ll-i0t-host
        setup:
          turn: {active: player1, house: staralliance}
          player1: {hand: [3LL-I0T], battleline: [Troll], discard: [Blood of Titans]}
        actions:
          - play: 3LL-I0T
            choices: [right, "yes"]
        expect:
          "16.0": {3LL-I0T.upgrades: [Blood of Titans], Troll.upgrades: [], 3LL-I0T.power: 9}
        """,
        )
    )


def test_resonant_orb_repeats_the_preceding_effect_once_only(kb_conn, tmp_path):
    assert "Resonant Orb" in implemented()
    # "If you do, repeat the preceding effect." (glossary "Preceding": the repeat instruction is not
    # part of it): Troll, then Krump come into play for two enemy creatures; Urchin, a creature too,
    # stays on the deck and the third enemy creature in play
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: resonant-orb-once
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: [Resonant Orb], deck: [Troll, Krump, Urchin]}
          player2: {battleline: [Dust Pixie, Pit Demon, Bumpsy]}
        actions:
          - reap: Resonant Orb
            choices: [Dust Pixie, right, Pit Demon, right]
        expect:
          "16.0": {Troll.zone: battleline, Krump.zone: battleline, player1.deck: [Urchin], Bumpsy.zone: battleline,
                   Dust Pixie.zone: discard, Pit Demon.zone: discard}
        """,
        )
    )


def test_plunder_repeated_past_the_last_card_discards_the_last_revealed(kb_conn, tmp_path):
    assert "Plunder" in implemented()
    # "Reveal a random unrevealed card ... Then, you may either repeat this effect or your opponent
    # discards the last revealed card.": both Trolls revealed, a third repeat reveals nothing; one
    # Troll (the last revealed) is discarded, the other stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: plunder-past-the-end
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [Plunder]}
          player2: {hand: [Troll, Troll]}
        actions:
          - play: Plunder
            choices: ["repeat this effect", "repeat this effect", "your opponent discards the last revealed card"]
        expect:
          "16.0": {player2.hand: [Troll], player2.discard: [Troll]}
        """,
        )
    )


def test_codex_of_true_names_returns_an_enemy_creature_per_catena_fiend(kb_conn, tmp_path):
    assert "Codex of True Names" in implemented()
    # "return each friendly Catena Fiend to its owner's hand. For each card returned this way, return
    # an enemy creature": two Catena Fiends, two of the three enemy creatures
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: codex-two-fiends
        setup:
          turn: {active: player1, house: dis}
          player1: {token: Catena Fiend, artifacts: [Codex of True Names],
                    battleline: [{card: Krump, id: c1, token: true}, {card: Punch, id: c2, token: true}, Zorg]}
          player2: {battleline: [Troll, Dust Pixie, Urchin]}
        actions:
          - action: Codex of True Names
            choices: [Troll, Urchin]
        expect:
          "16.0": {c1.zone: hand, c2.zone: hand, Zorg.zone: battleline, player2.hand: [Troll, Urchin],
                   Dust Pixie.zone: battleline}
        """,
        )
    )


def test_poltergeistoids_attaches_to_an_artifact_played_from_the_purged_zone(kb_conn, tmp_path):
    assert "Poltergeistoids" in implemented()
    # "play a creature or artifact from your purged zone as if it were in your hand. Attach
    # Poltergeistoids to it as an upgrade with the text, "This card belongs to house Geistoid."": Banner
    # of Battle, purged from the discard pile, is played; it belongs to house Geistoid now, and its own
    # constant ability works (Troll +1 power)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: poltergeistoids-artifact
        setup:
          turn: {active: player1, house: geistoid}
          player1: {hand: ["Poltergeistoids (GR 119)"], discard: [Banner of Battle], battleline: [Troll]}
        actions:
          - play: Poltergeistoids
        expect:
          "16.0": {Banner of Battle.zone: artifacts, Banner of Battle.upgrades: [Poltergeistoids],
                   Banner of Battle.house: geistoid, Poltergeistoids.zone: upgrade, Troll.power: 9}
        """,
        )
    )
