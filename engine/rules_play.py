"""Playing cards, and putting them into play.

Playing a card from hand: it must be of the active house unless a card effect permits otherwise,
the First Turn Rule allows one card from hand on the first player's first turn (whether card
effects can modify that is the ``first_turn_rule_modifiable`` switch), the Rule of Six allows six
copies of a card played or used per turn, Alpha cards only as the first thing of step 3.
Then, in order: the card enters its zone (creatures on a flank, or anywhere with deploy; upgrades
on a creature), its Æmber bonus is gained, "each time you play a card" reactions resolve (the
Library Access and Wild Wormhole FAQ gives this order), its "Play:" ability resolves, and an
action card goes to its owner's discard pile. Omega ends step 3 after it.

Putting a card into play is not playing it: no play restrictions, no bonus, no "Play:".
"""
from __future__ import annotations

from .errors import IllegalAction
from .state import CardInstance, LastingEffect

RULE_OF_SIX = 6


class PlayRules:
    # ----------------------------------------------------------------- permissions

    def _play_permission(self, card: CardInstance) -> LastingEffect | None:
        for effect in self.game.lasting:
            if (effect.kind == "play_off_house" and effect.controller == self.game.active
                    and effect.used < effect.params["uses"] and card.house != effect.params["not_house"]):
                return effect
        return None

    def check_rule_of_six(self, name: str) -> None:
        if self.game.six.get(name, 0) >= RULE_OF_SIX:
            raise IllegalAction(f"Rule of Six: {name} has already been played or used "
                                f"{RULE_OF_SIX} times this turn")

    def check_play_condition(self, card: CardInstance) -> None:
        condition = self.variant(card).play_condition
        if condition is not None and not condition(self.context(card, self.game.active)):
            raise IllegalAction(f"{card.name} cannot be played now: its play restriction is not met")

    def check_play(self, card: CardInstance) -> LastingEffect | None:
        """Refuse an illegal play from hand; return the card permission the play uses, if any."""
        g = self.game
        if card.zone != "hand" or card.controller != g.active:
            raise IllegalAction(f"{card.name} is not in {g.active}'s hand")
        if g.step != 3 or g.step3_closed:
            raise IllegalAction(f"cards are played in step 3 only (the turn is at step {g.step}"
                                + (", and Omega ended step 3" if g.step3_closed else "") + ")")
        permission = self._play_permission(card)
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
        self.check_rule_of_six(card.name)
        if self.has(card, "alpha") and g.step3_actions:
            raise IllegalAction(f"Alpha: {card.name} can only be played before anything else in step 3")
        self.check_play_condition(card)
        needed = not on_house or (g.first_turn and g.played_from_hand >= 1)
        return permission if needed else None

    # ----------------------------------------------------------------- playing

    def play(self, card: CardInstance) -> None:
        """Play a card from the active player's hand (an action of the player)."""
        g = self.game
        permission = self.check_play(card)
        if permission is not None:
            permission.used += 1
            g.log(f"{card.name} is played using {permission.source}'s permission")
        g.played_from_hand += 1
        self.resolve_play(card)

    def play_from(self, card: CardInstance, where: str) -> bool:
        """Play a card from somewhere other than hand (the top of a deck, beneath Masterplan), as a
        card effect tells: house and First Turn restrictions do not apply, the card's own play
        restriction and the Rule of Six do. A card that cannot be played stays where it was."""
        try:
            self.check_rule_of_six(card.name)
            self.check_play_condition(card)
        except IllegalAction as exc:
            self.game.log(f"{card.label} cannot be played from {where} ({exc}); it stays there")
            return False
        self.resolve_play(card)
        return True

    def resolve_play(self, card: CardInstance) -> None:
        g = self.game
        card.controller = g.active
        becomes = self.variant(card).becomes
        if becomes is not None:
            becomes.resolve(self.context(card, g.active))
        g.six[card.name] = g.six.get(card.name, 0) + 1
        g.step3_actions += 1
        g.log(f"{g.active} plays {card.name}")
        if not self.enter_play(card):
            g.take(card)  # an action card resolves, then goes to its owner's discard pile
        if card.printed.amber:
            self.gain(g.active, card.printed.amber, f"{card.name}'s Æmber bonus")
        self.emit("played", card=card, player=g.active)
        self.trigger(card, "play")
        if card.zone == "resolving":
            card.copy_of = None
            self.put_away(card, "discard")
        if self.has(card, "omega"):
            g.step3_closed = True
            g.log(f"Omega: {card.name} ends step 3")

    def enter_play(self, card: CardInstance) -> bool:
        """Put a creature, artifact or upgrade into play under the active player; False for an
        action card (it does not enter play)."""
        g = self.game
        controller = card.controller
        if card.type == "creature":
            line = g.players[controller].creatures
            g.take(card)
            if self.has(card, "deploy") and len(line) > 1:
                spots = list(range(len(line) + 1))
                where = self.chooser.choose(f"position for {card.name} (deploy: 0 = left flank)", spots)
            else:
                flank = self.chooser.choose(f"flank for {card.name}", ["left", "right"] if line else ["right"])
                where = 0 if flank == "left" else len(line)
            line.insert(where, card)
            card.zone = "battleline"
            card.exhausted = True
            g.log(f"{card.label} enters play exhausted ({', '.join(c.label for c in line)})")
            return True
        if card.type == "artifact":
            g.move(card, "artifacts", controller)
            card.exhausted = True
            return True
        if card.type == "upgrade":
            creatures = g.creatures()
            if not creatures:
                raise IllegalAction(f"{card.name}: an upgrade needs a creature to attach to")
            host = self.chooser.choose(f"attach {card.name} to", creatures, label=lambda c: c.label)
            g.take(card)
            card.zone = "upgrade"
            card.attached_to = host
            host.upgrades.append(card)
            g.log(f"{card.label} is attached to {host.label}")
            return True
        return False

    def put_into_play(self, card: CardInstance, controller: str) -> None:
        """Put a card into play (not played: no restriction, no bonus, no "Play:")."""
        card.controller = controller
        g = self.game
        g.log(f"{card.label} is put into play under {controller}'s control")
        if card.type in ("creature", "artifact", "upgrade"):
            self.enter_play(card)
