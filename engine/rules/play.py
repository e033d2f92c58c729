"""Playing cards, putting them into play, and control changes.

Playing a card from hand: it must be of the active house unless a card effect permits otherwise,
and the First Turn Rule allows one card played or discarded from hand on the first player's first
turn (whether card effects can modify that is the ``first_turn_rule_modifiable`` switch). Wherever
a card is played from, the Rule of Six allows six copies of a card played or used per turn, Alpha
cards only before anything else in step 3, and the card's own play restriction applies; a card
played as a copy of another (Mimicry) or in another form (Explo-rover as an upgrade) is checked
as that form, except for its house (the Mimicry FAQs; :mod:`engine.rules.copies`). A card a card effect plays from elsewhere (deck, beneath Masterplan) that cannot be played
stays where it was (the Wild Wormhole/Kelifi Dragon FAQ), and house and First Turn restrictions do
not apply to it (the Wild Wormhole first turn FAQ). A gigantic creature is played from hand with
both halves together, and one half played or put into play alone fails (:mod:`engine.rules.mechanics.gigantic`).

Then, in order: the card enters its zone (creatures on a flank, or anywhere with deploy; upgrades
on a creature), its bonus icons resolve top to bottom (:mod:`engine.rules.bonus_icons`: the Æmber
bonus, then enhanced icons), its "Play:" ability and the reactions to its play and to its
entering play resolve (:mod:`engine.rules.play_timing`: which of them resolve together, in the order the
active player chooses, is a rule switch), and an action card goes to its owner's discard pile
(or where an effect sends it instead: :mod:`engine.rules.action_cards`).
Omega ends step 3 after it.

Putting a card into play is not playing it: no play restriction, no bonus, no "Play:".
Constant abilities may permit a play off the active house, charge a cost "in order to play" a
card (paid as it is played; a play that cannot be paid for is not legal) or make an artifact
enter play ready (:mod:`engine.rules.hooks`).
"""

from __future__ import annotations

from engine.rules.mechanics.treachery import enters_under_opponent
from engine.rules.action_cards import resolved_action_goes
from engine.rules.ended_turns import players_action
from engine.rules.bonus_icons import resolve_bonus_icons
from engine.rules.copies import become_on_entering
from engine.rules.entering import enters, enters_anywhere_ready, enters_ready
from engine.rules.hooks import artifact_enters_ready, pay_costs, play_costs
from engine.core.errors import IllegalAction
from engine.rules.play_timing import resolve_play_effects
from engine.rules.mechanics.gigantic import check_both_halves_in_hand, check_not_alone, is_gigantic, join_halves
from engine.core.state import CardInstance, LastingEffect
from engine.rules.references import card_label

RULE_OF_SIX = 6


def _gives_keyword(static, keyword: str) -> bool:
    """Does ``static`` give ``keyword`` (a GrantKeyword, or a GrantKeywords of a list)?"""
    return getattr(static, "keyword", None) == keyword or keyword in (getattr(static, "given", None) or {})


class PlayRules:
    # ----------------------------------------------------------------- permissions

    def _play_permission(self, card: CardInstance) -> LastingEffect | None:
        for effect in self.game.lasting:
            if (
                effect.kind == "play_off_house"
                and effect.controller == self.game.active
                and effect.used < effect.params["uses"]
                and card.house != effect.params["not_house"]
            ):
                return effect
        for s, src, ctl in self.statics():  # "you may play one Untamed card" (engine.rules.hooks)
            permission = s.play_permission(self, src, ctl, card)
            if permission is not None:
                return permission
        return None

    def check_rule_of_six(self, name: str) -> None:
        if self.game.six.get(name, 0) >= RULE_OF_SIX:
            raise IllegalAction(f"Rule of Six: {name} has already been played or used {RULE_OF_SIX} times this turn")

    def check_play_condition(self, card: CardInstance) -> None:
        condition = self.variant(card).play_condition
        if condition is not None and not condition(self.context(card, self.game.active)):
            raise IllegalAction(f"{card.name} cannot be played now: its play restriction is not met")

    def _check_playable_as_is(self, card: CardInstance) -> None:
        g = self.game
        self.check_rule_of_six(card.name)
        if self.has(card, "alpha") and g.step3_actions:
            raise IllegalAction(f"Alpha: {card.name} can only be played before anything else in step 3")
        self.check_play_condition(card)
        if card.type == "upgrade" and not self.hosts(card, g.active):
            raise IllegalAction(f"{card.name}: an upgrade needs a {self.variant(card).attaches_to} to attach to")

    def hosts(self, upgrade: CardInstance, controller: str) -> list[CardInstance]:
        """The cards in play ``upgrade`` may be attached to as it enters play: creatures, or artifacts
        where its own text says so ("enters play attached to an artifact instead of a creature"), and
        of those only what "Attach only to ..." allows (rule "Upgrades": "If an upgrade cannot attach
        to a card in play, the upgrade cannot enter play")."""
        variant = self.variant(upgrade)
        if variant.attaches_to == "artifact":
            cards = [a for p in self.game.players.values() for a in p.zones["artifacts"]]
        else:
            cards = self.game.creatures()
        only = variant.attach_only
        return cards if only is None else [c for c in cards if only(self, upgrade, controller, c)]

    def may_attach(self, upgrade: CardInstance, host: CardInstance, controller: str) -> bool:
        """May ``upgrade`` be attached to ``host`` (moved there by an effect)?"""
        only = self.variant(upgrade).attach_only
        return only is None or only(self, upgrade, controller, host)

    def copy_options(self, card: CardInstance) -> list[CardInstance] | None:
        """The cards ``card`` may be played as a copy of (None: it is not a card that copies)."""
        becomes = self.variant(card).becomes
        # a card that becomes a copy as it enters play (Mimic Gel) is played as itself (engine.rules.copies)
        if becomes is None or card.copy_of is not None or getattr(becomes, "when", "play") != "play":
            return None
        return becomes.options(self.context(card, self.game.active))

    def _legal_copies(self, card: CardInstance, options: list[CardInstance]) -> tuple[list, list[str]]:
        legal, refusals = [], []
        becomes, ctx = self.variant(card).becomes, self.context(card, self.game.active)
        for option in options:
            card.copy_of = becomes.form(ctx, option)
            try:
                self._check_playable_as_is(card)
                legal.append(option)
            except IllegalAction as exc:
                refusals.append(f"as {getattr(option, 'name', option)}: {exc}")
            finally:
                card.copy_of = None
        return legal, refusals

    def check_playable(self, card: CardInstance) -> None:
        """The restrictions on playing a card wherever it is played from: the Rule of Six, alpha,
        its own play restriction, an upgrade's need for a creature. A card that copies another is
        refused only when no copy it could become may be played. A constant ability may forbid
        the play (:meth:`engine.rules.statics.Static.forbids_play`)."""
        for s, src, ctl in self.statics():
            why = s.forbids_play(self, src, ctl, card)
            if why:
                raise IllegalAction(why)
        cost = sum(a for a, _ in play_costs(self, card))
        if cost > self.game.players[self.game.active].amber:
            raise IllegalAction(f"{self.game.active} cannot pay the {cost} Æmber required to play {card.name}")
        options = self.copy_options(card)
        if not options:
            self._check_playable_as_is(card)
            return
        legal, refusals = self._legal_copies(card, options)
        if not legal:
            raise IllegalAction(f"{card.name} cannot be played: " + "; ".join(refusals))

    def check_play(self, card: CardInstance) -> LastingEffect | None:
        """Refuse an illegal play from hand; return the card permission the play uses, if any."""
        g = self.game
        if card.zone != "hand" or card.controller != g.active:
            raise IllegalAction(f"{card.name} is not in {g.active}'s hand")
        if g.step != 3 or g.step3_closed:
            raise IllegalAction(
                f"cards are played in step 3 only (the turn is at step {g.step}"
                + (", and Omega ended step 3" if g.step3_closed else "")
                + ")"
            )
        permission = self._play_permission(card)
        on_house = card.house == g.active_house or self.any_static("plays_as_active_house", card)
        if not on_house and permission is None:
            raise IllegalAction(f"{card.name} is not of the active house ({g.active_house})")
        if g.first_turn and g.played_from_hand >= 1:
            modifiable = self.rules.switch("first_turn_rule_modifiable")
            if not (modifiable and permission is not None):
                src = self.rules.switch_info("first_turn_rule_modifiable")
                why = "card effects cannot modify it" if not modifiable else "no card effect allows another play"
                raise IllegalAction(
                    f"First Turn Rule: only one card may be played from hand on the first turn; "
                    f"{why} (rule set {self.rules.version}, {src.source})"
                )
        self.check_playable(card)
        check_both_halves_in_hand(self, card)
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
        card = join_halves(self, card, g.players[g.active].zone("hand"))  # a gigantic creature: both halves
        with players_action(self):  # "end your turn" waits for the action to finish (engine.rules.ended_turns)
            self.become_copy(card)
            self.resolve_play(card)

    def play_from(self, card: CardInstance, where: str) -> bool:
        """Play a card from somewhere other than hand, as a card effect tells: house and First
        Turn restrictions do not apply, the card's own restrictions do. A card that cannot be
        played stays where it was."""
        try:
            check_not_alone(card)
            self.check_playable(card)
        except IllegalAction as exc:
            self.game.log(f"{card.label} cannot be played from {where} ({exc}); it stays there")
            return False
        self.game.log(f"{card.label} is played from {where}")
        card.memory["played_from"] = card.zone  # the "played" event says where from (play_timing)
        self.become_copy(card)
        self.resolve_play(card)
        return True

    def become_copy(self, card: CardInstance) -> None:
        """ "Treat it as a copy of ...": the player chooses among the copies that may be played."""
        options = self.copy_options(card)
        if options is None:
            return
        legal, _ = self._legal_copies(card, options)
        self.variant(card).becomes.apply(self.context(card, self.game.active), legal)

    def resolve_play(self, card: CardInstance) -> None:
        g = self.game
        pay_costs(self, play_costs(self, card), f"to play {card.name}")  # "in order to play"
        card.controller = g.active
        g.plays.append((g.turn, g.active, card.house, card.type))
        g.six[card.name] = g.six.get(card.name, 0) + 1
        g.step3_actions += 1
        g.log(f"{g.active} plays {card.name}")
        entered: list[dict] = []  # a creature's "entered_play" event waits for its bonus icons
        if not self.enter_play(card, events=entered):
            g.take(card)  # an action card resolves, then goes to its owner's discard pile
        self.check_state()  # its constant abilities apply at once (the King of the Crag FAQs)
        resolve_bonus_icons(self, card)  # its Æmber bonus and enhanced icons, top to bottom
        # omega it has in play counts though its play effect takes it out of play ("Your opponent's
        # creatures and artifacts gain omega": the cards, wherever they are)
        omega = self.has(card, "omega")
        # its "Play:" ability and the reactions to its play and its entering play (engine.rules.play_timing)
        resolve_play_effects(self, card, entered[0] if entered else None)
        omega = omega or self.has(card, "omega")
        elsewhere = resolved_action_goes(self, card) if card.type == "action" and g.lasting else None
        if elsewhere is not None:  # "return it to your hand instead of placing it in your discard pile"
            g.move(card, elsewhere)
            g.log(f"{card.name} goes to {card.owner}'s {elsewhere} instead of the discard pile")
        elif card.zone == "resolving":
            self.put_away(card, "discard")
            # a constant ability about discard piles ("while a player is haunted, their creatures
            # get -2 power") applies at once to the pile the card joined
            self.check_state()
        if not card.in_play:
            card.copy_of = None  # a copy lasts while the card resolves
        if omega and g.step == 3:
            g.step3_closed = True
            g.log(f"Omega: {card.name} ends step 3")
        elif omega:
            # glossary "Omega": it ends the current step, whichever that is; step 3 is still to
            # come (the Jargogle FAQ: destroyed in step 1 by Strange Gizmo, cards are played as normal)
            g.log(f"Omega: {card.name} ends step {g.step}; step 3 of this turn is not affected")

    def _deploys(self, card: CardInstance) -> bool:
        """Has the creature being played deploy, its own or gained from its group ("Each friendly
        Skyborn creature gains deploy": the keyword is used as the creature is played, before it is
        in play, where the keywords a group gains are read)."""
        if self.has(card, "deploy"):
            return True
        # only the constant abilities that give deploy are asked: the others read cards in play
        return any(
            _gives_keyword(s, "deploy") and s.keywords(self, src, ctl, card).get("deploy")
            for s, src, ctl in self.statics()
        )

    def enter_play(self, card: CardInstance, played: bool = True, events: list | None = None) -> bool:
        """Put a creature, artifact or upgrade into play under its controller; False for an action
        card (it does not enter play). Deploy applies only to a creature being played. ``events``:
        the card's ``"entered_play"`` event is added there for the caller to resolve later (a
        card played: at the timing point after its bonus icons) instead of at once."""
        g = self.game
        controller = card.controller
        if enters_under_opponent(self, card):  # every time it enters (engine.rules.mechanics.treachery)
            controller = card.controller = g.other(controller)
            g.log(f"{card.label} enters play under {controller}'s control (its own ability)")
        if card.type == "creature":
            line = g.players[controller].creatures
            g.take(card)
            become_on_entering(self, card)  # "enters play as a copy of ..." (engine.rules.copies)
            # "cannot play creatures on their right flank": a flank a played creature may not take
            barred = {
                f for s, src, ctl in self.statics() if played and (f := s.forbidden_flank(self, src, ctl, controller))
            }
            # deploy, or played by an effect that puts it "anywhere in your battleline" (Light Everlasting)
            anywhere = card.memory.pop("played_anywhere", False)
            # "the next time a friendly creature enters play this turn, you may have it enter anywhere ..., ready"
            anywhere_ready = bool(g.lasting) and enters_anywhere_ready(self, card, controller)
            # "make a token creature immediately to <this creature>'s left" (engine.rules.mechanics.tokens)
            left_of = card.memory.pop("enters_left_of", None)
            if left_of is not None and left_of in line:
                where = line.index(left_of)
            elif (played and (anywhere or self._deploys(card)) or anywhere_ready) and len(line) > 1:
                spots = [
                    i
                    for i in range(len(line) + 1)
                    if not (i == 0 and "left" in barred or i == len(line) and "right" in barred)
                ]
                where = self.chooser.choose(f"position for {card.name} (deploy: 0 = left flank)", spots)
            else:
                flanks = [f for f in ("left", "right") if f not in barred] if line else ["right"]
                # "make a token creature on your left flank": the flank the effect names
                named = card.memory.pop("enters_on_flank", None)
                flank = named if named in flanks else self.chooser.choose(f"flank for {card.name}", flanks)
                where = 0 if flank == "left" else len(line)
            entering = self.variant(card)  # read as it enters, before effects on cards in play
            line.insert(where, card)
            card.zone, card.placed_in_battleline = "battleline", True
            enters(self, card, entering, played)  # ready? stunned? (engine.rules.entering)
            if anywhere_ready:
                card.exhausted = False
            g.log(
                f"{card.label} enters play {'exhausted' if card.exhausted else 'ready'}"
                f"{' and stunned' if card.stunned else ''} "
                f"({', '.join(c.label for c in line)})"
            )
            self._entered(card, events)  # the caller applies constant abilities at once (the King of the Crag FAQ)
            return True
        if card.type == "artifact":
            entering = self.variant(card)  # read as it enters, before effects on cards in play
            g.move(card, "artifacts", controller)
            # its own "enters play ready", or another's (engine.rules.entering, engine.rules.hooks)
            card.exhausted = not (enters_ready(self, card, entering, played) or artifact_enters_ready(self, card))
            g.log(f"{card.label} enters play {'exhausted' if card.exhausted else 'ready'} under {controller}'s control")
            self._entered(card, events)
            return True
        if card.type == "upgrade":
            creatures = self.hosts(card, controller)
            if not creatures:
                raise IllegalAction(f"{card.name}: an upgrade needs a creature to attach to")

            # the creature the effect that plays or puts it into play names: "play an upgrade ... on <this
            # creature>" (engine.library.playing), "attach <this upgrade> to another creature" from out of
            # play (engine.rules.gained_text)
            named = card.memory.pop("attach_to", None)
            host = (
                named
                if named in creatures
                else self.chooser.choose(f"attach {card.name} to", creatures, label=card_label(creatures))
            )
            g.take(card)
            card.zone = "upgrade"
            self.attach(card, host, controller)
            self._entered(card, events)
            return True
        return False

    def _entered(self, card: CardInstance, events: list | None) -> None:
        """ "After <an upgrade / an artifact> enters play": its ``"entered_play"`` event, at once or
        (``events``: a card played) at the timing point after its bonus icons, as a creature's."""
        if events is None:
            self.entered_play(card)
        else:
            events.append({"card": card, "controller": card.controller})

    def attach(self, upgrade: CardInstance, host: CardInstance, player: str) -> None:
        """Attach an upgrade (entering play, or moving from the creature it is on) to ``host``;
        then "after you attach ..." reactions see it (event ``"attached"``: engine.rules.gained_text)."""
        old = upgrade.attached_to
        if old is not None and upgrade in old.upgrades:
            old.upgrades.remove(upgrade)
        upgrade.attached_to = host
        host.upgrades.append(upgrade)
        self.game.log(f"{upgrade.label} is attached to {host.label}" + (f" (from {old.label})" if old else ""))
        self.emit("attached", card=upgrade, to=host, player=player)

    def entered_play(self, card: CardInstance) -> None:
        """After a card is put into play (not played: a card played meets them after its
        bonus icons, :mod:`engine.rules.play_timing`): constant abilities (its own and others') apply at
        once, so a creature they destroy is gone before "after ... enters play" reactions resolve
        (the Pingle Who Annoys and King of the Crag FAQ); then those reactions resolve."""
        self.check_state()
        self.emit("entered_play", card=card, controller=card.controller)

    def put_into_play(self, card: CardInstance, controller: str) -> None:
        """Put a card into play (not played: no restriction, no bonus, no "Play:")."""
        g = self.game
        if (
            card.type not in ("creature", "artifact", "upgrade")
            or (card.type == "upgrade" and not self.hosts(card, controller))
            or (is_gigantic(card) and card.joined is None)
        ):  # one half of a gigantic creature alone
            g.log(f"{card.label} cannot be put into play")
            return
        card.controller = controller
        g.log(f"{card.label} is put into play under {controller}'s control")
        self.enter_play(card, played=False)

    # ----------------------------------------------------------------- control

    def take_control(self, card: CardInstance, player: str, flank: str | None = None) -> None:
        """``player`` takes control of a card in play: it moves to their play area, a creature to
        a flank of their battleline (the Control glossary entry; ``flank``: the one a card names,
        else theirs to choose). It keeps its state (exhausted, damage, upgrades); when it leaves
        play it goes to its owner's zones."""
        g = self.game
        if card.controller == player or not card.in_play:
            return
        before = card.controller
        if card.type == "creature":
            line = g.players[player].creatures
            flank = flank or self.chooser.choose(
                f"flank for {card.label} ({player} takes control)", ["left", "right"] if line else ["right"]
            )
            g.take(card)
            line.insert(0 if flank == "left" else len(line), card)
            card.zone, card.placed_in_battleline = "battleline", True
        elif card.type == "artifact":
            g.take(card)
            g.players[player].zones["artifacts"].append(card)
            card.zone = "artifacts"
        card.controller = player
        g.log(f"{player} takes control of {card.label} from {before}")
