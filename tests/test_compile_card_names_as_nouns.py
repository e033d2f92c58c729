"""Card names other cards' texts name as nouns (engine/compile/templates/vocabulary.toml,
[vocabulary.names]): "return a Bombyx from your discard pile", "each friendly Æmberling" (a token
creature, by its token's name), "after you play Subtle Chain"; a name outside the list is refused."""

from __future__ import annotations

from boards import assert_compiled, assert_passed, replay
from engine.compile import compile_report


def test_a_named_card_from_your_discard_pile(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Chenille")
    # "Action: Return a Bombyx from your discard pile to your hand.": the Bombyx, not the Troll
    # above it nor the Bombyx in the opponent's pile
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: chenille-bombyx
        setup:
          turn: {active: player1, house: untamed}
          player1: {battleline: ["Chenille"], discard: ["Troll", {card: Bombyx, id: mine}]}
          player2: {discard: [{card: Bombyx, id: theirs}]}
        actions:
          - action: Chenille
        expect:
          "16.0": {player1.hand: [mine], player1.discard: [Troll], player2.discard: [theirs]}
        """,
        )
    )


def test_each_token_creature_of_a_name(kb_conn, tmp_path):
    assert_compiled(kb_conn, "Batariel of the Grey", "Disciple")
    # "After Reap: Ready each Disciple.": the exhausted token creatures that are Disciples, on both
    # sides; Krump, exhausted, of another name, stays exhausted. Disciple, "gets +1 power and +1
    # armor for each Monk neighbor it has": none beside it here, so its own power (1)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: batariel-disciples
        setup:
          turn: {active: player1, house: sanctum}
          player1: {token: Disciple, battleline: ["Batariel of the Grey", {card: Troll, id: tok, token: true, exhausted: true},
                    {card: Krump, exhausted: true}]}
          player2: {token: Disciple, battleline: [{card: Bumpsy, id: theirs, token: true, exhausted: true}]}
        actions:
          - reap: Batariel of the Grey
        expect:
          "16.0": {tok.exhausted: false, theirs.exhausted: false, Krump.exhausted: true, theirs.power: 1}
        """,
        )
    )


def test_a_name_outside_the_vocabulary_is_refused():
    _, refusals = compile_report("Play: Destroy a friendly Grumpus.", "", "action")
    assert refusals and "grumpus" in refusals[0].message
