"""The bundled games.

Each game module registers itself (``GAME = register(GameSpec(...))``).  ``GAMES`` is the
one list every test, benchmark and doc check iterates.  Calling the package,
``cardlab.games()``, gives the table of games as a DataFrame.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

from . import (
    all_fours,
    black_snake,
    bouncers,
    bourbon,
    break_in,
    canasta,
    canfield,
    court,
    foresight,
    frozen_novelty,
    gin_rummy,
    golf,
    hatchet,
    heartburn,
    hearts,
    in_between,
    industry,
    jackhammer,
    newmarket,
    paparazzi,
    red_dog,
    three_five_seven,
    tod,
    tonk,
    turncoat,
    virus,
)

if TYPE_CHECKING:
    import pandas as pd

    from ..core.spec import GameSpec

GAMES: tuple[GameSpec, ...] = (
    hearts.GAME,
    gin_rummy.GAME,
    foresight.GAME,
    heartburn.GAME,
    bourbon.GAME,
    frozen_novelty.GAME,
    all_fours.GAME,
    bouncers.GAME,
    golf.GAME,
    canfield.GAME,
    in_between.GAME,
    red_dog.GAME,
    three_five_seven.GAME,
    newmarket.GAME,
    canasta.GAME,
    tonk.GAME,
    industry.GAME,
    court.GAME,
    break_in.GAME,
    virus.GAME,
    turncoat.GAME,
    jackhammer.GAME,
    paparazzi.GAME,
    black_snake.GAME,
    hatchet.GAME,
    tod.GAME,
)


def table() -> pd.DataFrame:
    """One row per game: name, title, family, players, deck, options, bots, summary."""
    from ..core.optional import pandas as pd

    rows = []
    for spec in GAMES:
        opts = [r["option"] for r in spec.options_class.describe()]
        rows.append(
            {
                "name": spec.name,
                "title": spec.title,
                "family": spec.family,
                "players": spec.player_text,
                "deck": spec.deck,
                "options": ", ".join(opts),
                "bots": ", ".join(["random", *spec.bots]),
                "summary": spec.summary,
            }
        )
    return pd.DataFrame(rows)


def markdown_table(link: str = "") -> str:
    """The games as a Markdown table; titles link to ``link.format(name=...)`` when given."""
    rows = [
        "| game | players | family | options | in short |",
        "| --- | --- | --- | --- | --- |",
    ]
    for spec in GAMES:
        title = f"[{spec.title}]({link.format(name=spec.name)})" if link else spec.title
        own = [
            f"`{r['option']}`"
            for r in spec.options_class.describe()
            if r["option"] not in ("hands", "first_dealer")
        ]
        summary = spec.summary.replace("|", "\\|")
        rows.append(
            f"| {title} | {spec.player_text} | {spec.family} | {', '.join(own)} | {summary} |"
        )
    return "\n".join(rows)


class _CallablePackage(types.ModuleType):
    def __call__(self) -> pd.DataFrame:
        return table()


sys.modules[__name__].__class__ = _CallablePackage
games = sys.modules[__name__]
