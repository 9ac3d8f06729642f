"""What each seat sees in the Vault Toy (see :mod:`oracles` for the protocol).

Nobody holds cards and nobody looks into the stacks: every card turned is public, as a
guard in the middle or as cash in front of its flipper, and stays there for the round.
Answers to the poll move no card.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class VaultOracle(VisibilityOracle):
    """Vault Toy: the stacks hidden from all, every turned card public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [{"players": 2, "rounds": 5}, {"players": 4}]
    physical_zones: ClassVar[set[str]] = {"stack1", "stack2", "guards", "cash"}

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.stacks: list[list[Card]] = [[], []]
        self.guards: list[Card] = []
        self.cash: list[list[Card]] = [[] for _ in range(players)]

    def deal(self, cards: list[Card]) -> None:
        self.stacks = [list(cards[:18]), list(cards[18:])]
        self.guards = []
        self.cash = [[] for _ in range(self.players)]
        self.off_table = set(self.deck) - set(cards)

    def act(self, seat: int, a: Action) -> None:
        if a.verb in ("leave", "stay"):
            return
        if a.verb != "flip":
            raise self._unknown(a)
        card = self.stacks[int(a.args[0]) - 1].pop()
        (self.guards if card.rank > 10 else self.cash[seat]).append(card)
        self._reveal([card])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("stack1", None): set(self.stacks[0]),
            ("stack2", None): set(self.stacks[1]),
            ("guards", None): set(self.guards),
        }
        for s in range(self.players):
            out[("cash", s)] = set(self.cash[s])
        return out
