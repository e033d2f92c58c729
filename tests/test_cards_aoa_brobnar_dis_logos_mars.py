"""Board-level tests of the Age of Ascension Brobnar, Dis, Logos and Mars cards defined by hand for
their irregular text (engine/cards/aoa): each sets up a board, plays or uses the card, and checks
the state its text says (Sanctum to Untamed: tests/test_cards_aoa_sanctum_shadows_untamed.py)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.rules.turn import end_turn
from tests.boards import card, engine_for, labels


def _amber(eng, name="player1"):
    return eng.game.players[name].amber


def _board(house, p1=None, p2=None, answers=()):
    return {"turn": {"active": "player1", "house": house}, "player1": p1 or {}, "player2": p2 or {}}, list(answers)


def _eng(kb_conn, house, p1=None, p2=None, answers=()):
    setup, answers = _board(house, p1, p2, answers)
    return engine_for(kb_conn, setup, answers=answers)


# ------------------------------------------------------------------------------ Brobnar


def test_1_2_punch_stuns_or_destroys_an_already_stunned_creature(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["1-2 Punch"]},
        {"battleline": ["Troll", {"card": "Krump", "stunned": True}]},
        answers=["Troll"],
    )
    eng.play(card(eng, "1-2 Punch"))
    assert card(eng, "Troll").stunned
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["1-2 Punch"]},
        {"battleline": ["Troll", {"card": "Krump", "stunned": True}]},
        answers=["Krump"],
    )
    eng.play(card(eng, "1-2 Punch"))
    assert labels(eng, "player2", "battleline") == ["Troll"]


def test_bellowing_patrizate_damages_entering_creatures_only_while_ready(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["Bumpsy"], "battleline": ["Bellowing Patrizate"]},
        answers=["right", "Bellowing Patrizate"],
    )
    eng.play(card(eng, "Bumpsy"))
    assert card(eng, "Bumpsy").damage == 1
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["Bumpsy"], "battleline": [{"card": "Bellowing Patrizate", "exhausted": True}]},
        answers=["right"],
    )
    eng.play(card(eng, "Bumpsy"))
    assert card(eng, "Bumpsy").damage == 0


def test_cybergiant_rig_turns_healed_damage_into_counters_and_sheds_one_each_turn(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"hand": ["Cybergiant Rig"], "battleline": [{"card": "Troll", "damage": 3}]},
        {"houses": ["brobnar"]},
    )
    eng.play(card(eng, "Cybergiant Rig"))
    troll = card(eng, "Troll")
    assert troll.damage == 0 and troll.power_counters == 3
    eng.chooser.pending.append("brobnar")
    end_turn(eng)
    assert troll.power_counters == 2


def test_grumpus_tamer_fetches_a_war_grumpus(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Grumpus Tamer"], "deck": ["Troll", "War Grumpus"]})
    eng.use(card(eng, "Grumpus Tamer"), "reap")
    assert labels(eng, "player1", "hand") == ["War Grumpus"] and labels(eng, "player1", "deck") == ["Troll"]


def test_into_the_fray_readies_the_creature_after_it_fights(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"hand": ["Into the Fray"], "battleline": ["Troll"]}, {"battleline": ["Urchin"]})
    eng.play(card(eng, "Into the Fray"))
    eng.use(card(eng, "Troll"), "fight", target=card(eng, "Urchin"))
    assert not card(eng, "Troll").exhausted


def test_lollop_deals_no_damage_when_attacked_but_does_when_attacking(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Troll"]}, {"battleline": ["Lollop the Titanic"]})
    eng.use(card(eng, "Troll"), "fight", target=card(eng, "Lollop the Titanic"))
    assert card(eng, "Troll").damage == 0 and card(eng, "Lollop the Titanic").damage == 8
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Lollop the Titanic"]}, {"battleline": ["Troll"]})
    eng.use(card(eng, "Lollop the Titanic"), "fight", target=card(eng, "Troll"))
    assert labels(eng, "player2", "discard") == ["Troll"]


def test_ogopogo_may_deal_2_after_destroying_what_it_attacked(kb_conn):
    eng = _eng(
        kb_conn, "brobnar", {"battleline": ["Ogopogo"]}, {"battleline": ["Urchin", "Bumpsy"]}, answers=["yes", "Bumpsy"]
    )
    urchin = card(eng, "Urchin")
    urchin.attacked_this_turn = True  # elusive already spent
    eng.use(card(eng, "Ogopogo"), "fight", target=urchin)
    assert urchin.zone == "discard" and card(eng, "Bumpsy").damage == 2


def test_screechbomb_sacrifices_itself_for_2_amber_loss(kb_conn):
    eng = _eng(kb_conn, "dis", {"artifacts": ["Screechbomb"]}, {"amber": 3})
    eng.use(card(eng, "Screechbomb"), "omni")
    assert _amber(eng, "player2") == 1 and labels(eng, "player1", "discard") == ["Screechbomb"]


def test_the_flex_gains_half_the_power_rounded_down(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"hand": ["The Flex"], "battleline": ["Bumpsy"]})
    eng.play(card(eng, "The Flex"))
    assert card(eng, "Bumpsy").exhausted and _amber(eng) == 2


def test_war_grumpus_readies_and_fights_with_a_neighboring_giant(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"battleline": ["War Grumpus", {"card": "Troll", "exhausted": True}]},
        {"battleline": ["Urchin"]},
        answers=["Urchin"],
    )
    eng.game.players["player2"].creatures[0].attacked_this_turn = True
    eng.use(card(eng, "War Grumpus"), "reap")
    assert labels(eng, "player2", "discard") == ["Urchin"] and card(eng, "Troll").exhausted


# ------------------------------------------------------------------------------ Dis


def test_banish_puts_an_enemy_creature_into_its_owners_archives(kb_conn):
    eng = _eng(kb_conn, "dis", {"hand": ["Banish"]}, {"battleline": ["Troll"]})
    eng.play(card(eng, "Banish"))
    assert labels(eng, "player2", "archives") == ["Troll"]


def test_binding_irons_gives_the_opponent_3_chains(kb_conn):
    eng = _eng(kb_conn, "dis", {"hand": ["Binding Irons"]})
    eng.play(card(eng, "Binding Irons"))
    assert eng.game.players["player2"].chains == 3 and eng.game.players["player1"].chains == 0


def test_bloodshard_imp_makes_a_reaper_be_sacrificed(kb_conn):
    eng = _eng(kb_conn, "brobnar", {"battleline": ["Troll"]}, {"battleline": ["Bloodshard Imp"]})
    eng.use(card(eng, "Troll"), "reap")
    assert _amber(eng) == 1 and labels(eng, "player1", "discard") == ["Troll"]


def test_cull_the_weak_destroys_the_least_powerful_enemy(kb_conn):
    eng = _eng(
        kb_conn, "dis", {"hand": ["Cull the Weak"], "battleline": ["Dust Pixie"]}, {"battleline": ["Troll", "Bumpsy"]}
    )
    eng.play(card(eng, "Cull the Weak"))
    assert labels(eng, "player2", "battleline") == ["Troll"] and labels(eng, "player1", "battleline") == ["Dust Pixie"]


def test_onyx_knight_destroys_each_creature_with_odd_power(kb_conn):
    eng = _eng(
        kb_conn,
        "dis",
        {"hand": ["Onyx Knight"], "battleline": ["Dust Pixie"]},
        {"battleline": ["Troll", "Bumpsy"]},
        answers=["right"],
    )
    eng.play(card(eng, "Onyx Knight"))
    assert labels(eng, "player1", "battleline") == ["Onyx Knight"] and labels(eng, "player2", "battleline") == ["Troll"]


# ------------------------------------------------------------------------------ Logos


def test_backup_copy_puts_its_creature_on_top_of_the_deck(kb_conn):
    eng = _eng(kb_conn, "logos", {"battleline": [{"card": "Troll", "upgrades": ["Backup Copy"]}], "deck": ["Bumpsy"]})
    eng.destroy([card(eng, "Troll")])
    assert labels(eng, "player1", "deck") == ["Troll", "Bumpsy"] and labels(eng, "player1", "discard") == [
        "Backup Copy"
    ]


def test_binate_rupture_doubles_each_pool(kb_conn):
    eng = _eng(kb_conn, "logos", {"amber": 3, "hand": ["Binate Rupture"]}, {"amber": 5})
    eng.play(card(eng, "Binate Rupture"))
    assert _amber(eng) == 6 and _amber(eng, "player2") == 10


def test_entropic_swirl_deals_2_and_gains_1_per_trait(kb_conn):
    eng = _eng(
        kb_conn, "logos", {"hand": ["Entropic Swirl"]}, {"battleline": ["Troll", "Doc Bookton"]}, answers=["Troll"]
    )
    eng.play(card(eng, "Entropic Swirl"))  # Troll: Giant
    assert card(eng, "Troll").damage == 2 and _amber(eng) == 1


def test_eyegor_keeps_one_of_the_top_3_and_discards_the_rest(kb_conn):
    eng = _eng(
        kb_conn, "logos", {"hand": ["Eyegor"], "deck": ["Troll", "Krump", "Bumpsy", "Urchin"]}, answers=["Krump"]
    )
    eng.play(card(eng, "Eyegor"))
    assert labels(eng, "player1", "hand") == ["Krump"] and labels(eng, "player1", "deck") == ["Urchin"]
    assert sorted(labels(eng, "player1", "discard")) == ["Bumpsy", "Troll"]


def test_fila_draws_when_a_creature_is_played_next_to_it(kb_conn):
    eng = _eng(
        kb_conn,
        "logos",
        {
            "hand": ["Doc Bookton", "Dextre"],
            "battleline": ["Troll", "Fila the Researcher"],
            "deck": ["Bumpsy", "Krump"],
        },
        answers=["right", "left"],
    )
    eng.play(card(eng, "Doc Bookton"))
    assert "Bumpsy" in labels(eng, "player1", "hand")
    eng.play(card(eng, "Dextre"))  # on the left flank, next to Troll
    assert labels(eng, "player1", "deck") == ["Krump"]


def test_helper_bot_allows_one_non_logos_card(kb_conn):
    eng = _eng(kb_conn, "logos", {"hand": ["Helper Bot", "Troll", "Bumpsy"]}, answers=["right"])
    eng.play(card(eng, "Helper Bot"))
    eng.play(card(eng, "Troll"))
    with pytest.raises(IllegalAction):
        eng.play(card(eng, "Bumpsy"))


def test_memory_chip_archives_a_card_when_logos_is_chosen(kb_conn):
    eng = engine_for(
        kb_conn,
        {
            "turn": {"active": "player2", "house": "brobnar"},
            "player1": {"houses": ["logos"], "artifacts": ["Memory Chip"], "hand": ["Troll"]},
            "player2": {"houses": ["brobnar"]},
        },
        answers=["logos"],
    )
    end_turn(eng)
    assert labels(eng, "player1", "archives") == ["Troll"]


def test_quantum_fingertrap_swaps_two_creatures(kb_conn):
    eng = _eng(
        kb_conn,
        "logos",
        {"artifacts": ["Quantum Fingertrap"]},
        {"battleline": ["Troll", "Krump", "Bumpsy"]},
        answers=["Troll", "Bumpsy"],
    )
    eng.use(card(eng, "Quantum Fingertrap"), "action")
    assert labels(eng, "player2", "battleline") == ["Bumpsy", "Krump", "Troll"]


def test_standardized_testing_destroys_the_weakest_and_the_strongest(kb_conn):
    eng = _eng(
        kb_conn,
        "logos",
        {"hand": ["Standardized Testing"], "battleline": ["Dust Pixie", "Krump"]},
        {"battleline": ["Troll", "Bumpsy", "Urchin"]},
    )
    eng.play(card(eng, "Standardized Testing"))
    assert labels(eng, "player1", "battleline") == ["Krump"] and labels(eng, "player2", "battleline") == ["Bumpsy"]


def test_zyx_researcher_archives_the_top_card_of_deck_or_discard(kb_conn):
    eng = _eng(
        kb_conn,
        "logos",
        {"hand": ["Z.Y.X. Researcher"], "deck": ["Troll"], "discard": ["Krump", "Bumpsy"]},
        answers=["the top card of your discard pile"],
    )
    eng.play(card(eng, "Z.Y.X. Researcher"))
    assert labels(eng, "player1", "archives") == ["Krump"]


# ------------------------------------------------------------------------------ Mars


def test_agent_hoo_man_stuns_a_friendly_and_an_enemy_non_mars_creature(kb_conn):
    eng = _eng(kb_conn, "mars", {"battleline": ["Agent Hoo-man", "Troll"]}, {"battleline": ["Krump", "Mindwarper"]})
    eng.use(card(eng, "Agent Hoo-man"), "reap")
    assert card(eng, "Troll").stunned and card(eng, "Krump").stunned and not card(eng, "Mindwarper").stunned


def test_destroy_them_all_destroys_an_artifact_a_creature_and_an_upgrade(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Destroy Them All!"]},
        {"battleline": ["Troll", {"card": "Krump", "upgrades": ["Backup Copy"]}], "artifacts": ["Screechbomb"]},
        answers=["Troll"],
    )
    eng.play(card(eng, "Destroy Them All!"))
    assert labels(eng, "player2", "battleline") == ["Krump"] and not card(eng, "Krump").upgrades
    assert sorted(labels(eng, "player2", "discard")) == ["Backup Copy", "Screechbomb", "Troll"]


def test_exterminate_destroys_a_weaker_non_mars_creature_per_mars_creature(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Exterminate! Exterminate!"], "battleline": ["Mindwarper", "Grabber Jammer"]},
        {"battleline": ["Troll", "Dust Pixie", "Urchin"]},
        answers=["Dust Pixie", "Urchin"],
    )
    eng.play(card(eng, "Exterminate! Exterminate!"))  # Mindwarper (2): Dust Pixie or Urchin; Jammer (4): the other
    assert labels(eng, "player2", "battleline") == ["Troll"]


def test_extinction_destroys_the_creature_and_those_sharing_a_trait(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Extinction"], "battleline": ["Doc Bookton"]},
        {"battleline": ["Troll", "Dextre", "Urchin"]},
        answers=["Dextre"],
    )
    eng.play(card(eng, "Extinction"))
    assert labels(eng, "player1", "battleline") == [] and labels(eng, "player2", "battleline") == ["Troll", "Urchin"]
    assert eng.game.players["player1"].chains == 1


def test_glyxl_proliferator_archives_a_mars_card_only_from_a_flank(kb_conn):
    eng = _eng(kb_conn, "mars", {"battleline": ["Troll", "Glyxl Proliferator", "Krump"], "discard": ["Mindwarper"]})
    eng.use(card(eng, "Glyxl Proliferator"), "reap")
    assert labels(eng, "player1", "archives") == []
    eng = _eng(kb_conn, "mars", {"battleline": ["Troll", "Glyxl Proliferator"], "discard": ["Mindwarper", "Bumpsy"]})
    eng.use(card(eng, "Glyxl Proliferator"), "reap")
    assert labels(eng, "player1", "archives") == ["Mindwarper"]


def test_hypnobeam_takes_an_enemy_creature(kb_conn):
    eng = _eng(kb_conn, "mars", {"hand": ["Hypnobeam"]}, {"battleline": ["Troll"]})
    eng.play(card(eng, "Hypnobeam"))
    assert labels(eng, "player1", "battleline") == ["Troll"]


def test_killzord_gives_power_armor_skirmish_and_a_chain_per_fight(kb_conn):
    eng = _eng(
        kb_conn,
        "brobnar",
        {"battleline": [{"card": "Troll", "upgrades": ["Killzord Mk. 9001"]}]},
        {"battleline": ["Krump"]},
    )
    troll = card(eng, "Troll")
    assert eng.power(troll) == 10 and eng.armor(troll) == 2 and eng.has(troll, "skirmish")
    eng.use(troll, "fight", target=card(eng, "Krump"))
    assert troll.damage == 0 and eng.game.players["player1"].chains == 1


def test_mars_needs_amber_damaged_enemy_non_mars_creatures_capture_from_their_side(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"hand": ["Mars Needs Æmber"]},
        {"amber": 3, "battleline": [{"card": "Troll", "damage": 1}, "Krump", {"card": "Mindwarper", "damage": 1}]},
    )
    eng.play(card(eng, "Mars Needs Æmber"))
    assert card(eng, "Troll").amber == 1 and card(eng, "Krump").amber == 0 and card(eng, "Mindwarper").amber == 0
    assert _amber(eng, "player2") == 2


def test_martian_generosity_draws_2_per_amber_lost(kb_conn):
    eng = _eng(
        kb_conn,
        "mars",
        {"amber": 1, "hand": ["Martian Generosity"], "deck": ["Troll", "Krump", "Bumpsy", "Urchin", "Dextre"]},
    )
    eng.play(card(eng, "Martian Generosity"))  # 1 + its Æmber bonus = 2 lost: 4 cards
    assert _amber(eng) == 0 and len(labels(eng, "player1", "hand")) == 4


def test_xanthyx_harvester_cannot_be_used_next_to_a_non_mars_creature(kb_conn):
    eng = _eng(kb_conn, "mars", {"battleline": ["Xanthyx Harvester", "Troll"]})
    with pytest.raises(IllegalAction, match="cannot be used"):
        eng.use(card(eng, "Xanthyx Harvester"), "reap")
    eng = _eng(kb_conn, "mars", {"battleline": ["Xanthyx Harvester", "Mindwarper"]})
    eng.use(card(eng, "Xanthyx Harvester"), "reap")
    assert _amber(eng) == 2
