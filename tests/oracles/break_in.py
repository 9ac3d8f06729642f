"""What each seat sees in Break In (see :mod:`oracles` for the protocol).

Nobody holds cards.  Each round the 36 cards lie in face-down stacks.  Scouting picks
are secret until every seat has picked; then who scouted which stack is public, and each
scout has seen the faces of every card its stack holds (not their order).  Every card
flipped is public, as a guard in the middle or as cash in front of its flipper.  Answers
to the leave question move no card.

Secrets that are not card faces: before the reveal, which stack another seat picked;
and what a stack holds, summed up as its guards and cash, for every seat that did not
scout it.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, Secret, VisibilityOracle

NAMES = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}


class BreakInOracle(VisibilityOracle):
    """Break In: stacks hidden, a scouted stack's faces seen by its scouts, flips public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "scouting": "optional", "stacks": 4, "rounds": 2, "first_player": 1},
        {"players": 4, "scouting": "off", "stacks": 3, "rounds": 2},
    ]
    physical_zones: ClassVar[set[str]] = {"stack1", "stack2", "stack3", "stack4", "guards", "cash"}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.stacks: list[list[Card]] = []
        self.guards: list[Card] = []
        self.cash: list[list[Card]] = [[] for _ in range(players)]
        self.picks: dict[int, int] = {}
        self.scout: list[int] = [-1] * players
        self.revealed = False

    def _count(self) -> int:
        chosen = getattr(self.options, "stacks", 0)
        return chosen or (4 if self.players == 4 else 3)

    def deal(self, cards: list[Card]) -> None:
        n = self._count()
        size = len(cards) // n
        # the deal lists each stack from the card flipped first
        self.stacks = [list(cards[k * size : (k + 1) * size]) for k in range(n)]
        self.guards = []
        self.cash = [[] for _ in range(self.players)]
        self.picks = {}
        self.scout = [-1] * self.players
        self.revealed = getattr(self.options, "scouting", "each") == "off"
        self.off_table = set(self.deck) - set(cards)

    def act(self, seat: int, a: Action) -> None:
        if a.verb in ("leave", "stay"):
            return
        if a.verb in ("scout", "pass"):
            self.picks[seat] = int(a.args[0]) - 1 if a.verb == "scout" else -1
            if len(self.picks) == self.players:
                self.revealed = True
                for s, k in self.picks.items():
                    self.scout[s] = k
                    if k >= 0:
                        self.seen[s] |= set(self.stacks[k])
            return
        if a.verb != "flip":
            raise self._unknown(a)
        card = self.stacks[int(a.args[0]) - 1].pop(0)
        (self.guards if card.rank > 10 else self.cash[seat]).append(card)
        self._reveal([card])

    def secrets(self, viewer: int | str) -> list[Secret]:
        names = NAMES[self.players]
        out: list[Secret] = []
        if not self.revealed:
            for s, k in self.picks.items():
                if s != viewer and k >= 0:
                    out.append(re.compile(rf"\b{names[s]}\b[^.;]*\bstack {k + 1}\b"))
        for k, cards in enumerate(self.stacks):
            if isinstance(viewer, int) and self.revealed and self.scout[viewer] == k:
                continue
            g = sum(1 for c in cards if c.rank > 10)
            worth = sum(c.rank for c in cards if c.rank <= 10)
            out.append(f"stack {k + 1}: {g} guards, {len(cards) - g} cash worth {worth}")
        return out

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            (f"stack{k + 1}", None): set(s) for k, s in enumerate(self.stacks)
        }
        out[("guards", None)] = set(self.guards)
        for s in range(self.players):
            out[("cash", s)] = set(self.cash[s])
        return out
