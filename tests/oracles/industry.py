"""What each seat sees in Industry (see :mod:`oracles` for the protocol).

A seat sees the three cards dealt to it and every card it draws.  The setup buildings
(for each seat in turn, the first spade then the first diamond from the top of the
stack) are laid face up, so public.  A payment being built is seen by its payer only
(its cards are still in the payer's hand, in the payer's selection); once made, every
card spent (face up on the discard pile) and every building is public.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

OFFICE, FACTORY = 3, 1


class IndustryOracle(VisibilityOracle):
    """Industry: own hand and draws; cities and spent cards public; a payment in
    progress private."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 4, "majority": "half", "first_dealer": 3},
        {"players": 3, "first_dealer": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "stock", "selection", "city", "discard"}
    hand_step_bound: ClassVar[int] = 20_000
    random_weights: ClassVar[dict[str, float]] = {"cancel": 0.2, "back": 0.2}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.cities: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.discard: list[Card] = []
        self.picks: list[tuple[str, Card]] = []
        self.payer = -1

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [list(cards[s * 3 : (s + 1) * 3]) for s in range(n)]
        self.stock = list(cards[n * 3 :])  # the top last
        self.cities = [[] for _ in range(n)]
        for s in range(n):
            for suit in (OFFICE, FACTORY):
                k = max(i for i, c in enumerate(self.stock) if c.suit == suit)
                self.cities[s].append(self.stock.pop(k))
        self.seen = [set(h) for h in self.hands]
        self._reveal(c for city in self.cities for c in city)
        self.discard, self.picks, self.payer = [], [], -1

    def _draw(self, seat: int) -> None:
        offices = sum(1 for c in self.cities[seat] if c.suit == OFFICE)
        got = [self.stock.pop() for _ in range(min(offices, len(self.stock)))]
        self.hands[seat] += got
        self.seen[seat] |= set(got)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "pass":
            self._draw(seat)
        elif a.verb in ("spend", "build"):
            self.payer = seat
            self.picks.append((a.verb, a.cards[0]))
        elif a.verb == "back":
            self.picks.pop()
        elif a.verb == "cancel":
            self.picks, self.payer = [], -1
        elif a.verb == "done":
            for verb, c in self.picks:
                self.hands[seat].remove(c)
                (self.discard if verb == "spend" else self.cities[seat]).append(c)
            self._reveal(c for _, c in self.picks)
            self.picks, self.payer = [], -1
            self._draw(seat)
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("stock", None): set(self.stock),
            ("discard", None): set(self.discard),
        }
        picked = {c for _, c in self.picks}
        for s, hand in enumerate(self.hands):
            out[("hand", s)] = set(hand) - (picked if s == self.payer else set())
            if s == self.payer:
                out[("selection", s)] = picked
            out[("city", s)] = set(self.cities[s])
        return out
