"""A ward against every way of leaving play (16.0 glossary "Ward": a warded creature that would be
damaged, destroyed or leave play discards its ward counter instead; "it will prevent the creature
from leaving play in other ways, such as being returned to hand"), and keyword-only card texts
that the card data spells with byte-order marks, CRLF line breaks or a full stop after a reminder."""

from __future__ import annotations


from engine.core.choices import Chooser
from engine.rules.game import Engine
from engine.rules.rulesets import ruleset_from_kb
from engine.replay.setup import CardCatalog, build_game

from boards import assert_passed, replay


# ------------------------------------------------------------------------------ ward vs leaving play


def test_ward_keeps_a_creature_from_being_returned_to_hand(kb_conn, tmp_path):
    body = """
        id: ward-hand
        setup:
          turn: {active: player1, house: brobnar}
          player1: {hand: [Drummernaut], battleline: [{card: Troll, ward: %s, upgrades: [Soulkeeper]}]}
        actions:
          - play: Drummernaut
            choices: [right]
        expect:
          "16.0": %s
        """
    # warded: it stays, its upgrade with it, and the counter is gone
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            body
            % (
                "true",
                "{Troll.zone: battleline, Troll.ward: false, player1.hand: [], "
                "Troll.upgrades: [Soulkeeper], player1.discard: []}",
            ),
        )
    )
    # not warded: it goes (its upgrade to the discard pile)
    assert_passed(replay(kb_conn, tmp_path, body % ("false", "{Troll.zone: hand, player1.discard: [Soulkeeper]}")))


def test_ward_keeps_a_creature_from_being_archived_and_its_control_unchanged(kb_conn, tmp_path):
    # Sample Collection archives enemy creatures into player 1's archives: the warded Troll stays
    # under player 2's control, the unwarded Urchin is archived; the ward is used up
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-archive
        setup:
          turn: {active: player1, house: mars}
          player1: {hand: [Sample Collection], archives: []}
          player2: {keys: 2, battleline: [{card: Troll, ward: true}, Urchin]}
        actions:
          - play: Sample Collection
        expect:
          "16.0": {Troll.zone: battleline, Troll.controller: player2, Troll.ward: false,
                   player1.archives: [Urchin], player2.battleline: [Troll]}
        """,
        )
    )


def test_ward_keeps_creatures_from_being_purged_when_several_go_at_once(kb_conn, tmp_path):
    # General Sherman purges each other creature: each warded one (a gigantic creature included,
    # still one creature of 2 halves) stays; the rest are purged
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-purge
        setup:
          turn: {active: player1, house: unfathomable}
          player1: {hand: [General Sherman], battleline: [{card: Troll, ward: true}]}
          player2: {battleline: [Urchin, {card: Ultra Gravitron, ward: true}, {card: Bumpsy, ward: true}, Snufflegator]}
        actions:
          - play: General Sherman
            choices: [right]
        expect:
          "16.0": {Troll.zone: battleline, Troll.ward: false, Ultra Gravitron.ward: false, Bumpsy.ward: false,
                   player2.battleline: [Ultra Gravitron, Bumpsy], player2.purged: [Urchin, Snufflegator],
                   player1.battleline: [Troll, General Sherman]}
        """,
        )
    )


def test_a_warded_creature_that_stays_was_not_purged_for_if_you_do(kb_conn, tmp_path):
    # Spangler Box: "Purge a creature in play. If you do, your opponent gains control of Spangler
    # Box." The ward keeps the creature in play, so nothing was purged and the Box stays
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-if-you-do
        setup:
          turn: {active: player1, house: logos}
          player1: {artifacts: [Spangler Box]}
          player2: {battleline: [{card: Troll, ward: true}]}
        actions:
          - action: Spangler Box
        expect:
          "16.0": {Troll.zone: battleline, Troll.ward: false, Spangler Box.controller: player1,
                   player1.artifacts: [Spangler Box], player2.purged: []}
        """,
        )
    )


def test_ward_keeps_a_creature_from_being_shuffled_into_a_deck(kb_conn, tmp_path):
    # Lost in the Woods: 2 friendly and 2 enemy creatures; only the unwarded ones leave, and only
    # their owners' decks receive them
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-shuffle
        setup:
          turn: {active: player1, house: untamed}
          player1: {hand: [Lost in the Woods], battleline: [{card: Dust Pixie, ward: true}, Snufflegator], deck: []}
          player2: {battleline: [{card: Troll, ward: true}, Urchin], deck: []}
        actions:
          - play: Lost in the Woods
        expect:
          "16.0": {player1.battleline: [Dust Pixie], player1.deck: [Snufflegator], player2.battleline: [Troll],
                   player2.deck: [Urchin], Dust Pixie.ward: false, Troll.ward: false}
        """,
        )
    )


def test_taking_control_is_not_leaving_play_the_ward_stays(kb_conn, tmp_path):
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: ward-control
        setup:
          turn: {active: player1, house: saurian}
          player1: {hand: [Enlist Numeri]}
          player2: {battleline: [{card: Troll, ward: true, amber: 1}]}
        actions:
          - play: Enlist Numeri
        expect:
          "16.0": {Troll.zone: battleline, Troll.controller: player1, Troll.ward: true, player1.battleline: [Troll]}
        """,
        )
    )


def test_leave_play_reports_whether_the_card_left(kb_conn):
    """The engine call: False (and the counter discarded) for a warded creature an effect moves;
    a destroyed creature completing its destruction (``ward=False``: a ward placed after it was
    tagged) leaves play all the same."""
    setup = {
        "turn": {"active": "player1", "house": "brobnar"},
        "player1": {"battleline": [{"card": "Troll", "ward": True}, {"card": "Urchin", "ward": True}]},
    }
    eng = Engine(build_game(setup, CardCatalog(kb_conn)), ruleset_from_kb(kb_conn, "keyforge", "16.0"), Chooser())
    troll, urchin = eng.game.players["player1"].creatures
    assert eng.leave_play(troll, "hand") is False
    assert troll.zone == "battleline" and troll.ward is False
    assert eng.leave_play(troll, "hand") is True and troll.zone == "hand"  # no counter left
    assert eng.leave_play(urchin, "discard", ward=False) is True and urchin.zone == "discard"


# ------------------------------------------------------------------------------ keyword-only texts


def test_keyword_only_texts_with_invisible_characters_and_odd_line_breaks():
    from engine.rules.keywords import keywords, only_keywords

    elusive = "Elusive. (The first time this creature is attacked each turn, no damage is dealt.)"
    skirmish = "Skirmish. (When you use this creature to fight, it is dealt no damage in return.)"
    assert only_keywords(f"{elusive}\r\n{skirmish}\ufeff\ufeff")
    assert keywords(f"{elusive}\r\n{skirmish}\ufeff\ufeff") == {"elusive": 1, "skirmish": 1}
    assert only_keywords(f"{skirmish}\u200b\r\n")
    # the full stop after a reminder is no ability (Grumpus)
    grumpus = "Splash-attack 1. (When this creature attacks, also deal 1 to each of the attacked creature’s neighbors)."
    assert only_keywords(grumpus) and keywords(grumpus) == {"splash-attack": 1}
    # Enhance has no effect during gameplay (glossary "Enhance"), however the icons are spelled
    for text in (
        "Enhance PTPT. (These icons have already been added to cards in your deck.)",
        "Enhance . (These icons have already been added to cards in your deck.)",
        "Enhance \uf565\uf565.\r\nTaunt.",
    ):
        assert only_keywords(text), text
    assert keywords("Enhance \uf565\uf565.\r\nTaunt.") == {"taunt": 1}
    # an ability is still an ability
    assert not only_keywords("Enhance PT.\r\nPlay: Gain 1\u00c6mber.\ufeff")
    assert not only_keywords("Elusive.\ufeff\r\nReap: Steal 1\u00c6mber.")


def test_card_texts_are_cleaned_as_they_are_read_into_the_kb(kb_conn):
    from kb.cards import clean_text

    assert clean_text("Skirmish.\r\nElusive.\ufeff\ufeff") == "Skirmish.\nElusive."
    assert clean_text("a\rb\x0bc\u200b\n") == "a\nb\nc"
    assert clean_text(None) is None
    dirty = kb_conn.execute(
        "SELECT count(*) FROM cards WHERE instr(text, char(65279)) > 0 "
        "OR instr(text, char(13)) > 0 OR instr(text, char(11)) > 0"
    ).fetchone()[0]
    assert dirty == 0


def test_keyword_only_creatures_are_accepted(kb_conn, tmp_path):
    from engine.cards.definitions import definition

    names = ("Lyco-Thief", "Sacro-Thief", "Sacro-Beast", "Umbra-Beast", "General Xalvador", "Grumpus")
    rows = kb_conn.execute(
        f"SELECT name, text FROM cards WHERE name IN ({', '.join('?' * len(names))})", names
    ).fetchall()
    assert {n for n, _ in rows} == set(names)
    for name, text in rows:
        definition(name, text)  # raises "card not implemented" for a refused card
    assert_passed(
        replay(
            kb_conn,
            tmp_path,
            """
        id: thief
        setup:
          turn: {active: player1, house: brobnar}
          player1: {battleline: [Troll]}
          player2: {battleline: [Lyco-Thief]}
        actions:
          - fight: {attacker: Troll, target: Lyco-Thief}
        expect:
          "16.0": {Lyco-Thief.damage: 0, Troll.damage: 0, Lyco-Thief.zone: battleline}
        """,
        )
    )
