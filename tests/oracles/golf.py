"""What the player sees in Golf (see :mod:`oracles` for the protocol).

Written from the rules: a deal lists seven piles of five, each from its top card down, then
the seventeen stock cards from the top.  The piles lie face up, so all 35 are public at
once, and so is the stock's top card, which is turned at once to start the discard pile.
The other sixteen stock cards stay face down until a ``draw`` turns the next one onto the
discard pile, where it is public.  ``play XX`` moves the free card ``XX`` from the top of
its pile onto the discard pile; nothing ever turns face down again.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

PILES = [f"pile{k}" for k in range(1, 8)]


class GolfOracle(VisibilityOracle):
    """Golf: the piles and the discard pile are public, the stock's order never is."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"draw_any_time": True},
        {"queen_on_king": True},
        {"wrap": True, "stock_bonus": True},
        {"draw_any_time": True, "queen_on_king": True, "wrap": True},
    ]
    physical_zones: ClassVar[set[str]] = {*PILES, "stock", "discard"}

    def deal(self, cards: list[Card]) -> None:
        # every pile bottom first; the stock as a list whose end is its top
        self.piles: dict[str, list[Card]] = {
            name: list(reversed(cards[5 * k : 5 * k + 5])) for k, name in enumerate(PILES)
        }
        stock = cards[35:]
        self.discard: list[Card] = [stock[0]]
        self.stock: list[Card] = list(reversed(stock[1:]))
        self._reveal([c for p in self.piles.values() for c in p] + self.discard)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "draw":
            card = self.stock.pop()
            self.discard.append(card)
            self._reveal([card])
        elif a.verb == "play":
            card = a.card
            for p in self.piles.values():
                if p and p[-1] is card:
                    p.pop()
                    break
            else:
                raise AssertionError(f"{card} is not on top of a pile")
            self.discard.append(card)
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {(n, None): set(p) for n, p in self.piles.items()}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.discard)
        return out
