"""What each seat sees in Foresight (see :mod:`oracles` for the protocol)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class ForesightOracle(VisibilityOracle):
    """Foresight: hole cards are blind to everyone, the leader's exchange is private.

    A deal lists the trump indicator, then seat by seat that seat's hole cards (4, 3 or 2
    for 3, 4 or 5 players) and the rest of its hand (17, 13 or 10 cards in all), then
    the cards left out.  The indicator is public at once.  A seat sees the hand part of
    its own cards, never its hole.  The leader sees the hole card it picks up; the card it
    lays in the hole came from its hand, so it already knows that one.  Every card played
    is public; a finished trick leaves the table (off_table).  Left-over cards are never
    seen.
    """

    TRICKS: ClassVar[dict[int, int]] = {3: 17, 4: 13, 5: 10}
    HOLE: ClassVar[dict[int, int]] = {3: 4, 4: 3, 5: 2}
    # The generic tests seat their bots for the default player count (3), so 4 and 5
    # players are followed with this oracle in tests/games/test_foresight.py instead.
    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"target": 12, "first_dealer": 2},
        {"players": 4},
        {"players": 5},
    ]
    physical_zones: ClassVar[set[str]] = {"trump", "out", "hole", "hand", "trick"}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        size, hole = self.TRICKS[n], self.HOLE[n]
        self.indicator = cards[0]
        self.holes: list[list[Card]] = []
        self.hands: list[set[Card]] = []
        pos = 1
        for _ in range(n):
            self.holes.append(list(cards[pos : pos + hole]))
            self.hands.append(set(cards[pos + hole : pos + size]))
            pos += size
        self.left_out = set(cards[pos:])
        self.trick: list[Card] = []
        self.slot = -1
        self.seen = [set(h) for h in self.hands]
        self._reveal([self.indicator])

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "bid" or a == "skip":
            return
        if a.verb == "take":
            self.slot = int(a.args[0]) - 1
            card = self.holes[seat].pop(self.slot)
            self.hands[seat].add(card)
            self.seen[seat].add(card)
        elif a.verb == "put":
            assert a.card in self.hands[seat]
            self.hands[seat].remove(a.card)
            self.holes[seat].insert(self.slot, a.card)
        elif a.verb == "play":
            if a.args[0] == "hole":
                card = self.holes[seat].pop(int(a.args[1]) - 1)
            else:
                card = a.cards[0]
                self.hands[seat].remove(card)
            self.trick.append(card)
            self._reveal([card])
            if len(self.trick) == self.players:
                self.off_table |= set(self.trick)
                self.trick = []
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("trump", None): {self.indicator},
            ("out", None): set(self.left_out),
            ("trick", None): set(self.trick),
        }
        for s in range(self.players):
            out["hand", s] = set(self.hands[s])
            out["hole", s] = set(self.holes[s])
        return out
