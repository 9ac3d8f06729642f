"""The registry of games by name."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError
from .state import Game, GameSpec

_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _SPECS[spec.name] = spec
    return spec


def specs() -> dict[str, GameSpec]:
    """Every registered game, by name (importing the bundled games on first use)."""
    importlib.import_module("cardlab.games")
    return dict(_SPECS)


def get_spec(name: str) -> GameSpec:
    known = specs()
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in known:
        raise OptionError(f"unknown game {name!r}; known games: {', '.join(sorted(known))}")
    return known[key]


def load(name: str | Game, players: int | None = None, **options: Any) -> Game:
    """A game by name with options: ``load("hearts", omnibus=True)``."""
    if isinstance(name, Game):
        if players is None and not options:
            return name
        return name.with_options(**({"players": players} if players else {}), **options)
    return Game(get_spec(name), players, options)
