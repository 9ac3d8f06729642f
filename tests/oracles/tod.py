"""What each seat sees in T.O.D. (see :mod:`oracles` for the protocol).

The deal lists the 24 cards as they are sorted out: the first red cards are the motives,
seat by seat (two each in the complicated case), the first black cards the weapons
likewise; the other cards, in order, are the table (face up, public) and then the deck
from its top down.  A seat sees its own case and nothing of the others' until the game
ends, when every case is shown.

Each turn the deck's top card is turned up (public) and laid over a table card of the
player's choice; the covered card stays public.  A lost turn turns up nothing.  An empty
deck waits for the reshuffle of the covered cards (a chance step).  Questions and
guesses move no card; a right guess ends the game, as does the round cap.

Secrets besides card faces: another seat's case in words, and the hour (the sum) told
to a seat with a head start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card
from cardlab.core.spec import seat_names

from .base import Location, Secret, VisibilityOracle

SUITS = {"love": 2, "greed": 1, "bat": 0, "shovel": 3}


class TodOracle(VisibilityOracle):
    """T.O.D.: cases private until the end; every card turned up public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {
            "players": 4,
            "complicated": True,
            "table_cards": 5,
            "head_start": "02",
            "first_player": 3,
            "max_rounds": 4,
        },
        {"players": 2, "table_cards": 2, "head_start": "all", "max_rounds": 6},
    ]
    physical_zones: ClassVar[set[str]] = {
        "case",
        *(f"table{k}" for k in range(1, 7)),
        "flipped",
        "deck",
    }
    hand_step_bound: ClassVar[int] = 500
    game_step_bound: ClassVar[int] = 500
    # a wrong guess loses a turn: random play asks more often than it guesses
    random_weights: ClassVar[dict[str, float]] = {"guess": 0.3}
    options: Any

    def step(self, seat: int | None, act: str) -> None:
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None and a.verb == "shuffle":
            self.draw = list(a.cards)
            self.off_table = set(self.unused)
            self._flip()
            return
        super().step(seat, act)

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.names = seat_names(n)
        k = 2 if self.options.complicated else 1
        reds = [c for c in cards if c.suit in (1, 2)][: n * k]
        blacks = [c for c in cards if c.suit in (0, 3)][: n * k]
        rest = [c for c in cards if c not in reds and c not in blacks]
        t = self.options.table_cards
        self.cases = [reds[s * k : (s + 1) * k] + blacks[s * k : (s + 1) * k] for s in range(n)]
        self.stacks = [[c] for c in rest[:t]]
        self.draw = rest[t:][::-1]  # top last
        self.unused = set(self.deck) - set(cards)
        self.off_table = set(self.unused)
        self.picks: list[str] = []
        self.seen = [set(self.cases[s]) for s in range(n)]
        self._reveal(rest[:t])
        self.flipped: Card | None = None
        self.lost = [False] * n
        self.seat = self.options.first_player % n
        self.turns = 0
        self.over = False
        h = self.options.head_start
        self.told = set() if h == "none" else set(range(n)) if h == "all" else {int(d) for d in h}
        self._turn()

    def _turn(self) -> None:
        while self.lost[self.seat]:
            self.lost[self.seat] = False
            if self._next():
                return
        if not self.draw:
            for s in self.stacks:
                self.off_table |= set(s[:-1])  # on its way to the new deck
                del s[:-1]
            return  # the reshuffle comes as a chance step
        self._flip()

    def _flip(self) -> None:
        self.flipped = self.draw.pop()
        self._reveal([self.flipped])

    def _next(self) -> bool:
        self.turns += 1
        self.seat = (self.seat + 1) % self.players
        if self.turns >= self.options.max_rounds * self.players:
            self._end()
            return True
        return False

    def _end(self) -> None:
        self.over = True
        for case in self.cases:
            self._reveal(case)

    def act(self, seat: int, a: Action) -> None:
        assert seat == self.seat, f"{a} by seat {seat}, not {self.seat}"
        if a.verb == "cover":
            stack = next(s for s in self.stacks if s[-1] == a.cards[0])
            assert self.flipped is not None
            stack.append(self.flipped)
            self.flipped = None
            return
        if a.verb == "ask":
            if not self._next():
                self._turn()
            return
        if a.verb == "guess":
            self.picks = []
            return
        if a.verb not in ("number", "motive", "weapon"):
            raise self._unknown(a)
        self.picks.append(a.args[0])
        k = 2 if self.options.complicated else 1
        if len(self.picks) < 4 * k:
            return
        target = self.cases[(seat + 1) % self.players]
        nums = sorted(int(d) for d in self.picks[: 2 * k])
        suits = sorted(SUITS[w] for w in self.picks[2 * k :])
        self.picks = []
        if nums == sorted(c.rank for c in target) and suits == sorted(c.suit for c in target):
            self._end()
            return
        self.lost[seat] = True
        if not self._next():
            self._turn()

    def secrets(self, viewer: int | str) -> Iterable[Secret]:
        if self.over:
            return []
        out: list[Secret] = []
        for s in range(self.players):
            if s != viewer:
                out.append(re.compile(rf"{self.names[s]} holds the case"))
                if s in self.told:
                    out.append(re.compile(rf"{self.names[s]} is told"))
        return out

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("deck", None): set(self.draw),
            ("flipped", None): {self.flipped} if self.flipped is not None else set(),
        }
        for k, stack in enumerate(self.stacks):
            out[f"table{k + 1}", None] = set(stack)
        for s in range(self.players):
            out["case", s] = set(self.cases[s])
        return out
