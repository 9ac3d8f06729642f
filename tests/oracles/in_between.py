"""What each seat sees in In-Between (see :mod:`oracles` for the protocol).

Every card is turned face up for the whole table, so nothing is private: each seat and a
spectator see exactly the cards turned so far this deal, and the deck's order stays
hidden from everyone.  To know when cards are turned the oracle follows the rules on
its own: the posts of each turn, the Ace calls, the pair and adjacent-rank cases, the
third card after a bet, the pot (a turn that empties it ends the game, so no more posts
are turned) and the end of a deal after every seat's turn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


class InBetweenOracle(VisibilityOracle):
    """In-Between: turned cards are public; the deck is nobody's."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"pair_bet": True},
        {"pair_bet": True, "pair_bet_forced": True, "min_bet": 3, "players": 8},
        {"ante_each_deal": True, "ante": 2, "max_rounds": 3, "starting_chips": 0},
        {"players": 2, "first_dealer": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"stock", "posts", "last", "used"}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.pot = 0
        self.over = False
        self.order: list[Card] = []
        self.pos = 0
        self.posts: list[Card] = []
        self.values: list[int] = []
        self.last: list[Card] = []
        self.used: list[Card] = []
        self.turns = 0

    # ------------------------------------------------------------ following
    def deal(self, cards: list[Card]) -> None:
        self.order = cards
        self.pos = 0
        self.last, self.used, self.posts = [], [], []
        self.turns = 0
        if self.hand == 0 or self.options.ante_each_deal:
            self.pot += self.options.ante * self.players
        self._posts()

    def _next(self) -> Card:
        card = self.order[self.pos]
        self.pos += 1
        self._reveal([card])
        return card

    def _posts(self) -> None:
        self.posts = [self._next(), self._next()]
        self.values = [0 if c.rank == 1 else c.rank for c in self.posts]
        if 0 not in self.values:
            self._judge()

    def _judge(self) -> None:
        a, b = sorted(self.values)
        pair_bet = self.options.pair_bet
        if a == b and not pair_bet:
            self.pot -= min(2 * self.options.min_bet, self.pot)
            self._done([])
        elif b - a == 1:
            self.pot += self.options.min_bet
            self._done([])

    def act(self, seat: int, a: Action) -> None:
        assert not self.over and self.posts, f"{a} by seat {seat} after the turns ended"
        if a.verb == "ace":
            self.values[self.values.index(0)] = 14 if a.args[0] == "high" else 1
            if 0 not in self.values:
                self._judge()
        elif a.verb == "take":
            self.pot -= min(2 * self.options.min_bet, self.pot)
            self._done([])
        elif a.verb == "bet":
            chips = int(a.args[0])
            third = self._next()
            low, high = sorted(self.values)
            ranks = {c.rank for c in self.posts}
            if low == high:  # the pair bet
                won = third.rank in ranks
                paid = min(25 * chips, self.pot)
            else:
                won = third.rank not in ranks and third.rank != 1 and low < third.rank < high
                paid = chips
            self.pot += -paid if won else chips
            self._done([third])
        else:
            raise self._unknown(a)

    def _done(self, third: list[Card]) -> None:
        self.used += self.last
        left, right = self.posts
        self.last = [left, *third, right]
        self.posts = []
        self.turns += 1
        if self.pot <= 0:
            self.over = True
        elif self.turns < self.players:
            self._posts()

    # ---------------------------------------------------------------- places
    def locations(self) -> dict[Location, set[Card]]:
        return {
            ("stock", None): set(self.order[self.pos :]),
            ("posts", None): set(self.posts),
            ("last", None): set(self.last),
            ("used", None): set(self.used),
        }
