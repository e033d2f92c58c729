"""Bonus icons (the 16.0 glossary "Bonus Icons" and the timing chart's "play" step).

A card's bonus icons are its printed Æmber bonus (one Æmber icon per Æmber, on top) followed by
the icons enhance added to it (a card mapping's ``enhancements``, top to bottom). After a card is
played, and after it has entered play if it is a creature, artifact or upgrade, the active player
resolves each icon in that order, before its "Play:" ability and the reactions to its play. Each
icon is mandatory:

- Æmber: gain 1 Æmber.
- capture: a friendly creature (the active player chooses) captures 1 Æmber from the opponent.
- damage: deal 1 damage to a creature in play (any creature, the card itself included: with no
  enemy creature in play a friendly one takes it). Each damage icon is resolved on its own, so a
  first icon can remove a ward and a second damage the creature. The damage is not dealt by the
  card the icon is on (its "when this creature would deal damage" does not apply); after it is
  dealt, the ``"bonus_icon_damage"`` event {card, controller} is emitted.
- draw: draw 1 card.

The icons resolve even if the card leaves play while they do. A lasting ``"bonus_icons_again"``
effect ("the next time you play a card this turn, resolve each of its bonus icons an additional
time") is used up by the next card played and resolves every icon once more, printed Æmber
included.

"Resolve its bonus icons as if you had played it" (Ultra Gravitron, Ensign El-Samra, Reclaimed by
Nature: :class:`ResolveIconsAsIfPlayed`) resolves them as playing the card would: it uses up such
an effect (the Fission Bloom and Ultra Gravitron FAQ), and a constant ability that keeps a player
from resolving bonus icons on cards they play (Master of the Grey: :class:`CannotResolveBonusIcons`)
stops it too (the Master of the Grey FAQ). A gigantic creature's bonus icons are on its top half
(:mod:`engine.rules.mechanics.gigantic`).

Each icon is an event replacement effects may replace (:mod:`engine.rules.replacements`); the
replacements of bonus icons are here: "resolve it as a <icon> bonus icon instead" (Amphora
Captura: :class:`ResolveIconAs`), "steal N instead" (Scrivener Favian: :class:`IconStealsInstead`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace as copy
from typing import TYPE_CHECKING

from engine.core.errors import ScenarioError
from engine.core.registry import template
from engine.rules.ability import Context, Effect
from engine.core.state import LastingEffect
from engine.rules.statics import Static
from engine.rules.references import card_label
from engine.rules.replacements import Event, Replacement, capture, in_force, perform, replace

if TYPE_CHECKING:
    from engine.rules.game import Engine
    from engine.core.state import CardInstance

ICONS = ("amber", "capture", "damage", "draw")
#: icons the card data prints that no bundled rulebook defines (16.0 lists the four of ``ICONS``):
#: enhance adds them to cards like any other (deck generation is data), but resolving one stops the
#: replay with why, never a guess at what it does
UNDEFINED_ICONS = {
    "discard": "Grim Reminders' discard bonus icon, which no bundled rulebook defines "
    '(16.0 "Bonus Icons" lists four: Æmber, capture, damage, draw) and no card\'s reminder text explains'
}


def bonus_icons(card: "CardInstance") -> list[str]:
    """The card's bonus icons, top to bottom (a gigantic creature in play: its top half's first;
    the bottom half of a gigantic creature has no printed Æmber bonus)."""
    printed = 0 if card.half == "bottom" else card.printed.amber
    own = ["amber"] * printed + list(card.enhancements)
    return (bonus_icons(card.joined) if card.joined is not None else []) + own


def blocked(eng: "Engine", player: str) -> str | None:
    """The card whose constant ability keeps ``player`` from resolving bonus icons, if any."""
    for s, src, ctl in eng.statics():
        if s.blocks_bonus_icons(eng, src, ctl, player):
            return src.label if src is not None else "a lasting effect"
    return None


def resolve_bonus_icons(
    eng: "Engine", card: "CardInstance", icons: list[str] | None = None, player: str | None = None
) -> None:
    """Resolve the bonus icons of a card ``player`` (default: the active player) plays, or resolves
    "as if they had played it" (``icons``: those it had, when it has left play since)."""
    g = eng.game
    player = player or g.active
    icons = bonus_icons(card) if icons is None else icons
    times = 1
    for effect in list(g.lasting):
        if effect.kind == "bonus_icons_again" and effect.controller == player:
            g.lasting.remove(effect)
            times += 1
            g.log(f"{effect.source}: the bonus icons of {card.name} resolve an additional time")
    if not icons:
        return
    stopper = blocked(eng, player)
    if stopper:
        g.log(f"{stopper}: {player} cannot resolve the bonus icons of {card.name}")
        return
    for _ in range(times):
        i = 0
        while i < len(icons):
            # Æmber icons in a row are gained together (nothing happens between), unless a
            # replacement effect may apply to each (engine.rules.replacements: Amphora Captura)
            if icons[i] == "amber" and not icons_replaceable(eng, player):
                run = next((j for j in range(i, len(icons)) if icons[j] != "amber"), len(icons)) - i
                eng.gain(player, run, f"{card.name}'s Æmber bonus")
                for _ in range(run):
                    eng.emit("bonus_icon_resolved", player=player, icon="amber", card=card)
                i += run
                continue
            resolve_icon(eng, card, icons[i], player)
            i += 1
            if g.winner:
                return


def resolve_icon(eng: "Engine", card: "CardInstance", icon: str, player: str) -> None:
    """Resolve one bonus icon of ``card`` for ``player``, replacement effects applied: what
    replaces it (another icon, or a steal: :class:`IconStealsInstead`) happens instead. After an
    icon is resolved (as the icon it became, if replaced by another), the ``"bonus_icon_resolved"``
    event {player, icon, card} is emitted ("After you resolve a draw bonus icon, ..."); an icon
    replaced by something else ("steal 1 instead") was not resolved."""
    ev = replace(eng, Event("icon", player, icon=icon, card=card))
    if ev is not None and ev.kind == "icon":
        _resolve_icon(eng, ev.card, ev.icon, ev.player)
        # the state is checked after each icon, as after each ability: a draw that shuffled the
        # discard pile into the deck may have left a creature whose power counts that pile at 0
        eng.check_state()
        if not eng.game.winner:
            eng.emit("bonus_icon_resolved", player=ev.player, icon=ev.icon, card=ev.card)
    else:
        perform(eng, ev)
        eng.check_state()


def icons_replaceable(eng: "Engine", player: str) -> bool:
    """Could a replacement effect apply to a bonus icon ``player`` resolves? (Then Æmber icons
    are resolved one by one.)"""
    return any(isinstance(r, IconReplacement) and ctl == player for r, src, ctl in in_force(eng))


def _resolve_icon(eng: "Engine", card: "CardInstance", icon: str, player: str) -> None:
    g = eng.game
    if icon == "amber":
        eng.gain(player, 1, f"{card.name}'s Æmber bonus")
    elif icon == "draw":
        drawn = eng.draw(player, 1)
        g.log(f"{player} draws {drawn} card from {card.name}'s draw bonus icon")
    elif icon == "capture":
        friendly = list(g.players[player].creatures)
        if not friendly:
            g.log(f"{card.name}'s capture bonus icon: {player} has no creature to capture")
            return
        creature = eng.chooser.choose(
            f"{player}: which friendly creature captures 1 Æmber ({card.name}'s capture bonus icon)",
            friendly,
            label=card_label(friendly),
        )

        capture(eng, creature, 1, g.other(player), "capture bonus icon")
    elif icon == "damage":
        creatures = g.creatures()
        if not creatures:
            g.log(f"{card.name}'s damage bonus icon: no creature in play")
            return
        target = eng.chooser.choose(
            f"{player}: which creature {card.name}'s damage bonus icon deals 1 damage to",
            creatures,
            label=card_label(creatures),
        )
        receivers, placed = eng.place_damage(target, 1, "a damage bonus icon", check=False)
        eng.check_state()
        for receiver in receivers if placed else ():
            eng.emit("bonus_icon_damage", card=receiver, controller=receiver.controller)
    elif icon in UNDEFINED_ICONS:
        raise ScenarioError(f"{card.name}: a {icon} bonus icon cannot be resolved: {UNDEFINED_ICONS[icon]}")
    else:
        raise ValueError(f"unknown bonus icon {icon!r}")


@dataclass
class NextPlayBonusIconsAgain(Effect):
    """ "The next time you play a card this turn, resolve each of its bonus icons an additional
    time": all its icons, the printed Æmber bonus included (the Wild Bounty FAQ)."""

    def resolve(self, ctx: Context) -> bool:
        ctx.game.lasting.append(LastingEffect("bonus_icons_again", ctx.source.name, ctx.controller))
        ctx.log(f"{ctx.source.name}: the next card {ctx.controller} plays this turn resolves its bonus icons twice")
        return True


def enemy_creature_event(ctx: Context) -> bool:
    """The event is about an enemy creature of the reacting card's controller."""
    card = ctx.event.get("card")
    return card is not None and card.type == "creature" and ctx.event.get("controller") != ctx.controller


@template()
@dataclass
class ResolveIconsAsIfPlayed(Effect):
    """ "Resolve its bonus icons as if you had played it" for the card ``on`` names ("for each card
    discarded this way, resolve its bonus icons ...": each of the cards it names, in turn);
    ``purge``: "Purge <it> and resolve each of its bonus icons" (the icons it had in play, a
    gigantic creature's top half's included, resolve after it is purged, even if a ward kept it in
    play)."""

    on: str = "it"
    purge: bool = False

    def resolve(self, ctx: Context) -> bool:
        cards = ctx.refs(self.on)
        for card in cards:
            self._resolve_one(ctx, card)
            if ctx.game.winner:
                break
        return bool(cards)

    def _resolve_one(self, ctx: Context, card: "CardInstance") -> None:
        icons = bonus_icons(card)
        if self.purge:
            ctx.eng.remove_from_play_or_zone(card, "purged")
        else:
            ctx.log(f"{ctx.controller} reveals {card.label}")
        ctx.log(
            f"{ctx.source.name}: {ctx.controller} resolves the bonus icons of {card.label} "
            f"({', '.join(icons) or 'none'}) as if they had played it"
        )
        resolve_bonus_icons(ctx.eng, card, icons=icons, player=ctx.controller)


class CannotResolveBonusIcons(Static):
    """ "Your opponent cannot resolve bonus icons on cards they play" (Master of the Grey): nor on
    cards they resolve "as if they had played" them."""

    def blocks_bonus_icons(self, eng, source, controller, player: str) -> bool:
        return player != controller


# ------------------------------------------------------------------------------ replacements of bonus icons


class IconReplacement(Replacement):
    """A replacement of bonus icons its controller resolves."""


@dataclass
class ResolveIconAs(IconReplacement):
    """ "When resolving a bonus icon, you may choose to resolve it as a <icon> bonus icon instead"
    (Amphora Captura: asked yes or no); ``replaced``: only that icon ("when you resolve an Æmber
    bonus icon"); ``icon`` several icons ("as a capture, damage, or draw icon instead"): one
    choice among the icon itself (kept) and the others."""

    icon: str | tuple[str, ...]
    optional: bool = True
    replaced: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.icon, str):
            self.optional = False  # the choice of icons offers keeping it

    def _options(self, event) -> list[str]:
        icons = (self.icon,) if isinstance(self.icon, str) else self.icon
        return [i for i in icons if i != event.icon]

    def replaces(self, eng, source, controller, event) -> bool:
        return (
            event.kind == "icon"
            and event.player == controller
            and (not self.replaced or event.icon == self.replaced)
            and bool(self._options(event))
        )

    def instead(self, eng, source, controller, event) -> Event:
        options = self._options(event)
        if not self.optional:
            options = [event.icon, *options]
        icon = (
            options[0]
            if len(options) == 1
            else eng.chooser.choose(
                f"{controller}: {source.label}: resolve {event.card.name}'s {event.icon} bonus icon as which icon",
                options,
            )
        )
        return copy(event, icon=icon)


@dataclass
class IconStealsInstead(IconReplacement):
    """ "When you resolve a <icon> bonus icon, you may choose to steal N instead" (Scrivener
    Favian)."""

    icon: str
    amount: int = 1
    optional: bool = True

    def replaces(self, eng, source, controller, event) -> bool:
        return event.kind == "icon" and event.player == controller and event.icon == self.icon

    def instead(self, eng, source, controller, event) -> Event:
        return Event(
            "steal",
            controller,
            self.amount,
            victim=eng.game.other(controller),
            why=f"{event.card.name}'s {self.icon} bonus icon, {source.name}",
        )


@dataclass
class IconEffectsInstead(IconReplacement):
    """ "When you resolve an <icon> bonus icon, you may make a token creature instead", "when
    resolving a bonus icon, you may archive a card from your hand instead": the effects, resolved
    by the card with the ability for its controller, happen in place of the icon (``replaced``:
    only that icon; empty: any)."""

    effects: list
    replaced: str = ""
    optional: bool = True

    def replaces(self, eng, source, controller, event) -> bool:
        return (
            event.kind == "icon" and event.player == controller and (not self.replaced or event.icon == self.replaced)
        )

    def instead(self, eng, source, controller, event) -> None:
        ctx = eng.context(source, controller)
        for effect in self.effects:
            effect.resolve(ctx)
            if eng.game.winner:
                break
        return None
