"""Independent oracles for the conformance tests.

A :class:`VisibilityOracle` follows a game from its deals and its actions only (never from
the game's observation code) and keeps, for the current hand:

* ``seen[seat]``: every card face that seat has legitimately seen,
* ``public``: every face the whole table (and a spectator) has seen,
* ``locations``: where each card physically lies, zone by zone, so the tests can check that
  cards are conserved and that the teacher view agrees with the oracle's model,
* ``off_table``: cards that are still in play but that no zone shows card by card (Hearts:
  the plain cards of the tricks already won).

What becomes visible is written out per game, from the rules:

Hearts
    a seat sees its 13 dealt cards; the three cards it receives once every seat has chosen
    its pass (not before); every card played to a trick (public).  The 2♣ counts as public
    once play starts, since its holder must lead it at once (saying who holds it tells
    nothing).  Nothing else: the cards another seat chose to pass stay hidden from everyone
    but the passer and, after the exchange, the receiver.

Gin Rummy
    a seat sees its 10 dealt cards and every card it draws from the stock (private); the
    upcard, every discard and every upcard taken are public; when a hand ends by a knock or
    gin both hands are shown; the card the knocker discarded face down stays known to the
    knocker alone.  A void hand (the stock ran down) shows nothing.

Card faces are read from observation values recursively and from event texts with
:func:`cards_in_text`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from cardlab.core.actions import Action
from cardlab.core.cards import Card, parse_card
from cardlab.core.observation import Back, Peek

#: A card written for people: rank (2-10, J, Q, K, A) and suit symbol, ``'`` for a 2nd copy.
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])('?)")

Location = tuple[str, int | None]  # (zone name, owner)


def cards_in_text(text: str) -> set[Card]:
    """Card faces named in a text such as ``"North passes Q♠ 10♥ 2♣ to East"``."""
    return {parse_card("".join(m.groups())) for m in CARD_TEXT.finditer(text)}


def cards_in_value(value: Any) -> set[Card]:
    """Card faces shown anywhere inside an observation value (recursively)."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, Peek):
        return {value.card}
    if isinstance(value, Back) or value is None or isinstance(value, bool | int | float):
        return set()
    if isinstance(value, Action):
        return set(value.cards) | cards_in_text(str(value))
    if isinstance(value, str):
        return cards_in_text(value)
    if isinstance(value, Mapping):
        out: set[Card] = set()
        for k, v in value.items():
            out |= cards_in_value(k) | cards_in_value(v)
        return out
    if isinstance(value, Iterable):
        out = set()
        for v in value:
            out |= cards_in_value(v)
        return out
    return set()


def peeks_in_value(value: Any) -> list[Peek]:
    """Every :class:`Peek` inside an observation value (recursively)."""
    if isinstance(value, Peek):
        return [value]
    if isinstance(value, str | bytes | Card | Back):
        return []
    if isinstance(value, Mapping):
        return [p for k, v in value.items() for p in peeks_in_value(k) + peeks_in_value(v)]
    if isinstance(value, Iterable):
        return [p for v in value for p in peeks_in_value(v)]
    return []


class VisibilityOracle:
    """Base class: per-hand knowledge of each seat, rebuilt from deals and actions."""

    def __init__(self, players: int, deck: tuple[Card, ...]) -> None:
        self.players = players
        self.deck = deck
        self.hand = -1  # index of the current hand (deals seen so far - 1)
        self.seen: list[set[Card]] = [set() for _ in range(players)]
        self.public: set[Card] = set()
        self.off_table: set[Card] = set()

    # ----------------------------------------------------------- follow play
    def step(self, seat: int | None, act: str) -> None:
        """Follow one step of the history: a deal (``seat`` None) or a seat's action."""
        a = act if isinstance(act, Action) else Action(str(act))
        if seat is None:
            self.hand += 1
            self.seen = [set() for _ in range(self.players)]
            self.public = set()
            self.off_table = set()
            self.deal(list(a.cards))
        else:
            self.act(seat, a)

    def deal(self, cards: list[Card]) -> None:
        raise NotImplementedError

    def act(self, seat: int, a: Action) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------- queries
    def visible_to(self, viewer: int | str) -> set[Card]:
        """Faces ``viewer`` (a seat or ``"spectator"``) may see now."""
        if isinstance(viewer, int):
            return self.seen[viewer] | self.public
        return set(self.public)

    def locations(self) -> dict[Location, set[Card]]:
        """Where each card lies now, by (zone name, owner)."""
        raise NotImplementedError

    def _reveal(self, cards: Iterable[Card]) -> None:
        self.public |= set(cards)

    def _unknown(self, a: Action) -> AssertionError:
        return AssertionError(
            f"tests/oracles.py does not know the {type(self).__name__} action {str(a)!r}: "
            "teach the oracle what it reveals"
        )


class HeartsOracle(VisibilityOracle):
    """Hearts: passes are seen by the receiver once all are chosen; plays are public."""

    #: Seat offset receiving each seat's pass in hands 1, 2, 3, 4 (left, right, across, none).
    PASS_OFFSETS = (1, 3, 2, 0)
    TWO_CLUBS = parse_card("2C")

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[13 * s : 13 * s + 13]) for s in range(4)]
        self.seen = [set(h) for h in self.hands]
        self.chosen: list[list[Card]] = [[] for _ in range(4)]
        self.trick: list[Card] = []
        self.offset = self.PASS_OFFSETS[self.hand % 4]
        self.passing = bool(self.offset)
        if not self.offset:
            self._reveal([self.TWO_CLUBS])

    def act(self, seat: int, a: Action) -> None:
        if a.verb == "pass":
            assert a.card in self.hands[seat], f"{a} by seat {seat}: not in its hand"
            self.chosen[seat].append(a.card)
            if sum(map(len, self.chosen)) == 12:
                self._exchange()
        elif a.verb == "play":
            self.hands[seat].remove(a.card)
            self.trick.append(a.card)
            self._reveal([a.card])
            if len(self.trick) == 4:
                self.off_table |= set(self.trick)
                self.trick = []
        elif a.verb != "moon":
            raise self._unknown(a)

    def _exchange(self) -> None:
        for s in range(4):
            self.hands[s] -= set(self.chosen[s])
        for s in range(4):
            to = (s + self.offset) % 4
            self.hands[to] |= set(self.chosen[s])
            self.seen[to] |= set(self.chosen[s])
        self.passing = False
        self._reveal([self.TWO_CLUBS])

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {}
        for s in range(4):
            chosen = set(self.chosen[s]) if self.passing else set()
            out["hand", s] = self.hands[s] - chosen
            out["passing", s] = chosen
        out["trick", None] = set(self.trick)
        return out


class GinRummyOracle(VisibilityOracle):
    """Gin Rummy: stock draws are private, the discard pile public, knocks show both hands.

    A deal lists ten cards for seat 0, ten for seat 1, the upcard, then the stock from the
    top down.
    """

    def deal(self, cards: list[Card]) -> None:
        self.hands = [set(cards[0:10]), set(cards[10:20])]
        self.pile = [cards[20]]
        self.stock = list(cards[21:])  # top first
        self.knocked: dict[int, Card] = {}
        self.seen = [set(h) for h in self.hands]
        self._reveal([cards[20]])

    def act(self, seat: int, a: Action) -> None:
        if a == "draw stock":
            card = self.stock.pop(0)
            self.hands[seat].add(card)
            self.seen[seat].add(card)
        elif a == "draw upcard":
            self.hands[seat].add(self.pile.pop())
        elif a.verb == "discard":
            self.hands[seat].remove(a.card)
            self.pile.append(a.card)
            self._reveal([a.card])
        elif a.verb in ("knock", "gin"):
            self.hands[seat].remove(a.card)
            self.knocked[seat] = a.card  # discarded face down: only the knocker knows it
            self._reveal([*self.hands[0], *self.hands[1]])
        else:
            raise self._unknown(a)

    def locations(self) -> dict[Location, set[Card]]:
        out: dict[Location, set[Card]] = {("hand", s): set(self.hands[s]) for s in range(2)}
        out["stock", None] = set(self.stock)
        out["discard", None] = set(self.pile)
        for s, card in self.knocked.items():
            out["knock_discard", s] = {card}
        return out


ORACLES: dict[str, type[VisibilityOracle]] = {
    "hearts": HeartsOracle,
    "gin_rummy": GinRummyOracle,
}


def oracle_for(game: Any) -> VisibilityOracle:
    """The oracle for a :class:`~cardlab.Game`; fails clearly for a game it does not know."""
    cls = ORACLES.get(game.spec.name)
    if cls is None:
        raise AssertionError(
            f"no visibility oracle for {game.spec.name!r}: add one to tests/oracles.py "
            "(what each seat sees, from the deal and the actions)"
        )
    return cls(game.players, tuple(game.deck.cards))
