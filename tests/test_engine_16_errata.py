"""The 16.0 card-specific errata (Collector Worm, Custom Virus, Experimental Therapy, Incubation
Chamber, Life for a Life, Tendrils of Pain), the general "Fight:"/"Reap:" errata, and the cards the
16.0 FAQ names (Shield of Justice, Strange Gizmo). The erratum entries are in the 16.0 document
only, so the scenarios replaying them run under 16.0 only; the comparison with the printed text
(in force under 1.1-1.3) is made here, on the same board under both rule sets."""

from __future__ import annotations

from boards import assert_passed, replay


def _both(kb_conn, tmp_path, body: str):
    for version in ("1.3", "16.0"):
        assert_passed(replay(kb_conn, tmp_path, body, version))


_WORM = """
    id: worm
    setup:
      turn: {active: player1, house: mars}
      player1: {battleline: [{card: Collector Worm, id: w1}, {card: Collector Worm, id: w2}]}
      player2: {battleline: ["Sequis", "Dust Pixie"]}
    actions:
      - fight: {attacker: w1, target: Sequis}
      - fight: {attacker: w2, target: Dust Pixie}
    expect:
      "1.3": {player1.archives: ["Sequis", "Dust Pixie"], player2.discard: []}
      "16.0": {player1.archives: ["Sequis"], player2.discard: ["Dust Pixie"]}
    """


def test_collector_worm_printed_text_archives_a_creature_the_fight_destroyed(kb_conn, tmp_path):
    # printed "Fight: Archive the creature Collector Worm fights": the destroyed Dust Pixie is
    # followed into its owner's discard pile; the erratum needs both creatures to survive
    _both(kb_conn, tmp_path, _WORM)


def test_collector_worm_creature_leaving_archives_goes_to_its_owners_hand(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: worm-hand
        setup:
          turn: {active: player1, house: mars}
          player1: {battleline: ["Collector Worm"]}
          player2: {battleline: ["Sequis"]}
        actions:
          - fight: {attacker: Collector Worm, target: Sequis}
          - end_turn: true
            to_step: 2
          - choose_house: sanctum
          - end_turn: true
            to_step: 2
          - choose_house: mars
          - take_archives: true
        expect:
          "16.0": {player1.archives: [], player1.hand: [], player2.hand: ["Sequis"]}
        """,
        )
    )


def test_collector_worm_that_dies_in_the_fight_archives_nothing(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: worm-dies
        setup:
          turn: {active: player1, house: mars}
          player1: {battleline: ["Collector Worm"]}
          player2: {battleline: ["Troll"]}
        actions:
          - fight: {attacker: Collector Worm, target: Troll}
        expect:
          "1.3": {player1.archives: [], Collector Worm.zone: discard, Troll.zone: battleline}
        """,
    )


_VIRUS = """
    id: virus
    setup:
      turn: {active: player1, house: mars}
      player1: {hand: ["Urchin"], artifacts: ["Custom Virus"], battleline: ["Mooncurser"]}
      player2: {battleline: ["Faygin", "Troll"]}
    actions:
      - omni: Custom Virus
        choices: %s
    expect:
      "%s": {player1.hand: %s, player1.battleline: %s, player2.battleline: %s, Custom Virus.zone: discard}
    """


def test_custom_virus_printed_purge_is_not_optional(kb_conn, tmp_path):
    purged = ("[]", "[]", '["Troll"]')
    kept = ('["Urchin"]', '["Mooncurser"]', '["Faygin", "Troll"]')
    # printed: the only creature in hand is purged without a question
    assert_passed(replay(kb_conn, tmp_path, _VIRUS % ("[]", "1.3", *purged), "1.3"))
    # an answer declining it is left over: there is no decision to decline
    result = replay(kb_conn, tmp_path, _VIRUS % ('["no"]', "1.3", *purged), "1.3")
    assert not result.passed and result.error
    # 16.0: "You may purge": declining keeps everything, accepting destroys Elves and Thieves
    assert_passed(replay(kb_conn, tmp_path, _VIRUS % ('["no"]', "16.0", *kept)))
    assert_passed(replay(kb_conn, tmp_path, _VIRUS % ('["yes"]', "16.0", *purged)))
    result = replay(kb_conn, tmp_path, _VIRUS % ("[]", "16.0", *purged))
    assert result.error and "purge a creature" in result.error


def test_custom_virus_with_no_creature_in_hand_destroys_only_itself(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: virus-empty
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Phase Shift"], artifacts: ["Custom Virus"], battleline: ["Mooncurser"]}
          player2: {battleline: ["Faygin"]}
        actions: [{omni: Custom Virus}]
        expect:
          "1.3": {player1.hand: ["Phase Shift"], player1.battleline: ["Mooncurser"],
                  player2.battleline: ["Faygin"], Custom Virus.zone: discard}
        """,
    )


def test_experimental_therapy_printed_creature_belongs_to_all_houses(kb_conn, tmp_path):
    # both texts let the Troll be used while Mars is active; only the printed one makes it a Mars
    # creature that John Smyth's "ready a non-Agent Mars creature" can choose
    _both(
        kb_conn,
        tmp_path,
        """
        id: therapy
        setup:
          turn: {active: player1, house: mars}
          player1: {amber: 0, battleline: [{card: Troll, upgrades: ["Experimental Therapy"]}, "John Smyth"]}
        actions:
          - reap: Troll
          - reap: John Smyth
        expect:
          "1.3": {player1.amber: 2, Troll.exhausted: false}
          "16.0": {player1.amber: 2, Troll.exhausted: true}
        """,
    )


def test_experimental_therapy_does_not_let_another_creature_be_used(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: therapy-other
        setup:
          turn: {active: player1, house: mars}
          player1: {amber: 0, battleline: [{card: Troll, upgrades: ["Experimental Therapy"]}, {card: Troll, id: t2}]}
        actions:
          - reap: t2
        expect:
          "1.3": {illegal: 0, refusal_contains: "not of the active house", player1.amber: 0}
        """,
    )


def test_experimental_therapy_printed_creature_counts_for_house_statics(kb_conn, tmp_path):
    # King of the Crag: "Each enemy Brobnar creature gets -2 power". Printed, the Sequis with the
    # upgrade belongs to Brobnar too (2 power); under the erratum it keeps its 4
    _both(
        kb_conn,
        tmp_path,
        """
        id: therapy-crag
        setup:
          turn: {active: player1, house: sanctum}
          player1: {battleline: [{card: Sequis, upgrades: ["Experimental Therapy"]}]}
          player2: {battleline: ["King of the Crag"]}
        actions: []
        expect:
          "1.3": {Sequis.power: 2}
          "16.0": {Sequis.power: 4}
        """,
    )


_CHAMBER = """
    id: chamber
    setup:
      turn: {active: player1, house: logos}
      player1: {hand: ["Mindwarper", "Phase Shift"], artifacts: ["Incubation Chamber"]}
    actions:
      - omni: Incubation Chamber
        choices: %s
    expect:
      "%s": {player1.hand: %s, player1.archives: %s}
    """


def test_incubation_chamber_printed_reveal_is_not_optional(kb_conn, tmp_path):
    assert_passed(replay(kb_conn, tmp_path, _CHAMBER % ("[]", "1.3", '["Phase Shift"]', '["Mindwarper"]'), "1.3"))
    assert_passed(replay(kb_conn, tmp_path, _CHAMBER % ('["no"]', "16.0", '["Mindwarper", "Phase Shift"]', "[]")))
    assert_passed(replay(kb_conn, tmp_path, _CHAMBER % ('["yes"]', "16.0", '["Phase Shift"]', '["Mindwarper"]')))


def test_incubation_chamber_without_a_mars_creature_does_nothing(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: chamber-none
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: ["Phase Shift", "Custom Virus"], artifacts: ["Incubation Chamber"]}
        actions: [{omni: Incubation Chamber}]
        expect:
          "1.3": {player1.hand: ["Phase Shift", "Custom Virus"], player1.archives: []}
        """,
    )


def test_life_for_a_life_both_texts_resolve_alike(kb_conn, tmp_path):
    # "Sacrifice a creature to deal 6" and "Destroy a friendly creature. If you do, deal 6": only
    # a friendly creature can be chosen, and the 6 damage follows its destruction
    _both(
        kb_conn,
        tmp_path,
        """
        id: lfal
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Life for a Life"], battleline: ["Urchin", "Mooncurser"]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Life for a Life
            choices: [Mooncurser, Troll]
        expect:
          "1.3": {player1.battleline: ["Urchin"], Mooncurser.zone: discard, Troll.damage: 6, player1.amber: 1}
        """,
    )


def test_life_for_a_life_without_a_friendly_creature_deals_no_damage(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: lfal-none
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Life for a Life"]}
          player2: {battleline: ["Troll"]}
        actions: [{play: Life for a Life}]
        expect:
          "1.3": {Troll.damage: 0, player1.amber: 1}
        """,
    )


_TENDRILS = """
    id: tendrils
    setup:
      turn: {active: player1, house: dis}
      player1: {amber: 0, hand: ["Tendrils of Pain"]}
      player2: {amber: %d, battleline: [{card: Troll, id: t1, ward: true}, {card: Troll, id: t2}, "Sequis"]}
    actions:
      - end_turn: true
        to_step: 2
      - choose_house: brobnar
      - end_turn: true
      - play: Tendrils of Pain
    expect:
      "1.3": %s
      "16.0": %s
    """


def test_tendrils_of_pain_printed_text_deals_two_instances(kb_conn, tmp_path):
    # opponent forged: printed 1 then an additional 3 (the ward stops only the 1; armor 2 stops
    # the 1 and 1 of the 3); erratum one instance of 4 (the ward stops it all; armor stops 2)
    forged = _TENDRILS % (
        6,
        "{player2.keys: 1, t1.damage: 3, t1.ward: false, t2.damage: 4, Sequis.damage: 2}",
        "{player2.keys: 1, t1.damage: 0, t1.ward: false, t2.damage: 4, Sequis.damage: 2}",
    )
    _both(kb_conn, tmp_path, forged)


def test_tendrils_of_pain_without_a_key_forged_deals_1(kb_conn, tmp_path):
    same = "{player2.keys: 0, t1.damage: 0, t1.ward: false, t2.damage: 1, Sequis.damage: 0}"
    _both(kb_conn, tmp_path, _TENDRILS % (5, same, same))


_JOHN = """
    id: john
    setup:
      turn: {active: player1, house: mars}
      player1: {amber: 0, battleline: [{card: "%s", id: j}, {card: Yxilo Bolter, exhausted: true}]}
      player2: {battleline: ["Dust Pixie", "Troll"]}
    actions:
      - %s: %s
    expect:
      "1.3": {Yxilo Bolter.exhausted: false, player1.amber: %d}
    """


def test_fight_and_reap_abilities_resolve_the_same_as_after_fight_and_after_reap(kb_conn, tmp_path):
    # 16.0 general errata: "Fight:" reads "After Fight:", "Reap:" reads "After Reap:", without
    # changing when they resolve. The CotA printing ("Fight/Reap:") and the 2024 reprint ("After
    # Fight/After Reap:") of John Smyth do the same under 1.3 and 16.0
    for printing in ("John Smyth (CotA 195)", "John Smyth (MG2024 391)"):
        _both(kb_conn, tmp_path, _JOHN % (printing, "reap", "j", 1))
        _both(kb_conn, tmp_path, _JOHN % (printing, "fight", "{attacker: j, target: Dust Pixie}", 0))


def test_fight_ability_needs_the_attacker_to_survive_in_every_version(kb_conn, tmp_path):
    # Yxilo Bolter ("Fight/Reap: Deal 2 to a creature") dies fighting Troll: no ability resolves,
    # before the general erratum and after it
    _both(
        kb_conn,
        tmp_path,
        """
        id: bolter
        setup:
          turn: {active: player1, house: mars}
          player1: {battleline: ["Yxilo Bolter"]}
          player2: {battleline: ["Dust Pixie", "Troll"]}
        actions:
          - fight: {attacker: Yxilo Bolter, target: Troll}
        expect:
          "1.3": {Yxilo Bolter.zone: discard, Troll.damage: 3, Dust Pixie.damage: 0}
        """,
    )


def test_a_stunned_creature_used_to_fight_resolves_no_fight_ability(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: stunned
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, battleline: [{card: Mooncurser, stunned: true}]}
          player2: {amber: 3, battleline: ["Troll"]}
        actions:
          - fight: {attacker: Mooncurser, target: Troll}
        expect:
          "1.3": {player1.amber: 0, Mooncurser.stunned: false, Mooncurser.exhausted: true, Troll.damage: 0}
        """,
    )


def test_shield_of_justice_protects_friendly_creatures_for_the_turn_only(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: shield
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Shield of Justice"], battleline: [{card: Sequis, id: s1}, {card: Sequis, id: s2}]}
          player2: {battleline: ["Dust Pixie", "Troll"]}
        actions:
          - play: Shield of Justice
          - fight: {attacker: s1, target: Troll}
          - end_turn: true
            to_step: 2
          - choose_house: brobnar
          - fight: {attacker: Troll, target: s2}
        expect:
          "1.3": {s1.damage: 0, s1.zone: battleline, Troll.zone: discard, s2.zone: discard}
        """,
    )


def test_shield_of_justice_does_not_protect_enemy_creatures(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: shield-enemy
        setup:
          turn: {active: player1, house: sanctum}
          player1: {hand: ["Shield of Justice"], battleline: ["Sequis"]}
          player2: {battleline: ["Troll"]}
        actions:
          - play: Shield of Justice
          - fight: {attacker: Sequis, target: Troll}
        expect:
          "16.0": {Sequis.damage: 0, Troll.damage: 4}
        """,
        )
    )


def test_strange_gizmo_reacts_to_its_controllers_key_only(kb_conn, tmp_path):
    _both(
        kb_conn,
        tmp_path,
        """
        id: gizmo
        setup:
          turn: {active: player1, house: logos}
          player1: {amber: 0, artifacts: ["Strange Gizmo"], battleline: ["Troll"]}
          player2: {amber: 6, battleline: ["Sequis"], artifacts: ["Custom Virus"]}
        actions:
          - end_turn: true
            to_step: 2
          - choose_house: sanctum
          - end_turn: true
            to_step: 2
        expect:
          "1.3": {player2.keys: 1, Troll.zone: battleline, Sequis.zone: battleline, Strange Gizmo.zone: artifacts}
        """,
    )
    _both(
        kb_conn,
        tmp_path,
        """
        id: gizmo-own
        setup:
          turn: {active: player2, house: sanctum}
          player1: {amber: 7, artifacts: ["Strange Gizmo"], battleline: ["Troll"]}
          player2: {battleline: ["Sequis"], artifacts: ["Custom Virus"]}
        actions:
          - end_turn: true
            to_step: 2
        expect:
          "1.3": {player1.keys: 1, player1.amber: 1, player1.battleline: [], player2.battleline: [],
                  player1.artifacts: [], player2.artifacts: [], Custom Virus.zone: discard}
        """,
    )


def test_omega_played_in_step_1_does_not_end_step_3(kb_conn, tmp_path):
    # the Jargogle FAQ's step-1 case under 16.0 (strange-gizmo-jargogle-step-one); in step 3 the
    # same Omega card still ends step 3 (jargogle-omega-card)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: omega-step-1
        setup:
          turn: {active: player2, house: brobnar}
          player1: {amber: 6, artifacts: ["Strange Gizmo"], battleline: [{card: Jargogle, beneath: ["Little Niff"]}],
                    hand: ["Dimension Door", "Phase Shift"]}
          player2: {battleline: ["Troll"]}
        actions:
          - end_turn: true
            to_step: 2
            choices: [right]
          - choose_house: logos
          - play: Dimension Door
          - play: Phase Shift
        expect:
          "16.0": {player1.keys: 1, player1.battleline: ["Little Niff"], Dimension Door.zone: discard,
                   Phase Shift.zone: discard}
        """,
        )
    )
