"""Player actions and the general rules that decide whether they are allowed and what they do.

Only actions with their rules so far: playing a card from hand (house restriction, play
permissions granted by cards, the First Turn Rule and the rule switch on whether card effects can
modify it, Æmber bonus, "Play:" abilities, action cards to discard, creatures to a flank).
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import definition
from .choices import Chooser
from .effects import Context, resolve_ability
from .errors import IllegalAction
from .rulesets import RuleSet
from .state import CardInstance, Game, LastingEffect


@dataclass
class Engine:
    game: Game
    rules: RuleSet
    chooser: Chooser

    # -------------------------------------------------------------------- play

    def _permission_for(self, card: CardInstance) -> LastingEffect | None:
        for effect in self.game.lasting:
            if (effect.kind == "play_off_house" and effect.controller == self.game.active
                    and effect.used < effect.params["uses"] and card.house != effect.params["not_house"]):
                return effect
        return None

    def check_play(self, card: CardInstance) -> LastingEffect | None:
        """Refuse an illegal play from hand; return the card permission the play uses, if any."""
        g = self.game
        if card.zone != "hand" or card.controller != g.active:
            raise IllegalAction(f"{card.name} is not in {g.active}'s hand")
        permission = self._permission_for(card)
        on_house = card.house == g.active_house
        if not on_house and permission is None:
            raise IllegalAction(f"{card.name} is not of the active house ({g.active_house})")
        if g.first_turn and g.played_from_hand >= 1:
            modifiable = self.rules.switch("first_turn_rule_modifiable")
            if not (modifiable and permission is not None):
                src = self.rules.switches["first_turn_rule_modifiable"]
                why = "card effects cannot modify it" if not modifiable else "no card effect allows another play"
                raise IllegalAction(f"First Turn Rule: only one card may be played from hand on the first turn; "
                                    f"{why} (rule set {self.rules.version}, {src.source})")
        needed = not on_house or (g.first_turn and g.played_from_hand >= 1)
        return permission if needed else None

    def play(self, card: CardInstance) -> None:
        g = self.game
        permission = self.check_play(card)
        if permission is not None:
            permission.used += 1
            g.log(f"{card.name} is played using {permission.source}'s permission")
        g.played_from_hand += 1
        player = g.players[card.controller]
        g.log(f"{card.controller} plays {card.name}")
        if card.data.type == "creature":
            line = player.zone("battleline")
            flank = self.chooser.choose(f"flank for {card.name}", ["left", "right"] if line else ["right"])
            g.move(card, "battleline", card.controller)
            if flank == "left":
                line.insert(0, line.pop())
            card.exhausted = True
        elif card.data.type == "artifact":
            g.move(card, "artifacts", card.controller)
            card.exhausted = True
        else:
            g.take(card)  # an action card resolves, then goes to its owner's discard pile
        if card.data.amber:
            player.amber += card.data.amber
            g.log(f"{card.controller} gains {card.data.amber} Æmber from {card.name}'s bonus ({player.amber})")
        text = self.rules.card_text(card.name, card.data.text)
        variant = definition(card.name, text).variant_for(text)
        if variant.play:
            resolve_ability(variant.play, Context(g, self.rules, self.chooser, card, card.controller))
        if card.zone == "resolving":
            g.move(card, "discard")
            g.log(f"{card.name} is put into {card.owner}'s discard pile")
