"""Boards: grids with gaps, lines and neighbours, stacks, lattices and their zones."""

from __future__ import annotations

import pytest

from cardlab.core.cards import parse_card
from cardlab.core.observation import Board, Place, column_letters
from cardlab.render import board_lines
from cardlab.rules.boards import (
    QUEEN,
    Grid,
    Lattice,
    Stacks,
    board_zone,
    cell_of,
    extent,
    footprint,
    grid,
    lattice_of,
    spaced_grid,
    stacks_on,
    turn_cell,
)


def test_cells_are_named_by_column_letter_and_row_number() -> None:
    g = grid(6, 6)
    assert g.names[:3] == ("a1", "b1", "c1")
    assert g.names[-1] == "f6"
    assert g.cell("c4") == 3 * 6 + 2
    assert [column_letters(k) for k in (0, 25, 26, 27)] == ["a", "z", "aa", "ab"]
    with pytest.raises(ValueError, match="a1 to f6"):
        g.cell("g1")


def test_queen_lines_stop_at_the_edge_and_at_gaps() -> None:
    g = grid(6, 6)
    lines = g.lines(QUEEN)
    corner = {tuple(g.names[i] for i in ray) for ray in lines[g.cell("a1")]}
    assert corner == {
        ("b1", "c1", "d1", "e1", "f1"),
        ("b2", "c3", "d4", "e5", "f6"),
        ("a2", "a3", "a4", "a5", "a6"),
    }
    gapped = Grid(1, 5, [(0, 0), (0, 1), (0, 3), (0, 4)])
    ray = gapped.lines(QUEEN)[0]
    assert [[gapped.names[i] for i in r] for r in ray] == [["b1"]]


def test_a_spaced_grid_has_the_paparazzi_spaces() -> None:
    g, items, spaces = spaced_grid(2, 6)
    assert (g.rows, g.cols) == (5, 13)
    assert len(items) == 12 and len(spaces) == 32
    near = g.neighbours()
    # a space touches one or two celebrities, never more
    assert {sum(1 for j in near[s] if j in items) for s in spaces} == {1, 2}
    assert g.board.cells and (0, 0) not in g.board.cells


def test_stacks_keep_the_top_and_give_up_what_lies_under() -> None:
    tracks = Stacks(2)
    tracks.put(0, [5, 6, 7])
    tracks.put(1, [30])
    assert tracks.top(0) == 7 and tracks.top(1) == 30
    assert tracks.buried() == [5, 6]
    copy = tracks.copy()
    assert tracks.clear_under() == [5, 6]
    assert tracks.piles == [[7], [30]]
    assert copy.piles == [[5, 6, 7], [30]]
    assert tracks.take(1) == 30 and tracks.top(1) == -1


def test_a_lattice_card_covers_its_span_upright_or_turned() -> None:
    upright = footprint(Place(0, 0), (7, 3))
    sideways = footprint(Place(2, -1, 1), (7, 3))
    assert len(upright) == len(sideways) == 21
    assert max(r for r, _ in upright) == 6 and max(c for _, c in upright) == 2
    assert max(r for r, _ in sideways) == 4 and min(c for _, c in sideways) == -1
    b = extent([Place(0, 0), Place(2, -1, 1)], (7, 3), margin=1)
    assert (b.top, b.left, b.rows, b.cols, b.span) == (-1, -2, 9, 9, (7, 3))


def test_a_board_zone_places_each_card_and_renders_as_a_grid() -> None:
    g = grid(3, 3, "hole")
    ace, king, five = (parse_card(t) for t in ("AS", "KH", "5D"))
    stacks = [[ace, king], [], [five]] + [[] for _ in range(6)]
    tags = [["", "North"], [], [""]] + [[] for _ in range(6)]
    zone = g.zone("board", stacks, tags)
    assert zone.kind == "board" and zone.board == Board(3, 3, empty="hole")
    assert zone.at == (Place(0, 0), Place(0, 0), Place(0, 2))
    assert stacks_on(zone)[0, 0] == [(ace, ""), (king, "North")]
    text = "\n".join(board_lines(zone, "board"))
    assert "[N]A♠" in text and "5♦" in text and "hole (7)" in text
    with pytest.raises(ValueError, match="places"):
        board_zone("x", g.board, [ace], [])


# ------------------------------------------------------------------ lattices with marks
def test_turning_a_cell_a_quarter_at_a_time() -> None:
    span = (7, 3)
    assert turn_cell((0, 0), span, 1) == (0, 6)  # top left goes to the top right
    assert turn_cell((1, 1), span, 2) == (5, 1)
    assert turn_cell((0, 2), span, 3) == (0, 0)
    assert all(turn_cell(turn_cell((r, 1), span, 2), span, 2) == (r, 1) for r in range(7))


def test_cell_names_read_back_on_a_board_off_the_origin() -> None:
    board = Board(40, 30, -5, -3, (7, 3))
    for r, c in [(-5, -3), (0, 0), (34, 26)]:
        assert cell_of(board, board.name(r, c)) == (r, c)
    with pytest.raises(ValueError, match="no cell"):
        cell_of(board, "a99")
    with pytest.raises(ValueError, match="column letters"):
        cell_of(board, "7")


def test_a_lattice_hides_marks_under_a_new_card_and_finds_every_placement() -> None:
    lat = Lattice(2)
    lat.lay(0, 0, 2, 2, [((0, 0), 0), ((1, 1), 1)])
    assert lat.under(0, 0, 1, 1) == [((0, 0), 0)]
    # a 1 x 2 card: it must share a cell, and may cover each kind once
    found = {(t, lf): n for t, lf, n in lat.placements(1, 2)}
    assert found == {(0, -1): 1, (0, 0): 1, (0, 1): 0, (1, -1): 0, (1, 0): 1, (1, 1): 1}
    lat.lay(1, 0, 1, 2, [((1, 0), 0)])  # over the mark of kind 1: it goes, one of 0 shows
    assert lat.shown == {(0, 0): 0, (1, 0): 0}
    assert (0, 0, 2) not in lat.placements(2, 1)  # two marks of kind 0 in one column
    assert lat.touches(2, 0, 1, 1) is False and lat.touches(1, 1, 1, 1) is True
    copy = lat.clone()
    copy.lay(5, 5, 1, 1, [])
    assert lat.bounds == (0, 0, 1, 1) and copy.bounds == (0, 0, 5, 5)


def test_a_lattice_is_rebuilt_from_its_zone() -> None:
    lat = Lattice(4)
    lat.lay(0, 0, 7, 3, [((3, 1), 3)])
    lat.lay(2, 1, 3, 7, [((3, 4), 0)])
    board = Board(13, 14, -3, -3, (7, 3))
    cards = (parse_card("AS"), parse_card("AC"))
    zone = board_zone("table", board, cards, (Place(0, 0, 0), Place(2, 1, 1)), marks=[(3, 4, "♣")])
    again = lattice_of(zone, "♣♦♥♠")
    assert again.shown == lat.shown and again.occupied == lat.occupied
    assert again.placements(7, 3) == lat.placements(7, 3)
