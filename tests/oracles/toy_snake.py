"""What each seat sees in the Track Toy (see :mod:`oracles` for the protocol).

A seat sees the cards dealt to it and the cards it draws.  The track cards are public: the
first number card from the top of the stock starts each track (pictures go under the
stock), and every card of a lay is shown once the lay is made.  A lay being built is seen
by its builder only: its cards are still the builder's, in the builder's selection.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class SnakeOracle(VisibilityOracle):
    """Track Toy: own hand and draws; tracks public; a lay in progress private."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 3, "hand": 8},
        {"hand": 20, "target": 30},
    ]
    physical_zones: ClassVar[set[str]] = {
        "hand",
        "stock",
        "selection",
        "track1",
        "track2",
        "track3",
    }
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.tracks: list[list[Card]] = []
        self.lay: list[Card] = []
        self.track = -1
        self.layer = -1
        self.unused = set(deck) - set(deck[:52])

    def deal(self, cards: list[Card]) -> None:
        n, h = self.players, self.options.hand
        self.hands = [list(cards[s * h : (s + 1) * h]) for s in range(n)]
        self.stock = list(cards[n * h :])
        self.tracks = []
        for _ in range(n):
            while self.stock[-1].rank > 10:
                self.stock.insert(0, self.stock.pop())
            self.tracks.append([self.stock.pop()])
        self.seen = [set(hand) for hand in self.hands]
        self._reveal(c for t in self.tracks for c in t)
        self.lay, self.track, self.layer = [], -1, -1
        self.off_table = set(self.unused)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "draw":
            got = [self.stock.pop() for _ in range(min(2, len(self.stock)))]
            self.hands[seat] += got
            self.seen[seat] |= set(got)
        elif a.verb == "track":
            self.track, self.layer, self.lay = int(a.args[0]) - 1, seat, []
        elif a.verb == "lay":
            assert seat == self.layer
            self.lay.append(a.cards[0])
        elif a.verb == "back":
            if self.lay:
                self.lay.pop()
        elif a.verb == "cancel":
            self.lay, self.track, self.layer = [], -1, -1
        elif a.verb == "done":
            for c in self.lay:
                self.hands[seat].remove(c)
            self.tracks[self.track] += self.lay
            self._reveal(self.lay)
            self.lay, self.track, self.layer = [], -1, -1
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("stock", None): set(self.stock)}
        for s, hand in enumerate(self.hands):
            picked = set(self.lay) if s == self.layer else set()
            out[("hand", s)] = set(hand) - picked
            if s == self.layer:
                out[("selection", s)] = picked
        for k, t in enumerate(self.tracks):
            out[(f"track{k + 1}", None)] = set(t)
        return out
