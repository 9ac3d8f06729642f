"""Pieces shared by the Gin Rummy and Bourbon oracles (no oracle of its own).

Both deal ten cards to each seat, start a public discard pile with an upcard and keep a
face-down stock listed top first.
"""

from __future__ import annotations

from cardlab.core.cards import Card

from .base import Location


class RummyTable:
    """Mixin for a :class:`~oracles.base.VisibilityOracle`: hands, discard pile and stock."""

    hands: list[set[Card]]
    spread: set[Card]
    pile: list[Card]
    stock: list[Card]
    seen: list[set[Card]]

    def _deal_hands(self, cards: list[Card], upcard: int) -> None:
        """Ten cards for each seat, the upcard at ``cards[upcard]``, the stock after it."""
        self.hands = [set(cards[0:10]), set(cards[10:20])]
        self.pile = [cards[upcard]]
        self.stock = list(cards[upcard + 1 :])  # top first
        self.seen = [set(h) for h in self.hands]
        self.spread: set[Card] = set()
        self._reveal([cards[upcard]])  # type: ignore[attr-defined]

    def _take(self, seat: int, card: Card) -> None:
        """A seat draws a face-down card: only it sees the face."""
        self.hands[seat].add(card)
        self.seen[seat].add(card)

    def _take_upcard(self, seat: int) -> None:
        self.hands[seat].add(self.pile.pop())

    def _show_hands(self) -> None:
        """A knock shows both hands to everyone, laid out in melds and deadwood (with the
        lay-offs on the knocker's melds): one place, the spread, until the next deal."""
        self._reveal([*self.hands[0], *self.hands[1]])  # type: ignore[attr-defined]
        self.spread = self.hands[0] | self.hands[1]
        self.hands = [set(), set()]

    def _discard(self, seat: int, card: Card) -> None:
        """A card goes face up from a hand onto the discard pile."""
        self.hands[seat].remove(card)
        self.pile.append(card)
        self._reveal([card])  # type: ignore[attr-defined]

    def _table(self) -> dict[Location, set[Card]]:
        """Where the hands, the stock and the discard pile's cards lie."""
        out: dict[Location, set[Card]] = {("hand", s): set(self.hands[s]) for s in range(2)}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        if self.spread:
            out["spread", None] = set(self.spread)
        return out
