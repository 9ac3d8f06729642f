"""What each seat sees in 3-5-7 (see :mod:`oracles` for the protocol).

A seat sees its own cards as they are dealt: three at the start of a cycle, then two more
twice, taken off the stock two at a time from the dealer's left.  Stay-or-fold choices
show no card.  Once every seat has chosen, and two or more stayed, each stayer sees every
other stayer's whole hand of that stage; a seat that folded, and a spectator, see none of
it.  Nothing is ever public.  A seat that takes its third strike ends the game, so the
oracle counts strikes too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class ThreeFiveSevenOracle(VisibilityOracle):
    """3-5-7: own cards, and the other stayers' hands at a showdown."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"strike_pays": True, "ante": 2, "players": 7},
        {"three_card_straights": True, "max_cycles": 2, "players": 2, "first_dealer": 1},
        {"starting_chips": 0, "players": 3},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "stock"}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.strikes = [0] * players
        self.over = False
        self.hands: list[set[Card]] = [set() for _ in range(players)]
        self.stock: list[Card] = []
        self.pos = 0
        self.stage = 0
        self.chosen: dict[int, str] = {}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [set(cards[3 * s : 3 * s + 3]) for s in range(n)]
        self.seen = [set(h) for h in self.hands]
        self.stock = cards[3 * n :]
        self.pos = 0
        self.stage = 0
        self.chosen = {}

    def act(self, seat: int, a: Action) -> None:
        assert not self.over, f"{a} by seat {seat} after the game ended"
        if a.verb not in ("stay", "fold"):
            raise self._unknown(a)
        assert seat not in self.chosen, f"seat {seat} chose twice"
        self.chosen[seat] = a.verb
        if len(self.chosen) < self.players:
            return
        stayed = sorted(s for s, w in self.chosen.items() if w == "stay")
        self.chosen = {}
        if len(stayed) == 1:
            self.strikes[stayed[0]] += 1
            if self.strikes[stayed[0]] >= 3:
                self.over = True
                return
        elif len(stayed) > 1:
            for s in stayed:
                for t in stayed:
                    self.seen[s] |= self.hands[t]
        if self.stage < 2:
            self.stage += 1
            dealer = (self.options.first_dealer + self.hand) % self.players
            for k in range(1, self.players + 1):
                s = (dealer + k) % self.players
                two = self.stock[self.pos : self.pos + 2]
                self.pos += 2
                self.hands[s] |= set(two)
                self.seen[s] |= set(two)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(h) for s, h in enumerate(self.hands)}
        out["stock", None] = set(self.stock[self.pos :])
        return out
