"""The constructor of the template "<effect> for each <X>, to a maximum of N (amber)" (and "(to a
maximum of N)"), registered for the templates as those of :mod:`engine.compile.composites` are;
split from it by subject.

The maximum is of the total the effect makes ("Gain 1 for each ..., to a maximum of 4"): with an
effect of a fixed amount per repetition, at most N / amount repetitions. A maximum the amount does
not divide, or an effect with no amount, is refused rather than played as some other cap.
"""

from __future__ import annotations

from engine.core.registry import template
from engine.library import ForEach
from engine.compile.grammar import Refusal


@template("ForEachAtMost")
def _for_each_at_most(count, effects: list, most: int) -> ForEach:
    amounts = {getattr(e, "amount", None) for e in effects}
    amount = amounts.pop() if len(amounts) == 1 else None
    if not isinstance(amount, int) or amount <= 0 or most % amount:
        raise Refusal(
            "sentence", f"for each ..., to a maximum of {most}", "a maximum of another unit than the effect's"
        )
    repetitions = most // amount

    def capped(ctx) -> int:
        return min(count(ctx), repetitions)

    return ForEach(capped, effects)
