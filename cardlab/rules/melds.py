"""Exact rummy meld arithmetic on card bitmasks.

Representation
--------------
A card is an index ``i = suit * 13 + (rank - 1)`` with suits ordered clubs, diamonds,
hearts, spades and ranks 1..13 (Ace low, King 13). A hand (or a meld) is an ``int``
whose bit ``i`` is set for every card it holds, so a hand splits into four 13-bit suit
masks ``(mask >> 13 * suit) & 0x1FFF`` in which bit ``k`` stands for rank ``k + 1``.

Melds are sets (3 or 4 cards of one rank) and runs (3 or more consecutive ranks of one
suit). With ``around=True`` King and Ace are also consecutive, so runs may wrap
(Q-K-A, K-A-2, ...).

Method
------
Runs never leave their suit, so once the sets are fixed the four suits are independent.
Tables over all 8192 suit masks hold the best run decomposition of every suit mask and
its deadwood. Only ranks held in three or four suits can form sets; the search
enumerates the few ways to use them (none, one of the 3-card sets, the 4-card set) and
looks the rest up. Random 10-card hands usually have no such rank, and then the answer
is four table look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import product

from ..core.cards import FULL, RANK_MASKS, SUIT_BITS

__all__ = [
    "best_arrangements",
    "best_layoff",
    "best_layoff_keeping",
    "best_melds",
    "candidate_melds",
    "card_values",
    "clear_caches",
    "discard_deadwoods",
    "fewest_in_deadwood",
    "indices",
    "is_meld",
    "knock_discards",
    "mask_of",
    "min_deadwood",
]

NUM_RANKS = 13
NUM_SUITS = 4
NUM_CARDS = NUM_RANKS * NUM_SUITS
FULL_MASK = FULL
_SUIT = SUIT_BITS
_SHIFTS = (0, 13, 26, 39)

Split = tuple[int, ...]
Arrangement = tuple[tuple[int, ...], int]


# --------------------------------------------------------------------------- helpers


def mask_of(cards: Iterable[int]) -> int:
    """Return the bitmask holding the given card indices.

    Parameters
    ----------
    cards : iterable of int
        Card indices in ``range(52)``.

    Returns
    -------
    int
        Bitmask with bit ``i`` set for each index ``i``.
    """
    mask = 0
    for card in cards:
        if not 0 <= card < NUM_CARDS:
            raise ValueError(f"card index out of range: {card!r}")
        mask |= 1 << card
    return mask


def indices(mask: int) -> tuple[int, ...]:
    """Return the card indices held in ``mask``, ascending.

    Parameters
    ----------
    mask : int
        Card bitmask.

    Returns
    -------
    tuple of int
        Indices of the set bits.
    """
    _check(mask)
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _check(mask: int) -> None:
    """Raise ``ValueError`` unless ``mask`` is a 52-card bitmask."""
    if not 0 <= mask <= FULL_MASK:
        raise ValueError(f"not a 52-card bitmask: {mask!r}")


def _card_value(rank_index: int) -> int:
    """Deadwood value of the card with 0-based rank ``rank_index``."""
    return min(rank_index + 1, 10)


# ------------------------------------------------------------------ suit-mask tables


def _runs_in_suit(around: bool) -> tuple[int, ...]:
    """Every run as a 13-bit suit mask, ascending."""
    runs = set()
    for length in range(3, NUM_RANKS + 1):
        for start in range(NUM_RANKS):
            if not around and start + length > NUM_RANKS:
                continue
            run = 0
            for step in range(length):
                run |= 1 << ((start + step) % NUM_RANKS)
            runs.add(run)
    return tuple(sorted(runs))


_RUNS_LINEAR = _runs_in_suit(False)
_RUNS_AROUND = _runs_in_suit(True)
_RUN_SET_LINEAR = frozenset(_RUNS_LINEAR)
_RUN_SET_AROUND = frozenset(_RUNS_AROUND)
_ACE_RUNS_AROUND = tuple(
    sorted((r for r in _RUNS_AROUND if r & 1), key=lambda r: (-r.bit_count(), r))
)


def _run_options(m: int, around: bool) -> tuple[int, ...]:
    """Runs inside suit mask ``m`` that hold its lowest card, longest first."""
    low = m & -m
    if around and low == 1:
        return tuple(r for r in _ACE_RUNS_AROUND if r & m == r)
    block = low
    while m & (block << 1) & ~block:
        block |= block << 1
    k = low.bit_length() - 1
    length = block.bit_count()
    return tuple(((1 << n) - 1) << k for n in range(length, 2, -1))


_VALUE = [0] * (1 << NUM_RANKS)
_MAXV = [0] * (1 << NUM_RANKS)
for _m in range(1, 1 << NUM_RANKS):
    _low = _m & -_m
    _VALUE[_m] = _VALUE[_m ^ _low] + _card_value(_low.bit_length() - 1)
    _MAXV[_m] = _card_value(_m.bit_length() - 1)
_BITS: list[tuple[int, ...]] = [()] * (1 << NUM_RANKS)
for _m in range(1, 1 << NUM_RANKS):
    _low = _m & -_m
    _BITS[_m] = (_low, *_BITS[_m ^ _low])


def _build_tables(around: bool) -> tuple[list[int], list[Split], list[int], list[int]]:
    """Best deadwood, best split, deadwood mask and meldable cards for all suit masks.

    Ties between equally good splits go to the longest run through the lowest card,
    and to runs over leaving that card as deadwood.
    """
    size = 1 << NUM_RANKS
    best = [0] * size
    split: list[Split] = [()] * size
    dead = [0] * size
    runbits = [0] * size
    for m in range(1, size):
        low = m & -m
        chosen = 0
        chosen_v = _VALUE[low] + best[m ^ low]
        union = 0
        for run in _run_options(m, around):
            union |= run
            v = best[m ^ run]
            if v < chosen_v or (v == chosen_v and not chosen):
                chosen, chosen_v = run, v
        best[m] = chosen_v
        if chosen:
            split[m] = (chosen, *split[m ^ chosen])
            dead[m] = dead[m ^ chosen]
        else:
            split[m] = split[m ^ low]
            dead[m] = dead[m ^ low] | low
        runbits[m] = union | runbits[m ^ low]
    return best, split, dead, runbits


_BEST, _SPLIT, _DEAD, _RUNBITS = _build_tables(False)
#: Per suit mask (runs not wrapping): the value of its cards that fit in no run, and the
#: largest of them.  A knock test reads them directly when no rank is held in three suits.
_LONE_VALUE = [_VALUE[m & ~r] for m, r in enumerate(_RUNBITS)]
_LONE_MAX = [_MAXV[m & ~r] for m, r in enumerate(_RUNBITS)]
# Runs around the corner are an option few games use: their tables are built on first use
# (empty until then), which keeps ``import cardlab`` quick.
_BEST_A: list[int] = []
_SPLIT_A: list[Split] = []
_DEAD_A: list[int] = []
_RUNBITS_A: list[int] = []


def _around() -> list[int]:
    """Build the around-the-corner tables once; returns their best-deadwood table."""
    global _BEST_A, _SPLIT_A, _DEAD_A, _RUNBITS_A
    if not _BEST_A:
        _BEST_A, _SPLIT_A, _DEAD_A, _RUNBITS_A = _build_tables(True)
    return _BEST_A


def _tables(around: bool) -> tuple[list[int], list[Split], list[int], list[int]]:
    """Suit tables for the chosen run rule."""
    if around:
        _around()
        return _BEST_A, _SPLIT_A, _DEAD_A, _RUNBITS_A
    return _BEST, _SPLIT, _DEAD, _RUNBITS


@cache
def _suit_splits(m: int, around: bool) -> tuple[Split, ...]:
    """Every optimal run split of suit mask ``m``, the table's choice first."""
    if not m:
        return ((),)
    best = (_BEST_A or _around()) if around else _BEST
    target = best[m]
    out: list[Split] = []
    for run in _run_options(m, around):
        if best[m ^ run] == target:
            out.extend((run, *rest) for rest in _suit_splits(m ^ run, around))
    low = m & -m
    if _VALUE[low] + best[m ^ low] == target:
        out.extend(_suit_splits(m ^ low, around))
    return tuple(out)


def _set_rank_mask(a: int, b: int, c: int, d: int) -> int:
    """13-bit mask of the ranks held in at least three of the four suits."""
    return (a & b & (c | d)) | (c & d & (a | b))


_RANK_ALL = RANK_MASKS[1]  # the four Aces; shifted by k, the four cards of rank k + 1


def _choices(a: int, b: int, c: int, d: int, t: int) -> list[tuple[int, int, int, int, int]]:
    """Every way to use the ranks in ``t`` as sets, as ``(set cards, a, b, c, d)``.

    ``set cards`` is the 52-bit mask of the cards put in sets and ``a..d`` the suit masks
    left for runs. The order is lexicographic with the lowest rank most significant; for
    each rank "no set" comes first, then the 3-card sets in the order of the suit they
    leave out, then the 4-card set.
    """
    choices = [(0, a, b, c, d)]
    new: list[tuple[int, int, int, int, int]]
    while t:
        r = t & -t
        t ^= r
        cards = _RANK_ALL * r
        if a & b & c & d & r:
            ca, cb, cc, cd = r, r << 13, r << 26, r << 39
            new = []
            for used, ra, rb, rc, rd in choices:
                na, nb, nc, nd = ra ^ r, rb ^ r, rc ^ r, rd ^ r
                new += (
                    (used, ra, rb, rc, rd),
                    (used | (cards ^ ca), ra, nb, nc, nd),
                    (used | (cards ^ cb), na, rb, nc, nd),
                    (used | (cards ^ cc), na, nb, rc, nd),
                    (used | (cards ^ cd), na, nb, nc, rd),
                    (used | cards, na, nb, nc, nd),
                )
        else:
            held = (a & r) | (b & r) << 13 | (c & r) << 26 | (d & r) << 39
            keep = ~r
            new = []
            for used, ra, rb, rc, rd in choices:
                new += (
                    (used, ra, rb, rc, rd),
                    (used | held, ra & keep, rb & keep, rc & keep, rd & keep),
                )
        choices = new
    return choices


def _sets_of(used: int) -> list[int]:
    """Split the set cards of a choice into one set mask per rank."""
    sets = []
    while used:
        k = (used & -used).bit_length() - 1
        one = used & (_RANK_ALL << k)
        sets.append(one)
        used ^= one
    return sets


def _rank_cards(k: int, suits: Iterable[int]) -> int:
    """52-bit mask of rank index ``k`` in the given suits."""
    return sum(1 << (13 * s + k) for s in suits)


def _min_sets(best: list[int], a: int, b: int, c: int, d: int, t: int) -> int:
    """Minimal deadwood when the ranks in ``t`` may form sets."""
    r = t & -t
    t ^= r
    na, nb, nc, nd = a & ~r, b & ~r, c & ~r, d & ~r
    full = a & b & c & d & r
    if t:
        v = _min_sets(best, a, b, c, d, t)
        w = _min_sets(best, na, nb, nc, nd, t)
        if w < v:
            v = w
        if full:
            for w in (
                _min_sets(best, a, nb, nc, nd, t),
                _min_sets(best, na, b, nc, nd, t),
                _min_sets(best, na, nb, c, nd, t),
                _min_sets(best, na, nb, nc, d, t),
            ):
                if w < v:
                    v = w
        return v
    v = best[a] + best[b] + best[c] + best[d]
    w = best[na] + best[nb] + best[nc] + best[nd]
    if w < v:
        v = w
    if full:
        ba, bb, bc, bd = best[a], best[b], best[c], best[d]
        pa, pb, pc, pd = best[na], best[nb], best[nc], best[nd]
        rest = pa + pb + pc + pd
        for w in (rest - pa + ba, rest - pb + bb, rest - pc + bc, rest - pd + bd):
            if w < v:
                v = w
    return v


# ------------------------------------------------------------------------ public API


def clear_caches() -> None:
    """Empty the per-suit caches used by ``candidate_melds`` and ``best_arrangements``.

    The other functions keep no cache; their tables are fixed at import.
    """
    _suit_splits.cache_clear()
    _suit_runs.cache_clear()


def card_values(mask: int) -> int:
    """Total deadwood value of the cards in ``mask``.

    Parameters
    ----------
    mask : int
        Card bitmask.

    Returns
    -------
    int
        Sum of card values (Ace 1, 2..10 face value, J/Q/K 10).
    """
    _check(mask)
    v = _VALUE
    return v[mask & _SUIT] + v[mask >> 13 & _SUIT] + v[mask >> 26 & _SUIT] + v[mask >> 39]


def is_meld(mask: int, around: bool = False) -> bool:
    """Tell whether ``mask`` is a single valid set or run.

    Parameters
    ----------
    mask : int
        Card bitmask.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    bool
        True for a set of 3 or 4 cards of one rank, or a run of 3+ cards of one suit.
    """
    _check(mask)
    n = mask.bit_count()
    if n < 3:
        return False
    suits = [mask >> shift & _SUIT for shift in _SHIFTS]
    if n <= 4 and (suits[0] | suits[1] | suits[2] | suits[3]).bit_count() == 1:
        return True
    held = [s for s in suits if s]
    runs = _RUN_SET_AROUND if around else _RUN_SET_LINEAR
    return len(held) == 1 and held[0] in runs


@cache
def _suit_runs(m: int, around: bool) -> tuple[int, ...]:
    """All runs inside suit mask ``m``."""
    runs = _RUNS_AROUND if around else _RUNS_LINEAR
    return tuple(r for r in runs if r & m == r)


def candidate_melds(mask: int, around: bool = False) -> tuple[int, ...]:
    """Every meld contained in ``mask``.

    Parameters
    ----------
    mask : int
        Card bitmask.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    tuple of int
        All runs of length 3 or more and all 3- and 4-card sets inside ``mask``,
        ascending by mask value. Melds may overlap.
    """
    _check(mask)
    a, b, c, d = (mask >> shift & _SUIT for shift in _SHIFTS)
    melds = [
        r << shift
        for suit, shift in zip((a, b, c, d), _SHIFTS, strict=True)
        for r in _suit_runs(suit, around)
    ]
    t = _set_rank_mask(a, b, c, d)
    while t:
        r = t & -t
        t ^= r
        k = r.bit_length() - 1
        held = [s for s, suit in enumerate((a, b, c, d)) if suit & r]
        if len(held) == 4:
            melds.extend(_rank_cards(k, [s for s in held if s != out]) for out in held)
        melds.append(_rank_cards(k, held))
    return tuple(sorted(melds))


def min_deadwood(mask: int, around: bool = False) -> int:
    """Minimal deadwood value of ``mask`` over all arrangements of disjoint melds.

    Parameters
    ----------
    mask : int
        Card bitmask (any number of cards; the cost grows with the number of ranks
        held in three or more suits, which stays tiny for rummy-sized hands).
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    int
        The smallest total value of the cards left out of melds.
    """
    if not 0 <= mask <= FULL_MASK:
        _check(mask)
    best = (_BEST_A or _around()) if around else _BEST
    a = mask & _SUIT
    b = mask >> 13 & _SUIT
    c = mask >> 26 & _SUIT
    d = mask >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:
        return best[a] + best[b] + best[c] + best[d]
    return _min_sets(best, a, b, c, d, t)


def _arrangement(
    sets: tuple[int, ...], a: int, b: int, c: int, d: int, split: list[Split]
) -> tuple[int, ...]:
    """Melds of one set choice with the table splits of the remaining suits."""
    melds = list(sets)
    if sa := split[a]:
        melds += sa
    if sb := split[b]:
        melds += [r << 13 for r in sb]
    if sc := split[c]:
        melds += [r << 26 for r in sc]
    if sd := split[d]:
        melds += [r << 39 for r in sd]
    return tuple(sorted(melds))


def best_melds(mask: int, around: bool = False) -> Arrangement:
    """One optimal arrangement of ``mask`` into disjoint melds.

    Parameters
    ----------
    mask : int
        Card bitmask.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    melds : tuple of int
        Disjoint melds ascending by mask value.
    deadwood : int
        Mask of the cards left out; its value is ``min_deadwood(mask, around)``.

    Notes
    -----
    Ties are broken deterministically: set choices are tried lowest rank first with
    "no set" before sets, and within a suit the longest run through the lowest card
    is preferred. The result is always ``best_arrangements(mask, around)[0]``.
    """
    _check(mask)
    best, split, dead, _ = _tables(around)
    a = mask & _SUIT
    b = mask >> 13 & _SUIT
    c = mask >> 26 & _SUIT
    d = mask >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:
        if not (split[a] or split[b] or split[c] or split[d]):
            return (), mask
        melds = _arrangement((), a, b, c, d, split)
        return melds, dead[a] | dead[b] << 13 | dead[c] << 26 | dead[d] << 39
    top = -1
    choice = (0, a, b, c, d)
    for option in _choices(a, b, c, d, t):
        _, ra, rb, rc, rd = option
        v = best[ra] + best[rb] + best[rc] + best[rd]
        if top < 0 or v < top:
            top, choice = v, option
    used, ra, rb, rc, rd = choice
    melds = _arrangement(tuple(_sets_of(used)), ra, rb, rc, rd, split)
    return melds, dead[ra] | dead[rb] << 13 | dead[rc] << 26 | dead[rd] << 39


def best_arrangements(mask: int, around: bool = False) -> list[Arrangement]:
    """All optimal arrangements of ``mask`` into disjoint melds.

    Parameters
    ----------
    mask : int
        Card bitmask.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    list of (melds, deadwood)
        Every distinct set of disjoint melds whose leftover cards have the minimal
        value, as in ``best_melds``; the first entry equals ``best_melds(mask)``.
        Different splits of a long run (e.g. 4-9 versus 4-6 and 7-9) count as
        different arrangements.
    """
    _check(mask)
    best = (_BEST_A or _around()) if around else _BEST
    a, b, c, d = (mask >> shift & _SUIT for shift in _SHIFTS)
    t = _set_rank_mask(a, b, c, d)
    options = _choices(a, b, c, d, t)
    values = [best[ra] + best[rb] + best[rc] + best[rd] for _, ra, rb, rc, rd in options]
    top = min(values)
    out: list[Arrangement] = []
    for (used, *rests), value in zip(options, values, strict=True):
        if value != top:
            continue
        per_suit = [_suit_splits(m, around) for m in rests]
        for combo in product(*per_suit):
            melds = _sets_of(used)
            for runs, shift in zip(combo, _SHIFTS, strict=True):
                melds.extend(r << shift for r in runs)
            covered = 0
            for meld in melds:
                covered |= meld
            out.append((tuple(sorted(melds)), mask & ~covered))
    return out


def _discard_values(mask: int, around: bool) -> dict[int, int]:
    """``{card bit: min_deadwood(mask without card)}`` for each card of ``mask``.

    A choice of sets stays available after a discard exactly when it does not use the
    discarded card, so each choice is scored once and every card it leaves in the suit
    masks is tried against it.
    """
    best = (_BEST_A or _around()) if around else _BEST
    a = mask & _SUIT
    b = mask >> 13 & _SUIT
    c = mask >> 26 & _SUIT
    d = mask >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    out: dict[int, int] = {}
    if not t:
        total = best[a] + best[b] + best[c] + best[d]
        for m, shift in ((a, 0), (b, 13), (c, 26), (d, 39)):
            base = total - best[m]
            for low in _BITS[m]:
                out[low << shift] = base + best[m ^ low]
        return out
    for _, ra, rb, rc, rd in _choices(a, b, c, d, t):
        total = best[ra] + best[rb] + best[rc] + best[rd]
        for m, shift in ((ra, 0), (rb, 13), (rc, 26), (rd, 39)):
            base = total - best[m]
            for low in _BITS[m]:
                card = low << shift
                v = base + best[m ^ low]
                if out.get(card, v + 1) > v:
                    out[card] = v
    return out


def discard_deadwoods(mask: int, around: bool = False) -> dict[int, int]:
    """Minimal deadwood left after discarding each card of ``mask``.

    Parameters
    ----------
    mask : int
        Card bitmask, typically an 11-card hand after drawing.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    dict of int to int
        ``{card: min_deadwood(mask without card)}`` for every card index in ``mask``,
        keyed in ascending card order.
    """
    _check(mask)
    values = _discard_values(mask, around)
    return {card.bit_length() - 1: values[card] for card in sorted(values)}


def knock_discards(mask: int, limit: int, around: bool = False) -> int:
    """Cards whose discard leaves ``mask`` with deadwood at most ``limit``.

    Parameters
    ----------
    mask : int
        Card bitmask, typically an 11-card hand after drawing.
    limit : int
        Highest deadwood value allowed (e.g. 10 to knock, 0 for gin).
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    int
        Mask of every card ``c`` in ``mask`` with
        ``min_deadwood(mask & ~(1 << c), around) <= limit``.

    Notes
    -----
    Cards that belong to no meld stay deadwood whatever is discarded, so when their
    value less the largest of them exceeds ``limit`` the answer is 0 without a search.
    """
    if not 0 <= mask <= FULL_MASK:
        _check(mask)
    a = mask & _SUIT
    b = mask >> 13 & _SUIT
    c = mask >> 26 & _SUIT
    d = mask >> 39
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t and not around:
        # No set is possible: the cards outside runs are deadwood whatever is discarded.
        lv = _LONE_VALUE
        lm = _LONE_MAX
        if lv[a] + lv[b] + lv[c] + lv[d] - max(lm[a], lm[b], lm[c], lm[d]) > limit:
            return 0
        return _knock_runs(a, b, c, d, limit, _BEST)
    runbits = _tables(True)[3] if around else _RUNBITS
    ua = a & ~(runbits[a] | t)
    ub = b & ~(runbits[b] | t)
    uc = c & ~(runbits[c] | t)
    ud = d & ~(runbits[d] | t)
    value = _VALUE
    maxv = _MAXV
    if (
        value[ua] + value[ub] + value[uc] + value[ud] - max(maxv[ua], maxv[ub], maxv[uc], maxv[ud])
        > limit
    ):
        return 0
    best = (_BEST_A or _around()) if around else _BEST
    if not t:
        return _knock_runs(a, b, c, d, limit, best)
    out = 0
    for _, ra, rb, rc, rd in _choices(a, b, c, d, t):
        total = best[ra] + best[rb] + best[rc] + best[rd]
        if total - 10 > limit:
            continue
        for m, shift in ((ra, 0), (rb, 13), (rc, 26), (rd, 39)):
            if m and total - maxv[m] <= limit:
                base = total - best[m]
                for low in _BITS[m]:
                    if base + best[m ^ low] <= limit:
                        out |= low << shift
    return out


def _knock_runs(a: int, b: int, c: int, d: int, limit: int, best: list[int]) -> int:
    """:func:`knock_discards` of a hand whose suits are ``a`` to ``d`` and that holds no
    rank in three suits (so only runs meld)."""
    out = 0
    total = best[a] + best[b] + best[c] + best[d]
    for m, shift in ((a, 0), (b, 13), (c, 26), (d, 39)):
        # dropping a card lowers a suit's deadwood by at most that card's value
        if m and total - _MAXV[m] <= limit:
            base = total - best[m]
            for low in _BITS[m]:
                if base + best[m ^ low] <= limit:
                    out |= low << shift
    return out


def _layoff_options(meld: int, defender: int, around: bool) -> list[int]:
    """Masks of the card groups the defender can lay off on one knocker meld."""
    suits = [meld >> shift & _SUIT for shift in _SHIFTS]
    held = [s for s, m in enumerate(suits) if m]
    options = [0]
    if len(held) > 1:
        if meld.bit_count() == 3:
            k = (suits[held[0]]).bit_length() - 1
            missing = _rank_cards(k, (s for s in range(NUM_SUITS) if s not in held))
            if defender & missing:
                options.append(missing)
        return options
    s = held[0]
    run = suits[s]
    hand = defender >> _SHIFTS[s] & _SUIT
    n = run.bit_count()
    if n == NUM_RANKS:
        return options
    room = NUM_RANKS - n if around else NUM_RANKS
    if around:
        lo = next(k for k in range(NUM_RANKS) if run >> k & 1 and not run >> (k - 1) % 13 & 1)
        hi = (lo + n - 1) % NUM_RANKS
    else:
        lo = (run & -run).bit_length() - 1
        hi = run.bit_length() - 1
    below: list[int] = []
    k = lo
    while len(below) < room:
        k -= 1
        if k < 0:
            if not around:
                break
            k += NUM_RANKS
        if not hand >> k & 1:
            break
        below.append(1 << k)
    above: list[int] = []
    k = hi
    while len(above) < room:
        k += 1
        if k >= NUM_RANKS:
            if not around:
                break
            k -= NUM_RANKS
        if not hand >> k & 1:
            break
        above.append(1 << k)
    shift = _SHIFTS[s]
    options = []
    low_mask = 0
    for i in range(len(below) + 1):
        if i:
            low_mask |= below[i - 1]
        high_mask = 0
        for j in range(len(above) + 1):
            if j:
                high_mask |= above[j - 1]
            if i + j > room:
                break
            options.append((low_mask | high_mask) << shift)
    return options


def _layoffs(knocker_melds: tuple[int, ...], defender_mask: int, around: bool) -> set[int]:
    """Every combination of lay-offs of the defender's cards on the knocker's melds."""
    _check(defender_mask)
    seen = 0
    for meld in knocker_melds:
        if not is_meld(meld, around):
            raise ValueError(f"not a meld: {meld!r}")
        if meld & (seen | defender_mask):
            raise ValueError("knocker melds must be disjoint from each other and the defender")
        seen |= meld
    layoffs = {0}
    for meld in knocker_melds:
        options = _layoff_options(meld, defender_mask, around)
        if len(options) > 1:
            layoffs = {lay | opt for lay in layoffs for opt in options if not lay & opt}
    return layoffs


def best_layoff(
    knocker_melds: tuple[int, ...], defender_mask: int, around: bool = False
) -> tuple[int, tuple[int, ...], int]:
    """Best lay-off of the defender's cards onto the knocker's melds.

    Parameters
    ----------
    knocker_melds : tuple of int
        The knocker's disjoint melds as masks.
    defender_mask : int
        The defender's hand.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    laid_off : int
        Mask of the cards laid off.
    melds : tuple of int
        The defender's melds of the remaining cards, as in ``best_melds``.
    deadwood : int
        The defender's final deadwood value.

    Notes
    -----
    A 3-card set takes its fourth card; a run takes consecutive cards of its suit at
    either end, chained (8 then 9 on 5-6-7) and wrapping King-Ace when ``around``.
    Every combination of lay-offs is tried, so the defender breaks its own melds
    when that pays. Ties go to fewer cards laid off, then to the lower mask.
    """
    layoffs = _layoffs(knocker_melds, defender_mask, around)
    key = min((min_deadwood(defender_mask & ~lay, around), lay.bit_count(), lay) for lay in layoffs)
    deadwood, _, laid = key
    melds, _ = best_melds(defender_mask & ~laid, around)
    return laid, melds, deadwood


# ------------------------------------------------------------- preferred arrangements


def fewest_in_deadwood(mask: int, avoid: int, around: bool = False) -> Arrangement:
    """The least-deadwood arrangement that leaves the fewest ``avoid`` cards as deadwood.

    Parameters
    ----------
    mask : int
        Card bitmask.
    avoid : int
        Cards worth putting into melds when the deadwood is equal anyway (for instance
        picture cards that earn a bonus when melded).
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    melds : tuple of int
        Disjoint melds ascending by mask value.
    deadwood : int
        Mask of the cards left out; its value is ``min_deadwood(mask, around)``.

    Notes
    -----
    Only arrangements with the minimal deadwood are considered.  Among them the first in
    ``best_arrangements`` order with the fewest ``avoid`` cards left out is returned,
    so when ``avoid`` does not matter the answer is ``best_melds``'s.
    """
    _check(mask)
    first = best_melds(mask, around)
    if not first[1] & avoid:
        return first
    return min(best_arrangements(mask, around), key=lambda arr: (arr[1] & avoid).bit_count())


def best_layoff_keeping(
    knocker_melds: tuple[int, ...], defender_mask: int, avoid: int, around: bool = False
) -> tuple[int, tuple[int, ...], int, int]:
    """Best lay-off that, among the least-deadwood ones, leaves fewest ``avoid`` cards out.

    Parameters
    ----------
    knocker_melds : tuple of int
        The knocker's disjoint melds as masks.
    defender_mask : int
        The defender's hand.
    avoid : int
        Cards the defender would rather meld or lay off when its deadwood is equal anyway.
    around : bool, default False
        Let runs wrap from King to Ace.

    Returns
    -------
    laid_off : int
        Mask of the cards laid off.
    melds : tuple of int
        The defender's melds of the remaining cards.
    deadwood : int
        The defender's final deadwood value (always that of ``best_layoff``).
    dead_mask : int
        The defender's final deadwood cards.

    Notes
    -----
    Lay-offs follow ``best_layoff``.  The deadwood value comes first; then the fewest
    ``avoid`` cards in the final deadwood; then fewer cards laid off and the lower mask.
    """
    layoffs = _layoffs(knocker_melds, defender_mask, around)
    scored = [(min_deadwood(defender_mask & ~lay, around), lay) for lay in layoffs]
    least = min(v for v, _ in scored)
    best: tuple[int, int, int, tuple[int, ...], int] | None = None
    for value, lay in scored:
        if value != least:
            continue
        melds, dead = fewest_in_deadwood(defender_mask & ~lay, avoid, around)
        key = ((dead & avoid).bit_count(), lay.bit_count(), lay, melds, dead)
        if best is None or key[:3] < best[:3]:
            best = key
    assert best is not None
    _, _, laid, melds, dead = best
    return laid, melds, least, dead
