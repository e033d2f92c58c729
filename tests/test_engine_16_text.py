"""The text in force (issue 6, 16.0): text boxes considered blank (Shadow of Dis), a creature
gaining another card's text box (Creed of Nurture), abilities read as a card enters play, "only
deals N when fighting" restrictions, and uses a card effect imposes on an enraged creature. Each
mechanism on a board of its own; the bundled scenarios replay the FAQ entries."""

from __future__ import annotations

import pytest

from engine.core.choices import Chooser
from engine.core.errors import IllegalAction
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb
from engine.replay.scenario_board import _do
from engine.replay.setup import CardCatalog, build_game


class Table:
    """A game under 16.0, played action by action, its state read between actions."""

    def __init__(self, conn, setup: dict, version: str = "16.0"):
        self.game = build_game(setup, CardCatalog(conn))
        self.eng = Engine(self.game, ruleset_from_kb(conn, "keyforge", version), Chooser())

    def do(self, action: dict, answers=()):
        _do(self.eng, {**action, "choices": list(answers)})
        self.eng.chooser.finish()

    def card(self, label: str):
        found = [c for c in self.game.cards() if c.label == label] or [c for c in self.game.cards() if c.name == label]
        assert len(found) == 1, (label, found)
        return found[0]

    def line(self, player: str) -> list[str]:
        return [c.label for c in self.game.players[player].creatures]


def _shadow_then_opponent(conn, player2: dict, house: str, player1: dict | None = None) -> Table:
    """player1 plays Shadow of Dis, then player2's turn begins with ``house`` chosen."""
    t = Table(
        conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Shadow of Dis"], **(player1 or {})},
            "player2": {"houses": ["untamed", "shadows", "dis"], **player2},
        },
    )
    t.do({"play": "Shadow of Dis"})
    t.do({"end_turn": True, "to_step": 2})
    t.do({"choose_house": house})
    return t


def test_blank_text_box_removes_abilities_and_keywords_of_enemy_creatures_in_play(kb_conn):
    t = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Shadow of Dis"], "battleline": ["Duskwitch"]},
            "player2": {"battleline": ["Duskwitch", "Bad Penny"]},
        },
    )
    mine, theirs = t.game.players["player1"].creatures[0], t.game.players["player2"].creatures[0]
    assert t.eng.has(theirs, "elusive") and t.eng.has(theirs, "omega")
    t.do({"play": "Shadow of Dis"})
    assert t.eng.keywords(theirs) == {}
    assert t.eng.has(mine, "elusive")  # friendly creatures keep their text
    assert theirs.printed.traits  # "except for traits"
    penny = t.card("Bad Penny")
    assert t.eng.abilities(penny, "destroyed") == []
    t.eng.destroy([penny])
    assert penny.zone == "discard"  # no "Destroyed: Return Bad Penny to your hand"


def test_blank_text_box_lasts_through_the_opponents_turn_only(kb_conn):
    t = _shadow_then_opponent(kb_conn, {"battleline": ["Duskwitch"]}, "untamed")
    witch = t.card("Duskwitch")
    assert not t.eng.has(witch, "elusive")
    t.do({"end_turn": True, "to_step": 2})  # player1's next turn begins: the effect is over
    assert t.eng.has(witch, "elusive")


def test_blanking_applies_to_creatures_entering_play_later_and_not_in_hand(kb_conn):
    t = _shadow_then_opponent(
        kb_conn,
        {"hand": [{"card": "Glimmer", "id": "g1"}, {"card": "Glimmer", "id": "g2"}], "discard": ["Troll"]},
        "untamed",
    )
    g2 = t.card("g2")
    assert t.eng.has(g2, "alpha")  # in hand: its text is whole
    t.do({"play": "g1"})
    g1 = t.card("g1")
    assert t.eng.has(g1, "alpha") == 0
    # blank once in play: its "Play:" did not return Troll from the discard pile
    assert t.card("Troll").zone == "discard"
    with pytest.raises(IllegalAction, match="Alpha"):
        t.do({"play": "g2"})


def test_an_enters_play_ability_is_read_as_the_card_enters(kb_conn):
    t = _shadow_then_opponent(kb_conn, {"hand": ["Silvertooth", "Dust Pixie"]}, "shadows")
    t.do({"play": "Silvertooth"})
    tooth = t.card("Silvertooth")
    assert not tooth.exhausted
    assert t.eng.variant(tooth).statics == []  # blank once in play


def test_other_cards_enter_play_ready_abilities_apply_while_in_force(kb_conn):
    t = Table(
        kb_conn, {"turn": {"active": "player1", "house": "untamed"}, "player1": {"hand": ["Duskwitch", "Dust Pixie"]}}
    )
    t.do({"play": "Duskwitch"})
    assert not t.card("Duskwitch").exhausted  # "your creatures" includes itself, as it enters
    # Omega ended step 3 (no Shadow of Dis here)
    with pytest.raises(IllegalAction, match="Omega"):
        t.do({"play": "Dust Pixie"})
    blank = _shadow_then_opponent(kb_conn, {"hand": ["Duskwitch", "Dust Pixie"]}, "untamed")
    blank.do({"play": "Duskwitch"})
    blank.do({"play": "Dust Pixie", "flank": "right"})  # no Omega: Duskwitch is blank in play
    assert blank.card("Dust Pixie").exhausted  # nor "Your creatures enter play ready"


def test_enters_play_stunned(kb_conn):
    t = Table(kb_conn, {"turn": {"active": "player1", "house": "saurian"}, "player1": {"hand": ["Terrordactyl"]}})
    t.do({"play": "Terrordactyl"})
    dactyl = t.card("Terrordactyl")
    assert dactyl.stunned and dactyl.exhausted


def test_power_x_is_zero_without_the_ability_defining_it(kb_conn):
    t = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Shadow of Dis"]},
            "player2": {"battleline": ["Troll", "Picaroon", {"card": "Picaroon", "id": "p2"}]},
        },
    )
    first = t.card("Picaroon")
    # Troll's 8; the other Picaroon is a Changeling and does not count
    assert t.eng.power(first) == 8
    assert t.eng.power(t.card("p2")) == 0
    t.do({"play": "Shadow of Dis"})
    assert t.eng.power(first) == 0 and first.zone == "discard"


def test_gained_text_box_adds_to_the_creatures_own_and_refers_to_it(kb_conn):
    t = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {
                "hand": ["Bad Penny", "Duskwitch"],
                "battleline": ["Dust Pixie"],
                "artifacts": ["Creed of Nurture"],
            },
            "player2": {"battleline": ["Troll"]},
        },
    )
    pixie = t.card("Dust Pixie")
    t.do({"omni": "Creed of Nurture"}, ["Duskwitch", "Dust Pixie"])
    assert t.eng.has(pixie, "elusive") and t.eng.has(pixie, "omega")  # Duskwitch's keywords
    assert t.card("Duskwitch").zone == "hand"  # revealed, not moved
    t.do({"end_turn": True, "to_step": 2})  # "for the remainder of the turn"
    assert not t.eng.has(pixie, "elusive")
    # Bad Penny's self-referential "Return Bad Penny" returns the creature that gained it
    t2 = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Bad Penny"], "battleline": ["Dust Pixie"], "artifacts": ["Creed of Nurture"]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    t2.do({"omni": "Creed of Nurture"}, ["Troll"])
    t2.eng.destroy([t2.card("Troll")])
    assert t2.card("Troll").zone == "hand" and t2.card("Bad Penny").zone == "hand"
    assert t2.game.players["player2"].zone("hand")[0].name == "Troll"  # its owner's hand


def test_gained_text_ends_when_the_creature_leaves_play(kb_conn):
    t = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Bad Penny"], "battleline": ["Dust Pixie"], "artifacts": ["Creed of Nurture"]},
        },
    )
    t.do({"omni": "Creed of Nurture"})
    pixie = t.card("Dust Pixie")
    t.eng.destroy([pixie])
    assert pixie.zone == "hand"
    assert not [e for e in t.game.lasting if e.kind == "text"]


def test_the_more_restrictive_only_deals_when_fighting_wins(kb_conn):
    t = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"battleline": ["Tantadlin"]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    t.do({"fight": {"attacker": "Tantadlin", "target": "Troll"}})
    assert t.card("Troll").damage == 2
    assert t.card("Tantadlin").damage == 8  # its own damage taken is not restricted
    # defending, it deals only 2 as well
    t2 = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": ["Tantadlin"]},
        },
    )
    t2.do({"fight": {"attacker": "Troll", "target": "Tantadlin"}})
    assert t2.card("Troll").damage == 2
    # a weaker creature than the cap deals its power
    t3 = Table(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "saurian"},
            "player1": {"battleline": ["Terrordactyl"]},
            "player2": {"battleline": ["Dust Pixie", "Troll", "Urchin"]},
        },
    )
    t3.do({"fight": {"attacker": "Terrordactyl", "target": "Troll"}})
    assert t3.card("Troll").damage == 4
    assert t3.card("Dust Pixie").zone == "discard" and t3.card("Urchin").zone == "discard"


def test_an_imposed_reap_is_not_forced_into_a_fight_by_enrage(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "untamed"},
        "player1": {
            "amber": 0,
            "hand": ["Ghosthawk"],
            "battleline": [
                {"card": "Dust Pixie", "id": "a", "enraged": True},
                {"card": "Dust Pixie", "id": "b", "enraged": True},
            ],
        },
        "player2": {"battleline": ["Urchin"]},
    }
    t = Table(kb_conn, setup)
    # deployed between them: one at a time, the active player picks the order, may decline each
    t.do({"play": "Ghosthawk", "position": 1}, ["b", "yes", "no"])
    a, b = t.card("a"), t.card("b")
    assert b.exhausted and b.enraged and not a.exhausted
    assert t.game.players["player1"].amber == 1
    # used by the player, an enraged creature able to fight must fight
    with pytest.raises(IllegalAction, match="enraged"):
        t.do({"reap": "a"})
    # a card effect letting the player choose how to use it ("use"): fight is the only way
    from engine.library import UseCreature

    t.eng.chooser.add(["Urchin"])
    UseCreature("use", on="self").resolve(t.eng.context(a))
    assert t.card("Urchin").attacked_this_turn and a.exhausted and not a.enraged  # it fought
