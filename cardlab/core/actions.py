"""Actions: interned strings with their parts parsed once.

An action *is* its canonical text (``"play QS"``, ``"draw stock"``, ``"moon add"``),
so it can be typed by a user, stored in a JSON replay, sent to a widget and compared
with a plain ``str``.  The first word is the ``verb``; the remaining words are
``args``; arguments that spell cards are available as ``cards``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import Any, SupportsIndex, overload

from .cards import _PARSE, Card
from .clone import immutable

_CODE = attrgetter("code")


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
        codes = tuple(map(_CODE, cards))
        self = str.__new__(cls, " ".join((verb, *codes)))
        self.verb = verb
        self.args = codes
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

#: The most digits a number in an action may have (far beyond any count, bet or place).
MAX_DIGITS = 30
#: The longest action text read: far beyond any action (a deal of three packs is about
#: 500 characters), so that a huge paste is refused before any of it is parsed.
MAX_ACTION_CHARS = 2_000


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
        # Two 26-bit halves first: they fit in one machine digit, so the four suit masks
        # come from cheap small-integer operations rather than four shifts of the whole.
        lo = mask & 0x3FFFFFF
        hi = mask >> 26 & 0x3FFFFFF
        a = t[0][lo & 0x1FFF]
        b = t[1][lo >> 13]
        c = t[2][hi & 0x1FFF]
        d = t[3][hi >> 13]
        if a is None:
            a = self.suit(0, lo & 0x1FFF)
        if b is None:
            b = self.suit(1, lo >> 13)
        if c is None:
            c = self.suit(2, hi & 0x1FFF)
        if d is None:
            d = self.suit(3, hi >> 13)
        return a + b + c + d


@immutable
class ActionRange(tuple[Action, ...]):
    """A tuple of actions that holds a numeric range without building it: ``head``, then
    ``"<verb> N"`` for every whole ``N`` from ``low`` to ``high``.

    A bet of any size up to the pot is one legal action per size; a pot of a million chips
    would make a million actions.  An ``ActionRange`` stands for that tuple and behaves as
    it in every way code reads a tuple (length, indexing and slicing, iteration, ``in``,
    ``index``, ``count``, equality, ``+``), building an action only when one is read, so
    listing and checking the legal bets costs the same whatever the pot.  Displays read
    ``verb``, ``low`` and ``high`` to offer one number picker (:func:`numeric_range`).
    Putting a tuple in front keeps it lazy: ``(take,) + bets`` is still a range.

    Python requires a length to fit in an index (``sys.maxsize``), so a range never holds
    more actions than that: numbers beyond ``low + sys.maxsize`` are cut off (no option
    a game accepts comes near).
    """

    head: tuple[Action, ...]
    verb: str
    low: int
    high: int

    def __new__(cls, verb: str, low: int, high: int, head: Sequence[Action] = ()) -> ActionRange:
        self = super().__new__(cls, ())
        self.head = tuple(head)
        self.verb = verb
        self.low = low
        self.high = min(max(high, low - 1), low - 1 + sys.maxsize - len(self.head))
        return self

    def __len__(self) -> int:
        return len(self.head) + self.high - self.low + 1

    def __bool__(self) -> bool:
        return len(self) > 0

    def _at(self, i: int) -> Action:
        h = len(self.head)
        return self.head[i] if i < h else action(f"{self.verb} {self.low + i - h}")

    @overload
    def __getitem__(self, i: SupportsIndex) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Action, ...]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Action | tuple[Action, ...]:
        n = len(self)
        if isinstance(i, slice):
            return tuple(self._at(k) for k in range(*i.indices(n)))
        k = i.__index__()
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("ActionRange index out of range")
        return self._at(k)

    def __iter__(self) -> Iterator[Action]:
        yield from self.head
        verb = self.verb
        for n in range(self.low, self.high + 1):
            yield action(f"{verb} {n}")

    def __reversed__(self) -> Iterator[Action]:
        verb = self.verb
        for n in range(self.high, self.low - 1, -1):
            yield action(f"{verb} {n}")
        yield from reversed(self.head)

    def number(self, item: object) -> int | None:
        """The number of ``item`` when it is one of the range's actions, else None."""
        if not isinstance(item, str):
            return None
        words = item.split(" ")
        if len(words) != 2 or words[0] != self.verb:
            return None
        w = words[1]
        if not (w.isascii() and w.isdigit()) or len(w) > MAX_DIGITS or (w[0] == "0" and w != "0"):
            return None  # only the plain spelling of a number (and never a huge one)
        n = int(w)
        return n if self.low <= n <= self.high else None

    def __contains__(self, item: object) -> bool:
        return item in self.head or self.number(item) is not None

    def index(self, item: Any, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize) -> int:
        if item in self.head:
            k = self.head.index(item)
        else:
            n = self.number(item)
            if n is None:
                raise ValueError(f"{item!r} is not in the range")
            k = len(self.head) + n - self.low
        if not start.__index__() <= k < stop.__index__():
            raise ValueError(f"{item!r} is not in that part of the range")
        return k

    def count(self, item: Any) -> int:
        return 1 if item in self else 0

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if isinstance(other, ActionRange):
            if len(other) != len(self):
                return False
            if other.verb == self.verb and other.low == self.low:
                return other.head == self.head
        elif not isinstance(other, tuple) or len(other) != len(self):
            return False
        return all(a == b for a, b in zip(self, other, strict=True))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        # A plain tuple's hash while it is small; a huge range hashes by its bounds.
        if len(self) <= 4096:
            return hash(tuple(self))
        return hash((ActionRange, self.head, self.verb, self.low, self.high))

    def __lt__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) < tuple(other)

    def __le__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) <= tuple(other)

    def __gt__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) > tuple(other)

    def __ge__(self, other: tuple[Any, ...]) -> bool:
        return tuple(self) >= tuple(other)

    def __add__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self) + tuple(other)

    def __radd__(self, other: tuple[Any, ...]) -> tuple[Any, ...]:
        if type(other) is tuple and all(isinstance(a, Action) for a in other):
            return ActionRange(self.verb, self.low, self.high, other + self.head)
        return tuple(other) + tuple(self)

    def __mul__(self, n: SupportsIndex) -> tuple[Action, ...]:
        return tuple(self) * n

    def __rmul__(self, n: SupportsIndex) -> tuple[Action, ...]:
        return tuple(self) * n

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionRange, (self.verb, self.low, self.high, self.head))

    def __repr__(self) -> str:
        if len(self) <= 6:
            return repr(tuple(self))
        first = [repr(a) for a in self[:3]]
        return f"({', '.join(first)}, …, {self[-1]!r})"
