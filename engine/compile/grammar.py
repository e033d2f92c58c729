"""The templates of ``templates/*.toml`` as patterns, and the refusal a sentence no template reads.

A pattern is literal words and typed slots: ``"deal {n} damage to {target}"``. Matching tries every
way the slots can split the sentence ("{clause} and {clause2}" tries each "and"), so a template
does not depend on which "and" or "," comes first; each way is kept only if every slot reads as its
type (a number, a noun phrase, a condition, a clause, ...), which is what the caller checks. Slot
types come from the slot's name without its trailing digits (``target2`` is a ``target``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: the grammar as data: one folder of TOML files, each holding whole sections
TEMPLATES_DIR = Path(__file__).with_name("templates")

_SLOT = re.compile(r"\{([a-z_]+\d*)\}")
#: slot types matched by shape alone (the others are read by the compiler)
#: ("quoted": the words of a quotation, up to its closing double quote, read by the template's field;
#: "title": a card's title, checked by the template's constructor)
_SHAPES = {
    "n": re.compile(r"\d+|x"),
    "how": re.compile(r"reap|fight|use"),
    "word": re.compile(r"[a-z][a-z'-]*"),
    "quoted": re.compile(r'[^"]+'),
    # a card's title as the text names it ("com. officer kirby"), up to a comma or the end
    "title": re.compile(r"[a-z0-9][a-z0-9 .'-]*[a-z0-9]"),
}


class Refusal(Exception):
    """A part of a card text no template reads: ``kind`` (sentence, target, condition, trigger,
    ...) and the ``text`` of that part, with an optional detail (the word not understood)."""

    def __init__(self, kind: str, text: str, detail: str = "", within: str = ""):
        self.kind, self.text, self.detail, self.within = kind, text.strip(), detail, within
        super().__init__(self.message)

    @property
    def message(self) -> str:
        what = {
            "sentence": "no template for the sentence",
            "target": "no target phrase for",
            "condition": "no condition template for",
            "static": "no template for the constant ability",
            "reaction": "no template for the reaction",
            "trigger": "no ability for the label",
        }.get(self.kind, f"no {self.kind} template for")
        return (
            f'{what} "{self.text}"'
            + (f" ({self.detail} is not in the vocabulary)" if self.detail else "")
            + (f' in "{self.within}"' if self.within and self.within != self.text else "")
        )


def slot_type(slot: str) -> str:
    return slot.rstrip("0123456789")


@dataclass(frozen=True)
class Pattern:
    source: str
    #: literal text and slot names, alternately: ["deal ", "n", " damage to ", "target", ""]
    parts: tuple[str, ...]

    @classmethod
    def parse(cls, source: str) -> "Pattern":
        return cls(source, tuple(_SLOT.split(source)))

    @property
    def slots(self) -> tuple[str, ...]:
        return self.parts[1::2]

    def matches(self, text: str) -> Iterator[dict[str, str]]:
        """Every assignment of the text to the slots that the literals allow, leftmost first."""
        yield from self._match(0, text, 0, {})

    def _match(self, i: int, text: str, pos: int, got: dict) -> Iterator[dict[str, str]]:
        literal = self.parts[i]
        if not text.startswith(literal, pos):
            return
        pos += len(literal)
        if i + 1 == len(self.parts):
            if pos == len(text):
                yield dict(got)
            return
        slot, after = self.parts[i + 1], self.parts[i + 2]
        shape = _SHAPES.get(slot_type(slot))
        if shape is not None:
            m = shape.match(text, pos)
            if m:
                got[slot] = m.group()
                yield from self._match(i + 2, text, m.end(), got)
            return
        end = len(text) if after == "" and i + 3 == len(self.parts) else None
        if end is not None:
            if end > pos:
                got[slot] = text[pos:end]
                yield dict(got)
            return
        start = pos + 1
        while True:
            j = text.find(after, start) if after else -1
            if j < 0:
                return
            got[slot] = text[pos:j]
            yield from self._match(i + 2, text, j, got)
            start = j + 1


@dataclass(frozen=True)
class Template:
    """One template: a pattern and what it builds (``build`` with ``args``, or several
    ``effects``), plus the fields a section of the file gives it (``event``, ``when``, ``field``)."""

    section: str
    pattern: Pattern
    build: str = ""
    args: dict = field(default_factory=dict)
    effects: tuple = ()
    extra: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.pattern.source


def template_files() -> list[Path]:
    """The templates files in the order ``templates/ORDER`` gives (the order templates are tried
    in), every .toml file there listed once."""
    order = TEMPLATES_DIR / "ORDER"
    names = [line.strip() for line in order.read_text(encoding="utf-8").splitlines()]
    names = [n for n in names if n and not n.startswith("#")]
    present = sorted(p.name for p in TEMPLATES_DIR.glob("*.toml"))
    if sorted(names) != present:
        raise ValueError(f"{order}: lists {sorted(names)}, the folder holds {present}")
    return [TEMPLATES_DIR / n for n in names]


def _load() -> tuple[dict[str, list[Template]], dict]:
    data: dict = {}
    for path in template_files():
        for key, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if key in data and not (isinstance(value, list) and isinstance(data[key], list)):
                raise ValueError(f"{path.name}: section [{key}] is also in another templates file")
            # a list of templates may continue in a later file (files are read in the order of
            # templates/ORDER: combinators.toml's clauses after clauses.toml's)
            data[key] = data[key] + value if key in data else value
    out: dict[str, list[Template]] = {}
    for section in ("reference", "clause", "sentence", "condition", "static", "reaction", "count"):
        rows = []
        for row in data.get(section, []):
            extra = {k: v for k, v in row.items() if k not in ("pattern", "build", "args", "effects")}
            for source in [row["pattern"]] if isinstance(row["pattern"], str) else row["pattern"]:
                rows.append(
                    Template(
                        section,
                        Pattern.parse(source),
                        row.get("build", ""),
                        row.get("args", {}),
                        tuple(row.get("effects", ())),
                        extra,
                    )
                )
        out[section] = rows
    vocab = data["vocabulary"]
    vocab["houses"] = dict(vocab["houses"])
    vocab["traits"] = frozenset(vocab["traits"])
    vocab["keywords"] = frozenset(vocab["keywords"])
    vocab["continues"] = tuple(data["lexer"]["continues"])
    vocab["abbreviations"] = frozenset(data.get("abbreviations", {}).get("words", ()))
    return out, vocab


TEMPLATES, VOCAB = _load()


def template_count() -> int:
    return sum(len(rows) for rows in TEMPLATES.values())
