"""What each seat sees in Jackhammer (see :mod:`oracles` for the protocol).

Nothing is hidden: the 36 cards are dealt face up into the grid and every card taken
lies face up in front of its taker.  The pawns (the Kings of ♠ ♥ ♦ ♣ by seat) lie in
front of their players until placed, stand on the board, and come back in front of
their players when they fall through.  The oracle follows the pawns with its own reading
of the queen's move, so it also checks who falls through and when.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import CARDS, Card

from .base import Location, VisibilityOracle

PAWNS = [CARDS[s * 13 + 12] for s in (3, 2, 1, 0)]


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


class JackhammerOracle(VisibilityOracle):
    """Jackhammer: every card public; pawns followed cell by cell."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 4, "first_player": 2},
        {"players": 3, "first_player": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"board", "taken", "pawn"}
    hand_step_bound: ClassVar[int] = 60

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.grid: dict[tuple[int, int], Card] = {}
        self.at: list[tuple[int, int] | None] = [None] * players
        self.out = [False] * players
        self.taken: list[set[Card]] = [set() for _ in range(players)]

    def deal(self, cards: list[Card]) -> None:
        assert len(cards) == 36, "the grid is 36 cards"
        self.grid = {(k // 6, k % 6): c for k, c in enumerate(cards)}
        self.at = [None] * self.players
        self.out = [False] * self.players
        self.taken = [set() for _ in range(self.players)]
        self._reveal([*cards, *PAWNS[: self.players]])
        self.off_table = set(self.deck) - set(cards) - set(PAWNS[: self.players])

    def _free(self, rc: tuple[int, int]) -> bool:
        return rc in self.grid and rc not in self.at

    def _can_move(self, seat: int) -> bool:
        where = self.at[seat]
        assert where is not None
        r, c = where
        return any(
            self._free((r + dr, c + dc))
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0)
        )

    def _after_turn(self, seat: int) -> None:
        # stranded players fall as their turn comes round, until someone can move
        if any(a is None and not o for a, o in zip(self.at, self.out, strict=True)):
            return  # still placing pawns
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self.out[s]:
                continue
            if self._can_move(s):
                return
            where = self.at[s]
            assert where is not None
            self.taken[s].add(self.grid.pop(where))
            self.at[s] = None
            self.out[s] = True

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "place":
            rc = _cell(a.args[0])
            assert self.grid[rc].rank == 1 and rc not in self.at
            self.at[seat] = rc
            self._after_turn(seat)
            return
        if a.verb != "move":
            raise self._unknown(a)
        start = self.at[seat]
        assert start is not None
        dest = _cell(a.args[0])
        dr, dc = dest[0] - start[0], dest[1] - start[1]
        steps = max(abs(dr), abs(dc))
        assert steps and dr in (0, steps, -steps) and dc in (0, steps, -steps), "not a line"
        ur, uc = dr // steps, dc // steps
        for k in range(1, steps + 1):
            assert self._free((start[0] + k * ur, start[1] + k * uc)), "blocked"
        self.taken[seat].add(self.grid.pop(start))
        self.at[seat] = dest
        self._after_turn(seat)

    def locations(self) -> dict[Location, set[Card]]:
        board = set(self.grid.values())
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            if self.at[s] is not None:
                board.add(PAWNS[s])
                out["pawn", s] = set()
            else:
                out["pawn", s] = {PAWNS[s]}
            out["taken", s] = set(self.taken[s])
        out["board", None] = board
        return out
