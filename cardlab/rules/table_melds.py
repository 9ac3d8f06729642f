"""Melds lying face up on the table, owned by a seat or by a side.

Rummy games where melds stay on the table for the rest of the hand (Canasta's sides'
melds, Tonk's spreads) keep them here, as card bitmasks over the card index space of
:mod:`cardlab.core.cards` (0..107: a second pack's copy of a card is ``index + 54``,
jokers are 52, 53, 106 and 107).  A meld is one of two kinds:

* a **set**: cards of one rank, possibly with wild cards (Canasta: at least two natural
  cards and at most three wild ones; Tonk: a book of three or four, never extended);
* a **run**: three or more cards of one suit in rank order, Ace low (no K-A), extended
  at either end one card at a time.

:class:`MeldRules` says what a game allows; :func:`why_not_meld` and
:func:`why_not_extend` check a new meld and an extension and return the rule broken as a
short text, or ``""``; :func:`extensions` lists which cards of a hand can extend which
table melds; :func:`meld_zones` builds the observation zones, one per meld, grouped by
owner (public faces).

The rummy world sampler (:func:`cardlab.rules.rummy_worlds.sample_rummy_world`) treats
table melds as public when the game keeps two conventions: every card of a meld shows in
a zone (so it is known), and the event that lays cards from a hand names them in
``cards`` with a kind listed in ``laid=`` (:data:`LAID`: ``"meld"`` for a new meld or an
extension).  A meld built as a staged move records its picks in the commit event's
``steps``; :func:`committed_steps` is the ``unseen`` hook that replays them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..core.cards import CARDS, COPY_OFFSET, Card, rank_text
from ..core.events import Event
from ..core.observation import Zone

__all__ = [
    "JOKERS",
    "LAID",
    "RUN",
    "SET",
    "MeldRules",
    "TableMeld",
    "committed_steps",
    "extend",
    "extensions",
    "meld_cards",
    "meld_zones",
    "natural_count",
    "new_meld",
    "rank_of",
    "ranks_mask",
    "suit_of",
    "why_not_extend",
    "why_not_meld",
    "wild_count",
]

SET: Final = "set"
RUN: Final = "run"
#: Event kinds whose ``cards`` leave a hand face up onto a table meld.
LAID: Final = ("meld",)

_N = 2 * COPY_OFFSET
#: Each card index's rank (1..13, 0 for a joker) and suit (0..3, -1 for a joker).
RANK: Final[tuple[int, ...]] = tuple(c.rank for c in CARDS)
SUIT: Final[tuple[int, ...]] = tuple(c.suit for c in CARDS)
#: The four jokers of two packs.
JOKERS: Final = sum(1 << i for i in range(_N) if RANK[i] == 0)
#: By rank, every card of that rank in both packs; entry 0 is the jokers.
_RANK_ALL: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i in range(_N) if RANK[i] == r) for r in range(14)
)
#: By suit, every card of that suit in both packs.
_SUIT_ALL: Final[tuple[int, ...]] = tuple(
    sum(1 << i for i in range(_N) if SUIT[i] == s) for s in range(4)
)


def rank_of(index: int) -> int:
    """The rank of card ``index`` (0 for a joker)."""
    return RANK[index]


def suit_of(index: int) -> int:
    """The suit of card ``index`` (-1 for a joker)."""
    return SUIT[index]


def ranks_mask(*ranks: int) -> int:
    """Every card (both packs) of the given ranks; rank 0 stands for the jokers."""
    m = 0
    for r in ranks:
        m |= _RANK_ALL[r]
    return m


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class MeldRules:
    """What melds a game allows.

    Attributes
    ----------
    sets, runs
        Whether sets of one rank and runs in one suit are melds
    min_cards
        The fewest cards in a new meld
    max_set
        The most cards in a set (0: no limit; one pack: 4)
    wild
        The mask of wild cards (jokers, twos); wild cards join sets only
    min_natural
        The fewest natural cards in a set holding wild cards
    max_wild
        The most wild cards in one set
    plain
        The ranks (a mask, bit ``r``) whose sets take no wild card
    extend_sets, extend_runs
        Whether sets and runs on the table may be extended
    """

    sets: bool = True
    runs: bool = False
    min_cards: int = 3
    max_set: int = 0
    wild: int = 0
    min_natural: int = 0
    max_wild: int = 0
    plain: int = 0
    extend_sets: bool = True
    extend_runs: bool = True


class TableMeld(NamedTuple):
    """A meld on the table: its ``owner`` (a seat, or a side's index), its ``kind``
    (:data:`SET` or :data:`RUN`), its ``key`` (a set's rank, a run's suit) and the mask
    of its ``cards``."""

    owner: int
    kind: str
    key: int
    cards: int

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return self.cards.bit_count()


def wild_count(rules: MeldRules, cards: int) -> int:
    """How many wild cards ``cards`` holds."""
    return (cards & rules.wild).bit_count()


def natural_count(rules: MeldRules, cards: int) -> int:
    """How many natural (not wild) cards ``cards`` holds."""
    return (cards & ~rules.wild).bit_count()


def _set_rank(rules: MeldRules, cards: int) -> int:
    """The rank of the natural cards of ``cards`` (-1: none or several ranks)."""
    natural = cards & ~rules.wild
    if not natural:
        return -1
    r = RANK[(natural & -natural).bit_length() - 1]
    return r if r and natural & ~_RANK_ALL[r] == 0 else -1


def _run_shape(cards: int) -> tuple[int, int, int] | None:
    """``(suit, low rank, high rank)`` when ``cards`` are consecutive ranks of one suit."""
    if not cards or cards & JOKERS:
        return None
    s = SUIT[(cards & -cards).bit_length() - 1]
    if cards & ~_SUIT_ALL[s]:
        return None
    ranks = 0
    for i in _bits(cards):
        bit = 1 << RANK[i]
        if ranks & bit:
            return None  # a rank twice (two packs)
        ranks |= bit
    low = (ranks & -ranks).bit_length() - 1
    high = ranks.bit_length() - 1
    if ranks != ((1 << (high + 1)) - 1) ^ ((1 << low) - 1):
        return None
    return s, low, high


def _set_rules(rules: MeldRules, rank: int, cards: int) -> str:
    """The rule a set of ``rank`` holding ``cards`` breaks, or ""."""
    name = f"{rank_text(rank)}s"
    wild = wild_count(rules, cards)
    if wild and rules.plain >> rank & 1:
        return f"{name} take no wild cards"
    if wild > rules.max_wild:
        most = rules.max_wild
        return (
            f"a meld holds at most {most} wild card{'s' * (most != 1)}"
            if most
            else ("wild cards are not allowed")
        )
    if wild and natural_count(rules, cards) < rules.min_natural:
        return f"a meld with wild cards needs at least {rules.min_natural} natural cards"
    if rules.max_set and cards.bit_count() > rules.max_set:
        return f"a set holds at most {rules.max_set} cards"
    return ""


def meld_kind(rules: MeldRules, cards: int) -> tuple[str, int] | None:
    """``(kind, key)`` of a valid new meld made of ``cards``, or None."""
    if why_not_meld(rules, cards):
        return None
    r = _set_rank(rules, cards)
    if rules.sets and r > 0:
        return SET, r
    shape = _run_shape(cards)
    assert shape is not None
    return RUN, shape[0]


def why_not_meld(rules: MeldRules, cards: int) -> str:
    """Why ``cards`` are not a valid new meld, or ``""`` when they are.

    Parameters
    ----------
    rules : the game's meld rules
    cards : the mask of the cards laid together
    """
    n = cards.bit_count()
    if n < rules.min_cards:
        return f"a meld needs at least {rules.min_cards} cards, not {n}"
    r = _set_rank(rules, cards)
    if rules.sets and r > 0:
        return _set_rules(rules, r, cards)
    if rules.runs and _run_shape(cards) is not None:
        return ""
    if cards & rules.wild and not cards & ~rules.wild:
        return "a meld needs natural cards, not only wild ones"
    if rules.sets and rules.runs:
        return "a meld is cards of one rank or a run in one suit (Ace low)"
    if rules.runs:
        return "a meld is a run of one suit in rank order (Ace low)"
    return "a meld is cards of one rank"


def why_not_extend(rules: MeldRules, meld: TableMeld, cards: int) -> str:
    """Why ``cards`` may not be added to ``meld``, or ``""`` when they may.

    A run takes cards that continue it at either end (so the whole is still a run); a
    set takes natural cards of its rank and wild cards within its limits.
    """
    if not cards:
        return "nothing to add"
    if cards & meld.cards:
        return "those cards are already in the meld"
    if meld.kind == RUN:
        if not rules.extend_runs:
            return "runs on the table are not extended"
        if _run_shape(meld.cards | cards) is None:
            return "a run grows only by cards of its suit that continue it at either end"
        return ""
    if not rules.extend_sets:
        return "sets on the table are not extended"
    rank = meld.key
    natural = cards & ~rules.wild
    if natural & ~_RANK_ALL[rank]:
        return f"only {rank_text(rank)}s or wild cards join the {rank_text(rank)}s"
    return _set_rules(rules, rank, meld.cards | cards)


def new_meld(rules: MeldRules, owner: int, cards: int) -> TableMeld:
    """The meld ``owner`` lays with ``cards``.

    Raises
    ------
    ValueError
        naming the rule the cards break.
    """
    kind = meld_kind(rules, cards)
    if kind is None:
        raise ValueError(why_not_meld(rules, cards))
    return TableMeld(owner, kind[0], kind[1], cards)


def extend(rules: MeldRules, meld: TableMeld, cards: int) -> TableMeld:
    """``meld`` with ``cards`` added.

    Raises
    ------
    ValueError
        naming the rule the extension breaks.
    """
    why = why_not_extend(rules, meld, cards)
    if why:
        raise ValueError(why)
    return meld._replace(cards=meld.cards | cards)


def extensions(rules: MeldRules, melds: Sequence[TableMeld], hand: int) -> tuple[int, ...]:
    """For each meld, the mask of the cards of ``hand`` that may extend it, one at a time.

    A run lists the cards that continue it at either end now; a set its rank's natural
    cards and, while its wild cards are below the limit, the wild cards.
    """
    out = []
    wild = hand & rules.wild
    for m in melds:
        if m.kind == RUN:
            if not rules.extend_runs:
                out.append(0)
                continue
            shape = _run_shape(m.cards)
            ok = 0
            if shape is not None:
                s, low, high = shape
                for r in (low - 1, high + 1):
                    if 1 <= r <= 13:
                        ok |= hand & _RANK_ALL[r] & _SUIT_ALL[s]
            out.append(ok)
            continue
        if not rules.extend_sets:
            out.append(0)
            continue
        ok = hand & _RANK_ALL[m.key] & ~rules.wild
        if rules.max_set and m.size >= rules.max_set:
            ok = 0
        elif wild and not why_not_extend(rules, m, wild & -wild):
            ok |= wild
        out.append(ok)
    return tuple(out)


def meld_cards(rules: MeldRules, meld: TableMeld) -> tuple[Card, ...]:
    """The meld's cards as they lie: a run by rank, a set's natural cards then its wilds."""
    cards = [CARDS[i] for i in _bits(meld.cards)]
    if meld.kind == RUN:
        cards.sort(key=lambda c: c.rank)
    else:
        w = rules.wild
        cards.sort(key=lambda c: (w >> c.index & 1, c.index))
    return tuple(cards)


def meld_zones(
    rules: MeldRules,
    melds: Sequence[TableMeld],
    *,
    sided: bool = False,
    name: str = "melds",
    label: Callable[[TableMeld], str] | None = None,
    kind: Callable[[TableMeld], str] | None = None,
    tags: Callable[[TableMeld, tuple[Card, ...]], tuple[str, ...]] | None = None,
) -> list[Zone]:
    """One public zone per meld, grouped by owner (owners in order, each's melds in the
    order laid).

    Parameters
    ----------
    rules : the game's meld rules (for the order of a set's cards)
    melds : the melds on the table
    sided : the owners are sides (the zones' ``team``), not seats (their ``owner``)
    name : the zones' name (every meld zone shares it)
    label : a meld's label (default: "7s", "5♥-8♥")
    kind : a meld's zone kind (default ``"meld"``; ``"pile"`` draws it squared up)
    tags : each card's short note
    """
    out = []
    for m in sorted(melds, key=lambda m: m.owner):
        cards = meld_cards(rules, m)
        text = label(m) if label else _default_label(m, cards)
        z_kind = kind(m) if kind else "meld"
        z_tags = tags(m, cards) if tags else ()
        if sided:
            out.append(Zone(name, None, cards, z_kind, label=text, tags=z_tags, team=m.owner))
        else:
            out.append(Zone(name, m.owner, cards, z_kind, label=text, tags=z_tags))
    return out


def _default_label(m: TableMeld, cards: tuple[Card, ...]) -> str:
    if m.kind == SET:
        return f"{rank_text(m.key)}s"
    return f"{cards[0].text}-{cards[-1].text}"


def committed_steps(world: Any, seat: int, history: Sequence[Event], i: int) -> tuple[str, ...]:
    """The picks of another seat's staged meld, read from its public commit event.

    An ``unseen`` hook for :func:`cardlab.rules.worlds.replay`: before the event
    ``history[i]`` that commits a staged move (its data holds ``steps``), the picks are
    applied again in the world; before any other event, nothing.
    """
    steps = history[i].get("steps")
    return tuple(steps) if steps else ()
