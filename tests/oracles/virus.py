"""What each seat sees in Virus (see :mod:`oracles` for the protocol).

Medicine is public from the deal on: a drunk bottle is turned over but everyone saw it,
and a stolen one moves in full view.  A seat sees the germs dealt to it and every card
it draws when infected; the infector has seen the card it loses.  A chosen signal is a
secret of its chooser until all are shown together.  The oracle settles each turn once
every seat has signalled: blocks, drinks, then the infections in seat order (each drawn
card is the next chance outcome, from the pointer's hand as it was before the turn's
infections), then steals, each target's thieves from its left, from the bottles it had
when the steals began.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card
from cardlab.core.spec import seat_names

from .base import Location, Secret, VisibilityOracle

SHARES = {2: (4, 5), 3: (4, 4), 4: (3, 4)}


class VirusOracle(VisibilityOracle):
    """Virus: bottles public, hands private, an infection's card seen by its two players."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "drinks_to_win": 3, "wins_needed": 1, "max_rounds": 2, "max_turns": 25},
        {"players": 4, "rounds": 1, "max_turns": 12},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "medicine"}

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.names = [n.lower().replace(" ", "") for n in seat_names(players)]
        self.titles = seat_names(players)
        self.hands: list[set[Card]] = [set() for _ in range(players)]
        self.bottles: list[list[Card]] = [[] for _ in range(players)]
        self.drunk: set[Card] = set()
        self.signals: dict[int, tuple[str, int | None]] = {}
        self.infections: list[tuple[int, int]] = []
        self.steals: list[tuple[int, int]] = []

    def step(self, seat: int | None, act: str) -> None:
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None and a.verb == "draw":
            self._infect(a.cards[0])
        else:
            super().step(seat, act)

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        k, h = SHARES[n]
        reds = [c for c in cards if c.red and not c.is_joker]
        rest = [c for c in cards if not (c.red and not c.is_joker)]
        self.bottles = [reds[k * s : k * s + k] for s in range(n)]
        self.hands = [set(rest[h * s : h * s + h]) for s in range(n)]
        self.seen = [set(hand) for hand in self.hands]
        self._reveal(reds)
        self.drunk = set()
        self.signals = {}
        self.off_table = set(self.deck) - set(cards)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "fist":
            self.signals[seat] = ("fist", None)
        elif a.verb in ("infect", "steal", "block"):
            self.signals[seat] = (a.verb, self.names.index(a.args[0]))
        else:
            raise self._unknown(a)
        if len(self.signals) == self.players:
            self._resolve()

    def secrets(self, viewer: int | str) -> list[Secret]:
        """Another seat's signal until all are shown: its private words."""
        return [
            re.compile(re.escape(f"{self.titles[s]} decides to"))
            for s in self.signals
            if s != viewer
        ]

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
            if sig[s][0] == "fist" and s not in hit and self._undrunk(s):
                self.drunk.add(self._undrunk(s)[0])
        self.before = [set(h) for h in self.hands]
        self.infections = [
            (s, t)
            for s in range(n)
            if sig[s][0] == "infect" and works(s) and (t := sig[s][1]) is not None
        ]
        self.steals = [
            (s, t)
            for s in range(n)
            if sig[s][0] == "steal" and works(s) and (t := sig[s][1]) is not None
        ]
        if not self.infections:
            self._steal()

    def _infect(self, card: Card) -> None:
        s, t = self.infections.pop(0)
        assert card in self.before[s], "an infection draws from the pointer's hand"
        self.hands[s].discard(card)
        self.hands[t].add(card)
        self.seen[t].add(card)
        if not self.infections:
            self._steal()

    def _steal(self) -> None:
        n = self.players
        stock = {t: self._undrunk(t) for _, t in self.steals}
        for t in sorted(stock):
            for s in sorted((s for s, u in self.steals if u == t), key=lambda s: (s - t) % n):
                if stock[t]:
                    b = stock[t].pop(0)
                    self.bottles[t].remove(b)
                    self.bottles[s].append(b)
        self.steals = []

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            out[("hand", s)] = set(self.hands[s])
            out[("medicine", s)] = set(self.bottles[s])
        return out
