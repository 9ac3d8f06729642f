"""What each seat sees in Heartburn (see :mod:`oracles` for the protocol).

From the rules: a seat sees the faces of the hand it is dealt, never its hole cards.  Passes
are chosen in secret; once every seat has chosen, the receiver sees the passed cards except
the one that becomes its hole card, whose face only the passer knows (it was in the
passer's hand).  A hold hand deals two hole cards each and nobody passes.  Every card
played to a trick is public, and so are the cards taken out of the deck for 3, 5 and 6
players.  The opening club is public once play starts (its holder must lead it at once).
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_cards

from .base import Location, VisibilityOracle


class HeartburnOracle(VisibilityOracle):
    """Heartburn: hole cards hidden from all, passes revealed together, plays public."""

    #: Receiver offsets of the passing cycle by player count (0 = hold hand).
    CYCLES: ClassVar[dict[int, tuple[int, ...]]] = {
        3: (1, 2, 0),
        4: (1, 3, 2, 0),
        5: (1, 4, 2, 3, 0),
        6: (1, 5, 2, 4, 3, 0),
    }
    COUNTS: ClassVar[dict[int, int]] = {3: 4, 4: 3, 5: 3, 6: 2}
    OUT: ClassVar[dict[int, str]] = {3: "2D", 4: "", 5: "2D 2C", 6: "2C 2S 2D 3D"}
    # The generic tests play the default four seats; tests/games/test_heartburn.py runs the
    # same checks with 3, 5 and 6 players.
    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"target": 30, "first_dealer": 2},
        {"players": 3},
        {"players": 5, "deck": "foresight"},
        {"players": 6},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "hole", "passing", "trick", "out"}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        size = len(cards) // n
        self.offset = self.CYCLES[n][self.hand % len(self.CYCLES[n])]
        holes = 1 if self.offset else 2
        self.out = set(parse_cards(self.OUT[n]))
        assert self.out == set(self.deck) - set(cards), "the cards out of the deck"
        self._reveal(self.out)
        blocks = [cards[size * s : size * s + size] for s in range(n)]
        # Each hole row in order: the dealt card(s), then the passed one; "play hole N"
        # plays the N-th card of the row as it lies now, and the row closes up.
        self.holes: list[list[Card]] = [list(b[:holes]) for b in blocks]
        self.hands = [set(b[holes:]) for b in blocks]
        self.seen = [set(h) for h in self.hands]
        self.chosen: list[list[Card]] = [[] for _ in range(n)]
        self.hole_pick: list[Card | None] = [None] * n
        self.trick: list[Card] = []
        self.passing = bool(self.offset)
        if not self.passing:
            self._start_play()

    def _start_play(self) -> None:
        in_hands = set().union(*self.hands)
        clubs = [c for c in in_hands if c.suit == 0]
        if clubs:
            low = min(clubs, key=lambda c: 14 if c.rank == 1 else c.rank)
            self._reveal([low])

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "pass":
            assert a.card in self.hands[seat], f"{a} by seat {seat}: not in its hand"
            self.chosen[seat].append(a.card)
        elif a.verb == "hole":
            assert a.card in self.chosen[seat]
            self.hole_pick[seat] = a.card
            if all(p is not None for p in self.hole_pick):
                self._exchange()
        elif a.verb == "play" and a.args[0] == "hole":
            place = int(a.args[1]) - 1
            assert 0 <= place < len(self.holes[seat]), f"{a} by seat {seat}: no such hole card"
            self._played(self.holes[seat].pop(place))
        elif a.verb == "play":
            self.hands[seat].remove(a.card)
            self._played(a.card)
        else:
            raise self._unknown(a)

    def _played(self, card: Card) -> None:
        self.trick.append(card)
        self._reveal([card])
        if len(self.trick) == self.players:
            self.off_table |= set(self.trick)
            self.trick = []

    def _exchange(self) -> None:
        n = self.players
        for s in range(n):
            self.hands[s] -= set(self.chosen[s])
        for s in range(n):
            to = (s + self.offset) % n
            hole = self.hole_pick[s]
            assert hole is not None
            rest = set(self.chosen[s]) - {hole}
            self.hands[to] |= rest
            self.seen[to] |= rest
            self.holes[to].append(hole)
        self.passing = False
        self._start_play()

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            chosen = set(self.chosen[s]) if self.passing else set()
            out["hand", s] = self.hands[s] - chosen
            out["passing", s] = chosen
            out["hole", s] = set(self.holes[s])
        out["trick", None] = set(self.trick)
        out["out", None] = set(self.out)
        return out
