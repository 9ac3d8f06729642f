"""What each seat sees in Gin Rummy (see :mod:`oracles` for the protocol)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class GinRummyOracle(VisibilityOracle):
    """Gin Rummy: stock draws are private, the discard pile public, knocks show both hands.

    A deal lists ten cards for seat 0, ten for seat 1, the upcard, then the stock from the
    top down.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [{"deck": "foresight", "oklahoma": True}]
    physical_zones: ClassVar[set[str]] = {"hand", "stock", "discard", "knock_discard"}

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[0:10]), set(cards[10:20])]
        self.pile = [cards[20]]
        self.stock = list(cards[21:])  # top first
        self.knocked: dict[int, Card] = {}
        self.seen = [set(h) for h in self.hands]
        self._reveal([cards[20]])

    def act(self, seat: int, a: Action) -> None:
        if a == "draw stock":
            card = self.stock.pop(0)
            self.hands[seat].add(card)
            self.seen[seat].add(card)
        elif a == "draw upcard":
            self.hands[seat].add(self.pile.pop())
        elif a.verb == "discard":
            self.hands[seat].remove(a.card)
            self.pile.append(a.card)
            self._reveal([a.card])
        elif a.verb in ("knock", "gin"):
            self.hands[seat].remove(a.card)
            self.knocked[seat] = a.card  # discarded face down: only the knocker knows it
            self._reveal([*self.hands[0], *self.hands[1]])
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(self.hands[s]) for s in range(2)}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        for s, card in self.knocked.items():
            out["knock_discard", s] = {card}
        return out
