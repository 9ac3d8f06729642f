"""What each seat sees in Paparazzi (see :mod:`oracles` for the protocol).

The deal lists the twelve celebrities (the picture cards, in layout order) and the
personal decks: each seat's deck is its suit's cards (♠ ♥ ♦ ♣ by seat) in the order the
deal lists them, the first on top.  The celebrities are public at once.  A seat sees the
three cards it draws at the start and each card it draws after laying one; nobody sees
the order of a deck, its owner included.  Every card laid is public.
"""

from __future__ import annotations

from typing import ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

SUITS = "♠♥♦♣"


class PaparazziOracle(VisibilityOracle):
    """Paparazzi: private hands drawn from private decks, everything laid public."""

    extra_options: ClassVar[list[dict[str, object]]] = [
        {"players": 3, "first_player": 2},
        {"players": 4, "first_player": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"board", "hand", "deck"}
    hand_step_bound: ClassVar[int] = 40

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.board: set[Card] = set()
        self.hands: list[set[Card]] = [set() for _ in range(players)]
        self.decks: list[list[Card]] = [[] for _ in range(players)]

    def deal(self, cards: list[Card]) -> None:
        celebs = [c for c in cards if c.rank >= 11]
        assert len(celebs) == 12, "the twelve pictures are the celebrities"
        self.board = set(celebs)
        self._reveal(celebs)
        low = self.players - 1
        for s in range(self.players):
            own = [c for c in cards if c.rank < 11 and c.text.endswith(SUITS[s])]
            assert sorted(c.rank for c in own) == list(range(low, 11)), "a personal deck"
            self.hands[s] = set(own[:3])
            self.decks[s] = own[3:]
            self.seen[s] |= self.hands[s]
        self.off_table = set(self.deck) - set(cards)

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "place":
            raise self._unknown(a)
        card = a.cards[0]
        assert card in self.hands[seat], "a card is laid from its owner's hand"
        self.hands[seat].remove(card)
        self.board.add(card)
        self._reveal([card])
        if self.decks[seat]:
            drawn = self.decks[seat].pop(0)
            self.hands[seat].add(drawn)
            self.seen[seat].add(drawn)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("board", None): set(self.board)}
        for s in range(self.players):
            out["hand", s] = set(self.hands[s])
            out["deck", s] = set(self.decks[s])
        return out
