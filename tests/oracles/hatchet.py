"""What each seat sees in Hatchet (see :mod:`oracles` for the protocol).

Every card turned is turned face up for the whole table: the first table card (and any
picture turned before it, which goes under the pile), each card a player turns, the
pictures lying in front of whoever turned them.  Only the pile's order is hidden, from
everyone.  The oracle follows the pile itself: pictures score and pass the turn, the
tenth ends the game, a number card waits for its player's turn and place.

It also keeps its own picture of the table, cell by cell (each card 3 cells wide and 7
tall, its pips where RULINGS puts them, later cards painted over earlier ones), and
checks every card laid against it: the card overlaps the table and buries at most one
pip in view of each suit.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

# pips of an upright card by rank, as (row 0-6 from the top, column 0-2 from the left)
CORNERS = [(0, 0), (0, 2), (6, 0), (6, 2)]
NINE = [(0, 0), (0, 2), (2, 0), (2, 2), (3, 1), (4, 0), (4, 2), (6, 0), (6, 2)]
PIPS = {
    1: [(3, 1)],
    2: [(0, 1), (6, 1)],
    3: [(0, 1), (3, 1), (6, 1)],
    4: CORNERS,
    5: [*CORNERS, (3, 1)],
    6: [*CORNERS, (3, 0), (3, 2)],
    7: [*CORNERS, (3, 0), (3, 2), (1, 1)],
    8: [*CORNERS, (3, 0), (3, 2), (1, 1), (5, 1)],
    9: NINE,
    10: [p for p in NINE if p != (3, 1)] + [(1, 1), (5, 1)],
}


def _turned(r: int, c: int, quarter: int) -> tuple[int, int]:
    """An upright card's cell once the card is turned clockwise ``quarter`` times."""
    h, w = 7, 3
    for _ in range(quarter % 4):
        r, c = c, h - 1 - r
        h, w = w, h
    return r, c


def _cell_of(name: str) -> tuple[int, int]:
    letters = name.rstrip("0123456789")
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - 96
    return int(name[len(letters) :]) - 1, col - 1


class HatchetOracle(VisibilityOracle):
    """Hatchet: every turned card is public; the pile is nobody's."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"players": 4, "first_player": 3}]
    physical_zones: ClassVar[set[str]] = {"table", "stock", "drawn", "pictures"}
    hand_step_bound: ClassVar[int] = 400
    random_weights: ClassVar[dict[str, float]] = {"back": 0.05}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.first = 0

    def deal(self, cards: list[Card]) -> None:
        self.first = int(self.options.first_player)
        self.pile = list(cards)  # top first
        self.table: list[Card] = []
        self.pictures: list[list[Card]] = [[] for _ in range(self.players)]
        self.drawn: Card | None = None
        self.quarter = 0
        self.cells: dict[tuple[int, int], str] = {}  # cell -> suit of the pip in view, or ""
        under = []
        while self.pile[0].rank >= 11:
            under.append(self.pile.pop(0))
        start = self.pile.pop(0)
        self.pile += under
        self._reveal([*under, start])
        self._paint(start, 0, 0, 0)
        self._turn_up(self.first)

    def _paint(self, card: Card, top: int, left: int, quarter: int) -> None:
        h, w = (7, 3) if quarter % 2 == 0 else (3, 7)
        for r in range(h):
            for c in range(w):
                self.cells[top + r, left + c] = ""
        for r, c in PIPS[card.rank]:
            tr, tc = _turned(r, c, quarter)
            self.cells[top + tr, left + tc] = "♣♦♥♠"[card.suit]
        self.table.append(card)

    def _turn_up(self, seat: int) -> None:
        while True:
            card = self.pile.pop(0)
            self._reveal([card])
            if card.rank >= 11:
                self.pictures[seat].append(card)
                if sum(len(p) for p in self.pictures) == 10:
                    self.drawn = None
                    return
                seat = (seat + 1) % self.players
                continue
            self.drawn = card
            return

    def act(self, seat: int, a: Action) -> None:
        assert self.drawn is not None, f"{a} with no card turned"
        if a.verb == "turn":
            self.quarter = int(a.args[0]) // 90
            return
        if a.verb == "back":
            return
        if a.verb != "place":
            raise self._unknown(a)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        r, c = _cell_of(a.args[0])
        r += min(rows) - 3  # the board shown reaches three cells past the cards
        c += min(cols) - 3
        h, w = (7, 3) if self.quarter % 2 == 0 else (3, 7)
        top, left = (r - 3, c - 1) if h == 7 else (r - 1, c - 3)
        under = [(top + i, left + j) for i in range(h) for j in range(w)]
        assert any(x in self.cells for x in under), f"{a} does not touch the table"
        suits = [self.cells[x] for x in under if self.cells.get(x)]
        assert len(suits) == len(set(suits)), f"{a} buries two pips of one suit: {suits}"
        self._paint(self.drawn, top, left, self.quarter)
        self.drawn = None
        self._turn_up((seat + 1) % self.players)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("stock", None): set(self.pile),
            ("table", None): set(self.table),
            ("drawn", None): {self.drawn} if self.drawn is not None else set(),
        }
        for s in range(self.players):
            out["pictures", s] = set(self.pictures[s])
        return out
