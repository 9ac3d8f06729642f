"""What each seat sees in Bouncers (see :mod:`oracles` for the protocol).

Written from the rules: the deal's hearts, in the order the deal lists them, make the
pile (the first is turned up first); the other 39 cards go to the hands, thirteen a seat
in the order listed.  A seat sees its own hand.  Everyone sees the face-up heart at the
top of the pile, every card played, and the hearts won (laid face up).  The hearts under
the top stay unseen by all until turned, unless the pile is laid face up (``open_pile``),
when every heart is public from the deal on.  Trick cards are thrown away after the trick:
off the table, but public.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

HEARTS = 2


def strength(card: Card) -> int:
    """Trick rank: Two 2 … King 13, Ace 14."""
    return 14 if card.rank == 1 else card.rank


class BouncersOracle(VisibilityOracle):
    """Bouncers: the face-up heart, the plays and the hearts won are public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"open_pile": True},
        {"bouncers": "by_rank", "target": 60, "first_dealer": 2},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "hearts", "trick", "taken"}

    @property
    def open_pile(self) -> bool:
        return bool(getattr(getattr(self, "options", None), "open_pile", False))

    def deal(self, cards: list[Card]) -> None:
        others = [c for c in cards if c.suit != HEARTS]
        self.pile = [c for c in cards if c.suit == HEARTS]  # next to be won first
        self.hands = [set(others[13 * s : 13 * s + 13]) for s in range(3)]
        self.seen = [set(h) for h in self.hands]
        self.won: list[list[Card]] = [[], [], []]
        self.trick: list[tuple[int, Card]] = []
        self._reveal(self.pile if self.open_pile else self.pile[:1])

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "play":
            raise self._unknown(a)
        card = a.card
        assert card in self.hands[seat], f"{a} by seat {seat}: not in its hand"
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self._reveal([card])
        if len(self.trick) < 3:
            return
        best = 0
        for i, (_, c) in enumerate(self.trick):
            if strength(c) >= strength(self.trick[best][1]):
                best = i
        winner = self.trick[best][0]
        self.off_table |= {c for _, c in self.trick}
        self.trick = []
        self.won[winner].append(self.pile.pop(0))
        self._reveal(self.pile[:1])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hearts", None): set(self.pile)}
        for s in range(3):
            out["hand", s] = set(self.hands[s])
            out["taken", s] = set(self.won[s])
        out["trick", None] = {c for _, c in self.trick}
        return out
