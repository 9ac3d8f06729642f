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
from ..core.observation import Board, Entry, Place, Preview, Zone

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
    marks: Sequence[tuple[int, int, str]] = (),
    previews: Sequence[Preview] = (),
) -> Zone:
    """A zone of kind ``"board"``: ``cards`` lying at ``at`` on ``board`` (cards on one
    cell in order, the last on top), with the ``marks`` showing on a lattice's cells and
    the ``previews`` of the viewer's moves (see :class:`~cardlab.core.observation.Zone`).

    Raises
    ------
    ValueError
        when the places do not match the cards one for one
    """
    if len(at) != len(cards):
        raise ValueError(f"{len(cards)} cards need {len(cards)} places, not {len(at)}")
    notes = tuple(tags) if any(tags) else ()
    return Zone(
        name,
        owner,
        tuple(cards),
        "board",
        label=label,
        tags=notes,
        at=tuple(at),
        board=board,
        marks=tuple(marks),
        previews=tuple(previews),
    )


def stacks_on(zone: Zone) -> dict[tuple[int, int], list[tuple[Entry, str]]]:
    """A board zone's cards grouped by cell, bottom first, each with its tag."""
    out: dict[tuple[int, int], list[tuple[Entry, str]]] = {}
    tags = zone.tags or ("",) * len(zone.cards)
    for entry, place, tag in zip(zone.cards, zone.at, tags, strict=True):
        out.setdefault((place.row, place.col), []).append((entry, tag))
    return out


def turn_cell(cell: Cell, span: tuple[int, int], turn: int) -> Cell:
    """Where a cell of an upright card (``span`` rows × cols) lies once the card is turned
    ``turn`` quarter turns clockwise, counted from the turned card's top left."""
    r, c = cell
    h, w = span
    t = turn % 4
    if t == 0:
        return r, c
    if t == 1:
        return c, h - 1 - r
    if t == 2:
        return h - 1 - r, w - 1 - c
    return w - 1 - c, r


def cell_of(board: Board, name: str) -> Cell:
    """The lattice cell (row, col) a cell name of ``board`` stands for: the inverse of
    :meth:`~cardlab.core.observation.Board.name`.

    Raises
    ------
    ValueError
        for a name that is not column letters followed by a row number on this board
    """
    letters = name.rstrip("0123456789")
    digits = name[len(letters) :]
    if not letters or not digits or not letters.isalpha() or not letters.islower():
        raise ValueError(f"no cell {name!r}: a cell is named by column letters and a row number")
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - 96)
    r, c = board.top + int(digits) - 1, board.left + col - 1
    if not (board.top <= r < board.top + board.rows and board.left <= c < board.left + board.cols):
        raise ValueError(
            f"no cell {name!r} on this board: columns {board.name(board.top, board.left)[:-1]}"
            f" to {board.name(board.top, board.left + board.cols - 1)[:-1]}, rows 1 to {board.rows}"
        )
    return r, c


#: Lattice columns are kept as bits from this offset, so cells left of the first card
#: (negative columns) still have a bit of their own.
_BIT0 = 1024


class Lattice:
    """Cards laid on a free lattice, later cards on top, with the marks still showing.

    Each card covers a rectangle of cells and may carry marks of a few kinds (a card's
    pips by suit); a new card hides every mark under it and shows its own.  The covered
    cells and the marks of each kind are kept as one bit row per lattice row, so that every
    position of a rectangle can be tested at once (:meth:`placements`): a placement must
    share a cell with the cards already laid and may cover at most one showing mark of
    each kind.

    Parameters
    ----------
    kinds
        How many kinds of mark there are (4: the suits)
    """

    __slots__ = ("bounds", "kinds", "marks", "occupied", "shown")

    def __init__(self, kinds: int = 4) -> None:
        self.kinds = kinds
        #: row -> bits of the covered columns
        self.occupied: dict[int, int] = {}
        #: for each kind, row -> bits of the columns where a mark of that kind shows
        self.marks: list[dict[int, int]] = [{} for _ in range(kinds)]
        #: cell -> the kind of the mark showing there
        self.shown: dict[Cell, int] = {}
        #: top, left, bottom, right of the covered cells (empty lattice: None)
        self.bounds: tuple[int, int, int, int] | None = None

    def copy(self) -> Lattice:
        new = Lattice(self.kinds)
        new.occupied = dict(self.occupied)
        new.marks = [dict(m) for m in self.marks]
        new.shown = dict(self.shown)
        new.bounds = self.bounds
        return new

    clone = copy  # what a state's deep copy calls

    def under(self, top: int, left: int, h: int, w: int) -> list[tuple[Cell, int]]:
        """The marks showing inside the ``h`` × ``w`` rectangle from (``top``, ``left``),
        with their kinds, in reading order."""
        shown = self.shown
        return [
            ((r, c), shown[r, c])
            for r in range(top, top + h)
            for c in range(left, left + w)
            if (r, c) in shown
        ]

    def touches(self, top: int, left: int, h: int, w: int) -> bool:
        """Whether the rectangle shares a cell with a card already laid."""
        row = ((1 << w) - 1) << (left + _BIT0)
        occ = self.occupied
        return any(occ.get(r, 0) & row for r in range(top, top + h))

    def lay(self, top: int, left: int, h: int, w: int, marks: Sequence[tuple[Cell, int]]) -> None:
        """Lay a card over the rectangle: the marks under it are hidden and ``marks`` (lattice
        cells with their kinds, inside the rectangle) show instead."""
        row = ((1 << w) - 1) << (left + _BIT0)
        keep = ~row
        occ = self.occupied
        shown = self.shown
        for r in range(top, top + h):
            occ[r] = occ.get(r, 0) | row
            for m in self.marks:
                if r in m:
                    m[r] &= keep
        for rc in [rc for rc in shown if top <= rc[0] < top + h and left <= rc[1] < left + w]:
            del shown[rc]
        for (r, c), kind in marks:
            shown[r, c] = kind
            m = self.marks[kind]
            m[r] = m.get(r, 0) | (1 << (c + _BIT0))
        b = self.bounds
        if b is None:
            self.bounds = (top, left, top + h - 1, left + w - 1)
        else:
            self.bounds = (
                min(b[0], top),
                min(b[1], left),
                max(b[2], top + h - 1),
                max(b[3], left + w - 1),
            )

    def show(self, cell: Cell, kind: int) -> None:
        """Show a mark of ``kind`` on a covered cell (rebuilding a lattice from its marks)."""
        r, c = cell
        self.shown[cell] = kind
        m = self.marks[kind]
        m[r] = m.get(r, 0) | (1 << (c + _BIT0))

    def placements(self, h: int, w: int) -> list[tuple[int, int, int]]:
        """Every position where an ``h`` × ``w`` card may go: it shares a cell with a card
        laid before and covers at most one showing mark of each kind.

        Returns
        -------
        list
            (top, left, marks covered) for each position, by rows then columns
        """
        b = self.bounds
        if b is None:
            return []
        top0, _, bottom, _ = b
        kinds = range(self.kinds)
        # per row: columns whose w-wide window touches a card, holds >= 1 / >= 2 marks
        touch: dict[int, int] = {}
        one: list[dict[int, int]] = [{} for _ in kinds]
        two: list[dict[int, int]] = [{} for _ in kinds]
        for r in range(top0, bottom + 1):
            x = self.occupied.get(r, 0)
            t = 0
            for k in range(w):
                t |= x >> k
            touch[r] = t
            for s in kinds:
                m = self.marks[s].get(r, 0)
                if not m:
                    continue
                a1 = a2 = 0
                for k in range(w):
                    y = m >> k
                    a2 |= a1 & y
                    a1 |= y
                one[s][r] = a1
                two[s][r] = a2
        out: list[tuple[int, int, int]] = []
        for top in range(top0 - h + 1, bottom + 1):
            rows = range(max(top, top0), min(top + h - 1, bottom) + 1)
            t = 0
            for r in rows:
                t |= touch[r]
            if not t:
                continue
            bad = 0
            ones = []
            for s in kinds:
                o1, o2 = one[s], two[s]
                b1 = b2 = 0
                for r in rows:
                    a1 = o1.get(r, 0)
                    if a1:
                        b2 |= (b1 & a1) | o2[r]
                        b1 |= a1
                bad |= b2
                if b1:
                    ones.append(b1)
            ok = t & ~bad
            while ok:
                low = ok & -ok
                bit = low.bit_length() - 1
                ok ^= low
                n = 0
                for b1 in ones:
                    if b1 & low:
                        n += 1
                out.append((top, bit - _BIT0, n))
        return out


def lattice_of(zone: Zone, kinds: Sequence[str]) -> Lattice:
    """The :class:`Lattice` a lattice board zone shows: its cards' cells covered, its marks
    showing (a mark's text is its kind's name in ``kinds``).  A bot rebuilds the table
    from its observation this way."""
    board = zone.board
    assert board is not None
    kind = {k: i for i, k in enumerate(kinds)}
    lat = Lattice(len(kinds))
    h, w = board.span
    for p in zone.at:
        hh, ww = (h, w) if p.turn % 2 == 0 else (w, h)
        lat.lay(p.row, p.col, hh, ww, ())
    for r, c, text in zone.marks:
        lat.show((r, c), kind[text])
    return lat
