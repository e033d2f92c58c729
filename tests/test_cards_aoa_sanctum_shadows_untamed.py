"""Board-level tests of the Age of Ascension Sanctum, Shadows and Untamed cards defined by hand for
their irregular text (engine/cards/aoa), then cards of several houses sharing a mechanic; Brobnar
to Mars: tests/test_cards_aoa_brobnar_dis_logos_mars.py."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.turn import end_turn, key_cost
from tests.boards import card, engine_for, labels


def _amber(eng, name="player1"):
    return eng.game.players[name].amber


def _board(house, p1=None, p2=None, answers=()):
    return {"turn": {"active": "player1", "house": house}, "player1": p1 or {}, "player2": p2 or {}}, list(answers)


def _eng(kb_conn, house, p1=None, p2=None, answers=()):
    setup, answers = _board(house, p1, p2, answers)
    return engine_for(kb_conn, setup, answers=answers)


# ------------------------------------------------------------------------------ Sanctum


def test_anahita_gives_an_artifact_away_for_2_amber(kb_conn):
    eng = _eng(kb_conn, "sanctum", {"battleline": ["Anahita the Trader"], "artifacts": ["Screechbomb"]}, {"amber": 5})
    eng.use(card(eng, "Anahita the Trader"), "reap")
    assert labels(eng, "player2", "artifacts") == ["Screechbomb"] and _amber(eng) == 3 and _amber(eng, "player2") == 3


def test_aubade_discards_its_captured_amber_when_it_reaps(kb_conn):
    eng = _eng(kb_conn, "sanctum", {"battleline": [{"card": "Aubade the Grim", "amber": 2}]})
    eng.use(card(eng, "Aubade the Grim"), "reap")
    assert card(eng, "Aubade the Grim").amber == 1 and _amber(eng) == 1


def test_baron_mengevin_captures_after_a_sanctum_discard(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Baron Mengevin"], "hand": ["Sequis", "Troll"]}, {"amber": 2})
    eng.discard_from_hand(card(eng, "Troll"))
    assert card(eng, "Baron Mengevin").amber == 0
    eng.game.active_house = "sanctum"
    eng.discard_from_hand(card(eng, "Sequis"))
    assert card(eng, "Baron Mengevin").amber == 1


def test_free_markets_counts_houses_in_play_except_sanctum(kb_conn):
    eng = _eng(
        kb_conn,
        "sanctum",
        {"hand": ["Free Markets"], "battleline": ["Sequis", "Troll"]},
        {"battleline": ["Krump", "Urchin"], "artifacts": ["Memory Chip"]},
    )
    eng.play(card(eng, "Free Markets"))
    assert _amber(eng) == 3  # Brobnar, Shadows, Logos


def test_golden_aura_heals_makes_sanctum_and_protects(kb_conn):
    eng = _eng(kb_conn, "sanctum", {"hand": ["Golden Aura"], "battleline": [{"card": "Troll", "damage": 4}]})
    eng.play(card(eng, "Golden Aura"))
    troll = card(eng, "Troll")
    assert troll.damage == 0 and troll.house == "sanctum"
    eng.deal_damage(troll, 3, "test")
    assert troll.damage == 0
    eng.use(troll, "reap")  # a Sanctum creature on a Sanctum turn


def test_mother_northelle_moves_amber_from_a_friendly_creature(kb_conn):
    eng = _eng(kb_conn, "sanctum", {"battleline": ["Mother Northelle", {"card": "Sequis", "amber": 2}]})
    eng.use(card(eng, "Mother Northelle"), "reap")
    assert card(eng, "Sequis").amber == 1 and _amber(eng) == 2


def test_prince_derric_gains_with_creatures_of_3_houses(kb_conn):
    eng = _eng(
        kb_conn, "sanctum", {"hand": ["Prince Derric, Unifier"], "battleline": ["Troll", "Urchin"]}, answers=["right"]
    )
    eng.play(card(eng, "Prince Derric, Unifier"))
    assert _amber(eng) == 3
    eng = _eng(
        kb_conn, "sanctum", {"hand": ["Prince Derric, Unifier"], "battleline": ["Troll", "Krump"]}, answers=["right"]
    )
    eng.play(card(eng, "Prince Derric, Unifier"))
    assert _amber(eng) == 0


def test_proclamation_346e_raises_the_opponents_keys_without_3_houses(kb_conn):
    eng = _eng(
        kb_conn,
        "sanctum",
        {"artifacts": ["Proclamation 346E"]},
        {"battleline": ["Troll", "Urchin"], "purged": ["Doc Bookton"]},
        answers=["right"],
    )
    assert key_cost(eng, "player2") == 8 and key_cost(eng, "player1") == 6
    eng.put_into_play(card(eng, "Doc Bookton"), "player2")
    assert key_cost(eng, "player2") == 6


def test_lion_bautrem_gives_its_neighbors_2_power(kb_conn):
    eng = _eng(kb_conn, "sanctum", {"battleline": ["Troll", "“Lion” Bautrem", "Krump", "Bumpsy"]})
    assert eng.power(card(eng, "Troll")) == 10 and eng.power(card(eng, "Krump")) == 8
    assert eng.power(card(eng, "Bumpsy")) == 5


# ------------------------------------------------------------------------------ Shadows


def test_hideaway_hole_gives_elusive_until_your_next_turn(kb_conn):
    eng = _eng(
        kb_conn,
        "shadows",
        {"houses": ["shadows"], "artifacts": ["Hideaway Hole"], "battleline": ["Troll"]},
        {"houses": ["brobnar"]},
    )
    eng.use(card(eng, "Hideaway Hole"), "omni")
    troll = card(eng, "Troll")
    assert eng.has(troll, "elusive")
    eng.chooser.pending.append("brobnar")
    end_turn(eng)
    assert eng.has(troll, "elusive")  # the opponent's turn
    eng.chooser.pending.append("shadows")
    end_turn(eng)
    assert not eng.has(troll, "elusive")


def test_nightforge_forges_at_plus_4_unless_a_key_was_forged_this_turn(kb_conn):
    eng = _eng(kb_conn, "shadows", {"amber": 9, "hand": ["Nightforge"]}, answers=["yes"])
    eng.play(card(eng, "Nightforge"))
    assert eng.game.players["player1"].keys == 1 and _amber(eng) == 0
    eng = _eng(kb_conn, "shadows", {"amber": 9, "hand": ["Nightforge"]})
    eng.game.keys_forged.append(("player1", eng.game.turn, None))
    eng.play(card(eng, "Nightforge"))
    assert eng.game.players["player1"].keys == 0 and _amber(eng) == 10


def test_plague_rat_deals_1_per_rat_to_each_non_rat(kb_conn):
    eng = _eng(
        kb_conn,
        "shadows",
        {"hand": ["Plague Rat"], "battleline": [{"card": "Plague Rat", "id": "Old Rat"}, "Troll"]},
        {"battleline": ["Krump"]},
        answers=["right"],
    )
    eng.play(card(eng, "Plague Rat"))
    assert card(eng, "Troll").damage == 2 and card(eng, "Krump").damage == 2 and card(eng, "Old Rat").damage == 0


def test_rigged_lottery_each_owner_gains_per_shadows_card_discarded(kb_conn):
    eng = _eng(
        kb_conn,
        "shadows",
        {"hand": ["Rigged Lottery"], "deck": ["Urchin", "Troll", "Bad Penny"]},
        {"deck": ["Urchin", "Krump", "Troll", "Bumpsy", "Dextre", "Mooncurser"]},
    )
    eng.play(card(eng, "Rigged Lottery"))
    assert _amber(eng) == 1 + 2 and _amber(eng, "player2") == 1
    assert labels(eng, "player2", "deck") == ["Mooncurser"] and labels(eng, "player1", "deck") == []


def test_sucker_punch_archives_itself_if_it_destroys(kb_conn):
    eng = _eng(kb_conn, "shadows", {"hand": ["Sucker Punch"]}, {"battleline": ["Urchin"]})
    eng.play(card(eng, "Sucker Punch"))
    assert labels(eng, "player1", "archives") == ["Sucker Punch"]
    eng = _eng(kb_conn, "shadows", {"hand": ["Sucker Punch"]}, {"battleline": ["Troll"]})
    eng.play(card(eng, "Sucker Punch"))
    assert labels(eng, "player1", "discard") == ["Sucker Punch"]


# ------------------------------------------------------------------------------ Untamed


def test_bumblebird_gives_two_counters_to_each_other_untamed_creature(kb_conn):
    eng = _eng(kb_conn, "untamed", {"hand": ["Bumblebird"], "battleline": ["Dust Pixie", "Troll"]}, answers=["right"])
    eng.play(card(eng, "Bumblebird"))
    assert card(eng, "Dust Pixie").power_counters == 2 and card(eng, "Troll").power_counters == 0
    assert card(eng, "Bumblebird").power_counters == 0


def test_camouflage_only_flank_creatures_can_fight_its_creature(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"battleline": ["Troll", "Krump", "Bumpsy"]},
        {"battleline": [{"card": "Urchin", "upgrades": ["Camouflage"]}]},
    )
    assert eng.fight_targets(card(eng, "Krump")) == []
    assert eng.fight_targets(card(eng, "Troll")) == [card(eng, "Urchin")]


def test_earthbind_needs_a_discard_by_the_creatures_controller(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": [{"card": "Troll", "upgrades": ["Earthbind"]}], "hand": ["Bumpsy"]})
    with pytest.raises(IllegalAction, match="cannot be used"):
        eng.use(card(eng, "Troll"), "reap")
    eng.discard_from_hand(card(eng, "Bumpsy"))
    eng.use(card(eng, "Troll"), "reap")
    assert _amber(eng) == 1


def test_niffle_grounds_strips_taunt_and_elusive_from_one_creature(kb_conn):
    eng = _eng(
        kb_conn,
        "untamed",
        {"artifacts": ["Niffle Grounds"]},
        {"battleline": ["Urchin", "Mindwarper"]},
        answers=["Urchin"],
    )
    eng.use(card(eng, "Niffle Grounds"), "action")
    assert not eng.has(card(eng, "Urchin"), "elusive") and eng.has(card(eng, "Mindwarper"), "elusive")


def test_panpacas_buff_one_side_of_the_battleline(kb_conn):
    eng = _eng(kb_conn, "untamed", {"battleline": ["Troll", "Panpaca, Anga", "Krump", "Panpaca, Jaga", "Bumpsy"]})
    assert eng.power(card(eng, "Troll")) == 8 and eng.power(card(eng, "Krump")) == 8
    assert eng.power(card(eng, "Bumpsy")) == 7
    assert eng.has(card(eng, "Krump"), "skirmish") and eng.has(card(eng, "Troll"), "skirmish")
    assert not eng.has(card(eng, "Bumpsy"), "skirmish")


def test_punctuated_equilibrium_discards_and_refills_both_hands(kb_conn):
    eng = _eng(
        kb_conn,
        "untamed",
        {"hand": ["Punctuated Equilibrium", "Troll"], "deck": ["Krump"] * 7},
        {"hand": ["Urchin"], "chains": 1, "deck": ["Bumpsy"] * 7},
    )
    eng.play(card(eng, "Punctuated Equilibrium"))
    assert len(labels(eng, "player1", "hand")) == 6
    assert sorted(labels(eng, "player1", "discard")) == ["Punctuated Equilibrium", "Troll"]
    assert len(labels(eng, "player2", "hand")) == 5 and labels(eng, "player2", "discard") == ["Urchin"]


def test_quicksand_destroys_the_most_powerful_creature_of_players_without_ready_untamed(kb_conn):
    eng = _eng(
        kb_conn,
        "untamed",
        {"hand": ["Quicksand"], "battleline": ["Troll", "Dust Pixie"]},
        {"battleline": ["Krump", "Bumpsy"]},
    )
    eng.play(card(eng, "Quicksand"))
    assert labels(eng, "player1", "battleline") == ["Troll", "Dust Pixie"]
    assert labels(eng, "player2", "battleline") == ["Bumpsy"]


def test_rustgnawer_gains_the_destroyed_artifacts_amber_bonus(kb_conn):
    eng = _eng(
        kb_conn, "untamed", {"battleline": ["Rustgnawer"]}, {"battleline": ["Urchin"], "artifacts": ["Hideaway Hole"]}
    )
    card(eng, "Urchin").attacked_this_turn = True
    eng.use(card(eng, "Rustgnawer"), "fight", target=card(eng, "Urchin"))
    assert labels(eng, "player2", "artifacts") == [] and _amber(eng) == 1


def test_aemberspine_mongrel_gains_when_the_opponent_reaps(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Troll"]}, {"battleline": ["Æmberspine Mongrel"]})
    eng.use(card(eng, "Troll"), "reap")
    assert _amber(eng, "player2") == 1 and _amber(eng) == 1


# ------------------------------------------------------------------------------ several houses


def test_foozle_gains_after_an_enemy_creature_was_destroyed_this_turn(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Foozle", "Troll"]}, {"battleline": ["Krump", "Urchin"]})
    eng.destroy([card(eng, "Troll")])
    eng.use(card(eng, "Foozle"), "reap")
    assert _amber(eng) == 1
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Foozle"]}, {"battleline": ["Krump", "Urchin"]})
    eng.destroy([card(eng, "Urchin")])
    eng.use(card(eng, "Foozle"), "reap")
    assert _amber(eng) == 2


def test_might_makes_right_sacrifices_25_power_to_forge(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["Might Makes Right"], "battleline": ["Lollop the Titanic", "Troll", "Krump", "Bumpsy"]},
        answers=["yes", "Lollop the Titanic", "Troll", "Krump"],
    )
    eng.play(card(eng, "Might Makes Right"))
    assert eng.game.players["player1"].keys == 1 and labels(eng, "player1", "battleline") == ["Bumpsy"]


def test_mindworm_makes_the_defender_hit_its_own_neighbors(kb_conn):
    eng = _eng(kb_conn, "mars", {"battleline": ["Mindworm"]}, {"battleline": ["Dust Pixie", "Krump", "Troll"]})
    eng.use(card(eng, "Mindworm"), "fight", target=card(eng, "Krump"))
    assert card(eng, "Troll").damage == 6 and labels(eng, "player2", "discard") == ["Dust Pixie"]


def test_destructive_analysis_purges_archives_for_more_damage(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Destructive Analysis"], "archives": ["Krump", "Bumpsy", "Urchin"]},
        {"battleline": ["Troll"]},
        answers=["Krump", "Urchin", "done"],
    )
    eng.play(card(eng, "Destructive Analysis"))
    assert card(eng, "Troll").damage == 6 and labels(eng, "player1", "archives") == ["Bumpsy"]


def test_aember_conduction_unit_stuns_only_the_first_reaper_of_the_turn(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Troll", "Krump"]}, {"artifacts": ["Æmber Conduction Unit"]})
    eng.use(card(eng, "Troll"), "reap")
    eng.use(card(eng, "Krump"), "reap")
    assert card(eng, "Troll").stunned and not card(eng, "Krump").stunned


def test_fetchdrones_captures_2_per_logos_card_discarded(kb_conn):
    eng = _eng(
        kb_conn,
        "logos",
        {"artifacts": ["Fetchdrones"], "battleline": ["Dextre"], "deck": ["Doc Bookton", "Troll"]},
        {"amber": 5},
    )
    eng.use(card(eng, "Fetchdrones"), "action")
    assert card(eng, "Dextre").amber == 2 and _amber(eng, "player2") == 3


def test_martyrs_end_destroys_any_number_of_friendly_creatures_for_amber(kb_conn):
    eng = _eng(
        kb_conn,
        "sanctum",
        {"hand": ["Martyr’s End"], "battleline": ["Troll", "Krump", "Bumpsy"]},
        answers=["Troll", "Bumpsy", "done"],
    )
    eng.play(card(eng, "Martyr’s End"))
    assert labels(eng, "player1", "battleline") == ["Krump"] and _amber(eng) == 1 + 2


def test_not_finished_with_you_shuffles_chosen_creatures_back(kb_conn):
    eng = _eng(
        kb_conn,
        "dis",
        {"hand": ["Not Finished with You"], "discard": ["Troll", "Krump", "Barehanded"]},
        answers=["Troll", "done"],
    )
    eng.play(card(eng, "Not Finished with You"))
    assert labels(eng, "player1", "deck") == ["Troll"]
    assert sorted(labels(eng, "player1", "discard")) == ["Barehanded", "Krump", "Not Finished with You"]


def test_soldiers_to_flowers_purges_untamed_creatures_from_both_discards(kb_conn):
    eng = _eng(
        kb_conn,
        "untamed",
        {"hand": ["Soldiers to Flowers"], "discard": ["Dust Pixie", "Troll"]},
        {"discard": ["Ancient Bear", "Mighty Tiger", "Fertility Chant"]},
    )
    eng.play(card(eng, "Soldiers to Flowers"))
    assert labels(eng, "player1", "purged") == ["Dust Pixie"] and _amber(eng) == 1 + 1
    assert sorted(labels(eng, "player2", "purged")) == ["Ancient Bear", "Mighty Tiger"] and _amber(eng, "player2") == 2


def test_song_of_spring_shuffles_untamed_creatures_from_hand_discard_and_play(kb_conn):
    eng = _eng(
        kb_conn,
        "untamed",
        {
            "hand": ["Song of Spring", "Ancient Bear"],
            "discard": ["Mighty Tiger"],
            "battleline": ["Dust Pixie", "Troll"],
        },
        answers=["Ancient Bear", "Mighty Tiger", "Dust Pixie"],
    )
    eng.play(card(eng, "Song of Spring"))
    eng.chooser.finish()
    assert sorted(labels(eng, "player1", "deck")) == ["Ancient Bear", "Dust Pixie", "Mighty Tiger"]
    assert labels(eng, "player1", "battleline") == ["Troll"]


def test_ortannu_returns_its_bindings_and_deals_2_with_splash_for_each(kb_conn):
    eng = _eng(
        kb_conn,
        "dis",
        {"battleline": ["Ortannu the Chained"], "discard": ["Ortannu’s Binding", "Ortannu’s Binding", "Troll"]},
        {"battleline": ["Krump", "Troll", "Bumpsy"]},
        answers=["Troll", "Krump"],
    )
    eng.use(card(eng, "Ortannu the Chained"), "reap")
    assert labels(eng, "player1", "hand") == ["Ortannu’s Binding", "Ortannu’s Binding"]
    # Troll, splashing Krump and Bumpsy; then Krump, splashing Troll
    assert [c.damage for c in eng.game.players["player2"].creatures] == [4, 4, 2]


def test_equalize_redistributes_amber_on_each_side(kb_conn):
    eng = _eng(
        kb_conn,
        "sanctum",
        {"hand": ["Equalize"], "battleline": [{"card": "Sequis", "amber": 3}, "Troll"]},
        {"battleline": [{"card": "Krump", "amber": 1}, "Urchin"]},
        answers=["1", "0"],
    )
    eng.play(card(eng, "Equalize"))
    assert card(eng, "Sequis").amber == 1 and card(eng, "Troll").amber == 2
    assert card(eng, "Krump").amber == 0 and card(eng, "Urchin").amber == 1


def test_entropic_manipulator_may_move_damage_onto_a_weaker_creature(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Entropic Manipulator"]},
        {"battleline": [{"card": "Troll", "damage": 5}, "Urchin"]},
        answers=["player2", "yes", "0"],
    )
    eng.play(card(eng, "Entropic Manipulator"))
    assert card(eng, "Troll").damage == 0 and labels(eng, "player2", "discard") == ["Urchin"]


def test_redlock_gains_at_the_end_of_a_turn_without_creature_plays(kb_conn):
    setup = (
        {"battleline": ["Redlock"], "hand": ["Troll", "Too Much to Protect"], "houses": ["shadows"]},
        {"houses": ["brobnar"]},
    )
    eng = _eng(kb_conn, "shadows", *setup, answers=["brobnar"])
    eng.play(card(eng, "Too Much to Protect"))
    end_turn(eng)
    assert _amber(eng) == 1 + 1
    eng = _eng(
        kb_conn,
        "shadows",
        {"battleline": ["Redlock"], "hand": ["Urchin"], "houses": ["shadows"]},
        {"houses": ["brobnar"]},
        answers=["right", "Urchin", "brobnar"],
    )
    eng.play(card(eng, "Urchin"))
    end_turn(eng)
    assert _amber(eng) == 0


def test_murkens_plays_the_top_card_of_the_opponents_deck_as_its_own(kb_conn):
    eng = _eng(kb_conn, "shadows", {"hand": ["Murkens"]}, {"deck": ["Troll", "Krump"]}, answers=["right", "right"])
    eng.play(card(eng, "Murkens"))
    assert labels(eng, "player1", "battleline") == ["Murkens", "Troll"]
    assert card(eng, "Troll").owner == "player2" and labels(eng, "player2", "deck") == ["Krump"]
