"""An exact solver for Jackhammer endgames.

Once few cards remain, every line of play to the end of the board can be searched.  The
solver plays max^n: each player, at its turn, picks the move that ends best for itself
by its utility (its suit totals read lowest first, against the best other player's; see
:func:`~cardlab.games.jackhammer.rules.key_value`), assuming everyone after it does the
same.  With two players that is plain minimax.  Equal choices go to the first cell in
reading order, so answers are reproducible.  Positions reached twice are looked up, and a
node budget stops a search that grows too large (the answer is then None).

A position is read from a state or from any observation (the board is public), so the
heuristic bot can use it on what it sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action
from ...core.cards import SUIT_SYMBOLS
from ...core.observation import Observation
from .rules import CELLS, GRID, MOVE, PIPS, SUIT, JackhammerState, key_value, moves_from

#: Searches stop after this many positions by default.
BUDGET = 200_000

Totals = tuple[tuple[int, ...], ...]


@dataclass
class Position:
    """What the solver needs: the card on each cell (-1: a hole), each seat's pawn cell
    (-1: fallen through), each seat's suit totals and the seat to move."""

    board: list[int]
    pos: list[int]
    totals: list[list[int]]
    mover: int

    @property
    def cards_left(self) -> int:
        return sum(1 for c in self.board if c >= 0)


def position_of(state: JackhammerState) -> Position:
    """The position of a state in its move phase."""
    return Position(
        list(state.board),
        list(state.pos),
        [list(t) for t in state.totals],
        state.to_move[0] if state.to_move else 0,
    )


def position_from(obs: Observation) -> Position:
    """The position an observation shows (any viewer: the board is public)."""
    board = [-1] * CELLS
    pos = [-1] * obs.players
    zone = obs.zone("board")
    seat_by_name = {n: s for s, n in enumerate(obs.names)}
    tags = zone.tags or ("",) * len(zone.cards)
    for entry, place, tag in zip(zone.faces, zone.at, tags, strict=True):
        cell = GRID.index[place.row, place.col]
        if tag:
            pos[seat_by_name[tag]] = cell
        else:
            board[cell] = entry.index
    totals = [[int(obs.value(s, SUIT_SYMBOLS[k], 0)) for k in range(4)] for s in range(obs.players)]
    mover = obs.to_move[0] if obs.to_move else 0
    return Position(board, pos, totals, mover)


@dataclass(frozen=True)
class Solution:
    """A solved position: ``best`` the mover's move, ``values`` each move's utility for the
    mover at the end of best play, ``final`` everyone's suit totals at the end of best
    play, ``nodes`` the positions searched."""

    best: Action
    values: dict[str, float]
    final: Totals
    nodes: int


class _OutOfBudget(Exception):
    pass


class _Search:
    def __init__(self, p: Position, budget: int) -> None:
        self.board = list(p.board)
        self.pos = list(p.pos)
        self.occ = [-1] * CELLS
        for s, c in enumerate(self.pos):
            if c >= 0:
                self.occ[c] = s
        self.totals = [list(t) for t in p.totals]
        self.n = len(self.pos)
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple[object, ...], Totals] = {}

    def utility(self, final: Totals, seat: int) -> float:
        mine = key_value(final[seat])
        return mine - max(key_value(final[s]) for s in range(self.n) if s != seat)

    def take(self, seat: int, card: int, sign: int) -> None:
        self.totals[seat][SUIT[card]] += sign * PIPS[card]

    def value(self, mover: int) -> Totals:
        """Everyone's final totals under best play, ``mover`` (or the next seat still on
        the board) to play."""
        n = self.n
        board, occ, pos = self.board, self.occ, self.pos
        for k in range(n):
            s = (mover + k) % n
            if pos[s] < 0:
                continue
            moves = moves_from(board, occ, pos[s])
            if moves:
                return self.choose(s, moves)[1]
            # stranded: falls through with the card under the pawn
            cell = pos[s]
            card = board[cell]
            board[cell] = -1
            occ[cell] = -1
            pos[s] = -1
            self.take(s, card, 1)
            try:
                return self.value((s + 1) % n)
            finally:
                self.take(s, card, -1)
                pos[s] = cell
                occ[cell] = s
                board[cell] = card
        return tuple(tuple(t) for t in self.totals)

    def choose(self, seat: int, moves: list[int]) -> tuple[list[tuple[int, float]], Totals]:
        key = (
            tuple(self.board),
            tuple(self.pos),
            seat,
            tuple(tuple(t) for t in self.totals),
        )
        got = self.memo.get(key)
        if got is not None:
            return [], got
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        board, occ, pos = self.board, self.occ, self.pos
        start = pos[seat]
        card = board[start]
        best: Totals | None = None
        best_u = 0.0
        scored = []
        for dest in sorted(moves):
            board[start] = -1
            occ[start] = -1
            occ[dest] = seat
            pos[seat] = dest
            self.take(seat, card, 1)
            final = self.value((seat + 1) % self.n)
            self.take(seat, card, -1)
            pos[seat] = start
            occ[dest] = -1
            occ[start] = seat
            board[start] = card
            u = self.utility(final, seat)
            scored.append((dest, u))
            if best is None or u > best_u + 1e-12:
                best, best_u = final, u
        assert best is not None
        self.memo[key] = best
        return scored, best


def solve(
    position: Position | JackhammerState | Observation, budget: int = BUDGET
) -> Solution | None:
    """Solve the position to the end of the board, or None when the search would take more
    than ``budget`` positions, or the mover has no move.

    Parameters
    ----------
    position
        A :class:`Position`, a state in its move phase, or an observation of one
    budget
        The most positions to search

    Returns
    -------
    Solution or None
    """
    if isinstance(position, JackhammerState):
        if position.phase != "move":
            return None
        position = position_of(position)
    elif isinstance(position, Observation):
        if position.phase != "move":
            return None
        position = position_from(position)
    search = _Search(position, budget)
    seat = position.mover
    if search.pos[seat] < 0:
        return None
    moves = moves_from(search.board, search.occ, search.pos[seat])
    if not moves:
        return None
    try:
        scored, final = search.choose(seat, moves)
    except _OutOfBudget:
        return None
    values = {str(MOVE[d]): u for d, u in scored}
    best = max(scored, key=lambda du: (du[1], -du[0]))[0]
    return Solution(MOVE[best], values, final, search.nodes)


def endgame_agreement(
    games: int = 50, last: int = 10, players: int = 2, seed: int = 0, budget: int = BUDGET
) -> dict[str, float]:
    """How often the rule of thumb picks the solver's move in the last moves of a board.

    Heuristic bots play ``games`` boards; at each of the last ``last`` moves of a board
    (counting only moves with a choice) the rule of thumb's move
    (:func:`~cardlab.games.jackhammer.bot.rule_of_thumb`) is compared with the solver's,
    and a differing move is priced by the solver's values: the utility the mover gives
    away.

    Returns
    -------
    dict
        ``positions`` compared, ``other`` (the share where the rule of thumb picks
        another move than the solver), ``differ`` (the share where that move is worth less
        to the mover: equally good moves count as agreeing), ``unsolved`` (positions the
        solver could not finish within ``budget``, left out) and ``cost`` (the average
        utility given away where the moves differ)
    """
    import random

    from ...core.registry import get_spec
    from .bot import JackhammerBot, rule_of_thumb

    game = get_spec("jackhammer").game(players)
    compared = differ = other = unsolved = 0
    cost = 0.0
    for g in range(games):
        st = game.new_state()
        rng = random.Random(f"endgame/{seed}/{g}")
        st.apply(st.sample_chance(rng))
        bots = [JackhammerBot(s, seed) for s in range(players)]
        choices: list[JackhammerState] = []
        while not st.terminal:
            seat = st.to_move[0]
            obs = st.observation(seat)
            if obs.phase == "move" and len(obs.legal) > 1:
                choices.append(st.clone())  # type: ignore[arg-type]
            st.apply(str(bots[seat].act(obs)), seat)
        for pos in choices[-last:]:
            seat = pos.to_move[0]
            obs = pos.observation(seat)
            solved = solve(pos, budget)
            if solved is None:
                unsolved += 1
                continue
            compared += 1
            mine = rule_of_thumb(position_from(obs), obs.legal)[0]
            other += mine != solved.best
            if solved.values[str(mine)] < solved.values[str(solved.best)] - 1e-9:
                differ += 1
                cost += solved.values[str(solved.best)] - solved.values[str(mine)]
    return {
        "positions": compared,
        "other": other / max(1, compared),
        "differ": differ / max(1, compared),
        "unsolved": unsolved,
        "cost": cost / max(1, differ),
    }
