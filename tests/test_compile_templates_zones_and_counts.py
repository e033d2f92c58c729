"""Templates CotA and AoA cards share for keys, hands and decks, flanks, counts of what an effect
did, chosen creatures and permissions (general templates: tests/test_compile_templates.py)."""

from __future__ import annotations

from boards import assert_compiled as _compiled, assert_passed, replay


def test_players_cannot_forge_a_numbered_key(kb_conn, tmp_path):
    _compiled(kb_conn, "Silver Key Imp")
    # "Players cannot forge their second key": with one key forged, no key at the start of the
    # turn (no Æmber spent); with none forged, the first key is forged as usual
    for keys, forged, amber in ((1, 1, 7), (0, 1, 1)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: silver-key-imp
            setup:
              turn: {{active: player2, house: dis}}
              player1: {{amber: 7, keys: {keys}}}
              player2: {{battleline: ["Silver Key Imp"]}}
            actions: [{{end_turn: true}}]
            expect:
              "16.0": {{player1.keys: {forged}, player1.amber: {amber}}}
            """,
            )
        )


def test_choose_and_discard_cards_from_your_hand(kb_conn, tmp_path):
    _compiled(kb_conn, "Old Yurk")
    # "Play: Choose and discard 2 cards from your hand": the two chosen, not the third
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: old-yurk
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Old Yurk", "Punch", "Troll", "Dust Pixie"]}
        actions:
          - play: Old Yurk
            choices: [Troll, Punch]
        expect:
          "16.0": {Troll.zone: discard, Punch.zone: discard, Dust Pixie.zone: hand}
        """,
        )
    )


def test_cards_out_of_play_named_by_a_noun_phrase(kb_conn, tmp_path):
    _compiled(kb_conn, "Deep Probe", "Arise!")
    # "Choose a house. Reveal your opponent's hand. Discard each creature of that house revealed
    # this way.": Brobnar creatures only (not the Brobnar action, not the Untamed creature)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: deep-probe
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Deep Probe"]}
          player2: {hand: ["Troll", "Bumpsy", "Punch", "Dust Pixie"]}
        actions:
          - play: Deep Probe
            choices: [brobnar]
        expect:
          "16.0": {Troll.zone: discard, Bumpsy.zone: discard, Punch.zone: hand, Dust Pixie.zone: hand}
        """,
        )
    )
    # "Return each creature of that house from your discard pile to your hand": mine, creatures
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: arise
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Arise!"], discard: ["Troll", "Punch", "Dust Pixie"]}
          player2: {discard: ["Bumpsy"]}
        actions:
          - play: Arise!
            choices: [brobnar]
        expect:
          "16.0": {Troll.zone: hand, Punch.zone: discard, Dust Pixie.zone: discard, Bumpsy.zone: discard,
                   player1.chains: 1}
        """,
        )
    )


def test_discard_from_the_top_of_the_deck_until(kb_conn, tmp_path):
    _compiled(kb_conn, "Sound the Horns")
    # "Discard cards from the top of your deck until you either discard a Brobnar creature or run
    # out of cards. If you discarded a Brobnar creature this way, put it into your hand.": Punch
    # (a Brobnar action) does not stop it; Troll does and goes to hand; Bumpsy stays in the deck
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sound-the-horns
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Sound the Horns"], deck: ["Dust Pixie", "Punch", "Troll", "Bumpsy"]}
        actions: [{play: Sound the Horns}]
        expect:
          "16.0": {Dust Pixie.zone: discard, Punch.zone: discard, Troll.zone: hand, Bumpsy.zone: deck}
        """,
        )
    )
    # no Brobnar creature: the whole deck is discarded, nothing comes to hand
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: sound-the-horns-none
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Sound the Horns"], deck: ["Dust Pixie", "Punch"]}
        actions: [{play: Sound the Horns}]
        expect:
          "16.0": {player1.deck: [], player1.hand: [], Punch.zone: discard}
        """,
        )
    )


def test_move_a_creature_to_either_flank(kb_conn, tmp_path):
    _compiled(kb_conn, "Tyxl Beambuckler")
    # "Deal 2 to a creature and move it to either flank of its controller's battleline"
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tyxl
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: ["Tyxl Beambuckler"]}
          player2: {battleline: ["Bumpsy", "Troll", "Krump"]}
        actions:
          - play: Tyxl Beambuckler
            targets: [Troll]
            choices: [left]
        expect:
          "16.0": {Troll.damage: 2, player2.battleline: ["Troll", "Bumpsy", "Krump"]}
        """,
        )
    )


def test_for_each_creature_in_excess_and_all_but(kb_conn, tmp_path):
    _compiled(kb_conn, "Unguarded Camp", "Gatekeeper")
    # "For each creature you have in excess of your opponent, a friendly creature captures 1. Each
    # creature cannot capture more than 1 this way.": 3 against none, so 3 captures by three
    # different creatures (the last one is the only creature not chosen yet, so it is not asked)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: unguarded-camp
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Unguarded Camp"], battleline: ["Troll", "Bumpsy", "Krump"]}
          player2: {amber: 5}
        actions:
          - play: Unguarded Camp
            choices: [Troll, Krump]
        expect:
          "16.0": {Troll.amber: 1, Krump.amber: 1, Bumpsy.amber: 1, player2.amber: 2}
        """,
        )
    )
    # "If your opponent has 7 or more, capture all but 5 of it"
    for theirs, captured in ((9, 4), (6, 0)):
        assert_passed(
            replay(
                kb_conn,
                tmp_path,
                f"""
            id: gatekeeper
            setup:
              turn: {{active: player1, house: sanctum}}
              player1: {{hand: ["Gatekeeper"]}}
              player2: {{amber: {theirs}}}
            actions: [{{play: Gatekeeper}}]
            expect:
              "16.0": {{Gatekeeper.amber: {captured}, player2.amber: {theirs - captured}}}
            """,
            )
        )


def test_creatures_of_the_chosen_house_may_fight(kb_conn, tmp_path):
    _compiled(kb_conn, "Brothers in Battle")
    # "Choose a house. For the remainder of the turn, each friendly creature of that house may
    # fight.": on a Brobnar turn an Untamed creature fights, but may not reap; a Sanctum one may
    # do neither
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: brothers-in-battle
        setup:
          turn: {active: player1, house: brobnar}
          player1: {amber: 0, hand: ["Brothers in Battle"], battleline: ["Snufflegator", "Dust Pixie", "Sequis"]}
          player2: {battleline: ["Bumpsy"]}
        actions:
          - play: Brothers in Battle
            choices: [untamed]
          - fight: {attacker: Snufflegator, target: Bumpsy}
          - reap: Dust Pixie
          - fight: {attacker: Sequis, target: Bumpsy}
        expect:
          "16.0": {illegal: [2, 3], Bumpsy.damage: 4, player1.amber: 1}
        """,
        )
    )


def test_each_player_gains_for_their_creatures_destroyed_this_way(kb_conn, tmp_path):
    _compiled(kb_conn, "Hecatomb")
    # "Destroy each Dis creature. Each player gains 1 for each creature they controlled that was
    # destroyed this way.": 2 of mine, 1 of theirs (Hecatomb's bonus icon and Dust Imp's
    # "Destroyed: gain 2" add 3 to mine)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: hecatomb
        setup:
          turn: {active: player1, house: dis}
          player1: {amber: 0, hand: ["Hecatomb"], battleline: ["Pit Demon", "Dust Imp", "Troll"]}
          player2: {amber: 0, battleline: ["Shooler", "Bumpsy"]}
        actions: [{play: Hecatomb}]
        expect:
          "16.0": {player1.amber: 5, player2.amber: 1, player1.battleline: ["Troll"], player2.battleline: ["Bumpsy"]}
        """,
        )
    )


def test_choose_a_house_on_the_opponents_identity_card(kb_conn, tmp_path):
    _compiled(kb_conn, "Control the Weak")
    # "Choose a house on your opponent's identity card. Your opponent must choose that house as
    # their active house on their next turn.": only their three houses are offered (Troll's
    # Brobnar is in play but not theirs), and on their next turn Untamed is their only choice (so
    # they are not asked)
    result = replay(
        kb_conn,
        tmp_path,
        """
        id: control-the-weak
        setup:
          turn: {active: player1, house: dis}
          player1: {hand: ["Control the Weak"], houses: [dis, logos, mars], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {houses: [untamed, shadows, sanctum], battleline: [Troll], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - play: Control the Weak
            choices: [untamed]
          - end_turn: true
        expect:
          "16.0": {active_house: untamed}
        """,
    )
    assert_passed(result)
    offered = next(line for line in result.trace if "choose a house" in line)
    assert "options: sanctum, shadows, untamed" in offered


def test_for_the_remainder_of_the_turn_on_chosen_creatures(kb_conn, tmp_path):
    _compiled(kb_conn, "Scout")
    # "For the remainder of the turn, up to 2 friendly creatures gain skirmish. Then, fight with
    # those creatures one at a time.": the chosen two fight in turn and take no damage back; the
    # third does not gain skirmish
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: scout
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: ["Scout"], battleline: ["Fuzzy Gruen", "Murmook", "Dust Pixie"]}
          player2: {battleline: ["Troll", "Ganymede Archivist"]}
        actions:
          - play: Scout
            choices: [Fuzzy Gruen, Murmook, Troll, Ganymede Archivist]
          - fight: {attacker: Dust Pixie, target: Troll}
        expect:
          "16.0": {Troll.damage: 6, Fuzzy Gruen.damage: 0, Murmook.damage: 0, Ganymede Archivist.zone: discard,
                   Dust Pixie.zone: discard}
        """,
        )
    )


def test_look_at_the_opponents_hand_and_purge_a_card_in_it(kb_conn, tmp_path):
    _compiled(kb_conn, "Imperial Traitor")
    # "Look at your opponent's hand. You may choose and purge a Sanctum card in it.": the card is
    # found in the hand it was chosen in
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: imperial-traitor
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Imperial Traitor"]}
          player2: {hand: ["Sequis", "Grey Monk", "Troll"]}
        actions:
          - play: Imperial Traitor
            choices: ["yes", Grey Monk]
        expect:
          "16.0": {Grey Monk.zone: purged, Sequis.zone: hand, Troll.zone: hand}
        """,
        )
    )


def test_ready_and_fight_one_at_a_time_and_can_only_fight(kb_conn, tmp_path):
    _compiled(kb_conn, "Relentless Assault", "Horseman of War")
    # "Ready and fight with up to 3 different friendly creatures, one at a time": each is chosen,
    # readied and fights before the next is chosen (the second choice no longer offers Troll);
    # the player stops after two
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: relentless-assault
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: ["Relentless Assault"], battleline: [{card: Troll, exhausted: true}, {card: Bumpsy, exhausted: true}, {card: Pit Demon, exhausted: true}]}
          player2: {battleline: ["Dust Pixie", "Silvertooth", "Charette"]}
        actions:
          - play: Relentless Assault
            choices: [Troll, Dust Pixie, Bumpsy, Silvertooth, done]
        expect:
          "16.0": {Dust Pixie.zone: discard, Silvertooth.zone: discard, Charette.zone: battleline,
                   Pit Demon.exhausted: true, Troll.exhausted: true, Troll.damage: 1}
        """,
        )
    )
    # "For the remainder of the turn, each friendly creature can be used as if they were in the
    # active house, but can only fight": a Brobnar creature fights on a Sanctum turn; a Sanctum
    # one may not reap
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: horseman-of-war
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, hand: ["Horseman of War"], battleline: ["Troll", "Sequis"]}
          player2: {battleline: ["Dust Pixie"]}
        actions:
          - play: Horseman of War
            flank: right
          - fight: {attacker: Troll, target: Dust Pixie}
          - reap: Sequis
        expect:
          "16.0": {illegal: 2, Dust Pixie.zone: discard, player1.amber: 0}
        """,
        )
    )


def test_your_opponent_skips_the_forge_a_key_step(kb_conn, tmp_path):
    _compiled(kb_conn, "Miasma")
    # "Your opponent skips the "forge a key" step on their next turn": with 7 Æmber they forge no
    # key at the start of that turn
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: miasma
        setup:
          turn: {active: player1, house: shadows}
          player1: {hand: ["Miasma"], houses: [shadows, dis, logos], deck: [Punch, Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {amber: 7, houses: [brobnar, untamed, mars], deck: [Punch, Punch, Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - play: Miasma
          - end_turn: true
            to_step: 2
        expect:
          "16.0": {player2.keys: 0, player2.amber: 7}
        """,
        )
    )


def test_a_player_gets_the_amber_their_opponent_spends_forging(kb_conn, tmp_path):
    _compiled(kb_conn, "The Sting")
    # "Skip your "forge a key" step. You get all Æmber spent by your opponent when forging keys.":
    # the opponent's 6 come to me when they forge; I skip my own step with 7
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: the-sting
        setup:
          turn: {active: player1, house: shadows}
          player1: {amber: 0, artifacts: ["The Sting"], houses: [shadows, dis, logos], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {amber: 6, houses: [brobnar, untamed, mars], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - end_turn: true
            to_step: 2
        expect:
          "16.0": {player2.keys: 1, player2.amber: 0, player1.amber: 6}
        """,
        )
    )
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: the-sting-skip
        setup:
          turn: {active: player2, house: brobnar}
          player1: {amber: 7, artifacts: ["The Sting"], houses: [shadows, dis, logos], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
          player2: {houses: [brobnar, untamed, mars], deck: [Punch, Punch, Punch, Punch, Punch, Punch]}
        actions:
          - end_turn: true
            to_step: 2
        expect:
          "16.0": {player1.keys: 0, player1.amber: 7}
        """,
        )
    )


def test_for_each_amber_on_it_counts_each_creatures_own(kb_conn, tmp_path):
    _compiled(kb_conn, "Tribune Pompitus")
    # "Each friendly creature gets +2 power for each Æmber on it": each creature's own Æmber
    # (Troll 2, Bumpsy none), not Tribune Pompitus's
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: tribune
        setup:
          turn: {active: player1, house: saurian}
          player1: {battleline: [{card: Tribune Pompitus, amber: 1}, {card: Troll, amber: 2}, "Bumpsy"]}
        actions: []
        expect:
          "16.0": {Troll.power: 12, Bumpsy.power: 5}
        """,
        )
    )


def test_you_may_play_or_use_one_card_of_a_house(kb_conn, tmp_path):
    _compiled(kb_conn, "Brobnar Ambassador")
    # "Fight/Reap: You may play or use a Brobnar card this turn.": on a Sanctum turn one Brobnar
    # card is played (Punch); then no Brobnar card may be used (Troll) nor played (a second Punch)
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ambassador-play
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, battleline: ["Brobnar Ambassador", "Troll"], hand: ["Punch", {card: Punch, id: punch2}]}
          player2: {battleline: ["Dust Pixie", "Bumpsy"]}
        actions:
          - reap: Brobnar Ambassador
          - play: Punch
            targets: [Bumpsy]
          - reap: Troll
          - play: punch2
        expect:
          "16.0": {illegal: [2, 3], Bumpsy.damage: 3, punch2.zone: hand}
        """,
        )
    )
    # ... or one Brobnar card is used (Troll reaps), and then none is played
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ambassador-use
        setup:
          turn: {active: player1, house: sanctum}
          player1: {amber: 0, battleline: ["Brobnar Ambassador", "Troll"], hand: ["Punch"]}
        actions:
          - reap: Brobnar Ambassador
          - reap: Troll
          - play: Punch
        expect:
          "16.0": {illegal: 2, player1.amber: 2, Punch.zone: hand}
        """,
        )
    )
