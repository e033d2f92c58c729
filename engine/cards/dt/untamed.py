"""Dark Tidings (DT): Untamed cards."""

from __future__ import annotations

from engine.library import Choose, Enrage, RaiseTide
from engine.cards import card

card("Cross Porpoises", play=[RaiseTide(), Choose("creature", "enemy", count=2), Enrage("it")])
