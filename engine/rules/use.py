"""Using cards: reap, fight, "Action:", "Omni:", and discarding from hand.

A card can be used when it is ready, in play under the active player, of the active house (or
permitted by a card effect; "Omni:" ignores house), and the Rule of Six allows it. Using exhausts
it first. Using a stunned creature only exhausts it and removes the stun, whatever the use would
have been, even a fight with no enemy to attack (the Anger FAQ).

Fights: the attacker chooses an enemy creature it may attack (taunt protects neighbors); "Before
Fight:" abilities, assault and hazardous resolve first, in the order the active player chooses
(:mod:`engine.rules.fight_timing`; if that destroys either creature, the rest of the fight does not
occur); an elusive creature's first attack of the turn deals no power damage either way (keyword
and ability damage still applies); otherwise both creatures deal damage equal to their power at
the same time (skirmish: the attacker takes none; poison: any damage it places destroys the
creature it reached), then creatures that must be destroyed are, together; "Fight:"
abilities resolve if the attacker survived.

A card with more than one "Action:" (or "Omni:") ability, its own and those upgrades or other
cards give it, resolves one of them each time it is used, the one the active player chooses (16.0
rulebook, "Action" and "Artifacts": "only one of them can be resolved each time the creature is
used"; the earlier rulebooks say nothing of it and are read the same way).

Constant abilities plug in through :mod:`engine.rules.hooks`: a timing point before every
fight (which may exhaust the creature with no effect instead), taunt and elusive ignored while a
creature attacks, "must fight when used, if able", and costs paid "in order to use" a card (a
use the active player cannot pay for is not legal).
"""

from __future__ import annotations

from engine.rules.hooks import cannot_pay, ignores, pay_costs, use_costs
from engine.core.errors import IllegalAction
from engine.rules.fight_timing import resolve_before_fight
from engine.rules.mechanics.splash_attack import splash_blows
from engine.rules.houses import belongs_to, own_house, usable_as_active_house
from engine.core.state import CardInstance, LastingEffect
from engine.rules.statics import reads_statics_once
from engine.rules.turn import kept_ready
from engine.rules.ended_turns import players_action
from engine.rules.ability import resolve_ability
from engine.rules.references import card_label


def permits(eng, record: dict, card: CardInstance, how: str | None) -> bool:
    """Does a use permission's record cover using ``card`` (to ``how``, when known)? Of its
    ``house`` ("you may use up to 2 other Mars cards"), or of any house but its ``not_house``
    ("you may use a non-Star Alliance creature"); of its ``types`` and ways of use (``hows``:
    "you may reap with up to 2 ... creatures") when it names them."""
    if "not_house" in record:
        if belongs_to(eng, card, record["not_house"]):
            return False
    elif card.house != record["house"]:
        return False
    if record.get("types") and card.type not in record["types"]:
        return False
    return not (how is not None and record.get("hows") and how not in record["hows"])


class UseRules:
    # ----------------------------------------------------------------- may it be used?

    def _use_permission(self, card: CardInstance, how: str | None = None) -> LastingEffect | None:
        for effect in self.game.lasting:
            p = effect.params
            if (
                effect.kind == "use_permission"
                and effect.controller == self.game.active
                and permits(self, p, card, how)
                and card is not p.get("except")
                and (card in p["cards"] or len(p["cards"]) < p["max_cards"])
            ):
                return effect
        return None

    @reads_statics_once
    def check_use(
        self, card: CardInstance, how: str, ignore_house: bool = False, imposed: bool = False
    ) -> LastingEffect | None:
        """``imposed``: a card effect says how the card is used ("reap with"): an enraged creature
        then cannot fight, so it may be used that way (the 16.0 Ghosthawk FAQ)."""
        g = self.game
        if not card.in_play or card.zone == "upgrade" or card.controller != g.active:
            raise IllegalAction(f"{card.label} is not in play under {g.active}'s control")
        if g.step != 3 or g.step3_closed:
            raise IllegalAction(f"cards are used in step 3 only (the turn is at step {g.step})")
        if card.exhausted:
            raise IllegalAction(f"{card.label} is exhausted")
        permission = None
        if (
            own_house(self, card) != g.active_house
            and not ignore_house
            and how != "omni"
            and not usable_as_active_house(self, card)
        ):
            permission = self._use_permission(card, how)
            if permission is None:
                raise IllegalAction(f"{card.label} is not of the active house ({g.active_house})")
        self.check_rule_of_six(card.name)
        if how == "reap" and card.type != "creature":
            raise IllegalAction(f"{card.label} is not a creature; only creatures reap")
        if how == "fight" and card.type != "creature":
            raise IllegalAction(f"{card.label} is not a creature; only creatures fight")
        if how in ("action", "omni") and not self.abilities(card, how):
            raise IllegalAction(f'{card.label} has no "{how.title()}:" ability')
        why = self._cannot_use(card, how)
        if why:
            raise IllegalAction(why)
        if card.enraged and how != "fight" and not imposed and self._can_fight(card):
            raise IllegalAction(f"{card.label} is enraged: it must be used to fight while it is able to")
        if (
            how != "fight"
            and card.type == "creature"
            and not imposed
            and self._can_fight(card)
            and self.any_static("must_fight", card)
        ):
            raise IllegalAction(f"{card.label} must fight when used, while it is able to")
        costs = use_costs(self, card, how)
        why = cannot_pay(self, costs, f"use {card.label}")
        if why:
            raise IllegalAction(why)
        to_use = self.variant(card).to_use
        if to_use and not getattr(to_use[0], "options", lambda ctx: [True])(self.context(card, g.active)):
            raise IllegalAction(f"{card.label}: what must be done in order to use it cannot be done")
        return permission

    def _done_to_use(self, card: CardInstance) -> bool:
        """ "In order to use <this card>, you must <...>": done first, completely, or the card is
        not used (glossary "If You Do" and "In Order To")."""
        ctx = self.context(card, self.game.active)
        return all(effect.resolve(ctx) for effect in self.variant(card).to_use)

    def _can_fight(self, card: CardInstance) -> bool:
        """Enrage's "if able": an enemy creature it may attack, and nothing forbids it to fight."""
        return bool(self.fight_targets(card)) and not self._cannot_use(card, "fight")

    def _cannot_use(self, card: CardInstance, how: str) -> str | None:
        """Why a constant ability forbids using ``card`` to ``how`` ("Shoulder Id cannot fight"), or None."""
        for s, src, ctl in self.statics():
            why = s.cannot_use(self, src, ctl, card, how)
            if why:
                return why
        return None

    def _start_use(self, card: CardInstance, permission: LastingEffect | None) -> bool:
        """Exhaust and count the use; False when the use was spent removing a stun."""
        g = self.game
        if permission is not None:
            if card not in permission.params["cards"]:
                permission.params["cards"].append(card)
            g.log(f"{card.label} is used with {permission.source}'s permission")
        card.exhausted = not kept_ready(self, card)
        g.six[card.name] = g.six.get(card.name, 0) + 1
        g.step3_actions += 1
        g.used_this_turn.append(card)
        if card.stunned:
            card.stunned = False
            g.log(f"{card.label} is stunned: using it exhausts it and removes the stun instead")
            return False
        return True

    # ----------------------------------------------------------------- uses

    def use(
        self,
        card: CardInstance,
        how: str,
        target: CardInstance | None = None,
        ignore_house: bool = False,
        imposed: bool = False,
    ) -> CardInstance | None:
        """Use ``card`` to ``how`` (reap, fight, action, omni) as the active player's action;
        return the creature it attacked, if it fought."""
        if how == "fight" and not card.stunned:
            self.check_use(card, how, ignore_house)

            options = self.fight_targets(card)
            if target is None:
                if not options:
                    raise IllegalAction(f"{card.label} cannot fight: no enemy creature can be attacked")
                target = self.chooser.choose(f"{card.label} attacks", options, label=card_label(options))
            else:  # the action names it: recorded with the creatures it could attack (engine.core.choices)
                label = card_label(options + ([] if target in options else [target]))
                self.chooser.record(f"{card.label} attacks", [label(c) for c in options], label(target))
            self.check_attack(card, target)
        permission = self.check_use(card, how, ignore_house, imposed)
        pay_costs(self, use_costs(self, card, how), f"to use {card.label}")
        with players_action(self):  # "end your turn" waits for the action to finish (engine.rules.ended_turns)
            if self.variant(card).to_use and not self._done_to_use(card):
                self.game.log(f"{card.label} is not used: what must be done in order to use it was not done")
                return None
            if not card.in_play:  # what was done in order to use it took it out of play (rule "Use": cards in play)
                self.game.log(f"{card.label} is not used: it left play before it could be")
                return None
            try:
                return self._use(card, how, target, permission)
            finally:  # "after <a card> is used": however the use went (a stun removed, a fight lost)
                self.emit("used", card=card, player=self.game.active, how=how)

    def _use(
        self, card: CardInstance, how: str, target: CardInstance | None, permission: LastingEffect | None
    ) -> CardInstance | None:
        if not self._start_use(card, permission):
            return
        self.game.log(f"{self.game.active} uses {card.label} to {how}")
        if card.type == "creature" and how in ("fight", "reap"):
            self.game.creature_uses_this_turn.append((self.game.active, how))
        if how == "reap":
            gained = 1
            if self.any_static("reap_steals", card.controller):
                # a replacement effect: the Æmber is stolen, not gained from reaping (Dimension Door)
                self.steal(card.controller, 1, f"reaping with {card.label} (gaining is replaced)")
                gained = 0
            else:
                self.gain(card.controller, 1, f"reaping with {card.label}")
            # "amber": the Æmber gained by reaping, which "captures it" reactions take from
            self.emit("reaped", card=card, player=card.controller, amber={"gained": gained})
            self.trigger(card, "reap")
        elif how == "fight":
            self.fight(card, target)
            return target  # the attacked creature ("Deal 2 to the attacked creature's neighbors")
        else:  # "only one of them can be resolved each time the creature [artifact] is used" (16.0)
            self.trigger(card, how, one=True)

    @reads_statics_once
    def fight_targets(self, attacker: CardInstance) -> list[CardInstance]:
        g = self.game
        line = g.players[g.other(attacker.controller)].creatures
        return [c for c in line if self._attackable(c, attacker) and not self._attack_forbidden(attacker, c)]

    def _attack_forbidden(self, attacker: CardInstance, target: CardInstance) -> str | None:
        """A constant ability that forbids this attack (Groggins: only flank creatures), or None."""
        for s, src, ctl in self.statics():
            why = s.forbids_attack(self, src, ctl, attacker, target)
            if why:
                return why
        return None

    def _attackable(self, creature: CardInstance, attacker: CardInstance | None = None) -> bool:
        if self.has(creature, "taunt") or (attacker is not None and ignores(self, attacker, "taunt")):
            return True
        if any(self.has(n, "taunt") for n in self.game.neighbors(creature)):
            return False
        return not self.any_static("taunt_protects", creature)

    @reads_statics_once
    def check_attack(self, attacker: CardInstance, target: CardInstance) -> None:
        if target.zone != "battleline" or target.controller == attacker.controller:
            raise IllegalAction(f"{attacker.label} can only attack an enemy creature, not {target.label}")
        if not self._attackable(target, attacker):
            raise IllegalAction(f"{target.label} cannot be attacked: a neighbor has taunt")
        why = self._attack_forbidden(attacker, target)
        if why:
            raise IllegalAction(why)

    # ----------------------------------------------------------------- fights

    def fight(self, attacker: CardInstance, defender: CardInstance) -> None:
        g = self.game
        g.log(f"{attacker.label} fights {defender.label}")
        g.attacking, g.defending = attacker, defender
        neighbors = g.neighbors(attacker)  # "after a neighbor of X fights": neighbors as it was used
        controller = attacker.controller  # "a friendly creature fights": whose it was as it fought
        # elusive looks at the first time the creature is attacked this turn, whatever happens next
        first_attack = not defender.attacked_this_turn
        defender.attacked_this_turn = True
        fight = {"attacker": attacker, "defender": defender, "damage_to": defender}
        try:
            # "Before Fight:", assault, hazardous and "before a creature fights": one timing point
            # the active player orders
            if resolve_before_fight(self, attacker, defender, fight):
                defender.attacked_this_turn = not first_attack  # it was not attacked after all
                if attacker.zone != "battleline":  # out of play keeps nothing of play, exhaustion too
                    g.log(f"{attacker.label} left play before it fought: it does not fight")
                    return
                attacker.exhausted = not kept_ready(self, attacker)
                g.log(f"{attacker.label} is exhausted with no effect: it does not fight")
                return
            if attacker.zone == "battleline" and defender.zone == "battleline":
                self._exchange_damage(attacker, defender, fight["damage_to"], first_attack)
            elif attacker.zone == "battleline":
                g.log(f"{defender.label} left play before the fight resolved: the rest of the fight does not occur")
        finally:
            g.attacking = g.defending = None
        if attacker.enraged:  # after an enraged creature is used to fight, its enrage counters go
            attacker.enraged = False
            g.log(f"{attacker.label}'s enrage counter is removed after it fought")
        # "after <a creature> fights" happens even when the attacker did not survive the fight
        # (the Little Niff FAQ); its own "Fight:"/"After Fight:" ability needs it in play
        self.emit("fought", card=attacker, controller=controller, neighbors=neighbors)
        # survived: in play and not tagged by a destruction still waiting for "Destroyed:" abilities
        if attacker.zone == "battleline" and not attacker.memory.get("destroyed"):
            self.trigger(attacker, "fight", fight=fight)  # "the creature it fights"

    def _exchange_damage(self, attacker, defender, damage_to, first_attack: bool) -> None:
        """Both creatures deal damage equal to their power at the same time; "Before Fight:" may
        have sent the attacker's damage to another creature (Gabos Longarms). Elusive stops only
        the power damage between the elusive creature and its attacker, the first time it is
        attacked in the turn; damage the attacker deals elsewhere still happens (Gabos FAQ)."""
        g = self.game
        elusive = first_attack and self.has(defender, "elusive") and not ignores(self, attacker, "elusive")
        if elusive:
            g.log(
                f"{defender.label} is elusive: the first attack on it this turn deals no damage "
                f"to it and it deals none to {attacker.label}"
            )
        blows = []
        if damage_to is not None and damage_to.zone == "battleline" and not (elusive and damage_to is defender):
            blows.append((attacker, damage_to, self._fight_damage(attacker, damage_to)))
        if self.has(attacker, "skirmish") and not elusive:
            g.log(f"{attacker.label} has skirmish: it is dealt no damage in return")
        elif not elusive:
            blows.append((defender, attacker, self._fight_damage(defender, attacker)))
        # splash-attack: keyword damage to the fought creature's neighbors, dealt with the rest
        # (engine.rules.mechanics.splash_attack; glossary "Splash-attack (X)")
        splash = splash_blows(self, attacker, defender)
        poisoned = []
        instead = []
        for blow in blows + splash:
            if blow not in blows and blow not in splash:
                continue  # its dealer's damage is already replaced
            for s, src, ctl in self.statics():
                ability = s.damage_replaced_by(self, src, ctl, blow[0]) if blow[2] > 0 else None
                if ability:
                    g.log(
                        f"{blow[0].label} would deal {blow[2]} damage to {blow[1].label}: "
                        f"{src.name}'s replacement effect resolves instead"
                    )
                    # all the damage that creature would deal in this step is replaced, once
                    blows[:] = [b for b in blows if b[0] is not blow[0]]
                    splash[:] = [b for b in splash if b[0] is not blow[0]]
                    instead.append((ability, src, ctl))
                    break
        for ability, src, ctl in instead:
            resolve_ability(ability, self.context(src, ctl))
        # amounts, and which dealers cannot damage their victim, are fixed before any damage: simultaneous
        shielded = [self.shielded_from(victim, source) for source, victim, _ in blows + splash]
        for (source, victim, amount), shield in zip(blows, shielded):
            receivers, placed = self.place_damage(
                victim, amount, source.label, check=False, dealer=source, shielded=shield
            )
            if placed and self.has(source, "poison"):
                for receiver in receivers:
                    g.log(f"{source.label} has poison: its damage destroys {receiver.label}")
                    poisoned.append(receiver)
        for (source, victim, amount), shield in zip(splash, shielded[len(blows) :]):  # poison: power damage only
            self.place_damage(
                victim,
                amount,
                f"{source.label} (splash-attack)",
                check=False,
                dealer=source,
                kind="splash-attack",
                shielded=shield,
            )
        lethal = self.lethal()
        doomed = lethal + [c for c in poisoned if c not in lethal]
        if doomed:
            self.destroy(doomed, fight=(attacker, defender))
        self.check_state(fight=(attacker, defender))  # those leaving may lower others' power; flushes

    def _fight_damage(self, source: CardInstance, victim: CardInstance) -> int:
        amount = self.power(source)
        for s, src, ctl in self.statics():
            amount = s.fight_damage(self, src, ctl, source, victim, amount)
        return amount

    # ----------------------------------------------------------------- discard

    def discard_from_hand(self, card: CardInstance) -> None:
        g = self.game
        if card.zone != "hand" or card.controller != g.active:
            raise IllegalAction(f"{card.name} is not in {g.active}'s hand")
        if g.step != 3 or g.step3_closed:
            raise IllegalAction(f"cards are discarded in step 3 only (the turn is at step {g.step})")
        if card.house != g.active_house:
            raise IllegalAction(f"{card.name} is not of the active house ({g.active_house})")
        if self.variant(card).hand_discard_forbidden:
            raise IllegalAction(f"{card.name} cannot be discarded from hand except through card abilities")
        why = next((w for s, src, ctl in self.statics() if (w := s.forbids_discard(self, src, ctl, card))), None)
        if why:
            raise IllegalAction(why)
        if g.first_turn and g.played_from_hand >= 1:
            raise IllegalAction("First Turn Rule: only one card may be played or discarded from hand on the first turn")
        g.played_from_hand += 1
        g.step3_actions += 1
        house = card.house  # its house as it is discarded
        self.put_away(card, "discard")
        self.check_state()  # a constant ability about discard piles (haunted) applies at once
        if card.zone == "discard":  # not when a replacement sent it elsewhere ("instead archive that card")
            self.emit("discarded", card=card, player=g.active, house=house)  # engine.rules.play_timing
