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


class BourbonOracle(VisibilityOracle):
    """Bourbon: face-down draws are private, the discard pile public, knocks show both hands.

    A deal lists ten cards for seat 0, ten for seat 1, the left and right face-down cards,
    the upcard, then the stock from the top down.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [{"target": 40, "first_dealer": 1}]
    physical_zones: ClassVar[set[str]] = {"hand", "left", "right", "stock", "discard"}

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[0:10]), set(cards[10:20])]
        self.side: list[Card | None] = [cards[20], cards[21]]
        self.pile = [cards[22]]
        self.stock = list(cards[23:])  # top first
        self.seen = [set(h) for h in self.hands]
        self._reveal([cards[22]])

    def _take(self, seat: int, card: Card) -> None:
        self.hands[seat].add(card)
        self.seen[seat].add(card)

    def act(self, seat: int, a: Action) -> None:
        if a == "pass":
            return
        if a == "draw upcard":
            self.hands[seat].add(self.pile.pop())
        elif a == "draw stock":
            self._take(seat, self.stock.pop(0))
        elif a in ("draw left", "draw right"):
            k = 0 if a == "draw left" else 1
            card = self.side[k]
            assert card is not None
            self._take(seat, card)
            self.side[k] = self.stock.pop(0) if self.stock else None
        elif a.verb in ("discard", "knock", "bourbon"):
            self.hands[seat].remove(a.card)
            self.pile.append(a.card)
            self._reveal([a.card])
            if a.verb != "discard":
                self._reveal([*self.hands[0], *self.hands[1]])
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(self.hands[s]) for s in range(2)}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        for k, name in enumerate(("left", "right")):
            card = self.side[k]
            out[name, None] = {card} if card is not None else set()
        return out
