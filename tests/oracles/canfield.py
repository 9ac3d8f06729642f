"""What the player sees in Canfield (see :mod:`oracles` for the protocol).

Written from the rules: a deal lists the reserve (top card first), the card that starts
the foundations, the four tableau cards and the stock (top card first).  The foundation
card, the tableau cards and the reserve's top are dealt face up; the rest of the reserve
and the stock lie face down.  A card becomes known, to the player and any onlooker alike,
when it is turned face up: drawn onto the waste (with draw 3, each of the three), or
uncovered on the reserve.  An emptied tableau pile takes the reserve's top at once while
the reserve lasts.  A redeal turns the waste over as the new stock, face down; its cards
stay known.  Nothing leaves a foundation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

PILES = [f"tableau{k}" for k in range(1, 5)]


class CanfieldOracle(VisibilityOracle):
    """Canfield: faces are public once turned up, never before."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"draw": 3},
        {"draw": 3, "scoring": "casino", "idle_limit": 25},
        {"idle_limit": 10},
        {"winnable": True},
    ]
    physical_zones: ClassVar[set[str]] = {
        "reserve",
        "stock",
        "waste",
        *PILES,
        *(f"foundation{s}" for s in range(1, 5)),
    }

    def deal(self, cards: list[Card]) -> None:
        # Every pile is a list, bottom card first.
        self.reserve = list(reversed(cards[:13]))
        first = cards[13]
        self.piles = {name: [cards[14 + k]] for k, name in enumerate(PILES)}
        self.stock = list(reversed(cards[18:]))
        self.waste: list[Card] = []
        self.home: list[list[Card]] = [[], [], [], []]
        self.home[first.suit].append(first)
        self._reveal([first, self.reserve[-1], *cards[14:18]])

    @property
    def draw(self) -> int:
        options = getattr(self, "options", None)
        return int(getattr(options, "draw", 1))

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "draw":
            for _ in range(min(self.draw, len(self.stock))):
                card = self.stock.pop()
                self.waste.append(card)
                self._reveal([card])
        elif a.verb == "redeal":
            assert not self.stock
            self.stock = self.waste[::-1]
            self.waste = []
        elif a.verb == "home":
            card = a.card
            assert card is not None
            self._take(card, 1)
            self.home[card.suit].append(card)
        elif a.verb == "move":
            card = a.card
            assert card is not None
            run = self._take(card, 0)
            self.piles[a.args[1]].extend(run)
        elif a.verb != "stop":
            raise self._unknown(a)
        self._after()

    def _take(self, card: Card, single: int) -> list[Card]:
        """Lift ``card`` (and, from a tableau pile, every card on it) from where it lies."""
        for st in (self.reserve, self.waste):
            if st and st[-1] is card:
                return [st.pop()]
        for st in self.piles.values():
            if card in st:
                i = st.index(card)
                assert not single or i == len(st) - 1, f"{card} is not a top card"
                run = st[i:]
                del st[i:]
                return run
        raise AssertionError(f"{card} cannot be played from where it lies")

    def _after(self) -> None:
        """The reserve refills an emptied pile at once; its new top turns face up."""
        for name in PILES:
            if not self.piles[name] and self.reserve:
                self.piles[name].append(self.reserve.pop())
        if self.reserve:
            self._reveal([self.reserve[-1]])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("reserve", None): set(self.reserve),
            ("stock", None): set(self.stock),
            ("waste", None): set(self.waste),
        }
        for name, st in self.piles.items():
            out[name, None] = set(st)
        for s in range(4):
            out[f"foundation{s + 1}", None] = set(self.home[s])
        return out
