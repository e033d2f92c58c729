"""Board-level tests of the Call of the Archons cards defined by hand for their irregular text
(engine/cards/cota, written with the general effects of engine.library): each sets up a board, plays or uses the card, and checks
the state its text says."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.turn import key_cost
from tests.boards import card, engine_for, labels


def _player(eng, name="player1"):
    return eng.game.players[name]


# ------------------------------------------------------------------------------ Brobnar


def test_barehanded_puts_each_artifact_on_top_of_its_owners_deck(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"hand": ["Barehanded"], "artifacts": ["Gauntlet of Command"], "deck": ["Troll"]},
            "player2": {"artifacts": ["Anomaly Exploiter"], "deck": ["Dextre"]},
        },
    )
    eng.play(card(eng, "Barehanded"))
    assert labels(eng, "player1", "deck") == ["Gauntlet of Command", "Troll"]
    assert labels(eng, "player2", "deck") == ["Anomaly Exploiter", "Dextre"]
    assert not labels(eng, "player1", "artifacts") and not labels(eng, "player2", "artifacts")


def test_autocannon_damages_each_creature_that_enters_play(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"hand": ["Bumpsy"], "artifacts": ["Autocannon"]},
            "player2": {"battleline": ["Dust Pixie"]},
        },
        answers=["Autocannon"],
    )
    eng.play(card(eng, "Bumpsy"))
    assert card(eng, "Bumpsy").damage == 1
    assert card(eng, "Dust Pixie").damage == 0  # already in play: not dealt damage


def test_champions_challenge_leaves_one_champion_each_and_fights(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {
                "hand": ["Champion’s Challenge"],
                "battleline": [{"card": "Troll", "exhausted": True}, "Bumpsy"],
            },
            "player2": {"battleline": ["Krump", "Dust Pixie", "Urchin"]},
        },
    )
    eng.play(card(eng, "Champion’s Challenge"))
    assert labels(eng, "player2", "battleline") == []  # Krump (6) fought Troll (8) and was destroyed
    assert sorted(labels(eng, "player2", "discard")) == ["Dust Pixie", "Krump", "Urchin"]
    assert labels(eng, "player1", "battleline") == ["Troll"]
    assert card(eng, "Troll").damage == 6 and card(eng, "Troll").exhausted


# ------------------------------------------------------------------------------ Dis


def test_dance_of_doom_destroys_each_creature_of_the_chosen_power(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Dance of Doom"], "battleline": ["Bumpsy", "Dust Pixie"]},
            "player2": {"battleline": ["Ancient Bear", "Krump"]},
        },
        answers=["5"],
    )
    eng.play(card(eng, "Dance of Doom"))
    assert labels(eng, "player1", "battleline") == ["Dust Pixie"]
    assert labels(eng, "player2", "battleline") == ["Krump"]


def test_pandemonium_only_undamaged_creatures_capture(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"amber": 3, "hand": ["Pandemonium"], "battleline": ["Bumpsy", {"card": "Troll", "damage": 1}]},
            "player2": {"amber": 3, "battleline": ["Krump"]},
        },
        answers=["Bumpsy"],
    )
    eng.play(card(eng, "Pandemonium"))
    assert card(eng, "Bumpsy").amber == 1 and card(eng, "Troll").amber == 0 and card(eng, "Krump").amber == 1
    assert _player(eng).amber == 3 and _player(eng, "player2").amber == 2  # 3 + its Æmber bonus - 1


def test_gongoozle_discards_only_if_the_creature_survives(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "dis"},
        "player1": {"hand": ["Gongoozle"]},
        "player2": {"hand": ["Urchin"], "battleline": ["Troll", "Dust Pixie"]},
    }
    eng = engine_for(kb_conn, setup, answers=["Troll"])
    eng.play(card(eng, "Gongoozle"))
    assert card(eng, "Troll").damage == 3 and labels(eng, "player2", "discard") == ["Urchin"]
    eng = engine_for(kb_conn, setup, answers=["Dust Pixie"])
    eng.play(card(eng, "Gongoozle"))
    assert labels(eng, "player2", "hand") == ["Urchin"] and labels(eng, "player2", "discard") == ["Dust Pixie"]


def test_truebaru_costs_3_amber_to_play(kb_conn):
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "dis"}, "player1": {"amber": 2, "hand": ["Truebaru"]}}
    )
    with pytest.raises(IllegalAction):
        eng.play(card(eng, "Truebaru"))
    eng = engine_for(
        kb_conn, {"turn": {"active": "player1", "house": "dis"}, "player1": {"amber": 4, "hand": ["Truebaru"]}}
    )
    eng.play(card(eng, "Truebaru"))
    assert _player(eng).amber == 1 and labels(eng, "player1", "battleline") == ["Truebaru"]
    eng.destroy([card(eng, "Truebaru")])
    assert _player(eng).amber == 6


# ------------------------------------------------------------------------------ Logos


def test_effervescent_principle_halves_both_pools_rounding_the_loss_down(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"amber": 5, "hand": ["Effervescent Principle"]},
            "player2": {"amber": 7},
        },
    )
    eng.play(card(eng, "Effervescent Principle"))
    assert _player(eng).amber == 3 and _player(eng, "player2").amber == 4 and _player(eng).chains == 1


def test_reverse_time_swaps_deck_and_discard(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Reverse Time"], "deck": ["Troll"], "discard": ["Bumpsy", "Krump"]},
        },
    )
    eng.play(card(eng, "Reverse Time"))
    assert sorted(labels(eng, "player1", "deck")) == ["Bumpsy", "Krump"]
    assert sorted(labels(eng, "player1", "discard")) == ["Reverse Time", "Troll"]


def test_dextre_goes_on_top_of_the_deck_when_destroyed(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Dextre"], "deck": ["Troll"]},
            "player2": {"amber": 2},
        },
    )
    eng.play(card(eng, "Dextre"))
    assert card(eng, "Dextre").amber == 1
    eng.destroy([card(eng, "Dextre")])
    assert labels(eng, "player1", "deck") == ["Dextre", "Troll"] and not labels(eng, "player1", "discard")
    assert _player(eng, "player2").amber == 2  # its captured Æmber went back as it left play


def test_twin_bolt_emission_needs_two_different_creatures(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Twin Bolt Emission"]},
            "player2": {"battleline": ["Troll", "Krump"]},
        },
        answers=["Troll"],
    )
    eng.play(card(eng, "Twin Bolt Emission"))  # the second creature has one option left: Krump
    assert card(eng, "Troll").damage == 2 and card(eng, "Krump").damage == 2


def test_help_from_future_self_finds_a_timetraveller_and_shuffles_the_discard_in(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Help from Future Self"], "deck": ["Troll"], "discard": ["Timetraveller", "Bumpsy"]},
        },
    )
    eng.play(card(eng, "Help from Future Self"))
    assert labels(eng, "player1", "hand") == ["Timetraveller"]
    assert sorted(labels(eng, "player1", "deck")) == ["Bumpsy", "Troll"]


def test_bouncing_deathquark_repeats_while_the_player_wants_and_both_sides_have_creatures(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Bouncing Deathquark"], "battleline": ["Troll", "Bumpsy"]},
            "player2": {"battleline": ["Krump", "Dust Pixie", "Urchin"]},
        },
        answers=["Krump", "Troll", "yes", "Dust Pixie"],
    )
    eng.play(card(eng, "Bouncing Deathquark"))  # after the second round no friendly creature is left
    eng.chooser.finish()
    assert labels(eng, "player1", "battleline") == [] and labels(eng, "player2", "battleline") == ["Urchin"]


def test_mobius_scroll_archives_itself_and_up_to_two_cards(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Troll", "Bumpsy", "Krump"], "artifacts": ["Mobius Scroll"]},
        },
        answers=["Troll", "Krump"],
    )
    eng.use(card(eng, "Mobius Scroll"), "action")
    assert sorted(labels(eng, "player1", "archives")) == ["Krump", "Mobius Scroll", "Troll"]
    assert labels(eng, "player1", "hand") == ["Bumpsy"]


def test_titan_mechanic_lowers_key_cost_only_on_a_flank(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"battleline": ["Troll", "Titan Mechanic", "Bumpsy"]},
        },
    )
    assert key_cost(eng, "player1") == 6 and key_cost(eng, "player2") == 6
    eng.destroy([card(eng, "Bumpsy")])
    assert key_cost(eng, "player1") == 5 and key_cost(eng, "player2") == 5


def test_skippy_timehog_stops_the_opponent_using_cards_next_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Skippy Timehog"]},
            "player2": {"battleline": ["Troll"], "hand": ["Bumpsy"]},
        },
        answers=["left"],
    )
    from engine.rules.turn import end_turn

    eng.play(card(eng, "Skippy Timehog"))
    eng.chooser.pending.append("brobnar")
    end_turn(eng)  # player 2's turn, house Brobnar
    with pytest.raises(IllegalAction, match="cannot be used"):
        eng.use(card(eng, "Troll"), "reap")
    eng.play(card(eng, "Bumpsy"))  # cards can still be played
    assert "Bumpsy" in labels(eng, "player2", "battleline")


def test_rocket_boots_ready_the_creature_after_its_first_use_only(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": [{"card": "Troll", "upgrades": ["Rocket Boots"]}]},
        },
    )
    troll = card(eng, "Troll")
    eng.use(troll, "reap")
    assert not troll.exhausted
    eng.use(troll, "reap")
    assert troll.exhausted and _player(eng).amber == 2


# ------------------------------------------------------------------------------ Mars


def test_emp_blast_stuns_mars_and_robots_and_destroys_artifacts(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {
                "hand": ["EMP Blast"],
                "battleline": ["Mindwarper", "Troll"],
                "artifacts": ["Gauntlet of Command"],
            },
            "player2": {"battleline": ["Batdrone"], "artifacts": ["Anomaly Exploiter"]},
        },
    )
    eng.play(card(eng, "EMP Blast"))
    assert card(eng, "Mindwarper").stunned and card(eng, "Batdrone").stunned and not card(eng, "Troll").stunned
    assert not labels(eng, "player1", "artifacts") and not labels(eng, "player2", "artifacts")


def test_zyzzix_archives_a_revealed_creature_and_grows(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"hand": ["Troll", "Barehanded"], "battleline": ["Zyzzix the Many"]},
        },
        answers=["yes"],
    )
    eng.use(card(eng, "Zyzzix the Many"), "reap")
    assert labels(eng, "player1", "archives") == ["Troll"]
    assert eng.power(card(eng, "Zyzzix the Many")) == 6


def test_vezyma_thinkdrone_may_archive_a_friendly_artifact(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Vezyma Thinkdrone"], "artifacts": ["Gauntlet of Command"]},
        },
        answers=["yes", "Gauntlet of Command"],
    )
    eng.use(card(eng, "Vezyma Thinkdrone"), "reap")
    assert labels(eng, "player1", "archives") == ["Gauntlet of Command"]


# ------------------------------------------------------------------------------ Sanctum


def test_doorstep_to_heaven_reduces_rich_players_to_5(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"amber": 7, "hand": ["Doorstep to Heaven"]},
            "player2": {"amber": 9},
        },
    )
    eng.play(card(eng, "Doorstep to Heaven"))  # its Æmber bonus first: 7 + 1 = 8
    assert _player(eng).amber == 5 and _player(eng, "player2").amber == 5


def test_clear_mind_unstuns_friendly_creatures_only(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["Clear Mind"], "battleline": [{"card": "Troll", "stunned": True}]},
            "player2": {"battleline": [{"card": "Krump", "stunned": True}]},
        },
    )
    eng.play(card(eng, "Clear Mind"))
    assert not card(eng, "Troll").stunned and card(eng, "Krump").stunned


def test_horseman_of_famine_destroys_the_least_powerful_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["Horseman of Famine"], "battleline": ["Troll"]},
            "player2": {"battleline": ["Krump", "Dust Pixie"]},
        },
        answers=["right"],
    )
    eng.play(card(eng, "Horseman of Famine"))
    assert labels(eng, "player2", "battleline") == ["Krump"]


def test_horseman_of_death_returns_horsemen_from_the_discard_pile(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {
                "hand": ["Horseman of Death"],
                "discard": ["Horseman of Pestilence", "Horseman of War", "Troll"],
            },
        },
    )
    eng.play(card(eng, "Horseman of Death"))
    assert sorted(labels(eng, "player1", "hand")) == ["Horseman of Pestilence", "Horseman of War"]
    assert labels(eng, "player1", "discard") == ["Troll"]


def test_protectrix_heals_and_protects_for_the_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"battleline": ["Protectrix", {"card": "Troll", "damage": 4}]},
        },
        answers=["yes", "Troll"],
    )
    eng.use(card(eng, "Protectrix"), "reap")
    troll = card(eng, "Troll")
    assert troll.damage == 0
    eng.deal_damage(troll, 3, "test")
    assert troll.damage == 0


def test_shoulder_armor_only_on_a_flank(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"battleline": ["Troll", {"card": "Bumpsy", "upgrades": ["Shoulder Armor"]}, "Krump"]},
        },
    )
    bumpsy = card(eng, "Bumpsy")
    assert eng.power(bumpsy) == 5 and eng.armor(bumpsy) == 0
    eng.destroy([card(eng, "Krump")])
    assert eng.power(bumpsy) == 7 and eng.armor(bumpsy) == 2


def test_mantle_of_the_zealot_lets_its_creature_be_used_as_the_active_house(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"battleline": [{"card": "Troll", "upgrades": ["Mantle of the Zealot"]}, "Bumpsy"]},
        },
    )
    eng.use(card(eng, "Troll"), "reap")
    with pytest.raises(IllegalAction):
        eng.use(card(eng, "Bumpsy"), "reap")


def test_terms_of_redress_a_friendly_creature_captures_2(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["Terms of Redress"], "battleline": ["Troll"]},
            "player2": {"amber": 3},
        },
    )
    eng.play(card(eng, "Terms of Redress"))
    assert card(eng, "Troll").amber == 2 and _player(eng, "player2").amber == 1


def test_numquid_repeats_while_the_opponent_still_has_more_creatures(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["Numquid the Fair"]},
            "player2": {"battleline": ["Troll", "Krump", "Bumpsy", "Dust Pixie"]},
        },
        answers=["Troll", "Krump", "Bumpsy"],
    )
    eng.play(card(eng, "Numquid the Fair"))  # 1 v 4, 1 v 3, 1 v 2: then 1 v 1 stops it
    eng.chooser.finish()
    assert labels(eng, "player2", "battleline") == ["Dust Pixie"]


# ------------------------------------------------------------------------------ Shadows


def test_too_much_to_protect_steals_all_but_6(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"hand": ["Too Much to Protect"]},
            "player2": {"amber": 10},
        },
    )
    eng.play(card(eng, "Too Much to Protect"))
    assert _player(eng, "player2").amber == 6 and _player(eng).amber == 5  # 4 stolen, 1 Æmber bonus


def test_pawn_sacrifice_deals_3_to_two_creatures_after_the_sacrifice(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"hand": ["Pawn Sacrifice"], "battleline": ["Urchin"]},
            "player2": {"battleline": ["Troll", "Krump", "Bumpsy"]},
        },
        answers=["Troll", "Krump"],
    )
    eng.play(card(eng, "Pawn Sacrifice"))
    assert sorted(labels(eng, "player1", "discard")) == ["Pawn Sacrifice", "Urchin"]
    assert card(eng, "Troll").damage == 3 and card(eng, "Krump").damage == 3 and card(eng, "Bumpsy").damage == 0


def test_smiling_ruth_takes_a_flank_creature_after_a_key_this_turn(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "shadows"},
        "player1": {"battleline": ["Smiling Ruth"]},
        "player2": {"battleline": ["Troll", "Krump", "Bumpsy"]},
    }
    eng = engine_for(kb_conn, setup)
    eng.use(card(eng, "Smiling Ruth"), "reap")
    assert labels(eng, "player1", "battleline") == ["Smiling Ruth"]
    eng = engine_for(kb_conn, setup, answers=["Bumpsy", "right"])
    eng.game.keys_forged.append(("player1", eng.game.turn, None))
    eng.use(card(eng, "Smiling Ruth"), "reap")
    assert labels(eng, "player1", "battleline") == ["Smiling Ruth", "Bumpsy"]


# ------------------------------------------------------------------------------ Untamed


def test_world_tree_puts_a_creature_from_the_discard_pile_on_top_of_the_deck(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"artifacts": ["World Tree"], "deck": ["Bumpsy"], "discard": ["Troll", "Barehanded"]},
        },
    )
    eng.use(card(eng, "World Tree"), "action")
    assert labels(eng, "player1", "deck") == ["Troll", "Bumpsy"]


def test_screaming_cave_shuffles_hand_and_discard_into_the_deck(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"artifacts": ["Screaming Cave"], "hand": ["Troll"], "deck": ["Bumpsy"], "discard": ["Krump"]},
        },
    )
    eng.use(card(eng, "Screaming Cave"), "action")
    assert sorted(labels(eng, "player1", "deck")) == ["Bumpsy", "Krump", "Troll"]
    assert not labels(eng, "player1", "hand") and not labels(eng, "player1", "discard")


def test_troop_call_returns_niffles_from_play_and_discard(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {
                "hand": ["Troop Call"],
                "battleline": ["Niffle Queen", "Dust Pixie"],
                "discard": ["Niffle Ape", "Ancient Bear"],
            },
        },
    )
    eng.play(card(eng, "Troop Call"))
    assert sorted(labels(eng, "player1", "hand")) == ["Niffle Ape", "Niffle Queen"]
    assert labels(eng, "player1", "battleline") == ["Dust Pixie"]


def test_bigtwig_can_only_fight_stunned_creatures(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"battleline": ["Bigtwig"]},
            "player2": {"battleline": ["Troll", {"card": "Krump", "stunned": True}]},
        },
    )
    assert eng.fight_targets(card(eng, "Bigtwig")) == [card(eng, "Krump")]
    with pytest.raises(IllegalAction, match="stunned"):
        eng.use(card(eng, "Bigtwig"), "fight", target=card(eng, "Troll"))


def test_stampede_steals_after_three_creature_uses(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Stampede", "Stampede"], "battleline": ["Dust Pixie", "Ancient Bear", "Mighty Tiger"]},
            "player2": {"amber": 5},
        },
    )
    eng.use(card(eng, "Dust Pixie"), "reap")
    eng.use(card(eng, "Ancient Bear"), "reap")
    first = eng.game.players["player1"].zone("hand")[0]
    eng.play(first)
    assert _player(eng, "player2").amber == 5
    eng.use(card(eng, "Mighty Tiger"), "reap")
    eng.play(eng.game.players["player1"].zone("hand")[0])
    assert _player(eng, "player2").amber == 3
