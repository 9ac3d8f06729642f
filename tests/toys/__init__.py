"""Small games that exist only for the tests: each shows pieces of the engine at work.

A toy is a module here holding its ``GameSpec`` (registered, so ``load``, ``Match`` and
``Replay`` find it by name, but not in :data:`cardlab.games.GAMES`, so it stays out of
the public games list), its rules, a heuristic bot and ``sample_world`` for the search
bot.  Its visibility oracle (a :class:`~oracles.base.VisibilityOracle` subclass) lives in
the same module or in ``tests/oracles/<toy name>.py``.  :data:`TOYS` lists them: the
conformance suite and the search tests run over ``GAMES + TOYS``, so a new toy is
covered by adding it here.

* :mod:`toys.partners`: two sides of two (or two seats alone), a seat's and a side's
  score lines, a pile owned by a side;
* :mod:`toys.stalemate`: a race that may end with no winner, a utility that is winning
  rather than points, and an action that ends the game at once (held back in random
  play);
* :mod:`toys.claims`: one secret decision among 401 lazily listed claims, for the
  search bot's progressive widening and secrets that are not card faces;
* :mod:`toys.snake`: runs laid on tracks as staged choices;
* :mod:`toys.standoff`: simultaneous signals aimed at other seats, and accusations;
* :mod:`toys.vault`: a poll after every flip, in a game with no hands;
* :mod:`toys.coin`: a game of pure luck (no seat or player has an edge), and
  :mod:`toys.sure_thing`: a game of pure skill (the better player always wins), the
  variant lab's known answers.
"""

from __future__ import annotations

import sys

from oracles import VisibilityOracle, oracle_in

from cardlab.core.spec import GameSpec

from . import claims, coin, partners, snake, stalemate, standoff, sure_thing, vault

TOYS: list[GameSpec] = [
    snake.GAME,
    standoff.GAME,
    vault.GAME,
    partners.GAME,
    stalemate.GAME,
    claims.GAME,
    coin.GAME,
    sure_thing.GAME,
]


def _oracles() -> dict[str, type[VisibilityOracle]]:
    found = {}
    for spec in TOYS:
        cls = oracle_in(sys.modules[spec.state_class.__module__])
        if cls is not None:
            found[spec.name] = cls
    return found


#: The oracle classes kept in the toys' own modules, by game name (``oracles.oracle_class``
#: looks here after ``tests/oracles/``).
TOY_ORACLES: dict[str, type[VisibilityOracle]] = _oracles()

__all__ = ["TOYS", "TOY_ORACLES"]
