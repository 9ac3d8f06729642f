"""Poker hands: values, names, comparisons and exact counts, with or without a wild rank.

Hands and values
----------------
A hand is a set of cards from the 52-card pack: ``Card`` objects,
card text (``"AS KS 3H"``) or a bitmask of card indices (bit ``suit * 13 + rank - 1``).
An ``Evaluator`` turns a hand of 3, 5 or 7 cards into an ``int`` *value*: the higher
value is the better hand and equal values tie.  Values only compare between hands of the
same size under the same evaluator settings.

``evaluator`` builds an evaluator once per setting (size, wild rank, whether
three-card straights and flushes count) and hands back the same one after that.  Its
``value`` is the fast path for masks; ``Evaluator.of`` and ``evaluate`` check their
input first.  ``describe`` puts a value in words, ``explain`` says why one hand
beats another, and ``value_counts`` and ``class_counts`` count hands exactly
(``cardlab.odds`` turns the counts into tables and chances).

Five- and seven-card hands are judged on their best five cards.  From the top: five of a
kind, straight flush, four of a kind, full house, flush, straight, three of a kind, two
pair, one pair, high card.  Within a class the ranks decide, in the usual order (the
rank that makes the class first, then the kickers); suits never do.

Three-card hands use all three cards.  By default the order is straight flush, three of
a kind, straight, flush, pair, high card: with three cards a straight is harder to get
than a flush, and three of a kind harder than both.  With ``straights_and_flushes=False``
straights and flushes are not hands at all, so three of a kind is the best a three-card
hand can be, then a pair, then high card.

Wild cards
----------
With a wild rank, the four cards of that rank are wild.  Each wild becomes whichever card
makes the hand best.  A wild never copies a card the hand already holds, except to make
five of a kind (four kings and a wild are five kings), so a flush never holds the same
card twice.  A hand of wilds and one natural card can be five of a kind, which beats
every straight flush.

Rulings
-------
* The ace is high, and low only in the straights 5-4-3-2-A (and 3-2-A with three cards).
  Straights never wrap around (Q-K-A-2-3 is not one).
* An ace-high straight flush of five cards is named a royal flush; it is counted with
  the straight flushes.
* A seven-card hand's kickers come from its best five cards only; cards beyond those
  five never break a tie.
* Three wild cards in a three-card hand make an ace-high straight flush, or three aces
  when straights and flushes do not count.
* Suits have no order: hands that differ only in suits tie.

Method
------
A hand splits into four 13-bit suit masks.  A table over all 8,192 suit masks holds the
best straight flush or flush each can make (with 0 to 4 wilds); a dictionary keyed by
the hand's rank counts (3 bits per rank, the sum of four table entries) holds the best
hand made from ranks alone.  Without wilds a seven-card hand can hold at most one flush
and nothing the flush does not beat, so a value is four table look-ups, an ``or`` and
at most one dictionary look-up.  A three- or five-card hand first looks up the union of
its suit masks: only cards of all different ranks can make a straight or a flush, and
any other hand goes straight to the rank counts.  With wilds the better of the flush
side and the rank side is the value.  The suit tables are built once per setting, on first
use; the rank dictionary fills in as hands are valued, so the first hand costs no more
than the next.

``value_counts`` counts every hand a deck can deal exactly, without dealing them:
it walks the rank counts a hand can have, weights each by the ways suits can be chosen
for it, and splits off the suit choices that make a flush by the suit's exact mask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations, product
from math import comb
from typing import Final

from ..core.cards import FULL, RANKS, SUIT_BITS, Card, parse_card

__all__ = [
    "FULL_DECK",
    "SIZES",
    "Evaluator",
    "HandClass",
    "class_counts",
    "classes",
    "describe",
    "evaluate",
    "evaluator",
    "explain",
    "hand_class",
    "hand_mask",
    "parse_wild",
    "value_counts",
    "value_size",
]

#: The hand sizes evaluated.
SIZES: Final = (3, 5, 7)
#: The bitmask of the whole 52-card pack.
FULL_DECK: Final = FULL
_WILD_SHIFT: Final = 39  # rank-count keys use 3 bits for each of 13 ranks


class HandClass(IntEnum):
    """The classes of poker hands, numbered in the five-card order (higher is better).

    Three-card hands order some classes differently: see ``classes``.
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """The class in words: ``"three of a kind"``."""
        return self.name.lower().replace("_", " ")


_HC = HandClass

# A value is strength << 20 | up to five 4-bit ranks (2..14, ace 14), first rank highest.
# Five-card strengths are the class numbers; three-card strengths 10..15 follow the
# three-card order, so the two families never share a strength.
_THREE_STRENGTH: Final = {
    _HC.HIGH_CARD: 10,
    _HC.PAIR: 11,
    _HC.FLUSH: 12,
    _HC.STRAIGHT: 13,
    _HC.THREE_OF_A_KIND: 14,
    _HC.STRAIGHT_FLUSH: 15,
}
_CLASS_OF_STRENGTH: Final = (*_HC, *sorted(_THREE_STRENGTH, key=_THREE_STRENGTH.__getitem__))
# How many ranks each class records, by family (five-card, three-card).
_RANKS_KEPT: Final = {
    _HC.FIVE_OF_A_KIND: (1, 1),
    _HC.STRAIGHT_FLUSH: (1, 1),
    _HC.FOUR_OF_A_KIND: (2, 2),
    _HC.FULL_HOUSE: (2, 2),
    _HC.FLUSH: (5, 3),
    _HC.STRAIGHT: (1, 1),
    _HC.THREE_OF_A_KIND: (3, 1),
    _HC.TWO_PAIR: (3, 3),
    _HC.PAIR: (4, 2),
    _HC.HIGH_CARD: (5, 3),
}

_SINGULAR: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_PLURAL: Final = tuple("sixes" if w == "six" else w + "s" for w in _SINGULAR)


def _strength(cls: HandClass, three: bool) -> int:
    return _THREE_STRENGTH[cls] if three else int(cls)


def _pack(strength: int, ranks: Sequence[int]) -> int:
    """A value from a strength and high-rank indices (0 = two … 12 = ace)."""
    value = strength << 20
    shift = 16
    for r in ranks:
        value |= (r + 2) << shift
        shift -= 4
    return value


# ------------------------------------------------------------------ input checks


def parse_wild(wild: object) -> int | None:
    """The wild rank as ``Card.rank`` (1 = Ace … 13 = King), or ``None`` for no wilds.

    Accepts ``None``, an ``int`` 1..13 or a rank written as on a card (``"A"``, ``"7"``,
    ``"10"`` or ``"T"``, ``"J"``, ``"Q"``, ``"K"``).

    Raises
    ------
    ValueError, TypeError
        naming what is allowed.
    """
    if wild is None:
        return None
    if isinstance(wild, bool):
        raise TypeError(f"wild must be None, a rank 1..13 or a rank letter, not {wild!r}")
    if isinstance(wild, int):
        if 1 <= wild <= 13:
            return wild
        raise ValueError(f"wild rank {wild} is out of range: use 1 (Ace) … 13 (King) or None")
    if isinstance(wild, str):
        text = wild.strip().upper()
        text = "T" if text == "10" else text
        if len(text) == 1 and text in RANKS:
            return RANKS.index(text) + 1
        raise ValueError(f"wild {wild!r} is not a rank: write A, 2-10 (or T), J, Q or K, or 1..13")
    raise TypeError(f"wild must be None, a rank 1..13 or a rank letter, not {type(wild).__name__}")


def hand_mask(hand: int | str | Iterable[Card | str]) -> int:
    """The bitmask of a hand given as a mask, card text or cards.

    Raises
    ------
    ValueError
        for a card given twice, a joker, or a mask with bits beyond the 52-card pack.
    TypeError
        for anything that is not a hand.
    """
    if isinstance(hand, bool):
        raise TypeError("a hand is a card bitmask, card text like 'AS KS 3H' or cards")
    if isinstance(hand, int):
        if not 0 <= hand <= FULL_DECK:
            raise ValueError(f"{hand!r} is not a bitmask of the 52-card pack (bits 0..51)")
        return hand
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    if not isinstance(hand, Iterable):
        raise TypeError(
            f"a hand is a card bitmask, card text like 'AS KS 3H' or cards, "
            f"not {type(hand).__name__}"
        )
    mask = 0
    for item in hand:
        if not isinstance(item, Card | str):
            raise TypeError(f"{item!r} is not a card: give Card objects or text like 'QS'")
        card = parse_card(item)
        if card.index >= 52:
            raise ValueError(f"{card.text} is not in the 52-card pack poker hands use")
        if mask >> card.index & 1:
            raise ValueError(f"{card.text} appears twice in the hand")
        mask |= 1 << card.index
    return mask


def _check_size(cards: object) -> int:
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in SIZES:
        raise ValueError(f"cards must be 3, 5 or 7 (the hand sizes evaluated), not {cards!r}")
    return cards


def _check_flag(flag: object) -> bool:
    if not isinstance(flag, bool):
        raise TypeError(f"straights_and_flushes must be True or False, not {flag!r}")
    return flag


# ------------------------------------------------------------------ tables


def _high_ranks(suit_mask: int) -> int:
    """A suit mask (bit 0 = ace … bit 12 = king) as high ranks (bit 0 = two … 12 = ace)."""
    return suit_mask >> 1 | (suit_mask & 1) << 12


@cache
def _windows(length: int) -> tuple[tuple[int, int], ...]:
    """(top high rank, mask) of every straight of ``length`` ranks, best first."""
    out = [(top, ((1 << length) - 1) << (top - length + 1)) for top in range(12, length - 2, -1)]
    out.append((length - 2, (1 << (length - 1)) - 1 | 1 << 12))  # the ace plays low
    return tuple(out)


def _top(high_mask: int, count: int) -> list[int]:
    """The ``count`` highest ranks set in a high-rank mask, best first."""
    out: list[int] = []
    r = 12
    while len(out) < count and r >= 0:
        if high_mask >> r & 1:
            out.append(r)
        r -= 1
    return out


def _flush_value(suit_mask: int, wilds: int, length: int) -> int:
    """The best straight flush or flush one suit makes with ``wilds`` wilds, or 0."""
    held = _high_ranks(suit_mask)
    if held.bit_count() + wilds < length:
        return 0
    three = length == 3
    for top, window in _windows(length):
        if (window & ~held).bit_count() <= wilds:
            return _pack(_strength(_HC.STRAIGHT_FLUSH, three), (top,))
    filled = held
    spare = wilds
    r = 12
    while spare and r >= 0:
        if not filled >> r & 1:
            filled |= 1 << r
            spare -= 1
        r -= 1
    return _pack(_strength(_HC.FLUSH, three), _top(filled, length))


@cache
def _flush_table(length: int, max_wilds: int) -> tuple[int, ...]:
    """``table[w << 13 | suit_mask]``: the flush-side value of a suit with ``w`` wilds."""
    return tuple(_flush_value(s, w, length) for w in range(max_wilds + 1) for s in range(1 << 13))


@cache
def _spread() -> tuple[int, ...]:
    """``table[suit_mask]``: the mask's ranks as counts, 3 bits per rank (ace lowest)."""
    out = []
    for s in range(1 << 13):
        key = 0
        for k in range(13):
            if s >> k & 1:
                key += 1 << (3 * k)
        out.append(key)
    return tuple(out)


def _kickers(naturals: Sequence[int], skip: Iterable[int], count: int) -> list[int] | None:
    """The ``count`` best natural ranks not in ``skip`` (repeats allowed), or None."""
    excluded = set(skip)
    out = [r for r in naturals if r not in excluded][:count]
    return out if len(out) == count else None


def _rank_value(counts: Sequence[int], wilds: int, length: int, straights: bool) -> int:
    """The best hand from ranks alone: ``counts[r]`` natural cards of high rank ``r``.

    Classes are tried from the best down and the first one the ranks and wilds can make
    wins, with its best ranks.  Kickers are natural cards: a hand that would need a wild
    as a kicker can always make a better class with it instead.
    """
    three = length == 3
    order = range(12, -1, -1)
    naturals = [r for r in order for _ in range(counts[r])]
    reach = [counts[r] + wilds for r in range(13)]  # cards of rank r the wilds can make
    best_reach = max(reach)
    if not three:
        if best_reach >= 5:
            return _pack(_HC.FIVE_OF_A_KIND, (next(r for r in order if reach[r] >= 5),))
        if best_reach >= 4:
            r = next(r for r in order if reach[r] >= 4)
            kick = _kickers(naturals, (r,), 1)
            if kick is not None:
                return _pack(_HC.FOUR_OF_A_KIND, (r, *kick))
        for t in order:
            if reach[t] >= 3:
                left = wilds - max(0, 3 - counts[t])
                for p in order:
                    if p != t and counts[p] + left >= 2:
                        return _pack(_HC.FULL_HOUSE, (t, p))
    elif best_reach >= 3:
        trips = next(r for r in order if reach[r] >= 3)
        return _pack(_THREE_STRENGTH[_HC.THREE_OF_A_KIND], (trips,))
    if straights:
        present = 0
        for r in range(13):
            if counts[r]:
                present |= 1 << r
        for top, window in _windows(length):
            if (window & ~present).bit_count() <= wilds:
                return _pack(_strength(_HC.STRAIGHT, three), (top,))
    if not three:
        for r in order:
            if reach[r] >= 3:
                kick = _kickers(naturals, (r,), 2)
                if kick is not None:
                    return _pack(_HC.THREE_OF_A_KIND, (r, *kick))
        for p in order:
            if reach[p] >= 2:
                left = wilds - max(0, 2 - counts[p])
                for q in range(p - 1, -1, -1):
                    if counts[q] + left >= 2:
                        kick = _kickers(naturals, (p, q), 1)
                        if kick is not None:
                            return _pack(_HC.TWO_PAIR, (p, q, *kick))
    for r in order:
        if reach[r] >= 2:
            kick = _kickers(naturals, (r,), length - 2)
            if kick is not None:
                return _pack(_strength(_HC.PAIR, three), (r, *kick))
    return _pack(_strength(_HC.HIGH_CARD, three), naturals[:length])


class _RankTable:
    """``values[key | w << 39]``: the rank-side value of natural rank counts ``key``.

    Filled on first look-up of each key (:meth:`fill`): a hand is valued as soon as the
    table exists, where building all 76,050 seven-card entries with wilds up front took
    most of a second.  Exact counts that walk every hand fill it on the way.  The hot
    paths read ``values`` (a plain dict) and call :meth:`fill` only on a miss.
    """

    __slots__ = ("length", "max_wilds", "size", "straights", "values")

    def __init__(self, size: int, max_wilds: int, straights: bool) -> None:
        self.values: dict[int, int] = {}
        self.size = size
        self.length = 3 if size == 3 else 5
        self.max_wilds = min(max_wilds, size)
        self.straights = straights

    def fill(self, key: int) -> int:
        """The value of ``key``, computed and stored."""
        w = key >> _WILD_SHIFT
        counts = [key >> (3 * k) & 7 for k in range(13)]  # ace first
        if w > self.max_wilds or max(counts) > 4 or sum(counts) + w != self.size:
            raise KeyError(key)
        high = (*counts[1:], counts[0])  # high-rank order: two … king, ace
        value = self.values[key] = _rank_value(high, w, self.length, self.straights)
        return value

    def __getitem__(self, key: int) -> int:
        try:
            return self.values[key]
        except KeyError:
            return self.fill(key)


@cache
def _rank_table(size: int, max_wilds: int, straights: bool) -> _RankTable:
    """The rank-side values of ``size``-card hands with up to ``max_wilds`` wilds."""
    return _RankTable(size, max_wilds, straights)


# ------------------------------------------------------------------ evaluators


def _plain(fl: Sequence[int], sp: Sequence[int], rk: _RankTable) -> Callable[[int], int]:
    """Value of a hand without wilds: one flush suit at most, and it beats all else."""
    table, fill = rk.values, rk.fill

    def value(mask: int) -> int:
        a = mask & 8191
        b = mask >> 13 & 8191
        c = mask >> 26 & 8191
        d = mask >> 39
        v = fl[a] | fl[b] | fl[c] | fl[d]
        if v:
            return v
        k = sp[a] + sp[b] + sp[c] + sp[d]
        try:
            return table[k]
        except KeyError:
            return fill(k)

    return value


@cache
def _distinct_table(size: int) -> tuple[int, ...]:
    """``table[ranks]``: the straight or high card ``size`` different ranks make, else 0."""
    length = 3 if size == 3 else 5
    out = []
    for ranks in range(1 << 13):
        if ranks.bit_count() != size:
            out.append(0)
            continue
        counts = [_high_ranks(ranks) >> r & 1 for r in range(13)]
        out.append(_rank_value(counts, 0, length, True))
    return tuple(out)


def _whole(
    fl: Sequence[int], sp: Sequence[int], rk: _RankTable, dt: Sequence[int]
) -> Callable[[int], int]:
    """Value of a 3- or 5-card hand without wilds, all of whose cards count.

    Only a hand of different ranks can be a flush (or a straight): the union of its
    suit masks tells, and the other hands go straight to the rank-count table.
    """
    table, fill = rk.values, rk.fill

    def value(mask: int) -> int:
        a = mask & 8191
        b = mask >> 13 & 8191
        c = mask >> 26 & 8191
        d = mask >> 39
        v = dt[a | b | c | d]
        if v:
            return fl[a] | fl[b] | fl[c] | fl[d] or v
        k = sp[a] + sp[b] + sp[c] + sp[d]
        try:
            return table[k]
        except KeyError:
            return fill(k)

    return value


def _ranks_only(sp: Sequence[int], rk: _RankTable, wild_mask: int) -> Callable[[int], int]:
    """Value of a three-card hand when straights and flushes do not count."""
    table, fill = rk.values, rk.fill

    def value(mask: int) -> int:
        x = mask & wild_mask
        if x:
            mask ^= x
            k = sp[mask & 8191] + sp[mask >> 13 & 8191] + sp[mask >> 26 & 8191] + sp[mask >> 39]
            k |= x.bit_count() << 39
        else:
            k = sp[mask & 8191] + sp[mask >> 13 & 8191] + sp[mask >> 26 & 8191] + sp[mask >> 39]
        try:
            return table[k]
        except KeyError:
            return fill(k)

    return value


def _wild(
    fl: Sequence[int], sp: Sequence[int], rk: _RankTable, wild_mask: int
) -> Callable[[int], int]:
    """Value of a hand with a wild rank: the better of its flush side and rank side."""
    table, fill = rk.values, rk.fill

    def value(mask: int) -> int:
        x = mask & wild_mask
        if not x:
            a = mask & 8191
            b = mask >> 13 & 8191
            c = mask >> 26 & 8191
            d = mask >> 39
            v = fl[a] | fl[b] | fl[c] | fl[d]
            if v:
                return v
            k = sp[a] + sp[b] + sp[c] + sp[d]
            try:
                return table[k]
            except KeyError:
                return fill(k)
        mask ^= x
        w = x.bit_count()
        a = mask & 8191
        b = mask >> 13 & 8191
        c = mask >> 26 & 8191
        d = mask >> 39
        o = w << 13
        f = fl[o | a]
        g = fl[o | b]
        if g > f:
            f = g
        g = fl[o | c]
        if g > f:
            f = g
        g = fl[o | d]
        if g > f:
            f = g
        k = sp[a] + sp[b] + sp[c] + sp[d] | w << 39
        try:
            r = table[k]
        except KeyError:
            r = fill(k)
        return f if f > r else r

    return value


@dataclass(frozen=True, eq=False)
class Evaluator:
    """Values for hands of one size under one ranking: build with ``evaluator``.

    Attributes
    ----------
    cards
        The hand size, 3, 5 or 7
    wild
        The wild rank (1 = Ace … 13 = King), or None
    straights_and_flushes
        Whether three-card hands count straights and flushes
    value
        The fast path: ``value(mask) -> int`` for a bitmask holding exactly ``cards``
        cards of the 52-card pack; it trusts its input (check with ``of``)
    """

    cards: int
    wild: int | None
    straights_and_flushes: bool
    value: Callable[[int], int]

    @property
    def wild_mask(self) -> int:
        """The bitmask of the four wild cards (0 without a wild rank)."""
        return _wild_mask(self.wild)

    @property
    def classes(self) -> tuple[HandClass, ...]:
        """The classes a hand can fall in under this ranking, best first."""
        return classes(self.cards, self.wild, straights_and_flushes=self.straights_and_flushes)

    def of(self, hand: int | str | Iterable[Card | str]) -> int:
        """The value of ``hand`` (cards, card text or a mask), checked first.

        Raises
        ------
        ValueError
            when the hand does not hold exactly ``cards`` cards of the 52-card pack.
        """
        mask = hand_mask(hand)
        held = mask.bit_count()
        if held != self.cards:
            raise ValueError(f"a {self.cards}-card hand is needed, this one has {held}")
        return self.value(mask)

    def name(self, hand: int | str | Iterable[Card | str], kickers: bool = False) -> str:
        """The hand in words: ``"full house, kings over fours"`` (see ``describe``)."""
        return describe(self.of(hand), kickers=kickers)

    def __repr__(self) -> str:
        wild = "" if self.wild is None else f", wild={RANKS[self.wild - 1]!r}"
        short = "" if self.straights_and_flushes else ", straights_and_flushes=False"
        return f"Evaluator(cards={self.cards}{wild}{short})"


def _wild_mask(wild: int | None) -> int:
    if wild is None:
        return 0
    return sum(1 << (suit * 13 + wild - 1) for suit in range(4))


def evaluator(
    cards: int = 5, wild: int | str | None = None, *, straights_and_flushes: bool = True
) -> Evaluator:
    """The ``Evaluator`` for ``cards``-card hands with an optional wild rank.

    Parameters
    ----------
    cards
        3, 5 or 7 (seven-card hands play their best five cards)
    wild
        None, or the wild rank: 1..13 (Ace = 1) or its letter (``"3"``, ``"K"``)
    straights_and_flushes
        False makes three-card hands rank by pairs and trips alone
        (allowed with ``cards=3`` only: larger hands always count straights and flushes)

    Raises
    ------
    ValueError, TypeError
        for a size, wild rank or flag that is not allowed.
    """
    return _evaluator(*_settings(cards, wild, straights_and_flushes))


def _settings(
    cards: object, wild: object, straights_and_flushes: object
) -> tuple[int, int | None, bool]:
    """Checked (size, wild rank, straights and flushes count) of an evaluator."""
    size = _check_size(cards)
    sf = _check_flag(straights_and_flushes)
    if not sf and size != 3:
        raise ValueError(
            f"straights_and_flushes=False is for 3-card hands; {size}-card hands always "
            "count straights and flushes"
        )
    return size, parse_wild(wild), sf


@cache
def _evaluator(cards: int, wild: int | None, sf: bool) -> Evaluator:
    length = 3 if cards == 3 else 5
    max_wilds = 0 if wild is None else 4
    sp = _spread()
    rk = _rank_table(cards, max_wilds, sf)
    wild_mask = _wild_mask(wild)
    if not sf:
        value = _ranks_only(sp, rk, wild_mask)
    else:
        fl = _flush_table(length, max_wilds)
        if wild is not None:
            value = _wild(fl, sp, rk, wild_mask)
        elif cards == 7:
            value = _plain(fl, sp, rk)
        else:
            value = _whole(fl, sp, rk, _distinct_table(cards))
    return Evaluator(cards, wild, sf, value)


def evaluate(
    hand: int | str | Iterable[Card | str],
    wild: int | str | None = None,
    *,
    straights_and_flushes: bool = True,
) -> int:
    """The value of a 3-, 5- or 7-card hand (the size is read from the hand).

    For many hands, take ``evaluator(cards, wild).value`` once and call it on masks.

    >>> evaluate("KS KH KD 4C 4S") > evaluate("QS QH QD AC AS")
    True
    """
    mask = hand_mask(hand)
    size = mask.bit_count()
    if size not in SIZES:
        raise ValueError(f"a poker hand here has 3, 5 or 7 cards, this one has {size}")
    return evaluator(size, wild, straights_and_flushes=straights_and_flushes).value(mask)


# ------------------------------------------------------------------ reading values


def _decode(value: int) -> tuple[HandClass, bool, tuple[int, ...]]:
    """(class, three-card?, the ranks it records as 2..14) of a value."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a hand value is an int from an Evaluator, not {value!r}")
    strength = value >> 20
    if not 0 <= strength < len(_CLASS_OF_STRENGTH) or value < 0:
        raise ValueError(f"{value!r} is not a hand value")
    cls = _CLASS_OF_STRENGTH[strength]
    three = strength >= 10
    kept = _RANKS_KEPT[cls][three]
    ranks = tuple(value >> (16 - 4 * i) & 15 for i in range(kept))
    if any(not 2 <= r <= 14 for r in ranks) or value & ((1 << (20 - 4 * kept)) - 1):
        raise ValueError(f"{value!r} is not a hand value")
    return cls, three, ranks


def hand_class(value: int) -> HandClass:
    """The ``HandClass`` of a value."""
    return _decode(value)[0]


def value_size(value: int) -> int:
    """3 for a three-card hand's value, 5 for a hand judged on five cards (5 or 7 held)."""
    return 3 if _decode(value)[1] else 5


def classes(
    cards: int = 5, wild: int | str | None = None, *, straights_and_flushes: bool = True
) -> tuple[HandClass, ...]:
    """The classes hands of this size can fall in, best first.

    Five of a kind needs a wild rank (and five or more cards); three-card hands have no
    two pair, full house or four of a kind, and without straights and flushes only three
    of a kind, pair and high card.
    """
    size, wild_rank, sf = _settings(cards, wild, straights_and_flushes)
    if size == 3:
        if not sf:
            return (_HC.THREE_OF_A_KIND, _HC.PAIR, _HC.HIGH_CARD)
        return tuple(sorted(_THREE_STRENGTH, key=_THREE_STRENGTH.__getitem__, reverse=True))
    return tuple(c for c in reversed(_HC) if wild_rank is not None or c is not _HC.FIVE_OF_A_KIND)


def _word(r: int) -> str:
    return _SINGULAR[r - 2]


def _words(r: int) -> str:
    return _PLURAL[r - 2]


def _article(r: int) -> str:
    return ("an " if r in (8, 14) else "a ") + _word(r)


def _listing(ranks: Sequence[int]) -> str:
    words = [_word(r) for r in ranks]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(value: int, kickers: bool = False) -> str:
    """A value in words.

    ``"full house, kings over fours"``, ``"three of a kind, sevens"``,
    ``"straight, ace high"``, ``"pair of nines"``, ``"royal flush"``.  With ``kickers``
    the cards that break ties are added: ``"pair of nines (king, jack and four)"``.
    """
    cls, three, ranks = _decode(value)
    main = ranks[0]
    if cls is _HC.FIVE_OF_A_KIND:
        text = f"five of a kind, {_words(main)}"
    elif cls is _HC.STRAIGHT_FLUSH:
        text = "royal flush" if main == 14 and not three else f"straight flush, {_word(main)} high"
    elif cls is _HC.FOUR_OF_A_KIND:
        text = f"four of a kind, {_words(main)}"
    elif cls is _HC.FULL_HOUSE:
        text = f"full house, {_words(main)} over {_words(ranks[1])}"
    elif cls is _HC.FLUSH:
        text = f"flush, {_word(main)} high"
    elif cls is _HC.STRAIGHT:
        text = f"straight, {_word(main)} high"
    elif cls is _HC.THREE_OF_A_KIND:
        text = f"three of a kind, {_words(main)}"
    elif cls is _HC.TWO_PAIR:
        text = f"two pair, {_words(main)} and {_words(ranks[1])}"
    elif cls is _HC.PAIR:
        text = f"pair of {_words(main)}"
    else:
        text = f"high card, {_word(main)}"
    extra = _tie_breakers(cls, ranks)
    if kickers and extra:
        text += f" ({_listing(extra)})"
    return text


def _named_ranks(cls: HandClass) -> int:
    """How many of a class's recorded ranks its name states."""
    return 2 if cls in (_HC.FULL_HOUSE, _HC.TWO_PAIR) else 1


def _tie_breakers(cls: HandClass, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The recorded ranks a class's name leaves out (kickers, the rest of a flush)."""
    if cls in (_HC.FLUSH, _HC.HIGH_CARD):
        return ranks[1:]
    return ranks[_named_ranks(cls) :]


def _both(cls: HandClass, ranks: tuple[int, ...]) -> str:
    """What two hands that tie on the named ranks both have."""
    main = ranks[0]
    if cls is _HC.FOUR_OF_A_KIND:
        return f"four {_words(main)}"
    if cls is _HC.THREE_OF_A_KIND:
        return f"three {_words(main)}"
    if cls is _HC.TWO_PAIR:
        return f"two pair, {_words(main)} and {_words(ranks[1])}"
    if cls is _HC.PAIR:
        return f"a pair of {_words(main)}"
    if cls is _HC.FLUSH:
        return "flushes"
    return "high cards"


def _clause(text: str) -> str:
    """A name set off by commas inside a sentence when it holds one itself."""
    return text + "," if "," in text else text


def explain(a: int, b: int, names: tuple[str, str] = ("North", "East")) -> str:
    """One sentence saying which of two values wins and why.

    ``"North's flush beats East's straight"``;
    ``"both have a pair of nines; North's king kicker beats East's queen"``;
    ``"North and East tie: both have two pair, kings and fours (jack)"``.

    Raises
    ------
    ValueError
        when the two values come from hands of different families (three cards against
        five or seven), which never compare.
    """
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise TypeError(f"names must be two strings, not {names!r}")
    ca, three_a, ra = _decode(a)
    cb, three_b, rb = _decode(b)
    if three_a != three_b:
        raise ValueError("a three-card hand's value does not compare with a larger hand's")
    if a == b:
        return f"{names[0]} and {names[1]} tie: both have {describe(a, kickers=True)}"
    (win, lose), (cw, cl), (rw, rl) = (
        (names, (ca, cb), (ra, rb)) if a > b else ((names[1], names[0]), (cb, ca), (rb, ra))
    )
    if cw is not cl:
        return f"{win}'s {cw.label} beats {lose}'s {cl.label}"
    i = next(i for i in range(len(rw)) if rw[i] != rl[i])
    flat = cw in (_HC.FLUSH, _HC.HIGH_CARD)
    if i < (1 if flat else _named_ranks(cw)):
        return f"{win}'s {_clause(describe(max(a, b)))} beats {lose}'s {describe(min(a, b))}"
    head = f"both have {_both(cw, rw)}"
    if flat:
        head += f" with {_listing(rw[:i])}"
        return f"{head}; {win}'s next card, {_article(rw[i])}, beats {lose}'s {_word(rl[i])}"
    shared = rw[_named_ranks(cw) : i]
    if shared:
        head += f" and {_listing(shared)}"
    return f"{head}; {win}'s {_word(rw[i])} kicker beats {lose}'s {_word(rl[i])}"


# ------------------------------------------------------------------ exact counts


def _binomials() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(comb(n, k) for k in range(6)) for n in range(6))


_C: Final = _binomials()


def value_counts(
    cards: int = 5,
    wild: int | str | None = None,
    *,
    held: int | str | Iterable[Card | str] = 0,
    exclude: int | str | Iterable[Card | str] = 0,
    straights_and_flushes: bool = True,
) -> dict[int, int]:
    """Exact counts of the values of every hand the pack can complete, by value.

    The hand holds ``held`` (none by default) and takes the rest of its ``cards`` cards
    from the 52-card pack less ``held`` and ``exclude``, in every possible way.  Nothing
    is dealt out one hand at a time: hands are counted by their rank counts, each weighted
    by the ways its suits can be chosen, and flushes are split off suit by suit.

    Returns
    -------
    dict
        value -> number of hands; the counts sum to C(available, cards - len(held)).

    Raises
    ------
    ValueError
        when ``held`` has more than ``cards`` cards or shares cards with ``exclude``, or
        the pack has too few cards left.
    """
    ev = evaluator(cards, wild, straights_and_flushes=straights_and_flushes)
    h = hand_mask(held)
    x = hand_mask(exclude)
    if h & x:
        raise ValueError("a held card cannot also be excluded")
    draw = ev.cards - h.bit_count()
    if draw < 0:
        raise ValueError(f"{h.bit_count()} held cards do not fit a {ev.cards}-card hand")
    deck = FULL_DECK & ~h & ~x
    if deck.bit_count() < draw:
        raise ValueError(f"only {deck.bit_count()} cards are left to draw {draw} from")
    return _count(ev, h, deck, draw)


def _count(ev: Evaluator, held: int, deck: int, draw: int) -> dict[int, int]:
    size = ev.cards
    length = 3 if size == 3 else 5
    sf = ev.straights_and_flushes
    wild_k = -1 if ev.wild is None else ev.wild - 1
    max_wilds = 0 if ev.wild is None else 4
    rk = _rank_table(size, max_wilds, sf)
    table, fill = rk.values, rk.fill
    fl = _flush_table(length, max_wilds) if sf else ()
    top_flush = max(fl) if fl else 0
    # per rank: available suits (4-bit mask) and their number
    avail = [sum(1 << s for s in range(4) if deck >> (s * 13 + k) & 1) for k in range(13)]
    a = [m.bit_count() for m in avail]
    held_suits = [held >> (13 * s) & SUIT_BITS for s in range(4)]
    held_key = 0
    held_wilds = 0
    for k in range(13):
        c = sum(held_suits[s] >> k & 1 for s in range(4))
        if k == wild_k:
            held_wilds = c
        else:
            held_key += c << (3 * k)
    if wild_k >= 0:
        held_suits = [m & ~(1 << wild_k) for m in held_suits]
    ranks = [k for k in range(13) if k != wild_k and a[k]]
    # suits whose held cards and open ranks match give equal flush counts
    groups: dict[tuple[int, int], list[int]] = {}
    for s in range(4):
        open_ranks = sum(1 << k for k in range(13) if avail[k] >> s & 1)
        groups.setdefault((held_suits[s], open_ranks), []).append(s)
    suit_groups = [(s[0], len(s), held_suits[s[0]]) for s in groups.values()]

    counts: dict[int, int] = {}
    for drawn_wilds in range(min(draw, a[wild_k] if wild_k >= 0 else 0) + 1):
        w = held_wilds + drawn_wilds
        mult = comb(a[wild_k], drawn_wilds) if wild_k >= 0 else 1
        naturals = size - w
        need = length - w  # naturals of one suit that make a flush
        several = sf and 2 * max(need, 0) <= naturals
        offset = w << 13
        wild_bits = w << _WILD_SHIFT
        for vector, key, ways in _drawn_vectors(ranks, a, draw - drawn_wilds):
            k = (held_key + key) | wild_bits
            try:
                r = table[k]
            except KeyError:
                r = fill(k)
            if not sf or r >= top_flush:
                counts[r] = counts.get(r, 0) + ways * mult
                continue
            if several:
                for v in _assignments(vector, avail, held_suits, fl, offset, r):
                    counts[v] = counts.get(v, 0) + mult
                continue
            flushes = 0
            for s, same, base in suit_groups:
                short = need - base.bit_count()
                if short > len(vector):
                    continue
                inside = [
                    (k, c, _C[a[k] - 1][c - 1], _C[a[k] - 1][c])
                    for k, c in vector
                    if avail[k] >> s & 1
                ]
                outside = 1
                for k, c in vector:
                    if not avail[k] >> s & 1:
                        outside *= _C[a[k]][c]
                for t in range(max(short, 0), len(inside) + 1):
                    for chosen in combinations(range(len(inside)), t):
                        n = outside
                        bits = base
                        j = 0
                        for i, (k, _c, with_s, without_s) in enumerate(inside):
                            if j < t and chosen[j] == i:
                                n *= with_s
                                bits |= 1 << k
                                j += 1
                            else:
                                n *= without_s
                        if n:
                            f = fl[offset | bits]
                            v = f if f > r else r
                            counts[v] = counts.get(v, 0) + n * same * mult
                            flushes += n * same
            rest = ways - flushes
            if rest:
                counts[r] = counts.get(r, 0) + rest * mult
    return {v: n for v, n in counts.items() if n}


def _drawn_vectors(
    ranks: Sequence[int], a: Sequence[int], total: int
) -> Iterable[tuple[tuple[tuple[int, int], ...], int, int]]:
    """(rank counts drawn as (rank, count) pairs, their key, ways to pick the suits)."""

    def walk(
        i: int, left: int, picked: tuple[tuple[int, int], ...], key: int, ways: int
    ) -> Iterable[tuple[tuple[tuple[int, int], ...], int, int]]:
        if left == 0:
            yield picked, key, ways
            return
        if i == len(ranks):
            return
        k = ranks[i]
        for c in range(min(a[k], left), -1, -1):
            if c:
                yield from walk(
                    i + 1, left - c, (*picked, (k, c)), key + (c << (3 * k)), ways * _C[a[k]][c]
                )
            else:
                yield from walk(i + 1, left, picked, key, ways)

    return walk(0, total, (), 0, 1)


def _assignments(
    vector: Sequence[tuple[int, int]],
    avail: Sequence[int],
    held_suits: Sequence[int],
    fl: Sequence[int],
    offset: int,
    r: int,
) -> Iterable[int]:
    """The value of every way to give the drawn ranks their suits, one by one."""
    options = [
        [sum(1 << s for s in suits) for suits in combinations(_bits(avail[k]), c)]
        for k, c in vector
    ]
    for choice in product(*options):
        masks = list(held_suits)
        for (k, _c), suits in zip(vector, choice, strict=True):
            for s in range(4):
                if suits >> s & 1:
                    masks[s] |= 1 << k
        best = r
        for m in masks:
            f = fl[offset | m]
            if f > best:
                best = f
        yield best


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def class_counts(
    cards: int = 5,
    wild: int | str | None = None,
    *,
    held: int | str | Iterable[Card | str] = 0,
    exclude: int | str | Iterable[Card | str] = 0,
    straights_and_flushes: bool = True,
) -> dict[HandClass, int]:
    """``value_counts`` summed by class: every class of the ranking, best first."""
    counts = value_counts(
        cards, wild, held=held, exclude=exclude, straights_and_flushes=straights_and_flushes
    )
    out = dict.fromkeys(classes(cards, wild, straights_and_flushes=straights_and_flushes), 0)
    for value, n in counts.items():
        out[hand_class(value)] += n
    return out
