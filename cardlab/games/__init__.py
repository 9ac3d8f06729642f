"""The bundled games.

``GAMES`` is the one list every test, benchmark and doc check iterates.  Calling the
package, ``cardlab.games()``, gives the table of games as a DataFrame.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

from ..core.registry import register
from . import bourbon, foresight, frozen_novelty, gin_rummy, heartburn, hearts

if TYPE_CHECKING:
    import pandas as pd

GAMES = (
    hearts.GAME,
    gin_rummy.GAME,
    foresight.GAME,
    heartburn.GAME,
    bourbon.GAME,
    frozen_novelty.GAME,
)
for _spec in GAMES:
    register(_spec)


def table() -> pd.DataFrame:
    """One row per game: name, title, family, players, deck, options, summary."""
    import pandas as pd

    rows = []
    for spec in GAMES:
        opts = [r["option"] for r in spec.options_class.describe()]
        rows.append(
            {
                "name": spec.name,
                "title": spec.title,
                "family": spec.family,
                "players": _players(spec.players),
                "deck": spec.deck,
                "options": ", ".join(opts),
                "bots": ", ".join(["random", *spec.bots]),
                "summary": spec.summary,
            }
        )
    return pd.DataFrame(rows)


def _players(counts: tuple[int, ...]) -> str:
    lo, hi = min(counts), max(counts)
    return str(lo) if lo == hi else f"{lo}–{hi}"


class _CallablePackage(types.ModuleType):
    def __call__(self) -> pd.DataFrame:
        return table()


sys.modules[__name__].__class__ = _CallablePackage
games = sys.modules[__name__]
