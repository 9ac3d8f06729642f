"""What each seat sees in Tonk (see :mod:`oracles` for the protocol).

Written from the rules: a seat sees its five dealt cards and every card it draws from the
stock (private); the card that starts the discard pile, every discard, every card taken
from the pile and every card laid in a book or a spread or added to one are public.
After the deal the Tonk hands (15 or less, 49 or 50) are shown; going down and the end
of the stock (or the turn cap) show every hand.  Going out shows nothing more.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


def _value(c: Card) -> int:
    return min(c.rank, 10)


class TonkOracle(VisibilityOracle):
    """Tonk: five cards a seat, a public discard pile, melds on the table for all.

    A deal lists five cards for each seat in turn, the upcard, then the stock from the
    top down.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 5, "payoff": 3, "max_turns": 12, "first_dealer": 2},
        {"players": 8, "starting_chips": 0},
    ]
    merged_zones: ClassVar[dict[str, str]] = {"melds": "table"}
    physical_zones: ClassVar[set[str]] = {"hand", "stock", "discard", "melds"}
    random_weights: ClassVar[dict[str, float]] = {"down": 0.03}
    options: Any

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[5 * s : 5 * s + 5]) for s in range(n)]
        up = cards[5 * n]
        self.pile = [up]
        self.stock = list(cards[5 * n + 1 :])  # top first
        self.table: set[Card] = set()
        self.seen = [set(h) for h in self.hands]
        self.turns = 0
        self._reveal([up])
        for h in self.hands:
            total = sum(_value(c) for c in h)
            if total <= 15 or total >= 49:
                self._reveal(h)

    def act(self, seat: int, a: Action) -> None:
        if a == "down":
            for h in self.hands:
                self._reveal(h)
        elif a == "draw stock":
            card = self.stock.pop(0)
            self.hands[seat].add(card)
            self.seen[seat].add(card)
        elif a == "draw discard":
            self.hands[seat].add(self.pile.pop())
        elif a.verb in ("lay", "extend"):
            cards = a.cards if a.verb == "lay" else a.cards[:1]
            for c in cards:
                self.hands[seat].remove(c)
            self.table |= set(cards)
            self._reveal(cards)
        elif a.verb == "discard":
            self.hands[seat].remove(a.card)
            self.pile.append(a.card)
            self._reveal([a.card])
            self.turns += 1
            cap = getattr(getattr(self, "options", None), "max_turns", 200)
            if self.hands[seat] and (not self.stock or self.turns >= cap):
                for h in self.hands:
                    self._reveal(h)
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(h) for s, h in enumerate(self.hands)}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        if self.table:
            out["table", None] = set(self.table)
        return out
