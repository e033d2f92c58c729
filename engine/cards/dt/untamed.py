"""Dark Tidings (DT): Untamed cards."""

from __future__ import annotations

from ...effects_status import Enrage, RaiseTide
from ...targets import Choose
from .. import card

card("Cross Porpoises", play=[RaiseTide(), Choose("creature", "enemy", count=2), Enrage("it")])
