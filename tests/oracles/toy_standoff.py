"""What each seat sees in the Standoff Toy (see :mod:`oracles` for the protocol).

Bottles are public from the deal on (drunk or stolen, they stay face up).  A seat sees
the two germs dealt to it and every card handed to it by an infection; the infector has
seen the card it hands over.  Signals show no card.  The oracle resolves each turn once
every seat has signalled: blocks, drinks, infections from the hands as they stood, steals
in seat order, as the rules say.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

SEATS = {
    2: ("north", "south"),
    3: ("north", "east", "west"),
    4: ("north", "east", "south", "west"),
}


class StandoffOracle(VisibilityOracle):
    """Standoff Toy: bottles public, hands private, infections seen by both players."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "accusations": False, "max_turns": 30},
        {"players": 4, "rounds": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "medicine"}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.hands: list[set[Card]] = [set() for _ in range(players)]
        self.bottles: list[list[Card]] = [[] for _ in range(players)]
        self.drunk: set[Card] = set()
        self.signals: dict[int, tuple[str, int | None]] = {}

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        reds = [c for c in cards if c.red and not c.is_joker]
        rest = [c for c in cards if not (c.red and not c.is_joker)]
        self.bottles = [reds[3 * s : 3 * s + 3] for s in range(n)]
        self.hands = [set(rest[2 * s : 2 * s + 2]) for s in range(n)]
        self.seen = [set(h) for h in self.hands]
        self._reveal(reds)
        self.drunk = set()
        self.signals = {}
        self.off_table = set(self.deck) - set(cards)

    def _seat(self, word: str) -> int:
        return SEATS[self.players].index(word)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "accuse":
            return  # the round ends; the next deal starts afresh
        if a.verb == "fist":
            self.signals[seat] = ("fist", None)
        elif a.verb in ("infect", "steal", "block"):
            self.signals[seat] = (a.verb, self._seat(a.args[0]))
        else:
            raise self._unknown(a)
        if len(self.signals) == self.players:
            self._resolve()

    def _undrunk(self, seat: int) -> list[Card]:
        return [b for b in self.bottles[seat] if b not in self.drunk]

    def _resolve(self) -> None:
        sig = self.signals
        self.signals = {}
        n = self.players

        def works(s: int) -> bool:
            t = sig[s][1]
            return t is not None and sig[t] != ("block", s)

        hit = {sig[s][1] for s in range(n) if sig[s][0] in ("infect", "steal") and works(s)}
        for s in range(n):
            if sig[s][0] == "fist" and s not in hit:
                self.drunk.add(self._undrunk(s)[0])
        before = [set(h) for h in self.hands]
        for s in range(n):
            w, t = sig[s]
            if w == "infect" and works(s) and t is not None:
                card = max(before[s], key=lambda c: c.index)
                self.hands[s].discard(card)
                self.hands[t].add(card)
                self.seen[t].add(card)
        for s in range(n):
            w, t = sig[s]
            if w == "steal" and works(s) and t is not None:
                left = self._undrunk(t)
                if left:
                    self.bottles[t].remove(left[0])
                    self.bottles[s].append(left[0])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            out[("hand", s)] = set(self.hands[s])
            out[("medicine", s)] = set(self.bottles[s])
        return out
