"""What each seat sees in Hearts (see :mod:`oracles` for the protocol)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_card

from .base import Location, VisibilityOracle


class HeartsOracle(VisibilityOracle):
    """Hearts: passes are seen by the receiver once all are chosen; plays are public."""

    #: Seat offset receiving each seat's pass in hands 1, 2, 3, 4 (left, right, across, none).
    PASS_OFFSETS = (1, 3, 2, 0)
    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"omnibus": True, "moon": "choice"},
        {"moon": "subtract", "target": 60},
        {"deck": "foresight"},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "passing", "trick"}
    TWO_CLUBS = parse_card("2C")

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[13 * s : 13 * s + 13]) for s in range(4)]
        self.seen = [set(h) for h in self.hands]
        self.chosen: list[list[Card]] = [[] for _ in range(4)]
        self.trick: list[Card] = []
        self.offset = self.PASS_OFFSETS[self.hand % 4]
        self.passing = bool(self.offset)
        if not self.offset:
            self._reveal([self.TWO_CLUBS])

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "pass":
            assert a.card in self.hands[seat], f"{a} by seat {seat}: not in its hand"
            self.chosen[seat].append(a.card)
            if sum(map(len, self.chosen)) == 12:
                self._exchange()
        elif a.verb == "play":
            self.hands[seat].remove(a.card)
            self.trick.append(a.card)
            self._reveal([a.card])
            if len(self.trick) == 4:
                self.off_table |= set(self.trick)
                self.trick = []
        elif a.verb != "moon":
            raise self._unknown(a)

    def _exchange(self) -> None:
        for s in range(4):
            self.hands[s] -= set(self.chosen[s])
        for s in range(4):
            to = (s + self.offset) % 4
            self.hands[to] |= set(self.chosen[s])
            self.seen[to] |= set(self.chosen[s])
        self.passing = False
        self._reveal([self.TWO_CLUBS])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(4):
            chosen = set(self.chosen[s]) if self.passing else set()
            out["hand", s] = self.hands[s] - chosen
            out["passing", s] = chosen
        out["trick", None] = set(self.trick)
        return out
