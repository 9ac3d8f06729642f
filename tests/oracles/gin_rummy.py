"""What each seat sees in Gin Rummy (see :mod:`oracles` for the protocol)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle
from .rummy_base import RummyTable


class GinRummyOracle(RummyTable, VisibilityOracle):
    """Gin Rummy: stock draws are private, the discard pile public, knocks show both hands.

    A deal lists ten cards for seat 0, ten for seat 1, the upcard, then the stock from the
    top down.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [{"deck": "foresight", "oklahoma": True}]
    merged_zones: ClassVar[dict[str, str]] = {"melds": "spread", "deadwood": "spread"}
    physical_zones: ClassVar[set[str]] = {"hand", "stock", "discard", "knock_discard"}

    def deal(self, cards: list[Card]) -> None:
        self._deal_hands(cards, 20)
        self.knocked: dict[int, Card] = {}

    def act(self, seat: int, a: Action) -> None:
        if a == "draw stock":
            self._take(seat, self.stock.pop(0))
        elif a == "draw upcard":
            self._take_upcard(seat)
        elif a.verb == "discard":
            self._discard(seat, a.card)
        elif a.verb in ("knock", "gin"):
            self.hands[seat].remove(a.card)
            self.knocked[seat] = a.card  # discarded face down: only the knocker knows it
            self._show_hands()
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out = self._table()
        for s, card in self.knocked.items():
            out["knock_discard", s] = {card}
        return out
