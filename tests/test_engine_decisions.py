"""Decisions a replay raised are checkable (``decisions.A.N.offered|not_offered|chosen``), every
decision leaves a trace line, card names and answers match whatever the apostrophes, and the
check paths for extra turns, key cost and armor used read the game."""

from __future__ import annotations

from boards import assert_passed, replay

TAUNT = """
    id: taunt
    setup:
      turn: {active: player1, house: brobnar}
      player1: {battleline: [Troll]}
      player2: {battleline: [Urchin, Pitlord, {card: Urchin, id: right urchin}]}
    actions:
      - fight: {attacker: Troll, target: Urchin}
      - fight: {attacker: Troll, target: Pitlord}
    expect:
      "1.1": %s
    """


def test_a_refused_attack_still_shows_which_creatures_could_be_attacked(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            TAUNT
            % """
        {illegal: 0, decisions.0.1.offered: [Pitlord], decisions.0.1.not_offered: [Urchin, right urchin],
         decisions.1.1.offered: [Pitlord], decisions.1.1.chosen: Pitlord}""",
            "1.3",
        )
    )


def test_decision_checks_fail_when_the_offer_differs(kb_conn, tmp_path):
    result = replay(
        kb_conn,
        tmp_path,
        TAUNT
        % """
        {illegal: 0, decisions.0.1.offered: [Pitlord, Urchin], decisions.0.1.not_offered: [Pitlord],
         decisions.1.1.chosen: Urchin, decisions.1.2.offered: [Pitlord]}""",
        "1.3",
    )
    failed = {c.path: c.actual for c in result.checks if not c.ok}
    assert failed == {
        "decisions.0.1.offered": ["Pitlord"],
        "decisions.0.1.not_offered": ["Pitlord"],
        "decisions.1.1.chosen": "Pitlord",
        "decisions.1.2.offered": None,
    }


def test_a_bad_decision_path_is_an_error_naming_the_form(kb_conn, tmp_path):
    result = replay(kb_conn, tmp_path, TAUNT % "{illegal: 0, decisions.first.offered: [Pitlord]}", "1.3")
    assert result.error and "decisions.ACTION.N.offered|not_offered|chosen" in result.error


def test_the_houses_a_player_could_choose(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: houses
        setup:
          turn: {active: player1, step: 2}
          player1: {houses: [brobnar, dis, shadows], battleline: [Troll]}
        actions:
          - choose_house: logos
          - choose_house: brobnar
        expect:
          "1.1": {illegal: 0, decisions.0.1.offered: [brobnar, dis, shadows], decisions.0.1.not_offered: [logos],
                  decisions.1.1.chosen: brobnar, active_house: brobnar}
        """,
            "1.3",
        )
    )


def test_every_answered_decision_leaves_a_trace_line(kb_conn, tmp_path):
    # the replacement order (Po's Pixies or Gargantodon first) is answered with a straight
    # apostrophe; the print's is curly
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: order
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: ["Nerve Blast"], battleline: ["Troll"]}
          player2: {amber: 2, battleline: ["Po's Pixies", "Gargantodon"]}
        actions: [{play: Nerve Blast, choices: ["Po's Pixies"]}]
        expect:
          "16.0": {player1.amber: 0, player2.amber: 2, Troll.amber: 1, "Po's Pixies.zone": battleline}
        """,
    )
    assert_passed(result)
    line = next(x for x in result.trace if "which replacement effect applies first" in x)
    assert line.startswith("decision 0.1: ") and line.endswith(": Po’s Pixies (options: Po’s Pixies, Gargantodon)")
    asked = [x for x in result.trace if x.startswith("decision ") and "(options: " in x]
    assert len(asked) == 1  # one answer given, one answered decision


def test_a_straight_apostrophe_names_the_card(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: pixies
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, hand: [Urchin]}
          player2: {amber: 2, battleline: ["Po's Pixies"], hand: [rock hurling giant]}
        actions: [{play: Urchin}]
        expect:
          "16.0": {player1.amber: 1, player2.amber: 2, player2.battleline: ["Po's Pixies"],
                   Rock Hurling Giant.zone: hand, player2.hand: [Rock-Hurling Giant]}
        """,
        )
    )
    unknown = replay(
        kb_conn,
        tmp_path,
        """
        id: nope
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Po's Pixie"]}
        actions: []
        expect:
          "16.0": {player1.amber: 0}
        """,
    )
    assert unknown.error and 'unknown card "Po\'s Pixie"' in unknown.error


def test_extra_turns_and_whose_turn_it_is(kb_conn, tmp_path):
    # Tachyon Manifold: "Action: Take another turn after this one. Your opponent draws 10 cards.
    # Purge Tachyon Manifold."
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tachyon
        setup:
          turn: {active: player1, house: ekwidon}
          player1: {artifacts: [{card: Tachyon Manifold, exhausted: false}], hand: [Troll], deck: [Urchin]}
          player2: {deck: [Troll, Troll, Troll]}
        actions:
          - action: Tachyon Manifold
        expect:
          "16.0": {player1.extra_turns: 1, player2.extra_turns: 0, player2.hand_size: 3,
                   Tachyon Manifold.zone: purged, active: player1}
        """,
        )
    )
    # the extra turn comes right after this one; then the turn order goes on
    for turns, active in ((1, "player1"), (2, "player2")):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                """
            id: tachyon-turn
            setup:
              turn: {active: player1, house: ekwidon}
              player1: {artifacts: [{card: Tachyon Manifold, exhausted: false}]}
            actions: [{action: Tachyon Manifold}%s]
            expect:
              "16.0": {player1.extra_turns: 0, active: %s}
            """
                % (", {end_turn: true, to_step: 2}" * turns, active),
            )
        )


def test_key_cost_and_armor_used_this_turn(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: armor
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, key_cost_modifier: 2, battleline: [Urchin]}
          player2: {battleline: [Bulwark]}
        actions:
          - fight: {attacker: Urchin, target: Bulwark}
        expect:
          "1.1": {player1.key_cost: 8, player2.key_cost: 6, Bulwark.armor_used: 1, Bulwark.damage: 0,
                  Urchin.zone: discard}
        """,
            "1.3",
        )
    )


def test_the_verify_api_reports_decision_checks_as_check_rows(client):
    scenario = {
        "id": "posted-taunt",
        "title": "taunt",
        "setup": {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": ["Urchin", "Pitlord", {"card": "Urchin", "id": "right urchin"}]},
        },
        "actions": [
            {"fight": {"attacker": "Troll", "target": "Urchin"}},
            {"fight": {"attacker": "Troll", "target": "Pitlord"}},
        ],
        "expect": {
            "1.1": {
                "illegal": 0,
                "decisions.0.1.not_offered": ["Urchin"],
                "decisions.1.1.offered": ["Pitlord", "Urchin"],
            }
        },
    }
    (result,) = client.post("/api/verify?version=1.3", json=scenario).get_json()["results"]
    rows = {c["path"]: (c["actual"], c["ok"]) for c in result["checks"]}
    assert rows["decisions.0.1.not_offered"] == (["Pitlord"], True)
    assert rows["decisions.1.1.offered"] == (["Pitlord"], False) and not result["passed"]
    assert any(
        line.startswith("decision 0.1: Troll attacks: Urchin, which is not an option") for line in result["trace"]
    )


def test_an_answer_no_decision_of_its_action_took_is_an_error_there(kb_conn, tmp_path):
    """A target given for a decision with one option (which resolves without asking) is left over:
    the replay stops at that action and names its decisions, instead of the answer leaking into a
    later action's decision (player 2's house choice, where it was "not an option")."""
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: leftover
        entries: []
        setup:
          turn: {active: player2, house: brobnar}
          player1: {battleline: [Bumpsy], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}
          player2: {hand: [Anger], battleline: [Troll], deck: [Troll, Troll, Troll, Troll, Troll, Troll]}
        actions:
          - play: Anger
            targets: [Troll, Bumpsy]
          - end_turn: true
            choices: [brobnar]
        expect:
          "16.0": {Bumpsy.zone: discard}
        """,
    )
    assert not result.passed
    assert result.error.startswith("action 0: answers left over, no decision asked for them: ['Troll', 'Bumpsy']")
    assert (
        "0.1 Anger: choose friendly creature: one option, resolved without an answer; "
        "0.2 Troll attacks: one option" in result.error
    )


def test_a_declined_you_may_leaves_nothing_for_a_later_sentence_to_name(kb_conn, tmp_path):
    """Malison: "After Fight: You may move an enemy creature anywhere in its controller's
    battleline. Then, if it is on a flank, it captures 1 from its own side." Declined, no creature
    was chosen: the second sentence finds none and does nothing (the fuzzer found it naming a card
    never chosen)."""
    from boards import assert_passed, replay

    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: malison-declined
        setup:
          turn: {active: player1, house: dis}
          player1: {battleline: [Malison]}
          player2: {amber: 3, battleline: [Troll, Krump, Dust Pixie]}
        actions:
          - fight: {attacker: Malison, target: Dust Pixie}
            choices: [no]
        expect:
          "16.0": {player2.amber: 3, Troll.amber: 0, Krump.amber: 0, player2.battleline: [Troll, Krump]}
        """,
        )
    )
