"""Jackhammer scenarios from explicit deals: every rule and ruling, the solver and the bot.

The explicit deal lists the grid row by row from the top left.  The board used below:

         a   b   c   d   e   f
    1   A♠  2♠  3♠  4♠  5♠  6♠
    2   7♠  8♠  9♠  A♥  2♥  3♥
    3   4♥  5♥  6♥  7♥  8♥  9♥
    4   A♦  2♦  3♦  4♦  5♦  6♦
    5   7♦  8♦  9♦  A♣  2♣  3♣
    6   4♣  5♣  6♣  7♣  8♣  9♣

Where a test needs a position deep in a board it digs holes straight into the state
(``dig``): those are positions play could reach, set up without the moves that lead
there.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab
from cardlab.core.cards import parse_cards
from cardlab.core.errors import IllegalActionError, OptionError
from cardlab.games.jackhammer import (
    GRID,
    JackhammerBot,
    JackhammerState,
    key_value,
    position_from,
    ranking_key,
    rule_of_thumb,
    solve,
)

NORTH, EAST, SOUTH, WEST = range(4)
BOARD = (
    "AS 2S 3S 4S 5S 6S "
    "7S 8S 9S AH 2H 3H "
    "4H 5H 6H 7H 8H 9H "
    "AD 2D 3D 4D 5D 6D "
    "7D 8D 9D AC 2C 3C "
    "4C 5C 6C 7C 8C 9C"
)


def start(players: int = 2, board: str = BOARD, **options: Any) -> JackhammerState:
    game = cardlab.load("jackhammer", players=players, **options)
    st = game.new_state()
    st.apply(game.deal(grid=board, rng=random.Random(1)))
    assert isinstance(st, JackhammerState)
    return st


def placed(
    players: int = 2, cells: tuple[str, ...] = ("a1", "d2"), **options: Any
) -> JackhammerState:
    st = start(players, **options)
    for cell in cells:
        st.apply(f"place {cell}", st.to_move[0])
    return st


def dig(st: JackhammerState, cells: str) -> None:
    """Holes at the named cells: ``dig(st, "b1 a2")``."""
    for name in cells.split():
        st.board[GRID.cell(name)] = -1


def refused(st: JackhammerState, act: str, seat: int) -> str:
    before = (st.observation(None), list(st.scores), len(st.events))
    with pytest.raises(IllegalActionError) as err:
        st.apply(act, seat)
    assert (st.observation(None), list(st.scores), len(st.events)) == before
    return err.value.reason


def moves(st: JackhammerState, seat: int) -> set[str]:
    return {a.args[0] for a in st.legal_actions(seat)}


# ------------------------------------------------------------------ set up
def test_the_board_is_the_36_aces_to_nines_face_up_and_pawns_are_pictures() -> None:
    st = start(4)
    obs = st.observation(SOUTH)
    board = obs.zone("board")
    assert board.kind == "board" and board.board is not None
    assert (board.board.rows, board.board.cols) == (6, 6)
    assert sorted(c.code for c in board.faces) == sorted(c.code for c in parse_cards(BOARD))
    assert all(c.rank <= 9 for c in board.faces)
    pawns = [obs.zone("pawn", s).faces[0] for s in range(4)]
    assert [p.code for p in pawns] == ["KS", "KH", "KD", "KC"]
    text = str(obs)
    assert "A♠ 2♠ 3♠ 4♠ 5♠ 6♠" in text and "a  b  c  d  e  f" in text


def test_pawns_go_on_different_aces_in_seat_order() -> None:
    st = start(3)
    assert st.to_move == (NORTH,)
    assert moves(st, NORTH) == {"a1", "d2", "a4", "d5"}
    assert "Ace" in refused(st, "place b1", NORTH)
    st.apply("place a1", NORTH)
    assert st.to_move == (EAST,)
    assert "already stands" in refused(st, "place a1", EAST)
    assert moves(st, EAST) == {"d2", "a4", "d5"}
    st.apply("place d5", EAST)
    st.apply("place a4", 2)
    assert st.phase == "move" and st.to_move == (NORTH,)
    obs = st.observation(NORTH)
    assert "[N]A♠" in str(obs) and "[E]A♣" in str(obs)
    assert obs.zone("pawn", NORTH).cards == ()


def test_the_first_player_option_starts_placing_and_moving() -> None:
    st = placed(2, ("a1", "d2"), first_player=1)
    assert st.pos == [GRID.cell("d2"), GRID.cell("a1")]
    assert st.to_move == (1,)
    with pytest.raises(OptionError, match="first_player"):
        cardlab.load("jackhammer", players=2, first_player=2)


# ------------------------------------------------------------------ moving
def test_a_pawn_moves_like_a_queen_and_takes_the_card_it_leaves() -> None:
    st = placed()
    assert moves(st, NORTH) == {
        "b1", "c1", "d1", "e1", "f1",
        "a2", "a3", "a4", "a5", "a6",
        "b2", "c3", "d4", "e5", "f6",
    }  # fmt: skip
    st.apply("move c3", NORTH)
    assert st.board[GRID.cell("a1")] == -1
    assert [c.code for c in st.observation(1).zone("taken", NORTH).faces] == ["AS"]
    assert st.observation(NORTH).value(NORTH, "♠") == 1
    assert st.to_move == (1,)
    assert "moves a1 to c3 and takes A♠" in st.events[-1].text


def test_no_pawn_lands_on_or_passes_a_hole_or_a_pawn() -> None:
    st = placed()
    st.apply("move c3", NORTH)
    st.apply("move d3", 1)  # South leaves a hole at d2 and stands on d3, beside North
    assert "is a hole" in refused(st, "move d2", NORTH)
    assert "crosses a hole" in refused(st, "move e1", NORTH)
    assert "pawn stands on d3" in refused(st, "move d3", NORTH)
    assert "crosses a hole or a pawn" in refused(st, "move e3", NORTH)
    assert "straight line" in refused(st, "move d5", NORTH)
    assert "name a cell" in refused(st, "move z9", NORTH)
    assert "move your pawn" in refused(st, "place a4", NORTH)
    assert {"c2", "b3", "d4"} <= moves(st, NORTH)
    assert not {"e1", "e3", "f3", "d2", "d3"} & moves(st, NORTH)


def test_a_stranded_player_falls_through_on_its_turn_and_the_other_plays_on() -> None:
    st = placed()
    # North's pawn on a1 with holes all round it: stranded
    dig(st, "b1 a2 b2")
    st.to_move = (1,)
    st.apply("move e2", 1)
    fall = st.events[-1]
    assert fall.kind == "fall" and fall.seat == NORTH
    assert "stranded on a1, takes A♠ and falls through" in fall.text
    assert st.fallen[NORTH] and st.to_move == (1,)
    obs = st.observation(1)
    assert obs.seats[NORTH].status == "fallen"
    assert [c.code for c in obs.zone("pawn", NORTH).faces] == ["KS"]
    # South keeps moving alone until stranded too
    while not st.terminal:
        assert st.to_move == (1,)
        st.apply(str(st.legal_actions(1)[0]), 1)
    assert st.events[-3].kind == "fall" and st.events[-3].seat == 1
    taken = sum(len(t) for t in st.taken)
    assert taken + sum(1 for c in st.board if c >= 0) == 36 - 3


def test_falling_waits_for_the_player_s_own_turn() -> None:
    st = placed(3, ("a1", "d2", "d5"))
    # holes all round East's d2 but c3: North's landing there strands East, who is next
    dig(st, "c1 d1 e1 c2 e2 d3 e3")
    st.apply("move c3", NORTH)
    assert st.events[-1].kind == "fall" and st.events[-1].seat == EAST
    assert st.to_move == (2,)
    # West strands itself on e5: it stays on the board until its own turn comes round
    st2 = placed(3, ("a1", "d2", "d5"))
    dig(st2, "d4 e4 f4 f5 d6 e6 f6")
    st2.to_move = (2,)
    st2.apply("move e5", 2)
    assert not st2.fallen[2] and st2.to_move == (NORTH,)
    st2.apply("move b1", NORTH)
    st2.apply("move c1", EAST)
    assert st2.fallen[2] and st2.events[-1].kind == "fall" and st2.to_move == (NORTH,)


# ------------------------------------------------------------------ scoring
def test_the_best_lowest_suit_wins_and_ties_go_down_the_suits() -> None:
    assert ranking_key([12, 3, 40, 9]) == (3, 9, 12, 40)
    assert key_value([10, 10, 12, 20]) < key_value([10, 11, 11, 30])
    st = placed()
    st.totals = [[10, 10, 12, 20], [11, 10, 30, 11]]
    assert st.decide_winners() == (1,)
    st.totals = [[10, 12, 20, 10], [20, 12, 10, 10]]
    assert st.decide_winners() == (0, 1)
    st.totals = [[0, 45, 45, 45], [1, 1, 1, 1]]
    assert st.decide_winners() == (1,)
    assert st.utility(1) > 0 > st.utility(0)


def test_a_whole_board_ends_with_scores_as_the_lowest_suit() -> None:
    st = start(2)
    rng = random.Random(3)
    while not st.terminal:
        seat = st.to_move[0]
        st.apply(str(rng.choice(st.legal_actions(seat))), seat)
    assert st.scores == [min(t) for t in st.totals]
    assert sum(len(t) for t in st.taken) == 36 - sum(1 for c in st.board if c >= 0)
    assert st.outcome is not None
    keys = [ranking_key(t) for t in st.totals]
    assert st.outcome.winners == tuple(s for s in range(2) if keys[s] == max(keys))
    assert "lowest suit" in st.outcome.summary


def test_several_boards_run_the_suit_totals_on() -> None:
    game = cardlab.load("jackhammer", players=2, hands=2)
    st = game.new_state()
    rng = random.Random(5)
    first: list[list[int]] = []
    while not st.terminal:
        if st.chance is not None:
            if st.results and not first:
                first = [list(t) for t in st.totals]
            st.apply(st.sample_chance(rng))
            continue
        seat = st.to_move[0]
        st.apply(str(rng.choice(st.legal_actions(seat))), seat)
    assert first and len(st.results) == 2
    assert all(sum(t) > sum(f) for t, f in zip(st.totals, first, strict=True))
    assert st.scores == [min(t) for t in st.totals]


# ------------------------------------------------------------------ solver and bot
def _endgame() -> JackhammerState:
    st = placed()
    keep = {"a1", "b1", "c1", "d2", "e2", "e3", "f3", "c2", "b3"}
    dig(st, " ".join(n for n in GRID.names if n not in keep))
    return st


def test_the_solver_finds_the_best_end_to_a_small_board() -> None:
    st = _endgame()
    solved = solve(st)
    assert solved is not None
    assert str(solved.best) in {str(a) for a in st.legal_actions(NORTH)}
    assert solved.values[str(solved.best)] == max(solved.values.values())
    # playing the solver's moves for both sides ends as it said
    while not st.terminal:
        seat = st.to_move[0]
        step = solve(st)
        assert step is not None
        st.apply(str(step.best), seat)
    assert tuple(tuple(t) for t in st.totals) == solved.final
    # the same answer read from an observation
    again = _endgame()
    assert solve(again.observation("spectator")) == solve(again)


def test_the_solver_gives_up_beyond_its_budget() -> None:
    st = placed()
    assert solve(st, budget=50) is None


def test_the_bot_plays_the_solver_s_move_in_the_endgame_and_says_so() -> None:
    st = _endgame()
    obs = st.observation(NORTH)
    bot = JackhammerBot(NORTH)
    act = bot.act(obs)
    solved = solve(st)
    assert solved is not None and act == solved.best
    assert "solved exactly" in bot.explain(obs, act)
    early = placed().observation(NORTH)
    choice, why = rule_of_thumb(position_from(early), early.legal)
    assert bot.act(early) == choice and "weakest suit" in why


def test_a_sampled_world_is_the_game_itself() -> None:
    st = placed(3, ("a1", "d2", "d5"))
    st.apply("move c3", NORTH)
    obs = st.observation(EAST)
    world = JackhammerState.sample_world(st.game, obs, random.Random(0))
    assert world.observation(EAST) == obs
