"""Validated game options.

Each game declares a frozen dataclass of options.  Fields carry their allowed values in
``metadata``: ``choices`` (a tuple), ``min``/``max`` (numbers) and ``help``.  Building the
options validates every field and raises :class:`OptionError` naming what is allowed.
Every number has a ``max`` as well as a ``min``: a count or a target far beyond any real
game makes a game that never ends, and a stake beyond any real one makes numbers no
display (or ``len``) can hold.  Floats must be finite.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from .errors import OptionError
from .quoting import quote


def option(
    default: Any,
    help: str,
    *,
    choices: tuple[Any, ...] | None = None,
    min: float | None = None,
    max: float | None = None,
) -> Any:
    """A dataclass field with its description and allowed values."""
    meta: dict[str, Any] = {"help": help}
    if choices is not None:
        meta["choices"] = choices
    if min is not None:
        meta["min"] = min
    if max is not None:
        meta["max"] = max
    return field(default=default, metadata=meta)


def _accepts(tp: Any, value: Any) -> bool:
    if tp is Any:
        return True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(t, value) for t in typing.get_args(tp))
    if tp is type(None):
        return value is None
    if tp is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin is not None:
        return isinstance(value, origin)
    return isinstance(value, tp)


@dataclass(frozen=True)
class Options:
    """Options every game has.  Subclasses add their own fields."""

    hands: int | None = option(
        None, "stop after this many hands (None: play until the game's target)", min=1, max=10_000
    )
    deck: str = option("standard", "which deck's cards and backs to use")

    allowed_decks: ClassVar[tuple[str, ...]] = ("standard",)
    #: The option that caps the game's length when its target stays out of reach (at the
    #: cap the leader by the game's own measure wins), or "" for a game of one deal.
    cap: ClassVar[str] = ""

    def __post_init__(self) -> None:
        hints = typing.get_type_hints(type(self))
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            meta = f.metadata
            tp = hints[f.name]
            shown = f"option {f.name}={quote(value)}"
            choices = self.allowed_decks if f.name == "deck" else meta.get("choices")
            if not _accepts(tp, value):
                if choices is not None:
                    allowed = "one of " + ", ".join(repr(c) for c in choices)
                elif "min" in meta or "max" in meta:
                    allowed = f"{_type_name(tp)} {_range_words(meta)}"
                else:
                    allowed = _type_name(tp)
                about = meta.get("help", "")
                about = about if len(about) <= 100 else about[:100].rsplit(" ", 1)[0] + " …"
                raise OptionError(
                    f"{shown} has the wrong type: expected {allowed}"
                    + (f" ({about})" if about else "")
                )
            checked = _deck_kind(value) if f.name == "deck" and isinstance(value, str) else value
            if choices is not None and checked not in choices:
                raise OptionError(
                    f"{shown} is not allowed; choose one of " + ", ".join(repr(c) for c in choices)
                )
            if isinstance(value, float) and not math.isfinite(value):
                raise OptionError(f"{shown} must be a finite number: {_range_words(meta)}")
            if value is not None and not isinstance(value, str | bool):
                lo, hi = meta.get("min"), meta.get("max")
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    raise OptionError(f"{shown} must be {_range_words(meta)}")
        self.check()

    def check(self) -> None:
        """Cross-field checks; subclasses override and raise :class:`OptionError`."""

    @classmethod
    def build(cls, values: Mapping[str, Any] | None = None) -> Self:
        """Options from a mapping, refusing unknown names."""
        if values is not None and not isinstance(values, Mapping):
            raise OptionError(f"options are given as names and values, not {quote(values)}")
        values = dict(values or {})
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(
            k if isinstance(k, str) and k.isidentifier() and len(k) <= 40 else quote(k)
            for k in values
            if k not in known
        )
        if unknown:
            raise OptionError(
                f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                f"this game's options are: {', '.join(sorted(known))}"
            )
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        defaults = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(defaults, k) != v}

    @classmethod
    def markdown(cls) -> str:
        """The options as a Markdown table (option, default, allowed values, meaning)."""
        rows = ["| option | default | allowed | meaning |", "| --- | --- | --- | --- |"]
        for r in cls.describe():
            choices = r["allowed"]
            allowed = r["range"] if choices is None else ", ".join(f"`{a!r}`" for a in choices)
            meaning = str(r["help"]).replace("|", "\\|")
            rows.append(f"| `{r['option']}` | `{r['default']!r}` | {allowed} | {meaning} |")
        return "\n".join(rows)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """One row per option: name, default, allowed values, help."""
        rows = []
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            allowed = cls.allowed_decks if f.name == "deck" else f.metadata.get("choices")
            rows.append(
                {
                    "option": f.name,
                    "default": f.default,
                    "allowed": allowed,
                    "range": _range_text(
                        f.metadata.get("min"), f.metadata.get("max"), hints[f.name]
                    ),
                    "help": f.metadata.get("help", ""),
                }
            )
        return rows


@dataclass(frozen=True)
class DealerOptions(Options):
    """Options of games with a dealer: who deals first."""

    first_dealer: int = option(0, "seat that deals the first hand", min=0)


@dataclass(frozen=True)
class SolitaireOptions(Options):
    """Options of solitaires that have a solver: play only deals that can be won."""

    winnable: bool = option(
        False,
        "deal only deals the solver proves can be won: deals are drawn in turn from the "
        "seeded stream until one is",
    )


def _range_words(meta: Mapping[str, Any]) -> str:
    """``"between 1 and 100"``, ``"at least 1"``, ``"at most 9"``: an option's range."""
    lo, hi = meta.get("min"), meta.get("max")
    if lo is not None and hi is not None:
        return f"between {lo:,} and {hi:,}"
    if lo is not None:
        return f"at least {lo:,}"
    return f"at most {hi:,}" if hi is not None else "a number"


def _range_text(lo: Any, hi: Any, tp: Any) -> str:
    kind = _type_name(tp)
    if lo is not None and hi is not None:
        return f"{kind} {lo}–{hi}"
    if lo is not None:
        return f"{kind} ≥ {lo}"
    if hi is not None:
        return f"{kind} ≤ {hi}"
    return kind


def _deck_kind(name: str) -> str:
    """The built-in deck a registered deck stands in for (its own name if none)."""
    from .cards import DECKS

    deck = DECKS.get(name)
    return deck.kind if deck is not None else name


def _type_name(tp: Any) -> str:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return " or ".join(_type_name(t) for t in typing.get_args(tp))
    return "None" if tp is type(None) else getattr(tp, "__name__", str(tp))
