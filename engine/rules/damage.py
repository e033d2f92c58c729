"""Damage, armor, destruction and leaving play.

- Damage: a creature that cannot be dealt damage (or is invulnerable) takes none; a ward counter prevents all of it
  and is discarded (a ward also keeps a creature from being tagged for destruction); then armor
  prevents damage (up to the armor value per turn; prevented damage is
  returned to the supply), then damage a constant ability redirects goes to the other creature
  (Shadow Self), then it is placed.
- A creature with as much damage as power (0 power with 0 damage included) is destroyed; all
  such creatures are destroyed at the same time. "Destroyed:" abilities resolve first (the active
  player orders them), then every creature still in play leaves play to its owner's discard pile,
  then the "after ... destroyed" reactions of cards still in play resolve.
- Leaving play: upgrades are discarded, captured Æmber goes to the opponent, the card goes to its
  owner's zone, lasting effects "until it leaves play" end, and everything play gave it is lost.
  A warded creature an effect would make leave play stays and discards its ward instead.
"""

from __future__ import annotations

from math import prod

from engine.rules.fight_timing import note_neighbors_on_leaving, remember_neighbors
from engine.core.state import CardInstance
from engine.rules.statics import reads_statics_once
from engine.rules.ability import resolve_ability
from engine.rules.as_in_play import remember_as_in_play
from engine.rules.hooks import condemned, purge_condemned
from engine.rules.mechanics.gigantic import separate
from engine.rules.replacements import add_to_pool
from engine.rules.destroyed_instead import early_replacements, replace_destruction, replacing
from engine.rules.damage_survived import mark_first_damage, survived
from engine.rules.damage_receivers import damage_receivers


#: rounds of one state check: cards their own abilities remove, and the creatures that die of it
MAX_STATE_ROUNDS = 5


class DamageRules:
    # ----------------------------------------------------------------- damage

    def deal_damage(
        self,
        target: CardInstance,
        amount: int,
        source: str,
        *,
        check: bool = True,
        dealer: CardInstance | None = None,
        kind: str | None = None,
    ) -> int:
        """Deal ``amount`` damage to ``target``; return the damage placed (on it or redirected).
        ``dealer``: the card dealing it (None for a game step: a damage bonus icon); ``kind``: the
        keyword dealing it ("assault", "hazardous", "splash-attack"), if one does."""
        return self.place_damage(target, amount, source, check=check, dealer=dealer, kind=kind)[1]

    def place_damage(
        self,
        target: CardInstance,
        amount: int,
        source: str,
        *,
        check: bool = True,
        echo: bool = True,
        dealer: CardInstance | None = None,
        kind: str | None = None,
        shielded: bool | None = None,
    ) -> tuple[list[CardInstance], int]:
        """Deal damage to ``target``: its armor prevents what it can first (the Shadow Self FAQ:
        armor before the redirect), then a constant ability may redirect the rest to another
        creature, or divide it among its neighbors (engine.rules.damage_receivers). Return (the
        creatures the damage was placed on, the damage placed): poison destroys the creatures the
        damage actually reached. ``shielded``: whether "cannot be dealt
        damage by <dealer>" protects ``target``, as the caller found it before an instance of
        simultaneous damage began (:meth:`shielded_from`); None: found now."""
        g = self.game
        if target.zone != "battleline" or amount <= 0:
            return [], 0
        if shielded is None:
            shielded = self.shielded_from(target, dealer)
        if shielded or self.any_static("protects", target):
            g.log(f"{target.label} cannot be dealt damage: {amount} damage from {source} is prevented")
            return [], 0
        if self.has(target, "invulnerable"):  # 16.0 glossary "Invulnerable": cannot be dealt damage
            g.log(f"{target.label} is invulnerable: {amount} damage from {source} is prevented")
            return [], 0
        if target.ward:  # ward before armor (the 16.0 damage chart): all of it is prevented
            target.ward = False
            g.log(f"{target.label}'s ward prevents {amount} damage from {source}; the ward counter is discarded")
            return [], 0
        armor_left = max(0, self.armor(target) - target.armor_used)
        prevented = min(armor_left, amount)
        target.armor_used += prevented
        amount -= prevented
        if prevented:
            g.log(f"{target.label}'s armor prevents {prevented} damage")
            # an "after" event: it waits until this instance of damage is all dealt
            self.damage_events.append(
                ("armor_prevented", {"card": target, "controller": target.controller, "amount": prevented})
            )
        if amount > 0:
            extra = sum(s.extra_damage(self, src, ctl, target) for s, src, ctl in self.statics())
            if extra:
                amount += extra
                g.log(f"{target.label} takes an additional {extra} damage")
            factor = prod(s.damage_factor(self, src, ctl, target) for s, src, ctl in self.statics())
            if factor != 1:
                amount *= factor
                g.log(f"the damage dealt to {target.label} is multiplied by {factor}: {amount}")
        shares = damage_receivers(self, target, amount) if amount > 0 else []
        for receiver, share in shares:
            self._put_damage(receiver, share, source, dealer, kind, echo)
        if check:
            self.check_state()
        return [r for r, share in shares if share > 0], amount

    def _put_damage(
        self,
        receiver: CardInstance,
        amount: int,
        source: str,
        dealer: CardInstance | None,
        kind: str | None,
        echo: bool,
    ) -> None:
        g = self.game
        if amount > 0:
            mark_first_damage(receiver)  # a bonus "while it is damaged" waits for it to survive this
            receiver.damage += amount
            # the damage placed last: "destroyed by SELF's splash-attack damage" (engine.rules.damage.destroy)
            receiver.memory["last_damage"] = (dealer, kind)
            g.log(
                f"{source} deals {amount} damage to {receiver.label} ({receiver.damage} on it, "
                f"power {self.power(receiver)})"
            )
            # "after <a creature> is dealt damage": held, like armor's event, until the instance
            # of damage is dealt and the creatures it destroys are gone
            self.damage_events.append(
                ("damaged", {"card": receiver, "controller": receiver.controller, "amount": amount})
            )
            if echo:
                # damage "also dealt" to another creature is dealt once: it is not echoed again
                # (the two Dreckers FAQ)
                for s, src, ctl in self.statics():
                    other = s.also_damaged(self, src, ctl, receiver)
                    if other is not None and other is not receiver:
                        g.log(f"the damage to {receiver.label} is also dealt to {other.label}")
                        self.place_damage(other, amount, source, check=False, echo=False, dealer=dealer)

    def shielded_from(self, target: CardInstance, dealer: CardInstance | None) -> bool:
        """Does a "<creature> cannot be dealt damage by <dealers>" ability protect ``target`` from
        ``dealer``? Read before damage dealt simultaneously is placed (16.0 "Fight": "All of this
        damage is dealt simultaneously"), so one blow of it cannot change whether another is
        prevented (a creature is not yet damaged by the blow it deals at the same time)."""
        return dealer is not None and self.any_static("protects_from", target, dealer)

    def heal(self, creature: CardInstance, amount: int) -> int:
        healed = min(amount, creature.damage)
        creature.damage -= healed
        self.game.log(f"{creature.label} heals {healed} damage")
        return healed

    # ----------------------------------------------------------------- destruction

    @reads_statics_once
    def lethal(self) -> list[CardInstance]:
        """Creatures whose damage reaches their power (0 power with 0 damage included: the King of
        the Crag FAQ), except those already being destroyed."""
        out = []
        for c in self.game.creatures():  # a loop: asked at every state check
            if c.damage >= self.power(c) and not c.memory.get("destroyed"):
                out.append(c)
        return out

    def check_state(self, fight: tuple | None = None) -> None:
        """Destroy every creature whose damage reaches its power, all at once, and again while
        those destructions lower other creatures' power (a ward used up, The Pale Star, Picaroon's X
        from neighbors that left: glossary "Damage", "Ward", "X"); then the "after" events of the
        damage dealt resolve. A round that destroys nothing (every destruction replaced) ends it.
        A card its own ability removes (Election destroying each artifact) may take power from
        creatures that then die too: the check runs again after it (a bounded number of times)."""
        for _ in range(MAX_STATE_ROUNDS):
            doomed = self.lethal() + condemned(self)
            while doomed:
                warded = [c for c in doomed if c.ward]  # its ward is used up: the next round destroys it
                self.destroy(doomed, fight=fight)
                before, doomed = doomed, self.lethal() + condemned(self)
                if not warded and all(c in before for c in doomed):
                    break
            survived(self.game.creatures())  # "... gets the power bonus only if he survives the damage"
            if not purge_condemned(self):  # "if there are no creatures in play, purge <this card>"
                break
        self.flush_damage_events()

    def flush_damage_events(self) -> None:
        """Emit the events damage dealing held back (armor preventing damage), in order."""
        while self.damage_events:
            event, details = self.damage_events.pop(0)
            self.emit(event, **details)

    def kept_from_destruction(self, card: CardInstance) -> bool:
        """A constant ability says ``card`` cannot be destroyed."""
        return self.any_static("keeps_from_destruction", card)

    def destroy(self, creatures: list[CardInstance], fight: tuple | None = None) -> list[CardInstance]:
        """Destroy creatures (or other cards in play) simultaneously; return those destroyed: put
        into the discard pile, or moved elsewhere by an effect while tagged ("still considered to
        have been destroyed", 16.0 glossary "Destroyed": Bad Penny returned to hand), not those
        whose destruction a replacement effect replaced."""
        g = self.game
        # a card already being destroyed (its "Destroyed:" ability is resolving) is not destroyed
        # a second time by a state check inside that ability
        doomed = [c for c in dict.fromkeys(creatures) if c.in_play and not c.memory.get("destroyed")]
        for c in [c for c in doomed if self.has(c, "invulnerable") or self.kept_from_destruction(c)]:
            # 16.0 glossary "Invulnerable": cannot be destroyed (it stays in play even at 0 power);
            # its ward is not used
            doomed.remove(c)
            g.log(f"{c.label} cannot be destroyed: it is not destroyed")
        for c in [c for c in doomed if c.ward]:  # a ward keeps it from being tagged for destruction
            c.ward = False
            doomed.remove(c)
            g.log(f"{c.label}'s ward keeps it from being destroyed; the ward counter is discarded")
        if not doomed:
            return []
        g.log("destroyed: " + ", ".join(c.label for c in doomed))
        for c in doomed:
            c.memory["destroyed"] = True
        # 16.0: cards a "Destroyed:" ability destroys are tagged too, and every tagged card is put
        # away at the end of the outermost destruction (glossary "Destroyed")
        outer = self.destroy_batch
        # waiting changes nothing unless a "Destroyed:" ability may destroy more cards meanwhile:
        # the switch is consulted only then (inside a waiting destruction, it was already)
        waits = outer is not None or (
            any(self.abilities(c, "destroyed") for c in doomed)
            and self.rules.switch("destruction_waits_for_destroyed_abilities")
        )
        if waits and outer is None:
            self.destroy_batch = []
        try:
            self._resolve_destroyed_abilities(doomed)
        except BaseException:
            if waits and outer is None:
                self.destroy_batch = None
            raise
        if waits and outer is not None:
            outer.extend((c, c.controller, fight) for c in doomed)
            return list(doomed)  # tagged: "destroyed this way"
        joined = []
        if waits:
            joined, self.destroy_batch = self.destroy_batch or [], None
        before = {c: c.controller for c in doomed}
        fights = {c: fight for c in doomed}
        # a creature its damage destroys: the card and keyword that placed the last of that damage
        by_damage = {c: c.memory.get("last_damage") for c in doomed if c.damage and c.damage >= self.power(c)}
        for c, controller, its_fight in joined:
            if c not in before:
                before[c], fights[c] = controller, its_fight
                if c.in_play and c.damage and c.damage >= self.power(c):
                    by_damage[c] = c.memory.get("last_damage")
        mine = list(doomed)
        doomed = list(before)
        was_creature = {c for c in doomed if c.type == "creature"}  # a token reverts as it goes
        gone, saved = [], []
        remember_neighbors(g, doomed)  # all in their places: they leave play together

        for c in doomed:
            c.memory.pop("destroyed", None)
            # "Destroyed: ... instead" resolves when the card would be put into the discard pile
            # (glossary "Replacement Effects")
            if c.in_play and replace_destruction(self, c):
                saved.append(c)
            elif c.in_play:
                self.leave_play(c, "discard", ward=False)
                gone.append(c)
        for c in saved:
            c.memory.pop("neighbors_noted", None)  # it stays: its neighbors are noted when it leaves
        g.destroyed_this_turn.extend(before[c] for c in gone if c in was_creature)
        g.creatures_destroyed_this_turn.extend(c for c in gone if c in was_creature)
        if len(doomed) > 1 and not self.rules.switch("reactions_to_simultaneous_destruction"):
            g.log('several cards were destroyed at once: no ability other than "Destroyed:" triggers')
            return [c for c in mine if c not in saved]
        for c in doomed:
            if c not in saved:
                self.emit(
                    "destroyed",
                    card=c,
                    controller=before[c],
                    fight=fights[c],
                    creature=c in was_creature,
                    damage_by=by_damage.get(c),
                )
        return [c for c in mine if c not in saved]

    def _resolve_destroyed_abilities(self, doomed: list[CardInstance]) -> None:
        """The "Destroyed:" abilities the tagged cards have now, each its own (a card's own and one
        an upgrade gives it: Soulkeeper), in the order the active player chooses (glossary
        "Destroyed", the Groggins example); one whose card has left play does not resolve."""
        g = self.game
        pending = [(c, ability, giver) for c in doomed for ability, giver in self.abilities(c, "destroyed")]

        pending += early_replacements(self, doomed)

        def label(item) -> str:
            card, _, giver = item
            shared = sum(1 for other in pending if other[0] is card) > 1
            return f"{card.label} ({giver.name})" if shared and giver is not None else card.label

        while pending:
            nxt = self.chooser.choose(f'{g.active}: which "Destroyed:" ability resolves next', pending, label=label)
            pending.remove(nxt)
            card, ability, giver = nxt
            if not card.in_play:
                continue
            g.log(f'{card.label}\'s "Destroyed:" ability resolves' + (f" (from {giver.name})" if giver else ""))
            with replacing(card, ability):  # a replacement's own state check: a second destruction stands
                resolve_ability(ability, self.context(card, giver=giver))
                self.check_state()
            if g.winner:
                return

    # ----------------------------------------------------------------- leaving play

    def leave_play(
        self, card: CardInstance, zone: str, top: bool = True, to: str | None = None, ward: bool = True
    ) -> bool:
        """Move a card in play to its owner's ``zone`` with everything leaving play entails; return
        False when it stays in play. A creature with a ward counter that an effect would make leave
        play (return to hand, archive, purge, shuffle or put into a deck) discards the counter
        instead and stays (glossary "Ward"). ``ward=False``: a destroyed creature leaving play as
        its destruction completes (a ward placed after it was tagged does not stop that)."""
        g = self.game
        if ward and card.ward and card.zone == "battleline":
            card.ward = False
            g.log(
                f"{card.label}'s ward keeps it in play (it would have left play to {zone}); "
                "the ward counter is discarded"
            )
            return False
        note_neighbors_on_leaving(g, card)  # "its neighbors" after it has left (engine.rules.fight_timing)
        remember_as_in_play(self, card)  # its power as it was, for the rest of the ability
        if card.zone == "upgrade" and card.attached_to is not None:
            card.attached_to.upgrades.remove(card)
        for upgrade in list(card.upgrades):
            card.upgrades.remove(upgrade)
            upgrade.zone = "resolving"
            upgrade.reset()
            g.move(upgrade, "discard")
            g.log(f"{upgrade.label} is discarded as {card.label} leaves play")
            # it has left play too: the lasting effects on it end (its counters: engine.library.counters)
            g.lasting = [
                e for e in g.lasting if e.until_leaves is not upgrade and e.params.get("target") is not upgrade
            ]
        if card.amber and card.type != "creature":  # returned to the general supply ("Leaves Play")
            g.log(f"the {card.amber} Æmber on {card.label} returns to the common supply")
            card.amber = 0
        if card.amber:
            released, card.amber = card.amber, 0
            add_to_pool(
                self,
                g.other(card.controller),
                released,
                f"the Æmber on {card.label}, which leaves play",
                card=card,
                leaving=True,
            )
        for beneath in list(card.beneath):
            card.beneath.remove(beneath)
            beneath.zone = "resolving"
            g.move(beneath, "discard")
        # lasting effects that end when their source leaves play, or that apply to this card, end
        g.lasting = [e for e in g.lasting if e.until_leaves is not card and e.params.get("target") is not card]
        leaves = self.abilities(card, "leaves_play") if card.zone in ("battleline", "artifacts") else []
        controlled_by = card.controller
        if card.token_of is not None:  # glossary "Token Creatures" (engine.rules.mechanics.tokens)
            g.log(f"{card.label} is no longer a {card.token_of.name} token: it reverts to its printed card")
        card.reset()
        self.put_away(card, zone, top=top, to=to)
        if card.joined is not None:  # a gigantic creature: its halves are separate cards again
            separate(self, card)
        for ability, _ in leaves:
            g.log(f'{card.label} left play: its "leaves play" ability resolves')
            resolve_ability(ability, self.context(card, card.owner))
        self.emit("left_play", card=card, controller=controlled_by)  # engine.rules.leaves_play
        return True

    def put_away(self, card: CardInstance, zone: str, top: bool = True, to: str | None = None) -> None:
        """Put a card into one of its owner's out-of-play zones (or of player ``to``: "into your
        archives"), honouring where the card's own memory says it must go instead ("put into their
        owner's hand instead")."""
        g = self.game
        came_from = card.zone
        redirect = card.memory.get(f"leaves_{came_from}_to")
        if redirect and redirect != zone:
            g.log(f"{card.label} leaves {came_from} and goes to {card.owner}'s {redirect} instead of {zone}")
            zone, to = redirect, None
        if redirect:
            card.memory.pop(f"leaves_{came_from}_to")
        player = to or card.owner  # "into your archives": a zone of another player than the owner
        g.move(card, zone, player, top=top)
        g.log(f"{card.label} is put into {player}'s {zone}")

    def remove_from_play_or_zone(self, card: CardInstance, zone: str) -> bool:
        """Return a card to hand, archive, purge or discard it from wherever it is; False when the
        card is nowhere an effect can still find it."""
        if card.zone in ("battleline", "artifacts", "upgrade"):
            return self.leave_play(card, zone)  # False: a ward kept it in play
        if card.zone in ("discard", "hand", "archives", "deck", "resolving", "beneath"):
            # "resolving": an action card acting on itself as it resolves ("Purge Library Access");
            # "beneath": under a card in play ("return a card from under Plan 10 to its owner's hand")
            self.put_away(card, zone)
            return True
        return False
