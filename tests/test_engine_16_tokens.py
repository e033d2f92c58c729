"""Token creatures, leaving play, destruction order and control (issue 6, 16.0): each mechanism on
a board of its own (engine.rules.mechanics.tokens, engine.library.control, DamageRules.destroy)."""

from __future__ import annotations

from boards import assert_passed, replay


# ------------------------------------------------------------------------------ token creatures

_HIVE = """
    id: hive
    setup:
      turn: {active: player2, house: mars}
      player1: {battleline: ["Urchin"]}
      player2: {token: Blorb, artifacts: ["Blorb Hive"], battleline: ["Troll"],
                deck: [{card: Anger, id: t1}, {card: Troll, id: t2}, {card: Bumpsy, id: t3}]}
    actions:
      - {omni: Blorb Hive, choices: [left]}
      %s
    expect:
      "16.0": %s
    """


def test_making_token_creatures_puts_the_top_cards_of_the_deck_into_play_facedown(kb_conn, tmp_path):
    # Troll destroyed; the top two cards enter play as Blorbs, exhausted, one per chosen flank
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            _HIVE
            % (
                "",
                """{Troll.zone: discard, player2.battleline: [t2, t1],
        t1.token: Blorb, t1.type: creature, t1.power: 1, t1.exhausted: true, t1.house: mars,
        t2.token: Blorb, player2.deck: [t3], player2.discard: [Troll]}""",
            ),
        )
    )


def test_a_token_creature_is_a_copy_of_its_token_card(kb_conn, tmp_path):
    # Blorb cannot reap; it is elusive (no damage from the first attack)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            _HIVE
            % (
                "- {end_turn: true, to_step: 2}\n      - choose_house: shadows\n"
                "      - fight: {attacker: Urchin, target: t1}",
                "{t1.zone: battleline, t1.damage: 0, Urchin.damage: 0}",
            ),
        )
    )
    result = replay(
        kb_conn,
        tmp_path,
        _HIVE
        % (
            "- {end_turn: true, to_step: 2}\n      - {end_turn: true, to_step: 2}\n"
            "      - choose_house: mars\n      - reap: t1",
            "{illegal: 4, player2.amber: 0}",
        ),
    )
    assert_passed(result)


def test_a_token_creature_leaving_play_reverts_to_its_card_in_its_owners_zone(kb_conn, tmp_path):
    # Gateway to Dis destroys the Grunts: the Anger and the Troll are in their owner's discard pile
    # as themselves; the Æmber on the Troll went to player1 as it left play (it was a creature)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: revert
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: ["Gateway to Dis"]}
          player2: {amber: 0, token: Grunt,
                    battleline: [{card: Anger, id: a, token: true}, {card: Troll, id: t, token: true, amber: 2}]}
        actions:
          - play: Gateway to Dis
        expect:
          "16.0": {a.zone: discard, a.type: action, a.token: null, t.zone: discard, t.type: creature,
                   t.token: null, player1.amber: 2, player2.amber: 0}
        """,
        )
    )


def test_each_time_a_token_creature_is_destroyed_counts_it_as_a_creature(kb_conn, tmp_path):
    # Tolas: "Each time a creature is destroyed, its opponent gains 1": the Anger was a Grunt
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tolas
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, battleline: ["Troll"]}
          player2: {amber: 0, token: Grunt, battleline: ["Tolas", {card: Anger, id: a, token: true}]}
        actions:
          - fight: {attacker: Troll, target: a}
        expect:
          "16.0": {a.zone: discard, player1.amber: 1}
        """,
        )
    )


def test_a_token_taken_control_of_stays_the_same_kind_of_token(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: steal
        setup:
          turn: {active: player1, house: saurian}
          player1: {token: Blorb, hand: ["Enlist Numeri"]}
          player2: {token: Grunt, battleline: [{card: Anger, id: a, token: true, amber: 1}]}
        actions:
          - play: Enlist Numeri
        expect:
          "16.0": {a.controller: player1, a.token: Grunt, a.power: 3, a.house: saurian}
        """,
        )
    )


def test_without_a_token_reference_card_or_a_deck_nothing_is_made(kb_conn, tmp_path):
    # a named token the deck does not have, and an empty deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: named
        setup:
          turn: {active: player2, house: mars}
          player2: {token: Grunt, artifacts: ["Blorb Hive"], battleline: ["Troll"], deck: ["Anger"]}
        actions:
          - omni: Blorb Hive
        expect:
          "16.0": {Troll.zone: discard, player2.battleline: [], player2.deck: [Anger]}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: empty
        setup:
          turn: {active: player2, house: mars}
          player2: {token: Blorb, artifacts: ["Blorb Hive"], battleline: ["Troll"]}
        actions:
          - omni: Blorb Hive
        expect:
          "16.0": {Troll.zone: discard, player2.battleline: []}
        """,
        )
    )


def test_token_setup_errors_name_the_problem(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: bad
        setup:
          player1: {battleline: [{card: Troll, token: true}]}
        expect: {"16.0": {}}
        """,
    )
    assert result.error and "no token creature reference card" in result.error
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: bad2
        setup:
          player1: {token: Troll}
        expect: {"16.0": {}}
        """,
    )
    assert result.error and "not a token creature reference card" in result.error


# ------------------------------------------------------------------------------ destruction

_DUST_IMP = """
    id: imp
    setup:
      turn: {active: player1, house: brobnar}
      player1: {amber: 0, battleline: [{card: Groggins, upgrades: ["Phoenix Heart"]}]}
      player2: {amber: 0, battleline: [{card: Dust Imp, upgrades: ["Soulkeeper"]}, "Drumble", "Shaffles"]}
    actions:
      - fight: {attacker: Groggins, target: Dust Imp}
        choices: %s
    expect:
      "%s": %s
    """


def test_each_destroyed_ability_of_a_card_is_ordered_by_the_active_player(kb_conn, tmp_path):
    # Soulkeeper's first: Groggins goes back to hand before Dust Imp's 2 Æmber; both resolve
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            _DUST_IMP % ('["Dust Imp (Soulkeeper)"]', "16.0", "{player2.amber: 2, Groggins.zone: hand}"),
        )
    )
    result = replay(kb_conn, tmp_path, _DUST_IMP % ("[]", "16.0", "{}"))
    assert result.error and "Dust Imp (Soulkeeper)" in result.error and "Destroyed" in result.error


def test_cards_destroyed_by_destroyed_abilities_wait_for_the_whole_destruction(kb_conn, tmp_path):
    # 16.0: Dust Imp, Drumble and Shaffles reach the discard pile together, Dust Imp first; under
    # 1.3 Drumble and Shaffles went as soon as Phoenix Heart's damage destroyed them
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            _DUST_IMP % ('["Dust Imp"]', "16.0", "{player2.discard: [Shaffles, Drumble, Dust Imp, Soulkeeper]}"),
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            _DUST_IMP % ('["Dust Imp"]', "1.3", "{player2.discard: [Dust Imp, Soulkeeper, Shaffles, Drumble]}"),
            "1.3",
        )
    )


def test_amber_on_a_non_creature_leaving_play_returns_to_the_supply(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: supply
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: ["Poltergeist"]}
          player2: {amber: 0, artifacts: [{card: "[REDACTED]", amber: 3}]}
        actions:
          - play: Poltergeist
        expect:
          "1.1": {player1.amber: 1, player2.amber: 0, "[REDACTED].zone": discard}
        """,
            "1.1",
        )
    )


# ------------------------------------------------------------------------------ control and houses


def test_scowly_caper_enters_play_under_the_opponents_control_and_is_used_as_any_house(kb_conn, tmp_path):
    # played by player1, it enters under player2's control; at the end of player2's turn it
    # destroys its only neighbor (Urchin); on player2's next turn it reaps on a Brobnar turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: scowly
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Scowly Caper"]}
          player2: {amber: 1, battleline: ["Troll", "Urchin"], hand: ["Anger"]}
        actions:
          - {play: Scowly Caper, flank: right}
          - {end_turn: true, to_step: 2}
          - {end_turn: true, to_step: 2}
          - {end_turn: true, to_step: 2}
          - choose_house: brobnar
          - reap: Scowly Caper
        expect:
          "16.0": {Scowly Caper.controller: player2, Scowly Caper.zone: battleline,
                   player2.battleline: ["Troll", "Scowly Caper"], Urchin.zone: discard,
                   player2.amber: 2, Scowly Caper.house: shadows}
        """,
        )
    )


def test_end_of_turn_abilities_resolve_at_the_end_of_their_controllers_turn(kb_conn, tmp_path):
    # Shaffles: player2 loses 1 at the end of player1's turn, not at the end of their own
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shaffles
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 3, battleline: ["Shaffles"]}
          player2: {amber: 3}
        actions:
          - {end_turn: true, to_step: 2}
          - {end_turn: true, to_step: 2}
        expect:
          "16.0": {player1.amber: 3, player2.amber: 2}
        """,
        )
    )


def test_groggins_can_only_attack_flank_creatures(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: groggins
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: ["Groggins"]}
          player2: {battleline: ["Troll", "Urchin", "Bumpsy"]}
        actions:
          - fight: {attacker: Groggins, target: Urchin}
          - fight: {attacker: Groggins, target: Bumpsy}
        expect:
          "16.0": {illegal: 0, refusal_contains: "only attack flank creatures", Bumpsy.zone: discard}
        """,
        )
    )


def test_drumble_captures_all_only_from_seven(kb_conn, tmp_path):
    body = """
        id: drumble
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Drumble"]}
          player2: {amber: %d}
        actions:
          - play: Drumble
        expect:
          "16.0": {Drumble.amber: %d, player2.amber: %d}
        """
    assert_passed(replay(kb_conn, tmp_path, body % (7, 7, 0)))
    assert_passed(replay(kb_conn, tmp_path, body % (6, 0, 6)))


def test_a_borrowed_artifact_belongs_to_shadows_while_under_your_control(kb_conn, tmp_path):
    # the borrowed Spangler Box is used on a Shadows turn; when it passes back to player2 (its
    # "if you do"), it is a Logos card again
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: borrow
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["“Borrow”"]}
          player2: {artifacts: [{card: Spangler Box, exhausted: false}], battleline: ["Troll"]}
        actions:
          - play: “Borrow”
          - action: Spangler Box
        expect:
          "16.0": {Troll.zone: purged, Spangler Box.controller: player2, Spangler Box.house: logos}
        """,
        )
    )


def test_code_monkey_gains_only_if_the_neighbors_shared_a_house(kb_conn, tmp_path):
    body = """
        id: monkey
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, hand: ["Code Monkey (WC 147)"], battleline: ["%s", "Venator Altum"]}
        actions:
          - {play: Code Monkey, position: 1}
        expect:
          "16.0": {player1.amber: %d, player1.battleline: ["Code Monkey"]}
        """
    assert_passed(replay(kb_conn, tmp_path, body % ("Urchin", 0)))
    assert_passed(replay(kb_conn, tmp_path, body % ("Venator Altum", 2)))
