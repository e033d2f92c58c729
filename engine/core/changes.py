"""A count of the changes to the game state that can change which abilities are in force.

Why it exists: :meth:`engine.rules.game.Engine.statics` (every constant ability in force) is asked
about sixty times in one replay, and :meth:`~engine.rules.game.Engine.listeners` at every event;
building either reads the text in force of every card in play (upgrades, blanking, gained text,
lasting effects). Both change only when a card enters or leaves play, an upgrade comes or goes, a
lasting effect begins or ends, a card changes hands, form or house, or the turn passes. A
fingerprint of the board, checked at every ask, costs about as much as the list it guards
(measured: 4% saved), so the state counts its own changes instead, and the engine keeps each list
while the count stands still:

- the lists that hold cards (every zone, a card's upgrades and the cards beneath it) and the
  game's lasting effects are :class:`TrackedList`: each mutation counts;
- the fields that decide a card's text, place or side (:data:`CARD_FIELDS`), a player's
  (:data:`PLAYER_FIELDS`) and the game's (:data:`GAME_FIELDS`) count when they are assigned
  (their classes' ``__setattr__`` is :func:`watching`); a list assigned to one becomes tracked.
  A new object is no change (nothing holds it yet), and its ``__init__`` (:func:`quiet_init`) fills
  its fields without that ``__setattr__``, which cost 7x the time of making a card.

The count is one for the process: a change to one game only makes another's kept lists be read
again, never kept wrongly (a Flask thread's game and a builder's are separate objects).

``RULEBASE_CHECK_CACHES=1`` makes every kept list be worked out afresh too and compared
(:func:`check`): a change that is not counted fails loudly with what differed. It works for any
command (``RULEBASE_CHECK_CACHES=1 python bench/fuzz.py ...``, the whole test suite), and
``tests/test_engine_kept_lists.py`` replays a spread of scenarios with it on.
"""

from __future__ import annotations

import os
from dataclasses import MISSING, fields
from operator import is_

from engine.core.errors import EngineError

#: the count of changes (a one-item list: read as ``changes.COUNT[0]``, no function call)
COUNT = [0]

#: recompute each kept list and compare (the safety net of tests and of the fuzzer)
CHECK = os.environ.get("RULEBASE_CHECK_CACHES", "") not in ("", "0")

#: a card's fields that decide its text in force, its place or its side, where a change is not
#: already a change to a tracked list (a card moves between zones by the lists that hold it)
CARD_FIELDS = frozenset(
    {
        "data",
        "controller",
        "copy_of",
        "token_of",
        "upgrades",
        "beneath",
        "half",
        "joined",
        "house_override",
        "house_changes",
    }
)
#: a player's fields: the archon power in force all game, and the zones themselves
PLAYER_FIELDS = frozenset({"archon_power", "zones"})
#: the game's: lasting effects, and the turn (an effect for one later turn waits for it: the turn
#: passing counts only while one does, :func:`watching`'s ``counted_if``)
GAME_FIELDS = frozenset({"lasting", "turn", "players"})


class TrackedList(list):
    """A list whose every mutation counts as a change (the cards of a zone, a card's upgrades,
    the lasting effects)."""

    __slots__ = ()

    def append(self, item):
        COUNT[0] += 1
        list.append(self, item)

    def insert(self, index, item):
        COUNT[0] += 1
        list.insert(self, index, item)

    def extend(self, items):
        COUNT[0] += 1
        list.extend(self, items)

    def remove(self, item):
        COUNT[0] += 1
        list.remove(self, item)

    def pop(self, index=-1):
        COUNT[0] += 1
        return list.pop(self, index)

    def clear(self):
        COUNT[0] += 1
        list.clear(self)

    def sort(self, *args, **kw):
        COUNT[0] += 1
        list.sort(self, *args, **kw)

    def reverse(self):
        COUNT[0] += 1
        list.reverse(self)

    def __setitem__(self, index, value):
        COUNT[0] += 1
        list.__setitem__(self, index, value)

    def __delitem__(self, index):
        COUNT[0] += 1
        list.__delitem__(self, index)

    def __iadd__(self, items):
        COUNT[0] += 1
        return list.__iadd__(self, items)

    def __imul__(self, n):
        COUNT[0] += 1
        return list.__imul__(self, n)


class TrackedZones(dict):
    """A player's zones by name: a list put in a zone becomes tracked, and counts, but in the
    zones :attr:`QUIET` names (none here; a subclass names them): zones whose cards give nothing
    the engine keeps, so a change there is no change to what it keeps. A tracked list put in one
    stays tracked (it is the caller's list, and counting too often is never wrong)."""

    __slots__ = ()

    QUIET: frozenset = frozenset()

    def __init__(self, zones=()):
        quiet = self.QUIET
        super().__init__((name, cards if name in quiet else tracked(cards)) for name, cards in dict(zones).items())

    @classmethod
    def empty(cls, names) -> "TrackedZones":
        """Zones ``names``, each an empty list, tracked but in the quiet zones (every player of
        every replay starts so)."""
        zones = cls.__new__(cls)
        quiet = cls.QUIET
        for name in names:
            dict.__setitem__(zones, name, [] if name in quiet else TrackedList())
        return zones

    def __setitem__(self, name, cards):
        COUNT[0] += 1
        dict.__setitem__(self, name, cards if name in self.QUIET else tracked(cards))


def tracked(value):
    """``value`` as a tracked list when it is a list; anything else as it is."""
    if isinstance(value, list) and not isinstance(value, TrackedList):
        return TrackedList(value)
    return value


def watching(
    watched: frozenset,
    zones: type = TrackedZones,
    derive=None,
    derived_from: frozenset = frozenset(),
    counted_if: dict | None = None,
):
    """A ``__setattr__`` that counts an assignment to a field in ``watched`` as a change (a list
    stored there becomes tracked; a dict of zones, ``zones``), unless it changes nothing: the value
    the field holds already (the same object, or an equal string), or a list of the very items its
    tracked list holds, in order (a filter that kept every lasting effect: the field keeps its
    list). One function, no call within for the fields not watched: every later assignment to any
    field goes through it (a new object's fields do not: :func:`quiet_init`). Assignments of what
    was there made a third of the rebuilds of the kept lists (a card played gets its controller
    again, a filter keeps every effect). ``derive(obj)`` is called after an assignment to a field
    of ``derived_from`` (watched fields): it stores what is worked out from them (a card's printed
    form, read far more often than it changes). ``counted_if`` maps a watched field to a test of the
    object: a new value of that field counts only when the test says it can change what is kept (the
    turn passing, while no lasting effect waits for a turn). A field the object holds already is stored
    straight into its ``__dict__`` (half the cost of ``object.__setattr__``, about 26 assignments a
    replay); any other name goes through ``object.__setattr__``, so assigning a property still fails."""
    set_field = object.__setattr__
    if not derived_from <= watched:
        raise ValueError(f"derived from fields not watched: {sorted(derived_from - watched)}")

    def __setattr__(self, name, value):
        fields = self.__dict__
        if name in watched:
            held = fields.get(name, _UNSET)
            if type(value) is list:
                if type(held) is TrackedList and len(held) == len(value) and all(map(is_, held, value)):
                    return
                value = TrackedList(value)
            elif type(value) is dict and name == "zones":
                value = zones(value)
            if held is not value and not (type(value) is str and held == value):  # a name read from a file
                if counted_if is None or name not in counted_if or counted_if[name](self):
                    COUNT[0] += 1
            if held is _UNSET:
                set_field(self, name, value)
            else:
                fields[name] = value
            if name in derived_from:
                derive(self)
            return
        if name in fields:
            fields[name] = value
        else:
            set_field(self, name, value)

    return __setattr__


#: a field not set yet
_UNSET = object()


def quiet_init(watched: frozenset):
    """A class decorator, after ``@dataclass``: an ``__init__`` with the same parameters (names,
    order, defaults) that stores the fields straight into the new object's ``__dict__``, not
    through the class's counting ``__setattr__``; a list given for a ``watched`` field with a
    default factory becomes tracked, and ``__post_init__`` still runs. Its source is generated from the fields, as
    :mod:`dataclasses` generates its own (a loop over the fields at every call cost 3.5x the
    instructions of the generated ``__init__``)."""

    def decorate(cls):
        params, lines = [], []
        scope = {"_factory": _FACTORY, "tracked": tracked}
        for f in fields(cls):
            if not f.init:
                continue
            if f.default is not MISSING:
                scope[f"_default_{f.name}"] = f.default
                params.append(f"{f.name}=_default_{f.name}")
                value = f.name
            elif f.default_factory is not MISSING:
                scope[f"_make_{f.name}"] = f.default_factory
                params.append(f"{f.name}=_factory")
                # a list given for a watched field becomes tracked (its factory makes a tracked one)
                given = f"tracked({f.name})" if f.name in watched else f.name
                value = f"_make_{f.name}() if {f.name} is _factory else {given}"
            else:
                params.append(f.name)
                value = f.name
            lines.append(f"    fields[{f.name!r}] = {value}")
        if hasattr(cls, "__post_init__"):
            lines.append("    self.__post_init__()")
        source = "def __init__(self, " + ", ".join(params) + "):\n    fields = self.__dict__\n" + "\n".join(lines)
        exec(source, scope)
        init = scope["__init__"]
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        cls.__init__ = init
        return cls

    return decorate


#: the default of a parameter whose field has a default factory
_FACTORY = object()


def check(what: str, kept: list, fresh: list) -> None:
    """Fail when a kept list differs from the one worked out afresh (a change not counted)."""
    if len(kept) != len(fresh) or any(a[1:] != b[1:] or a[0] is not b[0] and a[0] != b[0] for a, b in zip(kept, fresh)):
        raise EngineError(
            f"internal error: the kept {what} is stale (a change to the game state was not counted): "
            f"kept {[(type(a[0]).__name__, getattr(a[1], 'label', a[1])) for a in kept]}, "
            f"now {[(type(b[0]).__name__, getattr(b[1], 'label', b[1])) for b in fresh]}"
        )
