"""Board-level tests of the general rules the houses-and-turns cards brought, where their own
scenarios (tests/scenarios) leave a case out: "end your turn" inside a nested action
(engine/rules/ended_turns.py), "the next time a friendly creature enters play" for a creature put
into play rather than played (engine/rules/entering.py), "your next action card" not being the
action card resolving as the effect begins (engine/rules/action_cards.py), and a draw replaced only
during its owner's turn (engine/rules/draws_instead.py)."""

from __future__ import annotations

from engine.rules.turn import end_turn
from tests.boards import card, engine_for, labels

DECK = ["Punch"] * 6


def _eng(kb_conn, house, p1=None, p2=None, answers=()):
    setup = {"turn": {"active": "player1", "house": house}, "player1": p1 or {}, "player2": p2 or {}}
    return engine_for(kb_conn, setup, answers=answers)


def test_a_turn_ended_by_an_artifact_used_through_an_action_card_ends_after_that_card(kb_conn):
    # Poltergeist: "Play: Use an artifact controlled by any player as if it were yours. Destroy that
    # artifact." Book of leQ reveals a Star Alliance card: "Otherwise, end your turn."
    eng = _eng(
        kb_conn,
        "dis",
        {"hand": ["Poltergeist"], "deck": ["Doctor Driscoll (WC 329)"] + DECK},
        {"houses": ["dis", "shadows", "logos"], "artifacts": ["Book of leQ (DT 257)"], "deck": DECK},
        answers=["dis"],
    )
    eng.play(card(eng, "Poltergeist"))
    trace = eng.game.trace
    destroyed = next(i for i, line in enumerate(trace) if "Book of leQ" in line and "discard" in line)
    ended = next(i for i, line in enumerate(trace) if line == "player1's turn ends")
    assert destroyed < ended  # Poltergeist finished ("Destroy that artifact") before the turn ended
    assert eng.game.active == "player2" and eng.game.active_house == "dis"
    assert card(eng, "Poltergeist").zone == "discard"


def test_a_creature_put_into_play_takes_the_next_entering_offer(kb_conn):
    # Knightapult: "The next time a friendly creature enters play this turn, you may have it enter
    # anywhere in your battleline, ready." A token creature (Ragnarok Prep: "Make a token creature")
    # is not played, and still enters play: it takes the offer, between Troll and Krump.
    eng = _eng(
        kb_conn,
        "sanctum",
        {
            "token": "Grunt",
            "artifacts": ["Knightapult (WoE 216)"],
            "hand": ["Ragnarok Prep"],
            "battleline": ["Troll", "Krump"],
            "deck": [{"card": "Pit Demon", "id": "t1"}] + DECK,
        },
        answers=["yes", 1],
    )
    eng.use(card(eng, "Knightapult"), "action")
    eng.game.active_house = "brobnar"
    eng.play(card(eng, "Ragnarok Prep"))
    assert labels(eng, "player1", "battleline") == ["Troll", "t1", "Krump"]
    assert not card(eng, "t1").exhausted


def test_the_offer_is_used_up_by_the_next_creature_even_when_declined(kb_conn):
    eng = _eng(
        kb_conn,
        "sanctum",
        {"artifacts": ["Knightapult (WoE 216)"], "hand": ["Sequis"], "battleline": ["Troll"]},
        answers=["no", "right"],
    )
    eng.use(card(eng, "Knightapult"), "action")
    eng.play(card(eng, "Sequis"))
    assert card(eng, "Sequis").exhausted
    assert not [e for e in eng.game.lasting if e.source == "Knightapult"]


def test_a_draw_outside_the_owners_turn_is_not_replaced(kb_conn):
    # Scooboo: "While Scooboo is in your discard pile, if you would draw a card during your turn, ..."
    # Player 1 plays Belligerent Guard ("Play: Your opponent draws a card."): player 2, Scooboo's
    # owner, draws on player 1's turn, and is not offered the replacement (no answer is needed)
    eng = _eng(
        kb_conn, "ekwidon", {"hand": ["Belligerent Guard"]}, {"discard": ["Scooboo (GR 122)"], "deck": ["Zorg"] + DECK}
    )
    eng.play(card(eng, "Belligerent Guard"))
    assert card(eng, "Scooboo").zone == "discard"
    assert labels(eng, "player2", "hand") == ["Zorg"]


def test_an_upgrade_on_an_animated_artifact_is_discarded_when_it_is_no_longer_a_creature(kb_conn):
    # Animator: "... For the remainder of the turn, it is a creature with 3 power ..."; 16.0 "Creatures":
    # "If the card to which an upgrade is attached leaves play or becomes a non-creature, the upgrade
    # is discarded."
    eng = _eng(
        kb_conn,
        "logos",
        {"artifacts": ["Animator (MM 100)", "Gauntlet of Command"], "hand": ["Blood of Titans"], "deck": DECK},
        {"houses": ["dis", "shadows", "logos"], "deck": DECK},
        answers=["Gauntlet of Command", "dis"],
    )
    eng.use(card(eng, "Animator"), "action")
    eng.game.active_house = "brobnar"
    eng.play(card(eng, "Blood of Titans"))
    assert eng.power(card(eng, "Gauntlet of Command")) == 8  # 3, and Blood of Titans' +5
    end_turn(eng)
    assert card(eng, "Gauntlet of Command").zone == "artifacts"
    assert card(eng, "Blood of Titans").zone == "discard"
    assert labels(eng, "player1", "battleline") == []


def test_a_card_that_left_play_in_order_to_be_used_is_not_used(kb_conn):
    # Rampaging Brutodon: "In order to use Rampaging Brutodon, you must destroy a friendly creature."
    # Burnished Nickles, destroyed for it: "Destroyed: Return another creature to its owner's hand."
    # It returns Brutodon: out of play, Brutodon is not used (no reap, no Æmber) and keeps nothing of play.
    eng = _eng(
        kb_conn,
        "saurian",
        p1={"battleline": ["Rampaging Brutodon", "Burnished Nickles"], "deck": DECK},
        p2={"battleline": ["Troll"]},
        answers=["Rampaging Brutodon"],
    )
    brutodon = card(eng, "Rampaging Brutodon")
    eng.use(brutodon, "reap")
    assert brutodon.zone == "hand" and not brutodon.exhausted
    assert eng.game.players["player1"].amber == 0
