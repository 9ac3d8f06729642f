"""Toy games for the tests: each small game exercises core pieces the real games need.

A toy is a module here holding its ``GameSpec`` (registered, so ``load``, ``Match`` and
``Replay`` find it by name, but not in :data:`cardlab.games.GAMES`, so it stays out of
the public games list), its rules, a heuristic bot, ``sample_world`` for the search bot
and its visibility oracle (a :class:`~oracles.base.VisibilityOracle` subclass in the same
module).  :data:`TOYS` lists them: the conformance suite and the search tests run over
``GAMES + TOYS``, so a new toy is covered by adding it here.

* :mod:`toys.partners`: two sides of two (or two seats alone), a seat's and a side's
  score lines, a pile owned by a side;
* :mod:`toys.stalemate`: a race that may end with no winner, a utility that is winning
  rather than points, and an action that ends the game at once (held back in random
  play);
* :mod:`toys.claims`: one decision among 401 lazily listed claims, for the search bot's
  progressive widening.
"""

from __future__ import annotations

import sys

from oracles import VisibilityOracle, oracle_in

from cardlab.core.spec import GameSpec

from . import claims, partners, stalemate

TOYS: tuple[GameSpec, ...] = (partners.GAME, stalemate.GAME, claims.GAME)


def _oracles() -> dict[str, type[VisibilityOracle]]:
    found = {}
    for spec in TOYS:
        cls = oracle_in(sys.modules[spec.state_class.__module__])
        if cls is not None:
            found[spec.name] = cls
    return found


#: Each toy's oracle class, by game name (``oracles.oracle_class`` looks here too).
TOY_ORACLES: dict[str, type[VisibilityOracle]] = _oracles()
