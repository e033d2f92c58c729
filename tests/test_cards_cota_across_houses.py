"""Board-level tests of Call of the Archons cards of every house defined by hand for a text printed
on one card only (engine/cards/cota, written with the general effects of engine.library); house by house:
tests/test_cards_cota.py."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.boards import card, engine_for, labels


def _player(eng, name="player1"):
    return eng.game.players[name]


# ------------------------------------------------------------------------------ one-of-a-kind texts


def test_pile_of_skulls_captures_on_your_turn_only(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"artifacts": ["Pile of Skulls"], "battleline": ["Troll"]},
            "player2": {"amber": 3, "battleline": ["Krump", "Dust Pixie"]},
        },
    )
    eng.destroy([card(eng, "Dust Pixie")])
    assert card(eng, "Troll").amber == 1 and _player(eng, "player2").amber == 2
    eng.game.active = "player2"
    eng.destroy([card(eng, "Krump")])
    assert card(eng, "Troll").amber == 1


def test_rogue_ogre_heals_and_captures_after_a_turn_with_one_play(kb_conn):
    from engine.rules.turn import end_turn

    setup = {
        "turn": {"active": "player1", "house": "brobnar"},
        "player1": {"hand": ["Bumpsy", "Troll"], "battleline": [{"card": "Rogue Ogre", "damage": 3}]},
        "player2": {"amber": 4, "houses": ["brobnar"], "hand": []},
    }
    eng = engine_for(kb_conn, setup, answers=["right", "brobnar"])
    eng.play(card(eng, "Bumpsy"))
    end_turn(eng)
    assert card(eng, "Rogue Ogre").damage == 1 and card(eng, "Rogue Ogre").amber == 1
    eng = engine_for(kb_conn, setup, answers=["right", "right", "brobnar"])
    eng.play(card(eng, "Bumpsy"))
    eng.play(card(eng, "Troll"))
    end_turn(eng)
    assert card(eng, "Rogue Ogre").damage == 3 and card(eng, "Rogue Ogre").amber == 0


def test_red_hot_armor_strips_armor_and_deals_that_much_damage(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Red-Hot Armor"], "battleline": ["Bulwark"]},
            "player2": {"battleline": ["Sequis", "Troll"]},
        },
    )
    eng.play(card(eng, "Red-Hot Armor"))
    sequis = card(eng, "Sequis")
    assert sequis.damage == 2 and eng.armor(sequis) == 0 and card(eng, "Troll").damage == 0
    assert card(eng, "Bulwark").damage == 0
    eng.deal_damage(sequis, 1, "test")
    assert sequis.damage == 3  # no armor left this turn


def test_creeping_oblivion_purges_from_one_discard_pile(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Creeping Oblivion"], "discard": ["Troll"]},
            "player2": {"discard": ["Krump", "Bumpsy", "Urchin"]},
        },
        answers=["player2", "Krump", "Urchin"],
    )
    eng.play(card(eng, "Creeping Oblivion"))
    assert sorted(labels(eng, "player2", "purged")) == ["Krump", "Urchin"]
    assert labels(eng, "player2", "discard") == ["Bumpsy"]


def test_sacrificial_altar_purges_a_human_to_play_a_creature_from_the_discard(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"artifacts": ["Sacrificial Altar"], "battleline": ["Bad Penny"], "discard": ["Charette"]},
            "player2": {"amber": 4},
        },
    )
    eng.use(card(eng, "Sacrificial Altar"), "action")
    assert labels(eng, "player1", "purged") == ["Bad Penny"]
    assert labels(eng, "player1", "battleline") == ["Charette"] and card(eng, "Charette").amber == 3


def test_a_fair_game_both_players_gain_for_matching_houses(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["A Fair Game", "Krump"], "deck": ["Charette"]},
            "player2": {"hand": ["Troll", "Bumpsy", "Urchin"], "deck": ["Ganger Chieftain"]},
        },
    )
    eng.play(card(eng, "A Fair Game"))
    assert _player(eng).amber == 2  # Ganger Chieftain: 2 Brobnar cards in player2's hand
    assert _player(eng, "player2").amber == 0  # Charette (Dis): no Dis card left in player1's hand
    assert labels(eng, "player2", "discard") == ["Ganger Chieftain"]


def test_harland_mindlock_keeps_the_creature_only_while_in_play(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"hand": ["Harland Mindlock"]},
            "player2": {"battleline": ["Troll", "Krump", "Bumpsy"]},
        },
        answers=["Bumpsy", "right"],
    )
    eng.play(card(eng, "Harland Mindlock"))
    assert labels(eng, "player1", "battleline") == ["Harland Mindlock", "Bumpsy"]
    eng.chooser.pending.append("left")
    eng.destroy([card(eng, "Harland Mindlock")])
    assert labels(eng, "player2", "battleline") == ["Bumpsy", "Troll", "Krump"]


def test_knowledge_is_power_either_archives_or_gains_per_archived_card(kb_conn):
    setup = {
        "turn": {"active": "player1", "house": "logos"},
        "player1": {"hand": ["Knowledge is Power", "Troll"], "archives": ["Krump", "Bumpsy"]},
    }
    eng = engine_for(kb_conn, setup, answers=["gain 1 for each archived card"])
    eng.play(card(eng, "Knowledge is Power"))
    assert _player(eng).amber == 2
    eng = engine_for(kb_conn, setup, answers=["archive a card"])
    eng.play(card(eng, "Knowledge is Power"))
    assert sorted(labels(eng, "player1", "archives")) == ["Bumpsy", "Krump", "Troll"] and _player(eng).amber == 0


def test_crazy_killing_machine_destroys_itself_unless_two_cards_are_destroyed(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {"artifacts": ["Crazy Killing Machine"], "deck": ["Troll"]},
            "player2": {"battleline": ["Krump"], "deck": ["Urchin"]},
        },
    )
    eng.use(card(eng, "Crazy Killing Machine"), "action")
    assert sorted(labels(eng, "player2", "discard")) == ["Krump", "Urchin"]
    assert labels(eng, "player1", "discard") == ["Crazy Killing Machine", "Troll"]


def test_qyxxlyx_damage_ignores_armor(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"battleline": ["Qyxxlyx Plague Master"]},
            "player2": {"battleline": ["Sequis", "Troll"]},
        },
    )
    eng.use(card(eng, "Qyxxlyx Plague Master"), "reap")
    sequis = card(eng, "Sequis")
    assert sequis.damage == 3 and card(eng, "Troll").damage == 0
    eng.deal_damage(sequis, 1, "test")
    assert sequis.damage == 3  # its armor is still there for later damage


def test_swap_widget_swaps_a_ready_mars_creature_for_another(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {
                "artifacts": ["Swap Widget"],
                "battleline": ["Mindwarper"],
                "hand": ["Grabber Jammer", "Troll"],
            },
        },
    )
    eng.use(card(eng, "Swap Widget"), "action")
    assert labels(eng, "player1", "battleline") == ["Grabber Jammer"]
    assert not card(eng, "Grabber Jammer").exhausted
    assert sorted(labels(eng, "player1", "hand")) == ["Mindwarper", "Troll"]


def test_key_abduction_forges_cheaper_with_more_cards_in_hand(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {
                "amber": 9,
                "hand": ["Key Abduction", "Troll", "Krump"],
                "battleline": ["Mindwarper", "Grabber Jammer", "Bumpsy"],
            },
        },
        answers=["yes"],
    )
    eng.play(card(eng, "Key Abduction"))  # 4 cards in hand: 6 + 9 - 4 = 11, 10 Æmber after the bonus
    assert _player(eng).keys == 0 and len(labels(eng, "player1", "hand")) == 4
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {
                "amber": 9,
                "hand": ["Key Abduction", "Troll", "Krump", "Urchin"],
                "battleline": ["Mindwarper", "Grabber Jammer"],
            },
        },
        answers=["yes"],
    )
    eng.play(card(eng, "Key Abduction"))
    assert _player(eng).keys == 1 and _player(eng).amber == 0


def test_martians_make_bad_allies_purges_non_mars_creatures_from_hand(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"hand": ["Martians Make Bad Allies", "Troll", "Krump", "Mindwarper", "Barehanded"]},
        },
    )
    eng.play(card(eng, "Martians Make Bad Allies"))
    assert sorted(labels(eng, "player1", "purged")) == ["Krump", "Troll"] and _player(eng).amber == 2
    assert sorted(labels(eng, "player1", "hand")) == ["Barehanded", "Mindwarper"]


def test_charge_each_creature_played_this_turn_deals_2(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"hand": ["Charge!", "Sequis"]},
            "player2": {"battleline": ["Troll"]},
        },
    )
    eng.play(card(eng, "Charge!"))
    eng.play(card(eng, "Sequis"))
    assert card(eng, "Troll").damage == 2


def test_selwyn_moves_amber_from_a_friendly_card_to_the_pool(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"battleline": ["Selwyn the Fence", {"card": "Urchin", "amber": 2}]},
        },
    )
    eng.use(card(eng, "Selwyn the Fence"), "reap")
    assert card(eng, "Urchin").amber == 1 and _player(eng).amber == 2


def test_sneklifter_takes_an_artifact_that_becomes_shadows_if_off_house(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"houses": ["shadows", "logos", "dis"], "hand": ["Sneklifter"]},
            "player2": {"artifacts": ["Gauntlet of Command"]},
        },
    )
    eng.play(card(eng, "Sneklifter"))
    gauntlet = card(eng, "Gauntlet of Command")
    assert gauntlet.controller == "player1" and gauntlet.house == "shadows"


def test_key_of_darkness_is_cheaper_when_the_opponent_has_no_amber(kb_conn):
    for theirs, mine, keys in ((0, 8, 1), (1, 8, 0), (1, 12, 1)):
        eng = engine_for(
            kb_conn,
            {
                "turn": {"active": "player1", "house": "shadows"},
                "player1": {"amber": mine, "hand": ["Key of Darkness"]},
                "player2": {"amber": theirs},
            },
        )
        eng.play(card(eng, "Key of Darkness"))
        assert _player(eng).keys == keys, (theirs, mine)


def test_snudge_returns_an_artifact_or_a_flank_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"battleline": ["Snudge"]},
            "player2": {"battleline": ["Troll", "Krump", "Bumpsy"], "artifacts": ["Gauntlet of Command"]},
        },
    )
    options = eng.variant(card(eng, "Snudge")).reap[0].options(eng.context(card(eng, "Snudge")))
    assert sorted(c.label for c in options) == ["Bumpsy", "Gauntlet of Command", "Snudge", "Troll"]
    eng.chooser.pending.append("Gauntlet of Command")
    eng.use(card(eng, "Snudge"), "reap")
    assert labels(eng, "player2", "hand") == ["Gauntlet of Command"]


def test_flame_wreathed_gives_power_and_hazardous_2(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "brobnar"},
            "player1": {"battleline": ["Troll"]},
            "player2": {"battleline": [{"card": "Bumpsy", "upgrades": ["Flame-Wreathed"]}]},
        },
    )
    bumpsy = card(eng, "Bumpsy")
    assert eng.power(bumpsy) == 7 and eng.has(bumpsy, "hazardous") == 2
    eng.use(card(eng, "Troll"), "fight", target=bumpsy)
    assert labels(eng, "player1", "discard") == ["Troll"]  # 2 (hazardous) + 7 damage: more than its 8 power


def test_shatter_storm_opponent_loses_triple(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"amber": 2, "hand": ["Shatter Storm"]},
            "player2": {"amber": 10},
        },
    )
    eng.play(card(eng, "Shatter Storm"))
    assert _player(eng).amber == 0 and _player(eng, "player2").amber == 4


def test_feeding_pit_gains_only_if_a_creature_is_discarded(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"artifacts": ["Feeding Pit"], "hand": ["Barehanded"]},
        },
    )
    eng.use(card(eng, "Feeding Pit"), "action")
    assert _player(eng).amber == 0 and labels(eng, "player1", "hand") == ["Barehanded"]
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"artifacts": ["Feeding Pit"], "hand": ["Barehanded", "Troll"]},
        },
    )
    eng.use(card(eng, "Feeding Pit"), "action")
    assert _player(eng).amber == 1 and labels(eng, "player1", "discard") == ["Troll"]


def test_sniffer_takes_elusive_away_for_the_turn(kb_conn):
    from engine.rules.turn import end_turn

    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {"artifacts": ["Sniffer"], "battleline": ["Mindwarper"]},
            "player2": {"houses": ["shadows"], "battleline": ["Urchin"]},
        },
    )
    eng.use(card(eng, "Sniffer"), "action")
    assert not eng.has(card(eng, "Urchin"), "elusive") and not eng.has(card(eng, "Mindwarper"), "elusive")
    eng.chooser.pending.append("shadows")
    end_turn(eng)
    assert eng.has(card(eng, "Urchin"), "elusive")


def test_the_vaultkeeper_protects_its_controllers_amber(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"hand": ["Urchin"]},
            "player2": {"amber": 3, "battleline": ["The Vaultkeeper"]},
        },
    )
    eng.play(card(eng, "Urchin"))
    assert _player(eng, "player2").amber == 3 and _player(eng).amber == 0


def test_word_of_returning_damages_by_amber_and_takes_it(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"hand": ["Word of Returning"]},
            "player2": {"battleline": [{"card": "Troll", "amber": 3}, {"card": "Urchin", "amber": 1}, "Krump"]},
        },
    )
    eng.play(card(eng, "Word of Returning"))
    assert card(eng, "Troll").damage == 3 and card(eng, "Troll").amber == 0 and card(eng, "Krump").damage == 0
    assert labels(eng, "player2", "battleline") == ["Troll", "Krump"]
    assert _player(eng).amber == 1 + 3 + 1  # its Æmber bonus, Troll's 3, Urchin's 1 (taken before it is destroyed)


def test_bear_flute_fetches_the_bears_when_none_is_in_play(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {
                "artifacts": ["Bear Flute"],
                "deck": ["Troll", "Ancient Bear"],
                "discard": ["Ancient Bear", "Krump"],
            },
        },
    )
    eng.use(card(eng, "Bear Flute"), "action")
    assert labels(eng, "player1", "hand") == ["Ancient Bear", "Ancient Bear"]
    assert sorted(labels(eng, "player1", "deck")) == ["Krump", "Troll"]
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {
                "artifacts": ["Bear Flute"],
                "battleline": [{"card": "Ancient Bear", "damage": 3}],
                "deck": ["Ancient Bear"],
            },
        },
    )
    eng.use(card(eng, "Bear Flute"), "action")
    assert card(eng, "Ancient Bear").damage == 0 and labels(eng, "player1", "hand") == []


def test_tireless_crocag_cannot_reap_and_dies_without_enemy_creatures(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "sanctum"},
            "player1": {"battleline": ["Tireless Crocag"]},
            "player2": {"battleline": ["Urchin"]},
        },
    )
    crocag = card(eng, "Tireless Crocag")
    with pytest.raises(IllegalAction, match="cannot reap"):
        eng.use(crocag, "reap")
    eng.use(crocag, "fight", target=card(eng, "Urchin"))  # usable as the active house; Urchin is elusive
    assert crocag.zone == "battleline"
    eng.destroy([card(eng, "Urchin")])
    eng.check_state()  # as after every ability: its constant ability destroys it now
    assert crocag.zone == "discard"


def test_collar_of_subordination_controls_the_creature_until_it_leaves(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "dis"},
            "player1": {"hand": ["Collar of Subordination"], "battleline": ["Charette"]},
            "player2": {"battleline": ["Troll", "Krump"]},
        },
        answers=["Troll", "left"],
    )
    eng.play(card(eng, "Collar of Subordination"))
    assert labels(eng, "player1", "battleline") == ["Troll", "Charette"]
    eng.chooser.pending.append("right")
    eng.destroy([card(eng, "Collar of Subordination")])
    assert labels(eng, "player2", "battleline") == ["Krump", "Troll"]


def test_transposition_sandals_swap_and_use_the_other_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "logos"},
            "player1": {
                "battleline": [{"card": "Doc Bookton", "upgrades": ["Transposition Sandals"]}, "Dextre", "Troll"]
            },
        },
        answers=["Troll"],
    )
    eng.use(card(eng, "Doc Bookton"), "action")
    assert labels(eng, "player1", "battleline") == ["Troll", "Dextre", "Doc Bookton"]
    eng.use(card(eng, "Troll"), "reap")  # a Brobnar creature, used on a Logos turn
    assert _player(eng).amber == 1


def test_brain_stem_antenna_readies_and_makes_its_creature_mars_for_the_turn(kb_conn):
    from engine.rules.turn import end_turn

    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "mars"},
            "player1": {
                "hand": ["Mindwarper"],
                "battleline": [{"card": "Troll", "exhausted": True, "upgrades": ["Brain Stem Antenna"]}],
            },
            "player2": {"houses": ["brobnar"]},
        },
        answers=["right"],
    )
    eng.play(card(eng, "Mindwarper"))
    troll = card(eng, "Troll")
    assert not troll.exhausted and troll.house == "mars"
    eng.use(troll, "reap")
    eng.chooser.pending.append("brobnar")
    end_turn(eng)
    assert troll.house == "brobnar"


def test_deipno_spymaster_lets_you_use_one_chosen_creature(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "shadows"},
            "player1": {"battleline": ["Deipno Spymaster", "Troll", "Krump"]},
        },
        answers=["Troll"],
    )
    eng.use(card(eng, "Deipno Spymaster"), "omni")
    eng.use(card(eng, "Troll"), "reap")
    with pytest.raises(IllegalAction, match="active house"):
        eng.use(card(eng, "Krump"), "reap")


def test_giant_sloth_needs_an_untamed_discard_this_turn(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player1", "house": "untamed"},
            "player1": {"battleline": ["Giant Sloth"], "hand": ["Troll", "Mighty Tiger"]},
        },
    )
    sloth = card(eng, "Giant Sloth")
    with pytest.raises(IllegalAction, match="cannot be used"):
        eng.use(sloth, "action")
    eng.discard_from_hand(card(eng, "Mighty Tiger"))
    eng.use(sloth, "action")
    assert _player(eng).amber == 3
