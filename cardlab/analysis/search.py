"""What the search bot thinks of each move: its value estimates, as a table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.match import Match
from ..core.search import SearchAgent
from ..core.state import State

if TYPE_CHECKING:
    import pandas as pd


def move_values(
    match_or_state: Match | State,
    seat: int | None = None,
    *,
    iterations: int = 400,
    seed: int | str = 0,
    rollout: str = "heuristic",
) -> pd.DataFrame:
    """The search bot's estimate of every legal move of ``seat`` (default: the seat to move).

    The search sees only ``seat``'s observation.  One row per move, most searched first:
    ``move``, ``visits``, ``share`` (of the search), ``value`` (the expected change of
    the seat's ``utility`` over the rest of the hand: by
    default points, its side's in a partnership game, against the others' average;
    higher is better in every game) and ``best`` (the move the bot would play).  In a
    position with many legal moves only the moves the search widened to are listed.
    """
    from ..core.optional import pandas as pd

    state = match_or_state.state if isinstance(match_or_state, Match) else match_or_state
    if seat is None:
        if len(state.to_move) != 1:
            raise ValueError("name the seat: several seats (or none) are to move")
        seat = state.to_move[0]
    bot = SearchAgent(seat, seed, iterations=iterations, rollout=rollout, game=state.game)
    values = bot.search(state.observation(seat))
    return pd.DataFrame(
        {
            "move": [str(v.action) for v in values],
            "visits": [v.visits for v in values],
            "share": [v.share for v in values],
            "value": [v.value for v in values],
            "best": [i == 0 for i in range(len(values))],
        }
    )


__all__ = ["move_values"]
