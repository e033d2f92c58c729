"""A player's next choice of an active house, forced or barred by card text
(engine/compile/templates/clauses_house_choices.toml): the house of a card named before (the
creature fought, the discarded card, a creature damaged), for the opponent, for the controller of
that card, or for the opponent of the player who just chose; and a house that becomes the active
house without a "choose a house" step."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay

_DECKS = "deck: [Punch, Punch, Punch, Punch, Punch, Punch, Punch, Punch]"


def _offered(result) -> list[str]:
    return [
        line.split("options: ")[1].rstrip(")")
        for line in result.trace
        if "chooses a house" in line and "options: " in line
    ]


def test_the_opponent_must_choose_the_house_of_the_creature_fought(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Snag")
    # "After Fight: Your opponent must choose the house of the creature Snag fights as their active
    # house on their next turn.": Urchin (Shadows, elusive) survives; Shadows is player 2's only choice
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: snag
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{battleline: [Snag], {_DECKS}}}
          player2: {{houses: [brobnar, shadows, untamed], battleline: [Urchin], {_DECKS}}}
        actions:
          - fight: {{attacker: Snag, target: Urchin}}
          - end_turn: true
        expect:
          "16.0": {{active: player2, active_house: shadows}}
        """,
        )
    )


def test_its_controller_must_choose_that_creatures_house_even_when_it_is_you(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Mark of Dis")
    # "Deal 2 damage to a creature. If it is not destroyed, its controller must choose that
    # creature's house as their active house on their next turn.": on your own Troll, it is your
    # next turn that is bound (Brobnar), not your opponent's (who chooses Untamed freely)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            f"""
        id: mark-of-dis-own
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis, brobnar, logos], hand: [Mark of Dis], battleline: [Troll], {_DECKS}}}
          player2: {{houses: [brobnar, shadows, untamed], battleline: [Urchin], {_DECKS}}}
        actions:
          - play: Mark of Dis
            choices: [Troll]
          - end_turn: true
            choices: [untamed]
          - end_turn: true
        expect:
          "16.0": {{active: player1, active_house: brobnar, Troll.damage: 2}}
        """,
        )
    )


def test_a_destroyed_creature_binds_no_one(kb_conn, tmp_path):
    # Urchin (1 power) is destroyed by the 2 damage: player 2 chooses freely
    result = replay(
        kb_conn,
        tmp_path,
        f"""
        id: mark-of-dis-destroyed
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis, brobnar, logos], hand: [Mark of Dis], battleline: [Troll], {_DECKS}}}
          player2: {{houses: [brobnar, shadows, untamed], battleline: [Urchin, Krump], {_DECKS}}}
        actions:
          - play: Mark of Dis
            choices: [Urchin]
          - end_turn: true
            choices: [untamed]
        expect:
          "16.0": {{active_house: untamed, Urchin.zone: discard}}
        """,
    )
    assert_passed(result)
    assert _offered(result) == ["brobnar, shadows, untamed"]


def test_their_opponent_cannot_choose_the_same_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Snag’s Mirror")
    # "After a player chooses an active house, their opponent cannot choose the same house as their
    # active house on their next turn.": player 2 chooses Untamed, so player 1 (Snag's Mirror's own
    # controller) may not choose Untamed on their next turn
    result = replay(
        kb_conn,
        tmp_path,
        f"""
        id: snags-mirror
        setup:
          turn: {{active: player1, house: dis}}
          player1: {{houses: [dis, untamed, logos], artifacts: [Snag’s Mirror], {_DECKS}}}
          player2: {{houses: [brobnar, shadows, untamed], {_DECKS}}}
        actions:
          - end_turn: true
            choices: [untamed]
          - end_turn: true
            choices: [logos]
        expect:
          "16.0": {{active: player1, active_house: logos}}
        """,
    )
    assert_passed(result)
    assert _offered(result) == ["brobnar, shadows, untamed", "dis, logos"]


def test_the_opponent_cannot_choose_the_house_of_the_discarded_card(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Screeyan")
    # "At the end of your turn, your opponent discards the top card of their deck. Your opponent
    # cannot choose the house of the discarded card during their next "choose a house" step.":
    # Krump (Brobnar) is discarded, so player 2 may choose Shadows or Untamed only
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: screeyan
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Screeyan], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {houses: [brobnar, shadows, untamed], deck: [Krump, Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - end_turn: true
            choices: [shadows]
        expect:
          "16.0": {Krump.zone: discard, active_house: shadows}
        """,
    )
    assert_passed(result)
    assert _offered(result) == ["shadows, untamed"]


def test_that_house_becomes_the_active_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Daat")
    # "Play: Choose a house. That house becomes the active house.": Brobnar becomes the active house,
    # so Troll may reap on a Dis turn: 1 (the bonus) + 1
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: daat
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: [Daat], battleline: [Troll]}
        actions:
          - play: Daat
            choices: [right, brobnar]
          - reap: Troll
        expect:
          "16.0": {active_house: brobnar, player1.amber: 2}
        """,
        )
    )


def test_the_house_of_the_card_played_becomes_the_active_house(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Mercurial Wormhole")
    # "Play: Play the top card of your deck. That card's house becomes your active house.": Krump
    # (Brobnar) is played from the deck, and Brobnar becomes the active house: 1 (the bonus) + 1 (Troll)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: mercurial-wormhole
        setup:
          turn: {active: player1, house: logos}
          player1: {hand: [Mercurial Wormhole], battleline: [Troll], deck: [Krump, Punch]}
        actions:
          - play: Mercurial Wormhole
            choices: [right]
          - reap: Troll
        expect:
          "16.0": {active_house: brobnar, Krump.zone: battleline, player1.amber: 2}
        """,
        )
    )
