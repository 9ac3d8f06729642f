"""What each seat sees in Turncoat (see :mod:`oracles` for the protocol).

The deal sets the 10s and the joker apart as the identity deck (in the order the deal
lists them: one to each seat in turn, the rest aside, seen by nobody); the other cards
give five to each seat in turn, and the rest is the deck, from its top down.  A seat
sees its identity card and its hand.

A mission: its leader draws from the top of the deck until two number cards are in hand,
seeing each card; a spy goes to the discard at once.  The card it keeps is public; the
other goes to the discard.  Every seat gives one card (seen by the giver alone); then the
deck's top card joins them (with ``deck_card="number"``, spies turned up on the way are
public and go to the discard), and all are shown.  A mission succeeds when the mission
card's suit minus the other suits reaches its rank with no spy among the cards.  Then
everyone draws one card from the leader round to the left, each seeing its own, and the
next seat leads.  An empty deck waits for the reshuffle of the discards (a chance step),
then the drawing goes on.  The game ends at the target of successes or failures or at an
accusation; the identity cards are then shown.

Secrets besides card faces: who is the turncoat (the joker's place) until the end, and
who gave which card of a mission, for ever.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from cardlab.core.actions import Action
from cardlab.core.cards import Card
from cardlab.core.spec import seat_names

from .base import Location, Secret, VisibilityOracle

HAND = 5


def _spy(card: Card) -> bool:
    return card.rank > 10


class TurncoatOracle(VisibilityOracle):
    """Turncoat: identities and hands private; missions and shown cards public; givers
    never told."""

    extra_options: ClassVar[list[dict[str, Any]]] = [
        {"players": 2, "deck_card": "number", "first_dealer": 1},
        {"players": 3, "successes": 3, "failures": 9, "accusations": False},
    ]
    physical_zones: ClassVar[set[str]] = {
        "identity",
        "hand",
        "offer",
        "mission",
        "given",
        "deck",
        "discard",
        "set_aside",
    }
    hand_step_bound: ClassVar[int] = 200
    game_step_bound: ClassVar[int] = 200
    # an accusation ends the game at once: random play rarely makes one
    random_weights: ClassVar[dict[str, float]] = {"accuse": 0.02}
    options: Any

    def step(self, seat: int | None, act: str) -> None:
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None and a.verb == "shuffle":
            self.deck = list(a.cards)
            self.discard = []
            self._go_on()
            return
        super().step(seat, act)

    # ------------------------------------------------------------ the deal
    def deal(self, cards: list[Card]) -> None:
        n = self.players
        self.names = seat_names(n)
        ids = [c for c in cards if c.is_joker or c.rank == 10]
        rest = [c for c in cards if not (c.is_joker or c.rank == 10)]
        self.identity = ids[:n]
        self.aside = ids[n:]
        self.turncoat = next((s for s, c in enumerate(self.identity) if c.is_joker), -1)
        self.hands = [set(rest[HAND * s : HAND * s + HAND]) for s in range(n)]
        self.deck = rest[HAND * n :][::-1]  # the deal lists it from the top; kept top last
        self.discard: list[Card] = []
        self.offer: list[Card] = []
        self.mission: Card | None = None
        self.given: dict[int, Card] = {}
        self.gifts: list[dict[int, Card]] = []  # who gave what, mission by mission
        self.off_table = set(self.deck_cards()) - set(cards)
        self.seen = [{self.identity[s], *self.hands[s]} for s in range(n)]
        self.won = self.lost = 0
        self.over = False
        self.leader = self.options.first_dealer
        self.waiting = ""
        self.to_draw: list[int] = []
        self._offer()

    def deck_cards(self) -> tuple[Card, ...]:
        return self.deck_all

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        super().__init__(players, deck)
        self.deck_all = deck

    # ------------------------------------------------------------ drawing
    def _draw(self, then: str) -> Card | None:
        if not self.deck:
            self.waiting = then
            return None
        return self.deck.pop()

    def _go_on(self) -> None:
        step, self.waiting = self.waiting, ""
        getattr(self, step)()

    def _offer(self) -> None:
        while len(self.offer) < 2:
            c = self._draw("_offer")
            if c is None:
                return
            self.seen[self.leader].add(c)
            if _spy(c):
                self.discard.append(c)
            else:
                self.offer.append(c)

    def _deck_card(self) -> None:
        while True:
            c = self._draw("_deck_card")
            if c is None:
                return
            if self.options.deck_card == "number" and _spy(c):
                self._reveal([c])
                self.discard.append(c)
                continue
            break
        self._show(c)

    def _show(self, extra: Card) -> None:
        mission = self.mission
        assert mission is not None
        shown = [*self.given.values(), extra]
        self._reveal(shown)
        total = sum(0 if _spy(c) else c.rank if c.suit == mission.suit else -c.rank for c in shown)
        ok = not any(_spy(c) for c in shown) and total >= mission.rank
        self.won += ok
        self.lost += not ok
        self.gifts.append(dict(self.given))
        self.discard += [mission, *shown]
        self.mission = None
        self.given = {}
        if self.won >= self.options.successes or self.lost >= self.options.failures:
            self._end()
            return
        self.to_draw = [(self.leader + k) % self.players for k in range(self.players)]
        self._draw_up()

    def _draw_up(self) -> None:
        while self.to_draw:
            c = self._draw("_draw_up")
            if c is None:
                return
            s = self.to_draw.pop(0)
            self.hands[s].add(c)
            self.seen[s].add(c)
        self.leader = (self.leader + 1) % self.players
        self._offer()

    def _end(self) -> None:
        self.over = True
        self._reveal(self.identity)

    # ------------------------------------------------------------ actions
    def act(self, seat: int, a: Action) -> None:
        if a.verb == "mission":
            card = a.cards[0]
            assert seat == self.leader and card in self.offer, f"{a} by seat {seat}"
            self.offer.remove(card)
            self.discard += self.offer
            self.offer = []
            self.mission = card
            self._reveal([card])
        elif a.verb == "give":
            card = a.cards[0]
            assert card in self.hands[seat], f"{a}: not in seat {seat}'s hand"
            self.hands[seat].remove(card)
            self.given[seat] = card
            if len(self.given) == self.players:
                self._deck_card()
        elif a.verb == "accuse":
            assert seat != self.turncoat, "the turncoat accused"
            self._end()
        else:
            raise self._unknown(a)

    # ------------------------------------------------------------ queries
    def secrets(self, viewer: int | str) -> Iterable[Secret]:
        names = self.names
        out: list[Secret] = []
        if not self.over:
            for s in range(self.players):
                if s != viewer:
                    out += [f"{names[s]} is the turncoat", f"{names[s]} was the turncoat"]
            if viewer != self.turncoat:
                out += ["nobody was the turncoat", "nobody is the turncoat", "JK"]
        for gifts in [*self.gifts, self.given]:
            for s, card in gifts.items():
                if s != viewer:
                    out.append(re.compile(rf"{names[s]} (gives|chooses) {re.escape(card.text)}"))
        return out

    def secret_group(self, seat: int, a: Action, simultaneous: bool) -> Hashable | None:
        return "give" if a.verb == "give" else None

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {
            ("offer", self.leader): set(self.offer),
            ("mission", None): {self.mission} if self.mission is not None else set(),
            ("deck", None): set(self.deck),
            ("discard", None): set(self.discard),
            ("set_aside", None): set(self.aside),
        }
        for s in range(self.players):
            out["identity", s] = {self.identity[s]}
            out["hand", s] = set(self.hands[s])
            out["given", s] = {self.given[s]} if s in self.given else set()
        return out
