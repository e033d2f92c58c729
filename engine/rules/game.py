"""The engine: a game, the rule set of one rulebook version, and a chooser for decisions.

The general rules are split by subject into mixins: playing cards (:mod:`engine.rules.play`),
using cards and fights (:mod:`engine.rules.use`), damage, destruction and leaving play
(:mod:`engine.rules.damage`). This module holds what they share: the derived state (power,
armor, keywords, flank) computed from constant abilities, events and reactions, and Æmber.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain

# definitions as a module, not its names: it loads the compiler, which loads every module of the
# general rules (their templates), this one included
from engine.cards import Variant, definitions
from engine.core.choices import Chooser
from engine.rules.ability import Context, resolve_ability
from engine.rules.mechanics.archon_powers import archon_powers
from engine.rules.draws_instead import draw_replaced
from engine.rules.keywords import add_gained, granted as granted_keywords
from engine.rules.keywords import keywords as parse_keywords
from engine.rules.power_armor import power_and_armor
from engine.rules.damage import DamageRules
from engine.rules.events import EventRules
from engine.rules.play import PlayRules
from engine.rules.use import UseRules
from engine.rules.rulesets import RuleSet
from engine.core import changes
from engine.core.changes import COUNT
from engine.core.state import CardInstance, Game
from engine.rules.statics import answers, reaches_artifacts, Static
from engine.rules import text_in_force
from engine.rules.replacements import gain
from engine.rules.replacements import steal
from engine.rules.replacements import zone_instead
from engine.rules.gained_text import gained_by_creatures
from engine.rules.references import card_label


#: times one draw may shuffle the discard pile in, when reactions to the shuffle empty the deck again
MAX_RESHUFFLES = 5


def _gives_to(static: Static, card: CardInstance) -> bool:
    """May ``static`` give ``card`` abilities and keywords? A creature in play, from any; an artifact
    in play, only from one whose group names artifacts ("Each friendly artifact gains, "Action:
    ..."", "Your opponent's creatures and artifacts gain omega": engine.rules.statics.reaches_artifacts),
    the groups of the others being creatures; an upgrade's are its creature's."""
    return card.zone == "battleline" or (card.zone == "artifacts" and reaches_artifacts(static))


@dataclass
class Engine(EventRules, PlayRules, UseRules, DamageRules):
    game: Game
    rules: RuleSet
    chooser: Chooser
    #: events of damage being dealt ("after ... prevents damage with its armor"), held until the
    #: damage of that instance is all placed, then emitted (see DamageRules.flush_damage_events)
    damage_events: list = field(default_factory=list)
    #: the cards of the destruction being resolved (tagged, put away together at its end: see
    #: DamageRules.destroy), as (card, its controller, the fight), or None
    destroy_batch: list | None = None
    #: how many of the active player's actions (a card played, a card used) are resolving, nested
    #: ones included (engine.rules.ended_turns: "end your turn" waits for the outermost)
    acting: int = 0
    #: the cards of the game that may replace a draw from their owner's discard pile, found at the
    #: first draw (engine.rules.draws_instead)
    draw_replacers: list | None = None
    #: the constant abilities in force, while a read-only query runs (engine.rules.statics.reads_statics_once)
    _statics_now: list | None = field(default=None, repr=False)
    #: id(printed card data) -> (that data, its variant under these rules): the engine asks for a
    #: card's variant for every power, keyword and ability it computes; holding the data keeps its
    #: id from being reused by another card while the entry exists
    _variants: dict = field(default_factory=dict, repr=False)
    #: id(printed card data) -> (that data, the keywords of its printed text or erratum), as :attr:`_variants`
    _keywords: dict = field(default_factory=dict, repr=False)
    #: (the list of :meth:`statics` they were taken from, hook names -> those of its abilities that
    #: answer them: :meth:`statics_with`)
    _answering: tuple = field(default=((), {}), repr=False)
    #: what is kept while the game does not change, by name ("listening"): (the count of state
    #: changes it was worked out at, what was worked out) (engine.core.changes)
    _kept: dict = field(default_factory=dict, repr=False)
    #: the constant abilities in force, kept as ``_kept``'s entries are, in a field of their own:
    #: asked ~60 times a replay (its count never matches before it is set)
    _statics_kept: tuple = field(default=(-1, None), repr=False)

    def __post_init__(self) -> None:
        # every decision leaves a trace line naming it and its answer (engine.core.choices)
        if self.chooser.log is None:
            self.chooser.log = self.game.log

    # ----------------------------------------------------------------- definitions

    def variant(self, card: CardInstance) -> Variant:
        # its printed text or erratum, as lasting effects change its text box (engine.rules.text_in_force)
        printed = card.printed
        known = self._variants.get(id(printed))
        if known is None or known[0] is not printed:
            known = self._variants[id(printed)] = (printed, definitions.variant(card, self.rules))
        # only an artifact (a creature may blank it), a card with an upgrade (which may blank its
        # creature), or any card while a lasting effect is in force may have another text in force:
        # tested here, not in a call, as :meth:`keywords` tests it (a card's text is read ~30 times a replay)
        if card.zone == "artifacts" or card.upgrades or self.game.lasting:
            return text_in_force.variant(self, card, known[1])
        return known[1]

    def text_variant(self, name: str, text: str) -> Variant:
        """The abilities of the card ``name`` with the text ``text`` (a text box a card gains)."""
        return definitions.definition(name, text).variant_for(text)

    def context(self, card: CardInstance, controller: str | None = None, **kw) -> Context:
        return Context(self, card, controller or card.controller, **kw)

    def statics(self) -> list[tuple[Static, CardInstance, str]]:
        """Every constant ability and lasting static in force: (static, source, controller); kept
        while the game state does not change (engine.core.changes)."""
        now = self._statics_now
        if now is not None:
            return now
        at = COUNT[0]
        kept = self._statics_kept
        if kept[0] == at:
            if changes.CHECK:
                changes.check("statics", kept[1], self._statics())
            return kept[1]
        out = self._statics()
        self._statics_kept = (at, out)  # a change counted while it was worked out makes it stale at once
        return out

    def statics_with(self, hooks: tuple[str, ...]) -> list[tuple[Static, CardInstance, str]]:
        """Those of :meth:`statics` whose class answers any of the questions ``hooks`` (names of
        :class:`engine.rules.statics.Static`'s methods) other than with the neutral default
        (:func:`engine.rules.statics.answers`), in the same order; taken again when the list of
        :meth:`statics` is another."""
        statics = self._statics_now
        if statics is None:  # :meth:`statics`' own test of its kept list, inline: 0.7% of a replay's instructions
            kept = self._statics_kept
            statics = kept[1] if kept[0] == COUNT[0] and not changes.CHECK else self.statics()
        if not statics:
            return statics
        taken_from, found = self._answering
        if taken_from is not statics:
            found = {}
            self._answering = (statics, found)  # holding the list keeps its id from being reused
        out = found.get(hooks)
        if out is None:
            out = found[hooks] = [t for t in statics if answers(type(t[0]), hooks)]
        return out

    def any_static(self, hook: str, *args) -> bool:
        """Does a constant ability in force answer the question ``hook`` (a :class:`Static` method,
        asked as ``hook(engine, source, controller, *args)``) with a true value? Only the abilities
        whose class answers it are asked (:meth:`statics_with`), in a plain loop: most such
        questions are asked several times an action and answered by none."""
        for s, src, ctl in self.statics_with((hook,)):
            if getattr(s, hook)(self, src, ctl, *args):
                return True
        return False

    def _statics(self) -> list[tuple[Static, CardInstance, str]]:
        out = []
        for card in chain(self.game.in_play(), archon_powers(self.game)):
            # an upgrade's "This creature gains" is read through the creature; its statics ("This
            # creature gets +2 armor") apply to the creature it is attached to (statics.attached_host)
            for s in self.variant(card).statics:
                out.append((s, card, card.controller))
        for s, creature in gained_by_creatures(self, "gained_statics"):
            out.append((s, creature, creature.controller))
        for effect in self.game.lasting:
            # an effect for one later turn ("during your opponent's next turn") waits for it
            if effect.kind == "static" and effect.params.get("during_turn", self.game.turn) == self.game.turn:
                out.append((effect.params["static"], effect.params.get("card"), effect.controller))
        return out

    # ----------------------------------------------------------------- derived state

    def power(self, creature: CardInstance) -> int:
        # modifiers, then switches and "considered to have" values (engine.rules.power_armor)
        return power_and_armor(self, creature)[0]

    def armor(self, creature: CardInstance) -> int:
        return power_and_armor(self, creature)[1]

    def keywords(self, card: CardInstance) -> dict[str, int]:
        """The card's keywords now (keyword -> value, 1 for a flag): its text in force's, and those
        constant abilities and upgrades give or take away. Read it, never change it: it may be the
        printed text's own (copied only when something gives or takes one)."""
        printed = card.printed
        known = self._keywords.get(id(printed))
        if known is None or known[0] is not printed:
            known = self._keywords[id(printed)] = (
                printed,
                parse_keywords(self.rules.card_text(printed.name, printed.text)),
            )
        found = known[1]
        if card.zone == "artifacts" or card.upgrades or self.game.lasting:  # as in :meth:`variant`
            found = text_in_force.keywords(self, card, found)
        if card.zone in ("battleline", "artifacts"):
            statics = self.statics()
            if not statics and not card.upgrades:
                return found
            found = dict(found)
            # a valued keyword gained again adds its value (engine.rules.keywords ``add_gained``)
            for s, src, ctl in statics:
                if _gives_to(s, card):
                    add_gained(found, s.keywords(self, src, ctl, card))
            for upgrade in card.upgrades:  # "This creature gains skirmish." (Explo-rover as an upgrade)
                add_gained(found, granted_keywords(self.rules.card_text(upgrade.name, upgrade.printed.text)))
            # "loses elusive": gone whatever gives it (a loss is a restriction on having it)
            for s, src, ctl in statics:
                for word in s.loses_keywords(self, src, ctl, card):
                    found.pop(word, None)
        return found

    def has(self, card: CardInstance, keyword: str) -> int:
        return self.keywords(card).get(keyword, 0)

    def is_flank(self, creature: CardInstance) -> bool:
        line = self.game.players[creature.controller].creatures
        if creature not in line:
            return False
        if creature in (line[0], line[-1]):
            return True
        return self.any_static("flank", creature)

    def is_center(self, creature: CardInstance) -> bool:
        """16.0 glossary "Center of the Battleline": as many creatures to its left as to its right
        (an odd number of creatures; a lone creature is in the center)."""
        line = self.game.players[creature.controller].creatures
        return creature in line and line.index(creature) * 2 + 1 == len(line)

    def abilities(self, card: CardInstance, trigger: str) -> list[tuple[list, CardInstance | None]]:
        """The card's own ability for ``trigger`` and those it gains (from its upgrades and from
        lasting effects), each with the card that gives it (None for its own)."""
        found = []
        statics = self.statics()
        for s, src, ctl in statics:  # a loop, not any(...): asked for every ability that may resolve
            if s.blocks_trigger(self, src, ctl, card, trigger):
                return found  # "Destroyed effects cannot resolve"
        # "<fight> effects are fight/reap effects": those abilities resolve at this trigger too
        triggers = [trigger]
        for s, src, ctl in statics if statics and card.zone == "battleline" else ():
            triggers += [t for t in s.also_triggers(self, src, ctl, card, trigger) if t not in triggers]
        for each in triggers:
            own = self.variant(card).ability(each)
            if own:
                found.append((own, None))
            for upgrade in card.upgrades:
                gained = self.variant(upgrade).gains.get(each)
                if gained:
                    found.append((gained, upgrade))
            if card.zone in ("battleline", "artifacts"):
                for s, src, ctl in statics:
                    gained = _gives_to(s, card) and s.abilities(self, src, ctl, card).get(each)
                    if gained:
                        found.append((gained, src))
        return found

    def trigger(
        self,
        card: CardInstance,
        trigger: str,
        controller: str | None = None,
        as_if_yours: bool = False,
        one: bool = False,
        **event,
    ) -> bool:
        """Resolve every ``trigger`` ability of ``card``; True when it had one. An ability the card
        gains while these resolve resolves too: the timing point is still going on (glossary
        "Timing", the Nexus and Spectral Tunneler FAQ). ``as_if_yours``: the card is used as if
        ``controller`` controlled it (engine.rules.as_if_yours). ``one``: only one of them resolves, the
        one the active player chooses (a card used for its "Action:" or "Omni:" ability)."""
        pending = self.abilities(card, trigger)
        if one and len(pending) > 1:
            label = card_label([card] + [giver for _, giver in pending if giver is not None])
            chosen = self.chooser.choose(
                f'{card.label}: which "{trigger.title()}:" ability resolves',
                pending,
                label=lambda found: label(found[1] or card),
            )
            pending = [chosen]
        done: list = []
        while pending and len(done) < 100:  # a bound against statics rebuilding their abilities
            ability, giver = pending.pop(0)
            done.append((ability, giver))
            self.game.log(f'{card.label}\'s "{trigger.replace("_", " ").title()}:" ability resolves')
            resolve_ability(ability, self.context(card, controller, event=event, giver=giver, as_if_yours=as_if_yours))
            self.check_state()
            if self.game.winner:
                break
            if one:
                break
            seen = done + pending
            pending += [
                (a, g) for a, g in self.abilities(card, trigger) if not any(a is a2 and g is g2 for a2, g2 in seen)
            ]
        return bool(done)

    def decider(self, ctx: Context) -> str:
        """Who makes a decision a card gives: the active player makes every decision, for every
        card, on their turn (the Biomatrix Backup FAQ)."""
        return self.game.active

    # ----------------------------------------------------------------- Æmber and cards

    def gain(self, player: str, amount: int, why: str) -> None:
        gain(self, player, amount, why)

    def put_away(self, card: CardInstance, zone: str, top: bool = True, to: str | None = None) -> None:
        """A card leaving play, or discarded from a hand, goes where replacement effects send it
        ("purged instead", "they may instead archive that card"), then
        as :meth:`engine.rules.damage.DamageRules.put_away` says."""
        if card.zone == "archives" and self.kept_in_archives(card):
            return
        if card.zone in ("battleline", "artifacts", "upgrade") or (card.zone, zone) == ("hand", "discard"):
            new = zone_instead(self, card, zone)
            if new == "beneath":  # put under a card instead, by the replacement itself
                return
            if new != zone:
                zone, to = new, None
        super().put_away(card, zone, top=top, to=to)

    def kept_in_archives(self, card: CardInstance) -> bool:
        """Does a constant ability keep ``card`` in the archives it is in ("Your opponent's cards
        cannot leave your archives")? Asked only of a card archived by another player than its
        owner, so a card in its owner's archives costs no look at the constant abilities."""
        if card in self.game.players[card.owner].zones["archives"]:
            return False
        keeper = next((src for s, src, ctl in self.statics() if s.keeps_in_archives(self, src, ctl, card)), None)
        if keeper is not None:
            self.game.log(f"{card.label} cannot leave the archives it is in ({keeper.label})")
        return keeper is not None

    def steal(self, player: str, amount: int, why: str) -> int:
        """``player`` takes up to ``amount`` Æmber from their opponent's pool; return how much."""
        return steal(self, player, amount, why)[0]

    def draw(self, player: str, n: int) -> int:
        """Draw ``n`` cards, shuffling the discard pile into the deck when the deck runs out. A
        reaction to that shuffle may empty the new deck again (Expect the Unexpected's fate, Knockback,
        discarding its top cards): the deck is still empty when the card is drawn, so the discard
        pile is shuffled in again (a bounded number of times: reactions that empty it every time
        end the draw)."""
        g = self.game
        p = g.players[player]
        drawn = 0
        for _ in range(n):
            if draw_replaced(self, player):  # "if you would draw a card ..., ... instead" (before a reshuffle)
                continue
            shuffles = 0
            zones = p.zones
            while not zones["deck"] and zones["discard"] and shuffles < MAX_RESHUFFLES:
                shuffles += 1
                zones["deck"], zones["discard"] = zones["discard"], []
                g.rng.shuffle(zones["deck"])
                for c in zones["deck"]:
                    c.zone = "deck"
                g.log(f"{player} shuffles their discard pile into a new deck")
                self.emit("discard_shuffled_into_deck", player=player)
                self.emit("deck_shuffled", player=player)  # "after your opponent shuffles their deck"
            deck = p.zones["deck"]
            if not deck:
                break
            card = deck[0]
            g.move(card, "hand")
            drawn += 1
            self.emit("drew", card=card, player=player, step=g.step)  # "after your opponent draws a card"
        return drawn
