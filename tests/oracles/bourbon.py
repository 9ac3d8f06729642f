"""What each seat sees in Bourbon (see :mod:`oracles` for the protocol).

Written from the rules: a seat sees its ten dealt cards and every face-down card it draws
(left, right or the stock's top); the upcard, every discard (the knock discard too) and
every upcard taken are public; a knock or bourbon shows both hands.  A cancelled hand
shows nothing.  The three face-down cards on offer and the stock only ever show backs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle
from .rummy_base import RummyTable


class BourbonOracle(RummyTable, VisibilityOracle):
    """Bourbon: face-down draws are private, the discard pile public, knocks show both hands.

    A deal lists ten cards for seat 0, ten for seat 1, the left and right face-down cards,
    the upcard, then the stock from the top down.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [{"target": 40, "first_dealer": 1}]
    merged_zones: ClassVar[dict[str, str]] = {"melds": "spread", "deadwood": "spread"}
    physical_zones: ClassVar[set[str]] = {"hand", "left", "right", "stock", "discard"}

    def deal(self, cards: list[Card]) -> None:
        self._deal_hands(cards, 22)
        self.side: list[Card | None] = [cards[20], cards[21]]

    def act(self, seat: int, a: Action) -> None:
        if a == "pass":
            return
        if a == "draw upcard":
            self._take_upcard(seat)
        elif a == "draw stock":
            self._take(seat, self.stock.pop(0))
        elif a in ("draw left", "draw right"):
            k = 0 if a == "draw left" else 1
            card = self.side[k]
            assert card is not None
            self._take(seat, card)
            self.side[k] = self.stock.pop(0) if self.stock else None
        elif a.verb in ("discard", "knock", "bourbon"):
            self._discard(seat, a.card)
            if a.verb != "discard":
                self._show_hands()
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out = self._table()
        for k, name in enumerate(("left", "right")):
            card = self.side[k]
            out[name, None] = {card} if card is not None else set()
        return out
