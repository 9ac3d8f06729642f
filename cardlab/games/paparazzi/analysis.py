"""What a seat can still hope for: each celebrity's majority, read from one observation.

Everything here uses only what the seat sees: the layout and the cards laid are public,
and every seat's cards still to come are known as a set (its suit, less what it has
laid), though not which of them are in its hand.

* :func:`position_from`: the celebrities, the spaces and each seat's pips per celebrity;
* :func:`prospects`: for the seat in view, each celebrity *secured* (no rival can reach
  its pips even filling every free space beside it with its best cards), *lost* (even
  filling every free space itself, the seat cannot pass the best rival), or *open*, with
  the lead now and the best lead the seat could still reach;
* :func:`secured_counts`: how many celebrities each seat has secured (shown at the
  table);
* :func:`prospects_table`: the same as a DataFrame, for notebooks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import CARDS
from ...core.observation import Observation
from .rules import (
    AROUND,
    CELEB_CELLS,
    CELEB_NAMES,
    CELEB_POINTS,
    CELEBS,
    GRID,
    NEXT_TO,
    PIPS,
    SEAT_SUITS,
    SPACE_CELLS,
    SPACES,
    SUIT,
    personal_deck,
)

if TYPE_CHECKING:
    import pandas as pd

_SPACE_AT = {GRID.cells[cell]: k for k, cell in enumerate(SPACE_CELLS)}
_CELEB_AT = {GRID.cells[cell]: k for k, cell in enumerate(CELEB_CELLS)}
_SEAT_OF_SUIT = {suit: s for s, suit in enumerate(SEAT_SUITS)}


@dataclass(frozen=True)
class Position:
    """The public position: ``celebs[k]`` the card index at celebrity position ``k``,
    ``spaces[i]`` the card in space ``i`` (-1: free), ``pips[s][k]`` seat ``s``'s pips
    beside celebrity ``k``, ``left[s]`` the cards seat ``s`` has still to lay."""

    players: int
    celebs: tuple[int, ...]
    spaces: tuple[int, ...]
    pips: tuple[tuple[int, ...], ...]
    left: tuple[tuple[int, ...], ...]


def position_from(obs: Observation) -> Position:
    """The public position of ``obs`` (whoever views it)."""
    n = obs.players
    celebs = [-1] * CELEBS
    spaces = [-1] * SPACES
    pips = [[0] * CELEBS for _ in range(n)]
    board = next(z for z in obs.zones if z.name == "board")
    laid: set[int] = set()
    for card, place in zip(board.faces, board.at, strict=True):
        rc = (place.row, place.col)
        if rc in _CELEB_AT:
            celebs[_CELEB_AT[rc]] = card.index
            continue
        sp = _SPACE_AT[rc]
        spaces[sp] = card.index
        laid.add(card.index)
        seat = _SEAT_OF_SUIT[SUIT[card.index]]
        for k in NEXT_TO[sp]:
            pips[seat][k] += PIPS[card.index]
    left = tuple(
        tuple(c.index for c in personal_deck(s, n) if c.index not in laid) for s in range(n)
    )
    return Position(n, tuple(celebs), tuple(spaces), tuple(map(tuple, pips)), left)


def best_addition(cards: tuple[int, ...], room: int) -> int:
    """The most pips ``room`` free spaces can add from ``cards`` (its highest cards)."""
    return sum(sorted((PIPS[c] for c in cards), reverse=True)[:room])


def best_additions(p: Position) -> list[list[int]]:
    """For each seat, the most pips ``r`` of its cards left can add, for every ``r``."""
    out = []
    for cards in p.left:
        run = [0]
        for pips in sorted((PIPS[c] for c in cards), reverse=True):
            run.append(run[-1] + pips)
        out.append(run)
    return out


def _free(p: Position) -> list[int]:
    return [sum(1 for sp in AROUND[k] if p.spaces[sp] < 0) for k in range(CELEBS)]


def secured_counts(p: Position) -> list[int]:
    """How many celebrities each seat has secured: no rival could pass or level its
    pips even filling every free space beside them with its best cards left."""
    tops = best_additions(p)
    free = _free(p)
    n = p.players
    out = [0] * n
    for k in range(CELEBS):
        f = free[k]
        reach = [p.pips[s][k] + tops[s][min(f, len(tops[s]) - 1)] for s in range(n)]
        for me in range(n):
            mine = p.pips[me][k]
            if mine and all(mine > reach[s] for s in range(n) if s != me):
                out[me] += 1
    return out


@dataclass(frozen=True)
class Prospect:
    """One celebrity as the seat in view sees it.

    Attributes
    ----------
    position, celebrity, points
        Where it lies (``d2``), the card and what taking it scores
    mine, rival
        The seat's pips beside it and the best other seat's
    free
        Free spaces beside it
    best
        The most the seat could lead by in the end (every free space beside it filled
        with its best cards left, the rivals adding nothing); not above 0: lost
    worst
        The least it could lead by (the seat adding nothing, each rival filling every
        free space with its best cards); above 0: secured
    status
        ``"secured"``, ``"open"`` or ``"lost"``
    """

    position: str
    celebrity: str
    points: int
    mine: int
    rival: int
    free: int
    best: int
    worst: int
    status: str


def prospects(obs: Observation, seat: int | None = None) -> list[Prospect]:
    """For ``seat`` (default: the seat viewing ``obs``), every celebrity's prospect."""
    me = obs.seat if seat is None else seat
    if me is None:
        raise ValueError("prospects are for a seat: give seat= for a spectator's view")
    return prospects_of(position_from(obs), me)


def prospects_of(p: Position, me: int) -> list[Prospect]:
    """Every celebrity's prospect for seat ``me`` in the public position ``p``."""
    out = []
    tops = best_additions(p)
    frees = _free(p)
    rivals = [s for s in range(p.players) if s != me]
    for k in range(CELEBS):
        if p.celebs[k] < 0:
            continue
        free = frees[k]
        mine = p.pips[me][k]
        rival = max(p.pips[s][k] for s in rivals)
        best = mine + tops[me][min(free, len(tops[me]) - 1)] - rival
        worst = min(mine - p.pips[s][k] - tops[s][min(free, len(tops[s]) - 1)] for s in rivals)
        status = "secured" if worst > 0 else "lost" if best <= 0 else "open"
        card = CARDS[p.celebs[k]]
        out.append(
            Prospect(
                CELEB_NAMES[k],
                card.text,
                CELEB_POINTS[card.rank],
                mine,
                rival,
                free,
                best,
                worst,
                status,
            )
        )
    return out


def prospects_table(obs: Observation, seat: int | None = None) -> pd.DataFrame:
    """:func:`prospects` as a DataFrame, one row per celebrity."""
    from ...core.optional import pandas as pd

    rows = [vars(x) for x in prospects(obs, seat)]
    return pd.DataFrame(rows)
