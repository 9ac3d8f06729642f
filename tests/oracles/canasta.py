"""What each seat sees in Canasta (see :mod:`oracles` for the protocol).

A deal lists each seat's hand (eleven cards, fifteen with two players) seat by seat, the
upcard, then the stock from the top down.  A seat sees its own hand and its stock draws.
Everything turned face up is public: the upcards (and the cards turned to cover a wild
card or a red three), discards, red threes laid down, melds, and so the whole pile a
player takes.  A meld being built is seen by its builder only: its cards are still the
builder's, in its selection, until ``done``.

After each deal a chance step (``shuffle``) puts all the cards in an order no seat sees;
a pick takes, of the free cards of its kind in the hand, the one first in that order.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle, team_key

WORDS = {"a": 1, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
WORDS.update({"j": 11, "q": 12, "k": 13})


def red3(c: Card) -> bool:
    return c.rank == 3 and c.red


def wild(c: Card) -> bool:
    return c.rank in (0, 2)


class CanastaOracle(VisibilityOracle):
    """Canasta: stock draws private, everything laid or discarded public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "first_dealer": 1, "ask_penalty": False, "target": 300, "max_hands": 20},
    ]
    physical_zones: ClassVar[set[str]] = {
        "hand",
        "stock",
        "discard",
        "melds",
        "red_threes",
        "selection",
    }
    # Random hands measured: a few hundred steps, the longest near 400 (four players,
    # two players, with and without bots); a game stops at its 50-hand cap.
    hand_step_bound: ClassVar[int] = 2_000
    game_step_bound: ClassVar[int] = 50 * 2_000
    # Picks and 'done' are drawn at full weight; taking back and cancelling rarely, so a
    # meld begun is usually finished (a forced take of the pile after the stock is gone
    # is otherwise cancelled and begun again many times).
    random_weights: ClassVar[dict[str, float]] = {
        "take": 0.5,
        "meld": 0.3,
        "two": 0.2,
        "joker": 0.2,
        "back": 0.05,
        "drop": 0.02,
        "cancel": 0.05,
        "ask": 0.2,
    }
    options: Any

    def step(self, seat: int | None, act: str) -> None:
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None and a.verb == "shuffle":
            self.order = {c: k for k, c in enumerate(a.cards)}
            return
        super().step(seat, act)

    def deal(self, cards: list[Card]) -> None:
        self.order: dict[Card, int] = {}
        n = self.players
        size = 15 if n == 2 else 11
        self.hands = [list(cards[s * size : (s + 1) * size]) for s in range(n)]
        self.pile = [cards[n * size]]
        self.stock = list(cards[n * size + 1 :])  # top first
        self.melds: list[set[Card]] = [set(), set()]
        self.red3: list[set[Card]] = [set(), set()]
        self.picks: list[Card] = []
        self.taking = False
        self.final = False
        self.seen = [set(h) for h in self.hands]
        self._reveal(self.pile)
        while (wild(self.pile[-1]) or red3(self.pile[-1])) and self.stock:
            self.pile.append(self.stock.pop(0))
            self._reveal(self.pile[-1:])
        first_dealer = getattr(self.options, "first_dealer", 0)
        dealer = (first_dealer + self.hand) % n
        for k in range(n):
            s = (dealer + 1 + k) % n
            threes = [c for c in self.hands[s] if red3(c)]
            for c in threes:
                self.hands[s].remove(c)
                self._lay3(s, c)
            for _ in threes:
                self._draw_one(s)

    def side(self, seat: int) -> int:
        return seat % 2

    def _lay3(self, seat: int, c: Card) -> None:
        self.red3[self.side(seat)].add(c)
        self._reveal([c])

    def _draw_one(self, seat: int) -> None:
        while self.stock:
            c = self.stock.pop(0)
            self.seen[seat].add(c)
            if not red3(c):
                self.hands[seat].append(c)
                return
            self._lay3(seat, c)
            if not self.stock:
                self.final = True
                return

    def _free(self, seat: int) -> list[Card]:
        return [c for c in self.hands[seat] if c not in self.picks]

    def act(self, seat: int, a: Action) -> None:
        v = a.verb
        if a == "draw":
            for _ in range(2 if self.players == 2 else 1):
                if not self.stock or self.final:
                    break
                self._draw_one(seat)
        elif a == "take pile":
            self.taking = True
        elif v in ("meld", "two", "joker"):
            r = WORDS[a.args[0]]
            free = self._free(seat)
            if v == "meld":
                pool = [c for c in free if c.rank == r and not (r == 3 and c.red)]
            else:
                pool = [c for c in free if c.rank == (2 if v == "two" else 0)]
            self.picks.append(min(pool, key=self.order.__getitem__))
        elif v == "back":
            self.picks.pop()
        elif v == "drop":
            self.picks.remove(a.cards[0])
        elif v == "cancel":
            self.picks, self.taking = [], False
        elif v == "done":
            side = self.side(seat)
            if self.taking:
                up = self.pile.pop()
                for c in self.pile:
                    if red3(c):
                        self.red3[side].add(c)
                    else:
                        self.hands[seat].append(c)
                self.pile = []
                self.melds[side].add(up)
            for c in self.picks:
                self.hands[seat].remove(c)
                self.melds[side].add(c)
            self._reveal(self.picks)
            self.picks, self.taking = [], False
        elif v == "discard":
            c = a.cards[0]
            self.hands[seat].remove(c)
            self.pile.append(c)
            self._reveal([c])
        elif v in ("ask", "yes", "no", "end"):
            pass
        else:
            raise self._unknown(a)

    def _owner(self, side: int) -> int | str:
        return team_key(side) if self.players == 4 else side

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        picked = set(self.picks)
        for s, h in enumerate(self.hands):
            out["hand", s] = set(h) - picked
        builder = next((s for s, h in enumerate(self.hands) if picked & set(h)), None)
        if builder is not None:
            out["selection", builder] = picked
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        for side in (0, 1):
            if self.melds[side]:
                out["melds", self._owner(side)] = set(self.melds[side])
            if self.red3[side]:
                out["red_threes", self._owner(side)] = set(self.red3[side])
        return out
