"""The registry of games by name.

Games register themselves (``GAME = register(GameSpec(...))`` at the end of their
module); the core never imports them.  :func:`register` also writes the game's options
table into its docstring where the docstring has an ``{options}`` line: the docstring of
the module of its state class, or of that module's package (a game written as a package
tells its rules in the package's docstring).
"""

from __future__ import annotations

import sys
from typing import Any

from .errors import OptionError
from .quoting import quote
from .spec import Game, GameSpec

_SPECS: dict[str, GameSpec] = {}
OPTIONS_MARK = "{options}"


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` loadable by name; fill its docstring's options table."""
    _SPECS[spec.name] = spec
    name = spec.state_class.__module__
    for home in (name, name.rpartition(".")[0]):
        module = sys.modules.get(home)
        doc = getattr(module, "__doc__", None)
        if module is not None and doc and OPTIONS_MARK in doc:
            module.__doc__ = doc.replace(OPTIONS_MARK, options_rst(spec))
    return spec


def options_rst(spec: GameSpec) -> str:
    """The game's options as an indented reStructuredText-style list for docstrings."""
    lines = []
    for r in spec.options_class.describe():
        allowed = r["allowed"]
        allowed_text = (
            " | ".join(repr(a) for a in allowed) if allowed is not None else str(r["range"])
        )
        lines.append(f"{r['option']} = {r['default']!r}  ({allowed_text})")
        lines.append(f"    {r['help']}")
    return "\n".join(lines)


def specs() -> dict[str, GameSpec]:
    """Every registered game, by name."""
    return dict(_SPECS)


def get_spec(name: str) -> GameSpec:
    if not isinstance(name, str):
        raise OptionError(f"a game is named by a string, not {quote(name)}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _SPECS:
        known = ", ".join(sorted(_SPECS)) or "none registered"
        raise OptionError(f"unknown game {quote(name)}; known games: {known}")
    return _SPECS[key]


def load(name: str | Game, players: int | None = None, **options: Any) -> Game:
    """A game by name with options: ``load("hearts", omnibus=True)``.

    Parameters
    ----------
    name
        A registered game's name (``cardlab.games()`` lists them), or a ``Game``, which
        is returned as it is or with the given options changed
    players
        Number of players (default: the game's usual count); refused when the game is
        not played by that many
    **options
        The game's options by name (its ``Options`` fields, shown on its page)

    Returns
    -------
    Game
        The rules with validated options, ready for ``Match`` or ``new_state()``.

    Raises
    ------
    OptionError
        For an unknown game, an unknown option or a value out of its range; the message
        names what is allowed.
    """
    if isinstance(name, Game):
        if players is None and not options:
            return name
        return name.with_options(**({"players": players} if players else {}), **options)
    return Game(get_spec(name), players, options)
