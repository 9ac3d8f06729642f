"""What each seat sees in Red Dog (see :mod:`oracles` for the protocol).

Each seat sees its own four cards from the deal (everyone's, with ``face_up_hands``).
A bet turns the next card of the deck for the seat betting: that fifth card is public.
If the hand holds a card of the fifth card's suit ranking above it (Aces high), the
lowest such card is shown to all (it moves from the hand to the seat's ``shown`` zone)
and the pot pays the bet; otherwise all four cards are shown and the bet goes into the
pot.  The oracle follows the pot on its own, since a bet
that empties it ends the game.

With ``no_shuffle`` the cards of finished deals lie out of play until a deal of all 52
cards: what was shown to all stays public, and each seat keeps seeing the cards it held.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card

from .base import Location, VisibilityOracle


def _value(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


class RedDogOracle(VisibilityOracle):
    """Red Dog: hands private (or face up), fifth cards and shown cards public."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"face_up_hands": True},
        {"no_shuffle": True, "players": 4, "ante": 5, "ante_each_deal": True},
        {"no_shuffle": True, "players": 8, "ante": 3},
        {"no_shuffle": True, "face_up_hands": True, "players": 3},
        {"ante_each_deal": True, "ante": 2, "min_bet": 3, "max_rounds": 3, "starting_chips": 0},
        {"players": 2, "first_dealer": 1},
    ]
    physical_zones: ClassVar[set[str]] = {"stock", "out", "hand", "shown", "fifth"}
    options: Any

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.pot = 0
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.fifths: list[Card | None] = [None] * players
        self.shown: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        self.pos = 0
        self.out: set[Card] = set()
        self.out_public: set[Card] = set()
        self.out_own: list[set[Card]] = [set() for _ in range(players)]
        self.deal_public: set[Card] = set()

    # ------------------------------------------------------------ following
    def deal(self, cards: list[Card]) -> None:
        n = self.players
        if len(cards) == len(self.deck):
            self.out, self.out_public = set(), set()
            self.out_own = [set() for _ in range(n)]
        else:  # no_shuffle: the last deal goes out of play, remembered
            for s in range(n):
                self.out_own[s] |= set(self.hands[s]) - self.deal_public
                self.out |= set(self.hands[s])
                f = self.fifths[s]
                if f is not None:
                    self.out.add(f)
            self.out_public |= self.deal_public
        self.public |= self.out_public
        for s in range(n):
            self.seen[s] |= self.out_own[s]
        self.hands = [cards[4 * s : 4 * s + 4] for s in range(n)]
        self.stock = cards[4 * n :]
        self.pos = 0
        self.fifths = [None] * n
        self.shown = [[] for _ in range(n)]
        self.deal_public = set()
        for s in range(n):
            self.seen[s] |= set(self.hands[s])
            if self.options.face_up_hands:
                self._show(self.hands[s])
        if self.hand == 0 or self.options.ante_each_deal:
            self.pot += self.options.ante * n

    def _show(self, cards: list[Card]) -> None:
        self._reveal(cards)
        self.deal_public |= set(cards)

    def act(self, seat: int, a: Action) -> None:
        if a.verb != "bet":
            raise self._unknown(a)
        assert self.pot > 0, f"{a} by seat {seat} after the pot was emptied"
        chips = int(a.args[0])
        fifth = self.stock[self.pos]
        self.pos += 1
        self.fifths[seat] = fifth
        self._show([fifth])
        higher = [c for c in self.hands[seat] if c.suit == fifth.suit and _value(c) > _value(fifth)]
        self.shown[seat] = [min(higher, key=_value)] if higher else list(self.hands[seat])
        self._show(self.shown[seat])
        if higher:
            self.pot -= min(chips, self.pot)
        else:
            self.pot += chips

    # ---------------------------------------------------------------- places
    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("stock", None): set(self.stock[self.pos :]),
            ("out", None): set(self.out),
        }
        for s in range(self.players):
            out[("hand", s)] = set(self.hands[s]) - set(self.shown[s])
            out[("shown", s)] = set(self.shown[s])
            f = self.fifths[s]
            out[("fifth", s)] = {f} if f is not None else set()
        return out
