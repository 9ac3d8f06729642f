"""Actions: interned strings with their parts parsed once.

An action *is* its canonical text (``"play QS"``, ``"draw stock"``, ``"moon add"``),
so it can be typed by a user, stored in a JSON replay, sent to a widget and compared
with a plain ``str``.  The first word is the ``verb``; the remaining words are
``args``; arguments that spell cards are available as ``cards``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import _PARSE, Card


class Action(str):
    """Canonical action text with ``verb``, ``args`` and ``cards`` parsed."""

    verb: str
    args: tuple[str, ...]
    cards: tuple[Card, ...]
    #: Set on chance outcomes a chance step drew itself (they need no checking).
    drawn_by: object

    def __new__(cls, text: str) -> Action:
        words = text.split()
        self = super().__new__(cls, " ".join(words))
        self.verb = words[0] if words else ""
        self.args = tuple(words[1:])
        cards = []
        for w in self.args:
            c = _PARSE.get(w)
            if c is not None:
                cards.append(c)
        self.cards = tuple(cards)
        return self

    @classmethod
    def of(cls, verb: str, cards: Sequence[Card]) -> Action:
        """``verb`` followed by card codes, built without re-parsing the text."""
        self = super().__new__(cls, " ".join([verb, *(c.code for c in cards)]))
        self.verb = verb
        self.args = tuple(c.code for c in cards)
        self.cards = tuple(cards)
        return self

    @property
    def card(self) -> Card | None:
        """The first card named by the action, if any."""
        return self.cards[0] if self.cards else None

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (action, (str(self),))


_INTERN: dict[str, Action] = {}


def action(text: str) -> Action:
    """The interned :class:`Action` for ``text`` (created on first use)."""
    a = _INTERN.get(text)
    if a is None:
        a = Action(text)
        if len(_INTERN) < 100_000 and a == text:
            _INTERN[text] = a
    return a


def card_action(verb: str, card: Card) -> Action:
    return action(f"{verb} {card.code}")


class CardActions:
    """One verb's action for each of the 52 standard cards, looked up by bitmask.

    ``of(mask)`` lists the actions for the cards in ``mask`` suit by suit (♣♦♥♠), each
    suit in ``rank_order`` (positions 0 = Ace … 12 = King; Ace low by default).  The
    per-suit tuples are built on first use and shared, so listing legal actions costs four
    table look-ups.
    """

    __slots__ = ("by_card", "index", "order", "suits")

    def __init__(self, verb: str, rank_order: Sequence[int] = range(13)) -> None:
        from .cards import CARDS

        self.by_card: tuple[Action, ...] = tuple(action(f"{verb} {c.code}") for c in CARDS[:52])
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.by_card)}
        self.order = tuple(rank_order)
        self.suits: list[list[tuple[Action, ...] | None]] = [[None] * 8192 for _ in range(4)]

    def __getitem__(self, index: int) -> Action:
        return self.by_card[index]

    def suit(self, s: int, m: int) -> tuple[Action, ...]:
        """Actions for the ranks set in the 13-bit mask ``m`` of suit ``s``."""
        r = self.suits[s][m]
        if r is None:
            base = 13 * s
            r = self.suits[s][m] = tuple(self.by_card[base + k] for k in self.order if m >> k & 1)
        return r

    def of(self, mask: int) -> tuple[Action, ...]:
        """Actions for every card in ``mask``, suit by suit."""
        t = self.suits
        a = t[0][mask & 0x1FFF]
        b = t[1][mask >> 13 & 0x1FFF]
        c = t[2][mask >> 26 & 0x1FFF]
        d = t[3][mask >> 39 & 0x1FFF]
        if a is None:
            a = self.suit(0, mask & 0x1FFF)
        if b is None:
            b = self.suit(1, mask >> 13 & 0x1FFF)
        if c is None:
            c = self.suit(2, mask >> 26 & 0x1FFF)
        if d is None:
            d = self.suit(3, mask >> 39 & 0x1FFF)
        return a + b + c + d
