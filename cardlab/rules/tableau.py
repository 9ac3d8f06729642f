"""Solitaire tableaus, once for every patience game: stacks, runs, builds, foundations.

A layout is a list of **stacks**, each a tuple of entries, bottom first.  An entry is a
card index (0-51), plus ``UP`` (64) when the card lies face up, so one small int
says which card and how it lies, and a whole layout is a list of tuples of ints: cheap
to copy, compare and hash.  A game's state keeps one such list and replaces a stack's
tuple when it changes; a solver copies the list for each position it tries.  Both ask
the same functions below which moves exist, so a game's moves are written once.

* ``Layout``: the stacks by name, in groups: ``Layout(("deck", 4), ("up", 4), ("down", 4))``
  names them ``deck1`` … ``down4``; a group of one goes by the group's name (``("stock",
  1)`` is ``stock``).
* ``Build``: which card may lie on which, as a table by entry (for each entry, the bitmask
  of the entries it may be put on): ``down_in_suit``, ``down_alternating`` (either may wrap,
  a King on an Ace), ``rank_step`` (one rank up or down whatever the suit), or any test of
  two cards (``Build.where``).  A table of face-down entries says which face-down card may
  be put on which (Frozen Novelty's slides).
* Foundations: ``found[s]`` counts the cards of suit ``s`` home.  They grow up in suit from
  a base rank: the Ace by default, any rank (wrapping from the King to the Ace) with
  ``foundation_order``.

Moves, read from ``tops`` (``tops``: each stack's top entry, -1 when it is empty):

* ``run_start``: where the movable run on top of a stack begins (face-up cards,
  each fitting on the card under it by the build rule);
* ``run_moves``: every move of a run, whole or its upper part, onto a top it fits
  or onto an empty stack that takes one;
* ``top_moves``: every move of one top card, face up or face down, onto a top it
  fits or onto an empty stack that takes one;
* ``turnable``: stacks whose top is face down; ``homes``: stacks whose top may
  go to its foundation.

Changes, in place on the list of stacks: ``turn_up``, ``move_run``,
``send_home``, ``deal_cards`` (stock to waste, face up or down) and
``gather`` (the waste turned over as the new stock).  ``stack_zone`` and
``foundation_zones`` show them to one viewer.

How the patience games compose it:

* Frozen Novelty: twelve stacks (Deck, Up, Down) built down in suit; runs move between any
  stacks and onto empty Up stacks; a face-down top card moves onto a face-down top when a
  table of what the backs allow says so (``top_moves`` with a face-down ``Build``).
* Golf: seven face-up piles of five, a stock and a discard pile: a pile's top goes onto the
  discard pile when ``rank_step`` allows it (``top_moves``); a stock card is turned onto the
  discard pile (``deal_cards``); no foundations.
* Canfield: a 13-card reserve, four piles built ``down_alternating`` with ``wrap=True``,
  foundations from the first foundation card's rank (``foundation_order``), stock and waste
  (``deal_cards`` by one or three, ``gather`` to redeal): runs move whole or in part
  (``run_moves``), the reserve's and the waste's top cards one at a time (``top_moves``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Final

from ..core.cards import CARDS, HIDDEN_BACK, SUIT_SYMBOLS
from ..core.clone import immutable
from ..core.observation import Back, Entry, Zone
from ..core.view import View

#: Flag of an entry whose card lies face up.
UP: Final = 64
#: Mask of an entry's card index.
CARD: Final = 63
#: Rank of each card index, 0 (Ace) … 12 (King), and its suit, 0 … 3 (♣♦♥♠).
RANK: Final = tuple(i % 13 for i in range(52))
SUIT: Final = tuple(i // 13 for i in range(52))
#: Whether each card index is red (♦ or ♥).
RED: Final = tuple(s in (1, 2) for s in SUIT)
#: Suit of the card of each entry (0 for entries that are no card).
SUIT_OF: Final = tuple(SUIT[e & CARD] if e & CARD < 52 else 0 for e in range(128))

Stacks = list[tuple[int, ...]]
Test = Callable[[int, int], bool]


# ------------------------------------------------------------------ layout
class Layout:
    """Stacks by name, in groups (see the module docstring)."""

    __slots__ = ("groups", "index", "names")

    def __init__(self, *groups: tuple[str, int]) -> None:
        names: list[str] = []
        spans: dict[str, tuple[int, ...]] = {}
        for group, count in groups:
            start = len(names)
            names += [group] if count == 1 else [f"{group}{k + 1}" for k in range(count)]
            spans[group] = tuple(range(start, len(names)))
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: k for k, n in enumerate(names)}
        self.groups = spans

    def __len__(self) -> int:
        return len(self.names)

    def group(self, name: str) -> tuple[int, ...]:
        """The stack indices of one group, in order."""
        return self.groups[name]

    def empty(self) -> Stacks:
        """A layout with every stack empty."""
        return [()] * len(self.names)


def mask_of(stacks: Iterable[int]) -> int:
    """A set of stack indices as a bitmask (``empties`` arguments)."""
    m = 0
    for k in stacks:
        m |= 1 << k
    return m


# ------------------------------------------------------------- build rules
@immutable
class Build:
    """Which card may lie on which: ``fits[e] >> t & 1`` for entries ``e`` on ``t``.

    A face-up table has bits only for face-up entries, so a face-up card never fits on a
    face-down one and a face-down entry fits nowhere; a face-down table (``face_up=False``)
    is the reverse.  ``text`` says the rule in words for refusals ("one rank lower, in
    suit").
    """

    __slots__ = ("face_up", "fits", "name", "text")

    def __init__(self, name: str, fits: tuple[int, ...], text: str, face_up: bool) -> None:
        self.name = name
        self.fits = fits
        self.text = text
        self.face_up = face_up

    @classmethod
    def where(cls, name: str, test: Test, text: str = "", *, face_up: bool = True) -> Build:
        """The table of ``test(moving, target)`` over card indices."""
        flag = UP if face_up else 0
        fits = [0] * 128
        for m in range(52):
            mask = 0
            for t in range(52):
                if test(m, t):
                    mask |= 1 << (t | flag)
            fits[m | flag] = mask
        return cls(name, tuple(fits), text, face_up)

    def cards(self, moving: int, target: int) -> bool:
        """Whether card ``moving`` may lie on card ``target`` (card indices)."""
        flag = UP if self.face_up else 0
        return bool(self.fits[moving | flag] >> (target | flag) & 1)

    def __repr__(self) -> str:
        return f"<Build {self.name}>"


def _higher(m: int, t: int, wrap: bool) -> bool:
    """Is ``t`` one rank above ``m`` (a King below an Ace when ``wrap``)?"""
    return RANK[t] == RANK[m] + 1 or (wrap and RANK[m] == 12 and RANK[t] == 0)


@cache
def down_in_suit(wrap: bool = False) -> Build:
    """A card goes on the card one rank higher of its suit."""
    return Build.where(
        f"down in suit{' (wrap)' if wrap else ''}",
        lambda m, t: SUIT[m] == SUIT[t] and _higher(m, t, wrap),
        "one rank lower, in suit",
    )


@cache
def down_alternating(wrap: bool = False) -> Build:
    """A card goes on the card one rank higher of the other colour (red on black)."""
    return Build.where(
        f"down in alternating colours{' (wrap)' if wrap else ''}",
        lambda m, t: RED[m] != RED[t] and _higher(m, t, wrap),
        "one rank lower, of the other colour",
    )


@cache
def rank_step(wrap: bool = False, onto_king: bool = False) -> Build:
    """A card goes on a card one rank above or below it, whatever the suits.

    A King takes nothing unless ``onto_king``; ``wrap`` makes the King and the Ace
    neighbours.
    """

    def test(m: int, t: int) -> bool:
        if RANK[t] == 12 and not onto_king:
            return False
        return _higher(m, t, wrap) or _higher(t, m, wrap)

    return Build.where(
        f"one rank up or down{' (wrap)' if wrap else ''}",
        test,
        "one rank above or below, whatever the suit",
    )


@cache
def foundation_order(base: int = 0) -> tuple[int, ...]:
    """For each entry, its place in its suit's foundation built from rank ``base``
    (0 = Ace; past the King the order wraps to the Ace); -1 for face-down entries.

    A face-up top ``e`` may go home when ``found[SUIT_OF[e]] == order[e]``; index -1
    (an empty stack's top) reads the last entry, which is no card (-1).
    """
    return tuple(
        (RANK[e & CARD] - base) % 13 if e & UP and e & CARD < 52 else -1 for e in range(128)
    )


#: Foundations built from the Ace.
ACE_UP: Final = foundation_order(0)


# ------------------------------------------------------------------ moves
def tops(stacks: Sequence[Sequence[int]]) -> list[int]:
    """The top entry of each stack, -1 for an empty one."""
    return [st[-1] if st else -1 for st in stacks]


def run_start(stack: Sequence[int], fits: Sequence[int]) -> int:
    """Where the movable run on top of ``stack`` begins (``len(stack)``: no run)."""
    i = len(stack) - 1
    if i < 0 or not stack[i] & UP:
        return i + 1
    while i > 0 and fits[stack[i]] >> stack[i - 1] & 1:
        i -= 1
    return i


def run_moves(
    stacks: Sequence[Sequence[int]],
    tops: Sequence[int],
    fits: Sequence[int],
    sources: Iterable[int],
    targets: Sequence[int],
    empties: int = 0,
) -> list[tuple[int, int, int]]:
    """Every run move ``(k, i, d)``: the cards of stack ``k`` from position ``i`` up onto
    stack ``d``, whose top they fit, or which is empty and set in the bitmask ``empties``.

    Moves come stack by stack, each run from its lowest card up, targets in order.
    """
    out = []
    for k in sources:
        st = stacks[k]
        n = len(st)
        for j in range(run_start(st, fits), n):
            f = fits[st[j]]
            for d in targets:
                if d == k:
                    continue
                t = tops[d]
                if t >= 0:
                    if f >> t & 1:
                        out.append((k, j, d))
                elif empties >> d & 1:
                    out.append((k, j, d))
    return out


def top_moves(
    tops: Sequence[int],
    fits: Sequence[int],
    sources: Iterable[int],
    targets: Sequence[int],
    empties: int = 0,
    *,
    face_up: bool = True,
) -> list[tuple[int, int]]:
    """Every move ``(a, b)`` of the top card of stack ``a`` (face up or, with
    ``face_up=False``, face down) onto stack ``b``, whose top it fits, or which is empty
    and set in the bitmask ``empties``."""
    want = UP if face_up else 0
    out = []
    for a in sources:
        m = tops[a]
        if m < 0 or (m & UP) != want:
            continue
        f = fits[m]
        for b in targets:
            if b == a:
                continue
            t = tops[b]
            if t >= 0:
                if f >> t & 1:
                    out.append((a, b))
            elif empties >> b & 1:
                out.append((a, b))
    return out


def turnable(tops: Sequence[int], stacks: Iterable[int]) -> list[int]:
    """The stacks among ``stacks`` whose top card lies face down."""
    return [k for k in stacks if tops[k] >= 0 and not tops[k] & UP]


def homes(
    tops: Sequence[int], found: Sequence[int], order: Sequence[int], stacks: Iterable[int]
) -> list[int]:
    """The stacks among ``stacks`` whose face-up top is the next card of its foundation
    (``order`` from ``foundation_order``)."""
    return [k for k in stacks if found[SUIT_OF[tops[k]]] == order[tops[k]]]


def find(stacks: Sequence[Sequence[int]], card: int) -> tuple[int, int] | None:
    """Where card index ``card`` lies: (stack, position), or None."""
    for k, st in enumerate(stacks):
        for i, e in enumerate(st):
            if e & CARD == card:
                return k, i
    return None


# ----------------------------------------------------------------- changes
def turn_up(stacks: Stacks, k: int) -> int:
    """Turn the top card of stack ``k`` face up where it lies; return its card index."""
    st = stacks[k]
    e = st[-1]
    stacks[k] = (*st[:-1], e | UP)
    return e & CARD


def move_run(stacks: Stacks, k: int, i: int, d: int) -> tuple[int, ...]:
    """Move the cards of stack ``k`` from position ``i`` up onto stack ``d``, as they lie."""
    st = stacks[k]
    run = st[i:]
    stacks[k] = st[:i]
    stacks[d] = stacks[d] + run
    return run


def send_home(stacks: Stacks, found: list[int], k: int) -> int:
    """Put the top card of stack ``k`` on its foundation; return its card index."""
    st = stacks[k]
    c = st[-1] & CARD
    stacks[k] = st[:-1]
    found[SUIT[c]] += 1
    return c


def deal_cards(stacks: Stacks, a: int, b: int, n: int = 1, face_up: bool = True) -> int:
    """Deal up to ``n`` cards one by one from stack ``a`` onto stack ``b`` (so their
    order turns over), face up or face down; return how many moved."""
    st = stacks[a]
    n = min(n, len(st))
    moved = st[len(st) - n :][::-1]
    stacks[a] = st[: len(st) - n]
    flag = UP if face_up else 0
    stacks[b] = stacks[b] + tuple((e & CARD) | flag for e in moved)
    return n


def gather(stacks: Stacks, a: int, b: int, face_up: bool = False) -> int:
    """Turn the whole of stack ``a`` over onto stack ``b`` (the waste as the new stock)."""
    return deal_cards(stacks, a, b, len(stacks[a]), face_up)


# ------------------------------------------------------------- what shows
ALL_BACKS: Final = "all"
TOP_BACK: Final = "top"
NO_BACKS: Final = "none"
HIDDEN: Final = Back(HIDDEN_BACK)


def stack_entries(view: View, stack: Sequence[int], backs: str = TOP_BACK) -> tuple[Entry, ...]:
    """A stack as ``view`` sees it, bottom first: faces of the face-up cards; for face-down
    ones the back (``backs``: ``"all"`` of them, only the stack's ``"top"`` card, or
    ``"none"``) or a hidden back; the teacher peeks at every face."""
    n = len(stack)
    out: list[Entry] = []
    back_of = view.deck.back_of
    for i, e in enumerate(stack):
        card = CARDS[e & CARD]
        if e & UP:
            out.append(card)
        elif view.teacher:
            out.append(view.card(card))
        elif backs == ALL_BACKS or (backs == TOP_BACK and i == n - 1):
            out.append(Back(back_of(card)))
        else:
            out.append(HIDDEN)
    return tuple(out)


def stack_zone(
    view: View, name: str, stack: Sequence[int], backs: str = TOP_BACK, label: str = ""
) -> Zone:
    """One stack as a zone (a row of cards, bottom first)."""
    return Zone(name, None, stack_entries(view, stack, backs), "row", label=label or name)


#: For the table's layout: ``home QS`` lands on that suit's foundation zone.
HOME_TARGET: Final = ("home", "foundation{suit}")
#: For the table's layout: Stop ends the deal, so the table asks first.
STOP_CONFIRM: Final = ("stop", "Stop here? The deal ends with the cards now home.")


def foundation_zones(found: Sequence[int], base: int = 0) -> list[Zone]:
    """The four foundations ``foundation1`` … ``foundation4`` (♣ ♦ ♥ ♠), bottom first."""
    return [
        Zone(
            f"foundation{s + 1}",
            None,
            tuple(CARDS[13 * s + (base + r) % 13] for r in range(found[s])),
            "pile",
            label=f"{SUIT_SYMBOLS[s]} foundation",
        )
        for s in range(4)
    ]
