"""Jackhammer's heuristic bot: rules of thumb, and the exact solver once few cards are left.

It reads only its observation: the board (public) and each seat's suit totals.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.actions import Action
from ...core.agents import PhaseBot, on
from ...core.observation import Observation
from .rules import GRID, PIPS, SUIT, moves_from
from .solver import Position, position_from, solve

#: The solver takes over once this many cards or fewer lie on the board.
ENDGAME = 12
#: Positions the endgame solver may search before the bot falls back on its rules of thumb.
ENDGAME_BUDGET = 60_000


def card_worth(card: int, totals: list[int]) -> float:
    """What a card is worth to a player with these suit totals: its pips, counted in full
    in the weakest suit and less the further its suit is ahead of the weakest."""
    low = min(totals)
    return PIPS[card] / (1 + totals[SUIT[card]] - low)


def mobility(board: list[int], occupied: list[int], cell: int) -> int:
    """How many cells a pawn on ``cell`` could move to."""
    return len(moves_from(board, occupied, cell))


def rule_of_thumb(p: Position, legal: tuple[Action, ...]) -> tuple[Action, str]:
    """The move a rule of thumb picks: land on the card worth most to the weakest suits,
    keeping room to move (the card landed on is the mover's in the end, even if the pawn
    is stranded there)."""
    seat = p.mover
    start = p.pos[seat]
    occ = [-1] * len(p.board)
    for s, c in enumerate(p.pos):
        if c >= 0:
            occ[c] = s
    board = list(p.board)
    # after the move the start cell is a hole
    board[start] = -1
    occ[start] = -1
    best: tuple[float, int] | None = None
    chosen = legal[0]
    for act in legal:
        dest = GRID.by_name[act.args[0]]
        occ[dest] = seat
        room = mobility(board, occ, dest)
        occ[dest] = -1
        score = card_worth(board[dest], p.totals[seat]) + 0.5 * min(room, 6)
        if best is None or score > best[0] + 1e-9:
            best = (score, dest)
            chosen = act
    return chosen, "land on the card that helps your weakest suit most, keeping room to move"


class JackhammerBot(PhaseBot):
    """Places its pawn on the Ace with the most room to move; moves by rule of thumb
    (:func:`rule_of_thumb`) until few cards are left, then plays the solver's move."""

    name: ClassVar[str] = "heuristic"
    endgame: ClassVar[int] = ENDGAME

    @on("place", why="stand on the Ace with the most room to move")
    def place(self, obs: Observation) -> Action:
        p = position_from(obs)
        occ = [-1] * len(p.board)
        for s, c in enumerate(p.pos):
            if c >= 0:
                occ[c] = s
        best = max(
            obs.legal,
            key=lambda a: (
                mobility(p.board, occ, GRID.by_name[a.args[0]]),
                -GRID.by_name[a.args[0]],
            ),
        )
        return best

    @on("move", why="land on the card that helps your weakest suit most, keeping room to move")
    def move(self, obs: Observation) -> Action:
        p = position_from(obs)
        if p.cards_left <= self.endgame:
            solved = solve(p, ENDGAME_BUDGET)
            if solved is not None and solved.best in obs.legal:
                return solved.best
        return rule_of_thumb(p, obs.legal)[0]

    def explain(self, obs: Observation, act: Action) -> str:
        if obs.phase == "move" and len(obs.legal) > 1:
            p = position_from(obs)
            if p.cards_left <= self.endgame:
                solved = solve(p, ENDGAME_BUDGET)
                if solved is not None and solved.best == act:
                    low = min(solved.final[p.mover])
                    return (
                        f"solved exactly to the end of the board: with best play all round "
                        f"this ends with {low} in your lowest suit"
                    )
        return super().explain(obs, act)
