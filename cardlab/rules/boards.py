"""Cards laid out on a board: grids with holes and gaps, stacks on cells, free lattices.

Board games lay their cards on places rather than in hands and piles.  This module holds
what they share, so no game draws its own board:

* :class:`Grid`: the cells of a rectangular board, numbered 0 … n-1 in reading order,
  with gaps where no card may lie (Paparazzi's celebrities with spaces between them,
  :func:`spaced_grid`), each cell's name (``c4``), its orthogonal neighbours and the
  straight lines leaving it (a queen's moves, Jackhammer);
* :class:`Stacks`: one pile per cell whose top card matters (a track, a card with a pawn
  standing on it), shown on a :func:`track_row` of numbered places or any board;
* :func:`footprint` and :func:`extent`: a free lattice finer than a card, where a card
  covers ``span`` cells and may lie turned (Hatchet), and the board that holds every
  card laid so far;
* :func:`board_zone`: the observation's zone of kind ``"board"`` for any of these: the
  cards with their :class:`~cardlab.core.observation.Place` and the board's shape
  (:class:`~cardlab.core.observation.Board`), which the text render and the table draw.

Engines keep their own lean arrays (a cell index per pawn, a card index or -1 per cell);
these helpers are built once per board shape and shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ..core.cards import CARDS
from ..core.observation import Board, Entry, Place, Zone

Cell = tuple[int, int]

#: The eight directions of a queen's move, (row step, column step), clockwise from north.
QUEEN = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
#: The four orthogonal directions.
ORTHOGONAL = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Grid:
    """The cells of a rectangular board, with optional gaps.

    Parameters
    ----------
    rows, cols
        The board's size in cells
    cells
        The cells a card may occupy, as (row, col); by default every cell.  Leaving a
        cell out makes a gap: nothing lies there and no line passes it.
    empty
        What an empty cell is called for people (``"hole"``, ``"space"``)

    Attributes
    ----------
    cells
        The occupiable cells in reading order; a cell's index is its position here
    index
        (row, col) -> cell index
    names
        Each cell's name (``"a1"`` top left, columns by letter, rows from 1 downwards)
    """

    __slots__ = ("_lines", "_near", "board", "by_name", "cells", "cols", "index", "names", "rows")

    def __init__(
        self, rows: int, cols: int, cells: Iterable[Cell] | None = None, *, empty: str = ""
    ) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, not {rows}×{cols}")
        self.rows = rows
        self.cols = cols
        every = [(r, c) for r in range(rows) for c in range(cols)]
        if cells is None:
            chosen = every
        else:
            wanted = set(cells)
            outside = wanted - set(every)
            if outside:
                raise ValueError(f"cells {sorted(outside)} lie outside the {rows}×{cols} grid")
            chosen = [rc for rc in every if rc in wanted]
        self.cells: tuple[Cell, ...] = tuple(chosen)
        self.index: dict[Cell, int] = {rc: i for i, rc in enumerate(self.cells)}
        self.board = Board(rows, cols, cells=() if cells is None else self.cells, empty=empty)
        self.names: tuple[str, ...] = tuple(self.board.name(r, c) for r, c in self.cells)
        self.by_name: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self._lines: dict[tuple[Cell, ...], tuple[tuple[tuple[int, ...], ...], ...]] = {}
        self._near: dict[tuple[Cell, ...], tuple[tuple[int, ...], ...]] = {}

    def __len__(self) -> int:
        return len(self.cells)

    def name(self, cell: int) -> str:
        """A cell's name from its index: ``c4``."""
        return self.names[cell]

    def cell(self, name: str) -> int:
        """A cell's index from its name.

        Raises
        ------
        ValueError
            for a name that is no cell of this board, saying what names are
        """
        i = self.by_name.get(name)
        if i is None:
            raise ValueError(
                f"no cell {name!r}: cells are named by column letter and row number, "
                f"{self.names[0]} to {self.names[-1]}"
            )
        return i

    def lines(
        self, directions: Sequence[tuple[int, int]] = QUEEN
    ) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each cell, the cells along each direction in order of distance, each line
        stopping at the edge or at a gap (built once per set of directions)."""
        key = tuple(directions)
        got = self._lines.get(key)
        if got is None:
            out = []
            for r, c in self.cells:
                rays = []
                for dr, dc in key:
                    ray = []
                    rr, cc = r + dr, c + dc
                    while (rr, cc) in self.index:
                        ray.append(self.index[rr, cc])
                        rr, cc = rr + dr, cc + dc
                    if ray:
                        rays.append(tuple(ray))
                out.append(tuple(rays))
            got = self._lines[key] = tuple(out)
        return got

    def neighbours(
        self, directions: Sequence[tuple[int, int]] = ORTHOGONAL
    ) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells one step away in ``directions`` (orthogonal by default)."""
        key = tuple(directions)
        got = self._near.get(key)
        if got is None:
            got = self._near[key] = tuple(
                tuple(
                    self.index[r + dr, c + dc] for dr, dc in key if (r + dr, c + dc) in self.index
                )
                for r, c in self.cells
            )
        return got

    def zone(
        self,
        name: str,
        stacks: Sequence[Sequence[Entry]],
        tags: Sequence[Sequence[str]] | None = None,
        *,
        label: str = "",
    ) -> Zone:
        """The board as an observation zone: ``stacks[i]`` the cards on cell ``i``, bottom
        first (an empty one is a hole or a free space), ``tags[i]`` their notes."""
        cards: list[Entry] = []
        at: list[Place] = []
        notes: list[str] = []
        for i, stack in enumerate(stacks):
            r, c = self.cells[i]
            for k, entry in enumerate(stack):
                cards.append(entry)
                at.append(Place(r, c))
                notes.append(tags[i][k] if tags is not None and k < len(tags[i]) else "")
        return board_zone(name, self.board, cards, at, notes, label=label)


@cache
def grid(rows: int, cols: int, empty: str = "") -> Grid:
    """A full ``rows`` × ``cols`` grid (shared: one per shape)."""
    return Grid(rows, cols, empty=empty)


def spaced_grid(
    rows: int, cols: int, empty: str = "space"
) -> tuple[Grid, tuple[int, ...], tuple[int, ...]]:
    """Items in ``rows`` × ``cols`` with a space between every two orthogonal neighbours
    and a ring of spaces around them; corners and the cells between diagonal items are
    gaps.

    Returns
    -------
    tuple
        The grid ((2 rows + 1) × (2 cols + 1) cells), the cell indices of the items in
        reading order and those of the spaces
    """
    items = {(2 * r + 1, 2 * c + 1) for r in range(rows) for c in range(cols)}
    spaces = {(r + dr, c + dc) for r, c in items for dr, dc in ORTHOGONAL}
    g = Grid(2 * rows + 1, 2 * cols + 1, items | spaces, empty=empty)
    return (
        g,
        tuple(g.index[rc] for rc in g.cells if rc in items),
        tuple(g.index[rc] for rc in g.cells if rc in spaces),
    )


class Stacks:
    """One pile of cards per place, the last card on top (tracks, cells with a pawn).

    Cards are card indices; ``top(k)`` is -1 for an empty place.
    """

    __slots__ = ("piles",)

    def __init__(self, count: int) -> None:
        self.piles: list[list[int]] = [[] for _ in range(count)]

    def __len__(self) -> int:
        return len(self.piles)

    def top(self, k: int) -> int:
        pile = self.piles[k]
        return pile[-1] if pile else -1

    def put(self, k: int, cards: Iterable[int]) -> None:
        """Lay ``cards`` on place ``k`` in order (the last ends on top)."""
        self.piles[k].extend(cards)

    def take(self, k: int) -> int:
        """Take the top card of place ``k`` (raises IndexError when it is empty)."""
        return self.piles[k].pop()

    def buried(self) -> list[int]:
        """Every card under a top card, place by place, bottom first; they stay where
        they are until :meth:`clear_under`."""
        return [i for pile in self.piles for i in pile[:-1]]

    def clear_under(self) -> list[int]:
        """Take every card under the tops (to reshuffle them); the tops stay."""
        out = self.buried()
        self.piles = [pile[-1:] for pile in self.piles]
        return out

    def zone(self, name: str, board: Board, *, label: str = "") -> Zone:
        """The stacks as a board zone: place ``k``'s cards, bottom first, on the ``k``-th
        cell of ``board`` (see :func:`track_row`)."""
        cells = board.all_cells()
        cards: list[Entry] = []
        at: list[Place] = []
        for k, pile in enumerate(self.piles):
            r, c = cells[k]
            cards += [CARDS[i] for i in pile]
            at += [Place(r, c)] * len(pile)
        return board_zone(name, board, cards, at, label=label)

    def copy(self) -> Stacks:
        new = Stacks(0)
        new.piles = [list(p) for p in self.piles]
        return new


@cache
def track_row(count: int, empty: str = "") -> Board:
    """A row of ``count`` places side by side, named ``1`` … ``count`` (tracks): a move
    naming a place (``track 2``) is made at the table by clicking it."""
    return Board(1, count, labels=tuple(str(k + 1) for k in range(count)), empty=empty)


def footprint(place: Place, span: tuple[int, int]) -> frozenset[Cell]:
    """The lattice cells a card covers when its top-left corner lies at ``place``: ``span``
    (rows, cols) upright, the other way round when turned a quarter (odd ``turn``)."""
    h, w = span if place.turn % 2 == 0 else (span[1], span[0])
    return frozenset((place.row + r, place.col + c) for r in range(h) for c in range(w))


def extent(
    places: Iterable[Place], span: tuple[int, int], *, margin: int = 0, empty: str = ""
) -> Board:
    """The smallest board holding every card at ``places`` (plus ``margin`` cells all
    round, where the next card may go), on a lattice where a card covers ``span``."""
    cells = [rc for p in places for rc in footprint(p, span)]
    if not cells:
        h, w = span
        return Board(h + 2 * margin, w + 2 * margin, -margin, -margin, span, empty=empty)
    top = min(r for r, _ in cells) - margin
    left = min(c for _, c in cells) - margin
    bottom = max(r for r, _ in cells) + margin
    right = max(c for _, c in cells) + margin
    return Board(bottom - top + 1, right - left + 1, top, left, span, empty=empty)


def board_zone(
    name: str,
    board: Board,
    cards: Sequence[Entry],
    at: Sequence[Place],
    tags: Sequence[str] = (),
    *,
    owner: int | None = None,
    label: str = "",
) -> Zone:
    """A zone of kind ``"board"``: ``cards`` lying at ``at`` on ``board`` (cards on one
    cell in order, the last on top).

    Raises
    ------
    ValueError
        when the places do not match the cards one for one
    """
    if len(at) != len(cards):
        raise ValueError(f"{len(cards)} cards need {len(cards)} places, not {len(at)}")
    notes = tuple(tags) if any(tags) else ()
    return Zone(
        name, owner, tuple(cards), "board", label=label, tags=notes, at=tuple(at), board=board
    )


def stacks_on(zone: Zone) -> dict[tuple[int, int], list[tuple[Entry, str]]]:
    """A board zone's cards grouped by cell, bottom first, each with its tag."""
    out: dict[tuple[int, int], list[tuple[Entry, str]]] = {}
    tags = zone.tags or ("",) * len(zone.cards)
    for entry, place, tag in zip(zone.cards, zone.at, tags, strict=True):
        out.setdefault((place.row, place.col), []).append((entry, tag))
    return out
