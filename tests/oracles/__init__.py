"""Independent visibility oracles for the conformance tests, one module per game.

Each module ``tests/oracles/<game>.py`` holds one :class:`~oracles.base.VisibilityOracle`
subclass for the game of the same name: what each seat legitimately sees, rebuilt from the
deals and the actions alone (never from the game's observation code), where every card
lies, and the option sets and physical zones the conformance tests cover.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .base import (
    CARD_TEXT,
    Location,
    VisibilityOracle,
    cards_in_text,
    cards_in_value,
    peeks_in_value,
)

__all__ = [
    "CARD_TEXT",
    "ORACLES",
    "Location",
    "VisibilityOracle",
    "cards_in_text",
    "cards_in_value",
    "oracle_class",
    "oracle_for",
    "peeks_in_value",
]


def _collect() -> dict[str, type[VisibilityOracle]]:
    found: dict[str, type[VisibilityOracle]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, VisibilityOracle)
                and value is not VisibilityOracle
                and value.__module__ == module.__name__
            ):
                found[info.name] = value
    return found


#: Oracle class by game name (the module's name).
ORACLES: dict[str, type[VisibilityOracle]] = _collect()


def oracle_class(name: str) -> type[VisibilityOracle]:
    """The oracle class for a game name; fails clearly for a game without one."""
    cls = ORACLES.get(name)
    if cls is None:
        raise AssertionError(
            f"no visibility oracle for {name!r}: add tests/oracles/{name}.py "
            "(what each seat sees, from the deal and the actions)"
        )
    return cls


def oracle_for(game: Any) -> VisibilityOracle:
    """A fresh oracle for a :class:`~cardlab.Game`; ``oracle.options`` holds the game's
    options, for a variant that shows more (a pile laid face up)."""
    oracle = oracle_class(game.spec.name)(game.players, tuple(game.deck.cards))
    oracle.options = game.options
    return oracle
