"""Independent visibility oracles for the conformance tests, one module per game.

Each module ``tests/oracles/<game>.py`` holds one :class:`~oracles.base.VisibilityOracle`
subclass for the game of the same name: what each seat legitimately sees, rebuilt from the
deals and the actions alone (never from the game's observation code), where every card
lies, and the option sets and physical zones the conformance tests cover.  The toy games
of ``tests/toys/`` keep their oracles in their own modules; :func:`oracle_class` finds
those too.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .base import (
    CARD_TEXT,
    Location,
    Secret,
    VisibilityOracle,
    cards_in_text,
    cards_in_value,
    peeks_in_value,
    secrets_in,
    team_key,
    texts_in_value,
)

__all__ = [
    "CARD_TEXT",
    "ORACLES",
    "Location",
    "Secret",
    "VisibilityOracle",
    "cards_in_text",
    "cards_in_value",
    "oracle_class",
    "oracle_for",
    "oracle_in",
    "peeks_in_value",
    "secrets_in",
    "team_key",
    "texts_in_value",
]


def oracle_in(module: Any) -> type[VisibilityOracle] | None:
    """The oracle class defined in ``module`` (None if it defines none)."""
    for value in vars(module).values():
        if (
            isinstance(value, type)
            and issubclass(value, VisibilityOracle)
            and value is not VisibilityOracle
            and value.__module__ == module.__name__
        ):
            return value
    return None


def _collect() -> dict[str, type[VisibilityOracle]]:
    found: dict[str, type[VisibilityOracle]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        cls = oracle_in(module)
        if cls is not None:
            found[info.name] = cls
    return found


#: Oracle class by game name (the module's name).
ORACLES: dict[str, type[VisibilityOracle]] = _collect()


def oracle_class(name: str) -> type[VisibilityOracle]:
    """The oracle class for a game name (a toy's from its module); fails clearly for a
    game without one."""
    cls = ORACLES.get(name)
    if cls is None:
        from toys import TOY_ORACLES

        cls = TOY_ORACLES.get(name)
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
