"""What each seat sees in Black Snake (see :mod:`oracles` for the protocol).

A seat sees the three cards dealt to it and every card it draws from the deck.  Public:
the track cards (the first number cards turned from the deck; pictures turned on the
way were seen by all before going back into the deck), the open draw cards and every
card turned up to refill them, the open cards taken, and every card of a lay once it is
made.  Cards under the track tops stay public when they are shuffled into a new deck;
the new deck's order is seen by nobody, and a card later drawn blind from it is seen by
its drawer only.  A lay being built is seen by its builder only: its cards are still in
the builder's hand.

The oracle keeps its own deck, open cards and tracks: an open card taken is replaced in
its place from the deck; an empty deck is rebuilt from the cards under the track tops (a
chance step) and the open cards are then topped up to three.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle

HAND = 3
OPEN = 3


class BlackSnakeOracle(VisibilityOracle):
    """Black Snake: own hand and deck draws; tracks and open cards public; a lay in
    progress private."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 4, "target": 40, "first_player": 3},
        {"players": 3, "first_player": 1, "max_turns": 40},
    ]
    physical_zones: ClassVar[set[str]] = {"tracks", "hand", "selection", "open", "stock"}
    hand_step_bound: ClassVar[int] = 2_000
    # a lay once begun is finished, so random games stay short
    random_weights: ClassVar[dict[str, float]] = {"cancel": 0, "back": 0}

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.open: list[Card] = []
        self.tracks: list[list[Card]] = []
        self.lay: list[Card] = []
        self.track = -1
        self.layer = -1

    def step(self, seat: int | None, act: str) -> None:
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None and a.verb == "shuffle":
            # the deck shuffled with the turned pictures back in, or rebuilt from the
            # cards under the track tops
            for t in self.tracks:
                del t[:-1]
            self.stock = list(a.cards)  # top last
            self._settle()
            return
        super().step(seat, act)

    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.hands = [list(cards[s * HAND : (s + 1) * HAND]) for s in range(n)]
        self.open = list(cards[n * HAND : n * HAND + OPEN])
        self.stock = list(cards[n * HAND + OPEN :])[::-1]  # dealt from the top; kept top last
        self.tracks = []
        k = len(self.stock) - 1
        for _ in range(n):
            while self.stock[k].rank > 10:
                self._reveal((self.stock[k],))  # turned face up, then shuffled back
                k -= 1
            self.tracks.append([self.stock.pop(k)])
            k -= 1
        self.seen = [set(h) for h in self.hands]
        self._reveal(c for t in self.tracks for c in t)
        self._reveal(self.open)
        self.lay, self.track, self.layer = [], -1, -1
        self.off_table = set()

    def _settle(self) -> None:
        if not self.stock and any(len(t) > 1 for t in self.tracks):
            return  # the reshuffle is due: a chance step comes next
        while len(self.open) < OPEN and self.stock:
            c = self.stock.pop()
            self.open.append(c)
            self._reveal((c,))
        if not self.stock and any(len(t) > 1 for t in self.tracks):
            return

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "draw":
            if a.args[0] == "stock":
                c = self.stock.pop()
                self.hands[seat].append(c)
                self.seen[seat].add(c)
            else:
                c = a.cards[0]
                slot = self.open.index(c)
                self.hands[seat].append(c)
                if self.stock:
                    new = self.stock.pop()
                    self.open[slot] = new
                    self._reveal((new,))
                else:
                    del self.open[slot]
            self._settle()
        elif a.verb == "track":
            self.track, self.layer, self.lay = int(a.args[0]) - 1, seat, []
        elif a.verb == "lay":
            assert seat == self.layer
            self.lay.append(a.cards[0])
        elif a.verb == "back":
            if self.lay:
                self.lay.pop()
            else:
                self.track, self.layer = -1, -1
        elif a.verb == "cancel":
            self.lay, self.track, self.layer = [], -1, -1
        elif a.verb == "done":
            for c in self.lay:
                self.hands[seat].remove(c)
            self.tracks[self.track] += self.lay
            self._reveal(self.lay)
            self.lay, self.track, self.layer = [], -1, -1
            self._settle()
        elif a.verb == "pass":
            pass
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("stock", None): set(self.stock),
            ("open", None): set(self.open),
            ("tracks", None): {c for t in self.tracks for c in t},
        }
        for s, hand in enumerate(self.hands):
            picked = set(self.lay) if s == self.layer else set()
            out[("hand", s)] = set(hand) - picked
            if s == self.layer:
                out[("selection", s)] = picked
        return out
