"""What each seat sees in All Fours (see :mod:`oracles` for the protocol)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


def _strength(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


class AllFoursOracle(VisibilityOracle):
    """All Fours: hands and run batches are private, upcards and plays public.

    A deal lists six cards for each seat in turn, the upcard, then the stock from the top
    down.  A seat sees its own six; the upcard is public at once.  The eldest speaks
    first, so its seat tells who deals.  A refused gift runs the cards: while the stock
    holds three cards per seat and one more, each seat from the dealer's left receives the
    next three (seen by it alone) and the next card is turned up (public); a card of the
    refused suit runs them again.  With too few cards in the stock the hand is over and
    the next deal comes.  A discard stays known to its owner only.  Every card played is
    public and goes, with its trick, to the seat that took it: the highest trump, else the
    highest card of the suit led, Aces high.  Captured cards stay face up in front of
    their taker.
    """

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"first_upcard_jack": True, "first_dealer": 3},
        {"players": 2},
        {"players": 3, "max_deals": 4},
        {"players": 7},
    ]
    physical_zones: ClassVar[set[str]] = {
        "upcards",
        "stock",
        "hand",
        "discards",
        "trick",
        "taken",
    }

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[6 * s : 6 * s + 6]) for s in range(n)]
        self.upcards = [cards[6 * n]]
        self.stock = list(cards[6 * n + 1 :])  # top first
        self.discards: list[set[Card]] = [set() for _ in range(n)]
        self.taken: list[set[Card]] = [set() for _ in range(n)]
        self.trick: list[tuple[int, Card]] = []
        self.trump: int | None = None
        self.dealer = -1
        self.seen = [set(h) for h in self.hands]
        self._reveal(self.upcards)

    def act(self, seat: int, a: Action) -> None:
        n = self.players
        if a in ("stand", "beg"):
            self.dealer = (seat - 1) % n
            if a == "stand":
                self.trump = self.upcards[-1].suit
        elif a == "give":
            self.trump = self.upcards[-1].suit
        elif a == "refuse":
            self._run()
        elif a.verb == "discard":
            assert a.card in self.hands[seat], f"{a}: not in seat {seat}'s hand"
            self.hands[seat].remove(a.card)
            self.discards[seat].add(a.card)
        elif a.verb == "play":
            card = a.cards[0]
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            self._reveal([card])
            if len(self.trick) == n:
                self._take()
        else:
            raise self._unknown(a)

    def _run(self) -> None:
        n = self.players
        refused = self.upcards[-1].suit
        while len(self.stock) >= 3 * n + 1:
            for i in range(1, n + 1):
                s = (self.dealer + i) % n
                batch, self.stock = self.stock[:3], self.stock[3:]
                self.hands[s] |= set(batch)
                self.seen[s] |= set(batch)
            up = self.stock.pop(0)
            self.upcards.append(up)
            self._reveal([up])
            if up.suit != refused:
                self.trump = up.suit
                return

    def _take(self) -> None:
        led = self.trick[0][1].suit
        trumps = [(s, c) for s, c in self.trick if c.suit == self.trump]
        pool = trumps or [(s, c) for s, c in self.trick if c.suit == led]
        winner = max(pool, key=lambda sc: _strength(sc[1]))[0]
        self.taken[winner] |= {c for _, c in self.trick}
        self.trick = []

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("upcards", None): set(self.upcards),
            ("stock", None): set(self.stock),
            ("trick", None): {c for _, c in self.trick},
        }
        for s in range(self.players):
            out["hand", s] = set(self.hands[s])
            out["discards", s] = set(self.discards[s])
            out["taken", s] = set(self.taken[s])
        return out
