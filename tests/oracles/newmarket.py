"""What each seat sees in Newmarket (see :mod:`oracles` for the protocol).

A seat sees the hand it was dealt; a seat that takes the widow then sees the widow's
cards too, and still knows its old hand, which becomes the dead hand.  Every card played
is public.  Nobody else ever sees the widow or the dead hand.

To know when cards are played the oracle follows the rules on its own: the dealer's keep
or swap, the auction (a player who cannot beat the standing bid from their balance
passes unasked, so it keeps the chips: antes, bids, pay cards, a chip per card left),
every run climbing through whoever holds the next card, the stops and the switch of
colour passing to the left, the runs that have only one possible start, and the end of
the deal when a hand is empty.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_card

from .base import Location, VisibilityOracle

PAY = {parse_card(c): c for c in ("AH", "KC", "QD", "JS")}


def _height(c: Card) -> int:
    return 14 if c.rank == 1 else c.rank


def _after(c: Card) -> Card | None:
    """The next card of the suit, Aces high."""
    if c.rank == 1:
        return None
    rank = 1 if c.rank == 13 else c.rank + 1
    return parse_card(f"{'A23456789TJQK'[rank - 1]}{'CDHS'[c.suit]}")


def _black(suit: int) -> bool:
    return suit in (0, 3)


class NewmarketOracle(VisibilityOracle):
    """Newmarket: own hands private, the widow and dead hand nobody's, plays public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 3},
        {"players": 8, "kitty": True, "dealer_double": True, "first_dealer": 5},
        {"widow": "dead", "players": 5, "deals": 3},
        {"starting_chips": 0, "ante": 2, "players": 6},
        {"players": 7, "kitty": True, "starting_chips": 5},
    ]
    physical_zones: ClassVar[set[str]] = {
        "hand",
        "widow",
        "run_clubs",
        "run_diamonds",
        "run_hearts",
        "run_spades",
    }
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.chips = [0] * players
        self.pots = {name: 0 for name in ("AH", "KC", "QD", "JS", "kitty")}
        self.started = False

    # ------------------------------------------------------------ following
    def deal(self, cards: list[Card]) -> None:
        n = self.players
        if not self.started:
            self.chips = [self.options.starting_chips] * n
            self.started = True
        self.dealer = (self.options.first_dealer + self.hand) % n
        base = 52 // (n + 1)
        self.hands = [set(cards[s * base : (s + 1) * base]) for s in range(n)]
        self.spare = set(cards[n * base : (n + 1) * base])
        for k, c in enumerate(cards[(n + 1) * base :]):
            self.hands[(self.dealer + 1 + k) % n].add(c)
        self.seen = [set(h) for h in self.hands]
        self.played: list[Card] = []
        ante = self.options.ante
        for s in range(n):
            each = 2 * ante if self.options.dealer_double and s == self.dealer else ante
            for p in ("AH", "KC", "QD", "JS"):
                self.chips[s] -= each
                self.pots[p] += each
            if self.options.kitty:
                self.chips[s] -= ante
                self.pots["kitty"] += ante
        self.over = False
        self.high, self.high_bidder, self.bidder = 0, -1, self.dealer
        if self.options.widow == "dead":
            self._choose((self.dealer + 1) % n, {0, 1, 2, 3})
        else:
            self.phase = "widow"

    def act(self, seat: int, a: Action) -> None:
        assert not self.over, f"{a} by seat {seat} after the deal ended"
        if a == "keep":
            assert self.phase == "widow" and seat == self.dealer
            self.phase = "bid"
            self._next_bidder()
        elif a == "swap":
            assert self.phase == "widow" and seat == self.dealer
            self._take(seat)
            self._choose((self.dealer + 1) % self.players, {0, 1, 2, 3})
        elif a.verb == "bid":
            assert self.phase == "bid" and seat == self.bidder
            self.high, self.high_bidder = int(a.args[0]), seat
            self._next_bidder()
        elif a == "pass":
            assert self.phase == "bid" and seat == self.bidder
            self._next_bidder()
        elif a.verb == "play":
            assert self.phase == "play" and seat == self.chooser, f"{a} by seat {seat}"
            got = self._run(seat, a.cards[0])
            if got is not None:
                self._choose(*got)
        else:
            raise self._unknown(a)

    def _take(self, seat: int) -> None:
        self.hands[seat], self.spare = self.spare, self.hands[seat]
        self.seen[seat] |= self.hands[seat]

    def _next_bidder(self) -> None:
        n = self.players
        while True:
            self.bidder = (self.bidder + 1) % n
            if self.bidder == self.dealer:
                break
            if self.chips[self.bidder] > self.high:
                return
        if self.high_bidder >= 0:
            self.chips[self.high_bidder] -= self.high
            self.chips[self.dealer] += self.high
            self._take(self.high_bidder)
        self._choose((self.dealer + 1) % n, {0, 1, 2, 3})

    def _lowest(self, seat: int, suit: int) -> Card | None:
        cards = [c for c in self.hands[seat] if c.suit == suit]
        return min(cards, key=_height) if cards else None

    def _choose(self, seat: int, suits: set[int]) -> None:
        self.phase = "play"
        while True:
            starts = [c for s in sorted(suits) if (c := self._lowest(seat, s)) is not None]
            self.chooser = seat
            if len(starts) != 1:
                return
            got = self._run(seat, starts[0])
            if got is None:
                return
            seat, suits = got

    def _run(self, seat: int, card: Card) -> tuple[int, set[int]] | None:
        n = self.players
        while True:
            self.hands[seat].remove(card)
            self.played.append(card)
            self._reveal([card])
            if card in PAY:
                pot = PAY[card]
                self.chips[seat] += self.pots[pot]
                self.pots[pot] = 0
            if not self.hands[seat]:
                self._out(seat)
                return None
            nxt = _after(card)
            holder = next((s for s in range(n) if nxt in self.hands[s]), -1) if nxt else -1
            if holder < 0:
                break
            seat, card = holder, nxt  # type: ignore[assignment]
        other = {1, 2} if _black(card.suit) else {0, 3}
        for k in range(n):
            s = (seat + k) % n
            if any(c.suit in other for c in self.hands[s]):
                return s, other
        return seat, {0, 1, 2, 3}

    def _out(self, seat: int) -> None:
        for s in range(self.players):
            left = len(self.hands[s])
            self.chips[s] -= left
            self.chips[seat] += left
        if self.options.kitty:
            self.chips[seat] += self.pots["kitty"]
            self.pots["kitty"] = 0
        self.over = True
        self.phase = "over"

    # ---------------------------------------------------------------- places
    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(h) for s, h in enumerate(self.hands)}
        out["widow", None] = set(self.spare)
        for suit, name in enumerate(("clubs", "diamonds", "hearts", "spades")):
            out[f"run_{name}", None] = {c for c in self.played if c.suit == suit}
        return out
