"""The effect library card definitions and the text compiler build abilities from: small
composable effects, conditions, counts and constant abilities, one module per subject, named by
what it acts on:

- Æmber: ``amber`` (in the pools: gain, lose, steal; chains), ``amber_on_cards`` (capture, place,
  move Æmber onto and off cards);
- creatures: ``creatures`` (ready, exhaust, stun, power, positions), ``damage`` (damage and
  healing), ``destroying``, ``using`` (fight, reap, use; what may be used and fought), ``status``
  (exalt, enrage, ward, doom and power counters, the tide);
- zones and decks: ``zones`` (moving cards between zones, purging, shuffling), ``decks`` (drawing,
  the top of a deck), ``hands_and_archives``, ``playing`` (playing from elsewhere, play
  restrictions, entering play ready);
- choices and naming: ``naming`` (groups, neighbors, "that creature", "any number of"), ``flow``
  ("if", "if you do", "you may", "for each", "one at a time");
- control and houses: ``control``, ``houses`` (belonging to and choosing houses);
- lasting effects: ``lasting`` ("for the remainder of the turn", "until your next turn", "during
  your opponent's next turn", permissions for the turn);
- keys: ``keys`` (forging, key costs);
- conditions and counts: ``conditions``, ``counts``, ``this_way`` (what an effect did "this way").

A new effect, condition, count or constant ability goes in the module of its subject (its docstring
says what belongs there), registered for the templates by ``@template`` beside it
(:mod:`engine.core.registry`); a card's own irregular text goes in engine/cards/<set>/<house>.py.
The framework (context, effect, repeats) and the general rules are :mod:`engine.rules`.

A card definition imports everything it names from here (``from engine.library import ...``): the
library's names and the pieces of the general rules cards name (choices and filters of
:mod:`engine.rules.targets`, constant abilities of :mod:`engine.rules.statics`, reactions,
replacements, ...), re-exported below; a new name a card needs from the general rules is added
here, under its module. The modules of the library import each other, never this package.
"""

from engine.library.amber import (
    AmberCannotBeStolenWhile,
    EachPlayerDoublesPool,
    EachPlayerLosesHalf,
    EventCardPlayerAmber,
    Gain,
    GainChains,
    GainChainsFor,
    GainCounted,
    GainForEach,
    GainPerHouseInPlay,
    Lose,
    LoseAll,
    LoseAllAndDrawPer,
    LoseAllThenOpponentLosesTimes,
    PayOpponent,
    LoseAllBut,
    LoseHalf,
    ReduceAmberTo,
    Steal,
    StealAllBut,
    StealHalf,
)
from engine.library.amber_on_cards import (
    Capture,
    CaptureFromAny,
    CaptureGained,
    DiscardAmberFromSelf,
    EachUndamagedCaptures,
    MoveAmber,
    MoveAmberFromYourCard,
    MoveAmberWithPool,
    place_amber,
    PlaceAmber,
    Redistribute,
)
from engine.library.creatures import (
    ArmorPerCount,
    beside,
    CannotBecomeExhausted,
    CannotReady,
    Exhaust,
    MoveAnywhere,
    MoveToFlank,
    PowerPerCount,
    Ready,
    Stun,
    SwapTwoInABattleline,
    SwapWith,
    Unstun,
)
from engine.library.damage import (
    candidates_in_play,
    DamageByAmberThenTake,
    DealDamage,
    DealDamageArmorCannotPrevent,
    DealDamageForEach,
    EachDealsPowerTo,
    ForEachTraitDamageAndGain,
    Heal,
    HealFullyAndCounterPerDamage,
    LoseArmorForTurnAndTakeDamage,
    PurgeArchivedForMoreDamage,
    RedirectFightDamage,
    DealPowerToEachOther,
)
from engine.library.destroying import (
    Destroy,
    DestroyAndGainItsBonus,
    DestroyAllButOnePerPower,
    DestroyEachWithChosenPower,
    DestroyIfYouDo,
    DestroyLowerForEach,
    DestroyMostPowerfulOfPlayersWithout,
    Sacrifice,
    SacrificeTotalPower,
)
from engine.library.using import (
    AttacksOnlyFlank,
    CannotUseAnyCard,
    ChooseOneAtATime,
    DealsNoDamageWhenAttacked,
    FlankOnlyAttackers,
    MayFight,
    OnlyFight,
    OnlyFightsStunned,
    ReadyAndFightAgainstDifferent,
    TriggerAbility,
    UsableOnlyToFight,
    UseCreature,
    UseOneAtATime,
)
from engine.library.status import (
    doom_counters,
    doom_in_play,
    Enrage,
    Exalt,
    has_doom,
    LosePowerCounter,
    PutDoomCounter,
    RaiseTide,
    tide_high,
    tide_low,
    Ward,
)
from engine.library.zones import (
    Archive,
    ArchiveIntoOpponents,
    MoveTo,
    Purge,
    PurgeAnArchivedCard,
    PurgeFromEachDiscardOwnersGain,
    PurgeRemembered,
    PutIntoPlay,
    PutOnDeck,
    ReturnPurgedToPlay,
    ReturnToHand,
    shuffle_deck,
    ShuffleChosenIntoDeck,
    ShuffleIntoDeck,
    ShuffleZonesIntoDeck,
    SwapDeckAndDiscard,
    Swap,
)
from engine.library.decks import (
    ArchiveTopOfDeck,
    DiscardTopAndCapturePerHouse,
    DiscardTopAndGainPerHouseInHand,
    DiscardTopOfDeck,
    DiscardTopOfEachAndDestroyOfItsHouse,
    Draw,
    EachDiscardsTopAndGainsPerHouse,
    LookAtTop,
    SearchDeckAndDiscard,
    TopOfDeck,
    TopOfDiscard,
)
from engine.library.hands_and_archives import (
    ArchiveRandomFromHand,
    DiscardArchives,
    DiscardCards,
    DiscardFromHand,
    DiscardHand,
    DiscardRandomArchived,
    DiscardRandomFromHand,
    LookAtHand,
    OwnerDiscardsRandom,
    RefillHandSize,
    Reveal,
)
from engine.library.at_random import RandomCards, RandomCardsFrom, RandomCardsTo
from engine.library.searching import SearchFor, ShuffleDeck, ShuffleDiscardIntoDeck, ShuffleOthersIntoDeck
from engine.library.playing import (
    CannotPlay,
    FirstCreaturePlayedEntersReady,
    never,
    NextPlayedEntersReady,
    OpponentPlaysAtMost,
    playable,
    PlayAsIfFromHand,
    PlayBeneath,
    played_on_previous_turn,
    PlayFromDiscard,
    PlayIt,
    PlayOpponentsCard,
    plays_this_turn,
    PlaysAtMostOfEachType,
    PlayTopOfDeck,
    PutBeneath,
    PutIntoPlayFromHand,
)
from engine.library.naming import (
    ChooseAnyNumber,
    ChooseForEach,
    ChooseLeastPowerful,
    ExceptRef,
    MayChoose,
    Named,
    NameEachIn,
    NameGroup,
    NameHost,
    NameLowestAndHighest,
    NameOutOfPlay,
    NameSharingTrait,
    NameUpgrade,
    NeighborsOf,
    not_among,
    of_type,
    any_card,
    TheAttacked,
    TheCreatureItFights,
    ThisCreature,
)
from engine.library.flow import Confirm, ForEach, If, IfYouDo, May, MayUpToTimes, OneAtATime, RepeatFor
from engine.library.control import (
    ActivePlayerTakesControl,
    GiveControlToOpponentThenPaid,
    OpponentGainsControl,
    SwapControl,
    TakeControl,
    TakeControlUntilLeaves,
    UseAsIfYours,
)
from engine.library.houses import (
    BelongsToAllHouses,
    BelongsToHouseForTheTurn,
    BelongsToHouseToo,
    ChooseHouse,
    chosen_house,
    creatures_from_houses,
    houses_among,
    last_known_house,
    MustChooseHouseFor,
    of_chosen_house,
    OfHouseUnlessYours,
    OpponentCannotChooseAHouse,
    OpponentChosenHouseNextTurn,
    RememberAsInPlay,
    share_a_house,
    UsableAsActiveHouse,
    flank_creatures_share_house,
    IfHouseChosenNextTurn,
)
from engine.library.lasting import (
    DuringOpponentsNextTurn,
    EachCreatureLosesForTheTurn,
    ForTheTurn,
    ForTheTurnOnChosen,
    LosesKeywords,
    MayPlayOneOffHouse,
    MayPlayOrUseOneOfHouse,
    MayUseOtherCardsOfHouse,
    MayUseThisTurn,
    UntilYourNextTurn,
)
from engine.library.keys import (
    amber_spent_on_the_key,
    CannotForgeKey,
    CannotForgeMoreEachTurn,
    first_key_of_a_forge_step,
    forged_in_own_forge_step,
    ForgeAtCost,
    ForgeAtNoCost,
    GainForgeCost,
    HostOpponentKeysCost,
    KeysCostUnlessHouses,
    KeysCostWhile,
    MayForgeAtCost,
    OpponentKeysCost,
    OpponentKeysCostPerCount,
    PlayersKeysCost,
    SkipsForgeStep,
    SpendAmberOn,
    UnforgeOpponentKey,
)
from engine.library.conditions import (
    amber_at_least,
    amber_compare,
    amber_on_self_at_least,
    amber_on_self_fewer,
    has_amber_on_self,
    at_end_of_your_turn,
    count_at_least,
    count_more,
    more_keys,
    creature_entered_play,
    creatures_used_this_turn,
    first_use_this_turn,
    happened_this_turn,
    has_friendly_creature,
    friendly_and_enemy_creatures,
    haunted,
    not_your_turn,
    opponent_haunted,
    have_amber,
    host_on_flank,
    host_was_used,
    it_test,
    refs_named,
    more_creatures,
    negate,
    no_creatures,
    not_on_a_flank,
    opponent_has_more_amber,
    opponent_has_no_amber,
    RememberPlayerTurn,
    RememberTurn,
    self_test,
    source_on_flank,
    static_context,
    while_,
    you_forged_this_turn,
    you_used_an_artifact,
    count_at_most,
    powerful_extreme,
    it_most_powerful,
    control_most_powerful,
)
from engine.library.player_conditions import (
    cards_in_zone,
    destroyed_this_turn,
    forged_keys,
    is_your_turn,
    not_haunted,
    still_in_play,
    used_creature_to,
    used_no_creatures,
    stolen_this_turn,
    opponent_stole_last_turn,
    exalted_this_turn,
    pools_total_at_least,
    its_controller_haunted,
    first_reap_this_turn,
    fought_was_destroyed,
)
from engine.library.counts import (
    amber_in_pool,
    amber_on_it,
    amber_on_creatures,
    amber_on_self,
    cards_in,
    cards_played_this_turn,
    copies_in_discard,
    houses_in_play,
    houses_among_creatures,
    upgrades_on_self,
    count_in_play,
    creatures_in_excess,
    damage_on_it,
    damage_on_self,
    friendly_creatures,
    neighbors_of_it,
    neighbors_of_self,
    opponent_amber,
    opponent_amber_but,
    opponent_keys,
    opponent_keys_forged,
    unforged_keys,
)
from engine.library.this_way import (
    amount_at_least,
    amount_this_way,
    count_this_way,
    counted,
    DestroyCounting,
    did_this_way,
    DiscardUntil,
    done_this_way,
    EachPlayerGainsPer,
    HealUpTo,
    players_this_way,
    record_this_way,
    that_amount,
    ThisWay,
)
from engine.rules.ability import RepeatCardEffectIf, RepeatPrecedingIf
from engine.rules.amber_moves import AmberToSupply, MoveAmberToFought, MoveAmberToNeighbor
from engine.rules.bonus_icons import (
    bonus_icons,
    CannotResolveBonusIcons,
    enemy_creature_event,
    IconEffectsInstead,
    IconStealsInstead,
    NextPlayBonusIconsAgain,
    ResolveIconAs,
    ResolveIconsAsIfPlayed,
)
from engine.rules.copies import CopyOf, PlayChosen
from engine.rules.mechanics.played_as_upgrade import PlayAs
from engine.rules.damage_sources import CannotBeDealtDamageBy
from engine.rules.damage_statics import (
    AlsoTakesNeighborsFightDamage,
    CannotBeDealtDamage,
    DamageReplacedBy,
    DealsNoFightDamage,
    defender_on_flank,
    ExtraDamageTaken,
    FightDamageBonus,
    OnlyDealsWhenFighting,
    TakesNeighborsDamage,
)
from engine.rules.entering import EntersPlayEnraged, EntersPlayReady, EntersPlayStunned
from engine.rules.extra_turns import TakeAnotherTurn
from engine.rules.fight_timing import NameNeighborsOf
from engine.rules.forging import (
    a_player_forged,
    AfterOpponentForgesNextTurn,
    ForgerGivesRemaining,
    ForgerLosesRemaining,
    opponent_forged_last_turn,
    RevealToStopForge,
    UnforgeOpponentsKey,
)
from engine.rules.gained_text import attached_to_titled, AttachGiver, not_giver_host, OneOf, titled
from engine.rules.hooks import (
    ArtifactsEnterPlayReady,
    DestroyedWhile,
    DiscardTopOfFightersDeck,
    GainPerCreatureDestroyedInFights,
    GainsWhileAttackingFlank,
    IgnoreWhileAttacking,
    MayPlayOneOfHouse,
    MayPlayOneOffHouseWhile,
    MustFightWhenUsed,
    OpponentPaysToPlay,
    OpponentPaysToUse,
)
from engine.rules.houses import belongs_to, houses_of
from engine.rules.leaves_play import IfThisLeavesPlay, OpponentSteals
from engine.rules.mechanics.artifact_creatures import ConsideredCreature, itself_in_battleline, PutOnFlank
from engine.rules.mechanics.discarded_into_play import PutDiscardedIntoPlay
from engine.rules.mechanics.tokens import friendly_tokens_named, MakeTokens, PutIntoPlayAsToken
from engine.rules.play_timing import action_card_played, BeforePlayEffect, WardHost, you_discarded_during_your_turn
from engine.rules.power_armor import ConsideredToHave, DoublePowerCounters, GivePowerCounters, switch_for
from engine.rules.reactions import (
    creature_destroyed,
    destroyed_fighting_self,
    enemy_creature_destroyed,
    enemy_creature_entered_play,
    neighbor_fought,
    opponent_played_creature_on_flank,
    opponent_reaped,
    Reaction,
    self_event,
    you_chose_house,
    your_turn,
)
from engine.rules.replacements import (
    AmberCannotBeStolen,
    CapturedInsteadOfOpponentsPool,
    GoesElsewhereInstead,
    Instead,
    StolenIsCapturedByActive,
    TakenFromSupplyInstead,
    you_control,
)
from engine.rules.common_statics import (
    ArmorModifier,
    CannotBeUsedTo,
    ConsideredFlank,
    GrantAbility,
    GrantKeyword,
    KeyCostPerCreature,
    MustChooseHouse,
    OpponentReadiesInstead,
    PowerIsNeighborsPower,
    PowerModifier,
    ReapGainIsStolen,
)
from engine.rules.statics import attached_host, cards_of_types, enemy, friendly, itself, neighbor, this_card
from engine.rules.targets import (
    all_of,
    among,
    Choose,
    ChooseMostPowerful,
    has_ability,
    has_trait,
    named,
    NameEach,
    NameNeighbors,
    of_house,
    on_flank,
    power_is,
    RememberLine,
    Together,
)
from engine.rules.text_in_force import BlankEnemyTextBoxesUntilYourNextTurn, GainTextBoxForTheTurn
from engine.rules.turn import HandSize
from engine.library.pile_ends import OnePile, PileEnd, pile_owners
from engine.library.purged import purged_cards
from engine.library.choosing_players import (
    cards_of_chosen_player,
    ChoosePlayer,
    chosen_player,
    controlled_by_chosen_player,
)
from engine.library.choosing_players import ItsControllerGains
from engine.library.each_player import CaptureFromEachPlayer, EachPlayer
from engine.library.lasting import MayPlayOffHouseThisTurn
from engine.library.counters import (
    counters_on_card,
    counters_removed,
    has_counters,
    PutCounters,
    RemoveCounters,
    RULES_COUNTERS,
)
from engine.library.houses import ForEachHouse
from engine.library.lasting import ThroughYourNextTurn
from engine.library.counters import counters_on
from engine.library.counters import BlankWhileHasCounters, counters_in, WhileHasCounters
from engine.library.counts import armor_of, power_of
from engine.library.zones import SelfFromZone
from engine.library.prophecies import Fulfill
from engine.library.player_conditions import opponent_can_pay_key_cost, same_number_of_creatures
from engine.library.prophecies import PutSelfIntoPlay
from engine.library.traits import ChooseTrait, with_chosen_trait
from engine.library.choosing_players import ThePlayerOfTheEvent
from engine.library.counts import amount_of_the_event, bonus_icons_on, bonus_icons_this_way
from engine.library.playing import CannotPlayOnFlank
from engine.library.keys import InsteadOfForging
from engine.library.amber_on_cards import CaptureDistributed
from engine.rules.traits import (
    has_trait as card_has_trait,
)  # a card's trait now (printed or gained), for a hand definition
from engine.library.grafting import Graft, ResolveGraftedPlay
from engine.library.amber import GiveOpponent
from engine.library.hands_and_archives import LookAt
from engine.library.creatures import Rearrange
from engine.library.naming import WithUpgrades
from engine.library.cards_under import (
    cards_under_at_least,
    DiscardedFromHandGoesUnder,
    faceup_under,
    NameUnder,
    PutUnder,
)
from engine.library.at_random import DiscardRandomDownTo
from engine.library.grafting import grafted_power
from engine.library.hands_and_archives import discard_from_hand
from engine.library.naming import ChooseAmongNamed
from engine.library.this_way import RevealUntil
from engine.library.flipping import FlipFacedown, FlipFaceup
from engine.library.named_cards import NameACard, named_card_cannot_be_played_until_leaves, NamedCardCannotBePlayed
from engine.library.houses import ActiveHouseBecomes
from engine.library.creatures import DestroyOneHalf, DivideBattlelines
from engine.library.creatures import SwapWhatIsOn
from engine.library.counts import amber_on_this_creature
from engine.library.damage import MoveAllDamage
from engine.library.decks import DiscardUntilHaunted
from engine.library.player_conditions import chosen_player_creatures, chosen_player_haunted
from engine.library.status import CannotRaiseTide, ResetTide
from engine.library.control import FewestCreaturesTakesControl
from engine.library.counts import upgrades_on_this_creature, upgrades_on_titled
from engine.library.using import CannotBeAttacked, controller_has_token
from engine.library.off_house import MayPlayOrUseOffHouse, MayUseOffHouse
from engine.library.turn_steps import NotReadiedInStep, OpponentCannotReadyNextTurn, SkipReadyStepThisTurn
from engine.library.playing_next_turn import OpponentCannotPlayNextTurnOf
from engine.library.any_house import PlaysFromAnyHouse
from engine.rules.houses import own_house  # the house a card has as its own now, for a hand definition
from engine.library.house_chains import RepeatLeftWhileSharingAHouse
from engine.library.turn_steps import RefillAsInDrawStep
from engine.library.house_chains import ChooseOneOfEachHouse
from engine.library.discards_archived import OpponentMayArchiveDiscardsNextTurn
from engine.library.using import NextCreatureUsedCannot
from engine.library.any_house import (
    CannotPlayUseOrDiscard,
    plays_at_most_this_turn,
    you_cannot_play,
    you_cannot_use_cards,
)
from engine.library.counts import houses_among_named, neighbors_not_of_house, neighbors_sharing_a_house
from engine.library.discards_archived import ArchivedInsteadOfDiscarded
from engine.library.flow import repeat_preceding_once
from engine.library.off_house import may_play_off_house_now
from engine.library.playing_next_turn import OpponentCannotPlayMorePowerful
from engine.library.turn_steps import CannotTakeArchives, SkipsReadyStep
from engine.library.power_counters import (
    DistributePowerCounters,
    MovePowerCounters,
    PurgeGivingItsPower,
    MoveWard,
    RemovePowerCounters,
    RemoveWard,
)
from engine.rules.gained_and_lost import HouseInstead, KeywordPerCount
from engine.library.lasting import PowerEqualForTheTurn
from engine.library.counters import BlankWhileCounters, record_removed
from engine.library.lasting import BlankForTheTurn
from engine.library.searching import ShuffleArchivesIntoDeck
from engine.library.at_random import DiscardRandomShareOfHand
from engine.library.lasting import CannotPlayTypeOfForTheTurn
from engine.library.conditions import share_a_type
from engine.library.counts import between_self_and, creatures_between_self_and
from engine.library.named_cards import are_the_named_cards
from engine.library.cards_under import cards_under_self
from engine.library.counts import amber_on_friendly_of_self_name, exhausted_left_of_self, share_of_pool
from engine.library.player_conditions import played_this_turn, self_fighting, used_of_house_this_turn
from engine.library.upgrades import AttachSelfAsUpgrade, MoveUpgrade, not_host_of, UpgradeToFlankAsCreature
from engine.rules.destroyed_instead import InsteadIfYouDo, ReplacesDestructionIf
from engine.rules.returning_from_discard import ReturnableFromDiscard
from engine.rules.archives_faceup import ArchivedFaceup, PicksUpAnyNumberOfArchives
from engine.library.control import TakeControlOfUpgradesOnto
from engine.library.hands_and_archives import OpponentsCardsStayArchived
from engine.library.at_random import RevealRandomUnrevealed
from engine.library.playing import PlayUpgradeOn
from engine.library.control import TakeControlAnywhere
from engine.library.houses import BelongsToSourceHouseUntilLeaves
from engine.rules.leaves_play import IntoItsPlaceAfterItLeaves
from engine.library.playing import OpponentsActionPlayEffectReplaced
from engine.rules.damage_statics import DividedAmongNeighbors
from engine.library.counters import ClearAmberAndCounters
from engine.library.copied_stats import CopiedStats, TakesStatsUntilLeaves
from engine.library.becoming_creatures import FlankCreatureWhile, HostToFlankAsCreature, to_flank_as_creature
from engine.library.fights_made import fight_named, TokenFightsEachEnemy
from engine.library.counters import MoveCounters
from engine.library.destroying import DestroysWhile
from engine.rules.action_cards import NextActionCardTo
from engine.rules.ended_turns import EndYourTurn
from engine.rules.entering import NextEntersAnywhereReady
from engine.library.at_random import DiscardRandomUntil
from engine.library.flow import AgainWhileDone
from engine.rules.mechanics.tokens import TokensInsteadOfAmber
from engine.rules.mechanics.artifact_creatures import CreatureForTheTurn
from engine.rules.mechanics.tokens import TokensCopyForTheTurn
