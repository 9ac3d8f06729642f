"""What each seat sees in Court (see :mod:`oracles` for the protocol).

A seat sees the hand dealt to it and every hand handed to it: what it saw of a hand
stays known to it after it passes the hand on.  The cards chosen at a turn are turned
up together once every seat has chosen (public from then on); until then a seat's
choice, and whether it spends a joker, are its own secret.  The last card of each hand
is played face up at once.  The cards set aside are seen by nobody.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, Secret, VisibilityOracle

SIZES = {2: 9, 3: 8, 4: 7}
NAMES = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}


def said(card: Card) -> str:
    return "the Joker" if card.is_joker else card.text


class CourtOracle(VisibilityOracle):
    """Court: hands seen by everyone who held them, choices public at the reveal."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "jokers": 1, "rounds": 2},
        {"players": 4, "jokers": 0, "rounds": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"hand", "picks", "court", "aside"}

    def deal(self, cards: list[Card]) -> None:
        n, k = self.players, SIZES[self.players]
        self.hands = [set(cards[k * s : k * s + k]) for s in range(n)]
        self.aside = set(cards[n * k :])
        self.seen = [set(h) for h in self.hands]
        self.courts: list[list[Card]] = [[] for _ in range(n)]
        self.off_table = set(self.deck) - set(cards)  # jokers left out of the game
        self._turn()

    def _turn(self) -> None:
        n = self.players
        self.picks: list[list[Card]] = [[] for _ in range(n)]
        self.kept = [False] * n
        if len(self.hands[0]) == 1:  # the last cards are played at once
            for s in range(n):
                self.courts[s] += list(self.hands[s])
                self._reveal(self.hands[s])
                self.hands[s] = set()
            return
        self.spend = [
            len(self.hands[s]) >= 2 and any(c.is_joker for c in self.courts[s]) for s in range(n)
        ]

    def _done(self, s: int) -> bool:
        return len(self.picks[s]) == (2 if self.spend[s] and not self.kept[s] else 1)

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "pick":
            assert a.card in self.hands[seat], f"{a} by seat {seat}: not in its hand"
            self.picks[seat].append(a.card)
        elif a.verb == "keep":
            assert self.spend[seat] and len(self.picks[seat]) == 1
            self.kept[seat] = True
        else:
            raise self._unknown(a)
        if all(self._done(s) for s in range(self.players)):
            self._resolve()

    def _resolve(self) -> None:
        n = self.players
        for s in range(n):
            picks = self.picks[s]
            self.hands[s] -= set(picks)
            self._reveal(picks)
            if len(picks) == 2:
                joker = next(c for c in self.courts[s] if c.is_joker)
                self.courts[s].remove(joker)
                self.hands[s].add(joker)
            self.courts[s] += picks
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]
        for s in range(n):
            self.seen[s] |= self.hands[s]
        self._turn()

    def secrets(self, viewer: int | str) -> list[Secret]:
        out: list[Secret] = []
        names = NAMES[self.players]
        for s in range(self.players):
            if s == viewer:
                continue
            for c in self.picks[s]:
                out += [f"{names[s]} plays {said(c)}", f"{names[s]} chooses {said(c)}"]
            if self.picks[s] and self.spend[s]:
                out += [f"{names[s]} spends the Joker", f"{names[s]} keeps the joker"]
        return out

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(self.players):
            out["hand", s] = self.hands[s] - set(self.picks[s])
            out["picks", s] = set(self.picks[s])
            out["court", s] = set(self.courts[s])
        out["aside", None] = set(self.aside)
        return out
