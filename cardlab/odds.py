"""Exact poker odds: how often each hand comes, and chances from the cards a seat sees.

Every figure here is exact.  The unseen cards are dealt in every possible way, counted
rather than sampled, so probabilities are ratios of whole numbers of hands (kept in the
``count`` columns and in ``Chances``).  Hands are ranked by
``cardlab.rules.poker``: 3-, 5- or 7-card hands (seven play their best five), an
optional wild rank, and three-card hands with or without straights and flushes.

* ``hand_classes``: how many hands of each class the pack deals;
* ``final_classes``: the classes a hand can end in once its missing cards come;
* ``beat_chance``: the chance that a hand, once complete, beats a given hand;
* ``showdown_chance``: the chance that a complete hand beats one other hand dealt
  from the cards its holder cannot see.

Cards are ``Card`` objects, card text (``"AS KS 3H"``) or a
bitmask of card indices.  ``exclude`` lists cards known to be out of play (folded hands
shown to the seat, cards in another visible hand), which are then never dealt.

>>> from cardlab import odds
>>> odds.hand_classes(5).loc[0, "hand"]
'straight flush'
>>> print(odds.beat_chance("AS KS QS", against="TH TD 9C 4S 2D"))
win 42.4%, tie 0.0%, lose 57.6% (of 946 ways)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .core.cards import Card
from .rules import poker

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Chances", "beat_chance", "final_classes", "hand_classes", "showdown_chance"]

Hand = int | str | Iterable[Card | str]


@dataclass(frozen=True)
class Chances:
    """How many of the equally likely ways a hand wins, ties or loses.

    Attributes
    ----------
    wins
        Numbers of ways (deals of the unseen cards)
    ties
        Numbers of ways (deals of the unseen cards)
    losses
        Numbers of ways (deals of the unseen cards)
    """

    wins: int
    ties: int
    losses: int

    @property
    def total(self) -> int:
        """All the ways counted."""
        return self.wins + self.ties + self.losses

    @property
    def win(self) -> float:
        """The chance of winning outright."""
        return self.wins / self.total

    @property
    def tie(self) -> float:
        """The chance of an exact tie."""
        return self.ties / self.total

    @property
    def lose(self) -> float:
        """The chance of losing."""
        return self.losses / self.total

    def __str__(self) -> str:
        return (
            f"win {self.win:.1%}, tie {self.tie:.1%}, lose {self.lose:.1%} (of {self.total:,} ways)"
        )


def _table(counts: dict[poker.HandClass, int]) -> pd.DataFrame:
    from .core.optional import pandas as pd

    total = sum(counts.values())
    rows = []
    better = 0
    for cls, n in counts.items():
        better += n
        rows.append(
            {
                "hand": cls.label,
                "count": n,
                "probability": n / total,
                "or_better": better / total,
            }
        )
    frame = pd.DataFrame(rows, columns=["hand", "count", "probability", "or_better"])
    frame.attrs["total"] = total
    return frame


def hand_classes(
    cards: int = 5,
    wild: int | str | None = None,
    *,
    straights_and_flushes: bool = True,
    exclude: Hand = 0,
) -> pd.DataFrame:
    """How many hands of each class the pack deals, exactly.

    Parameters
    ----------
    cards : {3, 5, 7}
        Cards in a hand
    wild
        None, or the wild rank (1..13 with Ace = 1, or ``"3"``, ``"K"`` …)
    straights_and_flushes
        False ranks three-card hands by pairs and trips alone
    exclude
        Cards that are not dealt (none by default: the full 52-card pack)

    Returns
    -------
    pandas.DataFrame
        one row per class, best first: ``hand`` (the class in words), ``count`` (number of
        hands), ``probability`` and ``or_better`` (the chance of this class or a better
        one).  ``attrs["total"]`` is the number of hands, C(cards in the pack, ``cards``).

    Examples
    --------
    >>> int(hand_classes(7).set_index("hand").loc["full house", "count"])
    3473184
    """
    counts = poker.class_counts(
        cards, wild, exclude=exclude, straights_and_flushes=straights_and_flushes
    )
    return _table(counts)


def final_classes(
    hand: Hand,
    cards: int = 5,
    wild: int | str | None = None,
    *,
    exclude: Hand = 0,
    straights_and_flushes: bool = True,
) -> pd.DataFrame:
    """The classes ``hand`` can end in once its missing cards come from the unseen ones.

    ``hand`` holds up to ``cards`` cards; the rest come from the pack less ``hand`` and
    ``exclude``, every way equally likely.

    Returns
    -------
    pandas.DataFrame
        as ``hand_classes``: ``hand``, ``count`` (ways to complete), ``probability``
        and ``or_better``, best class first.

    Examples
    --------
    >>> int(final_classes("9H TH JH QH", 5).set_index("hand").loc["straight flush", "count"])
    2
    """
    counts = poker.class_counts(
        cards, wild, held=hand, exclude=exclude, straights_and_flushes=straights_and_flushes
    )
    return _table(counts)


def _chances(counts: dict[int, int], target: int) -> Chances:
    wins = ties = losses = 0
    for value, n in counts.items():
        if value > target:
            wins += n
        elif value == target:
            ties += n
        else:
            losses += n
    return Chances(wins, ties, losses)


def beat_chance(
    hand: Hand,
    against: Hand | None = None,
    *,
    value: int | None = None,
    cards: int = 5,
    wild: int | str | None = None,
    exclude: Hand = 0,
    straights_and_flushes: bool = True,
) -> Chances:
    """The chance that ``hand``, completed to ``cards`` cards, beats a fixed hand.

    Give the hand to beat either as cards (``against``, a complete hand of ``cards``
    cards, which are then never dealt to ``hand``) or as a value from
    ``cardlab.rules.poker`` (``value``).  ``hand`` may already be complete.

    Raises
    ------
    ValueError
        when both or neither of ``against`` and ``value`` are given, the cards overlap, or
        the value belongs to hands of another size.

    Examples
    --------
    >>> beat_chance("7C 7D 2S", value=poker.evaluate("8S 8H 3C 4D 5H")).win > 0.25
    True
    """
    if (against is None) == (value is None):
        raise ValueError("give the hand to beat either as cards (against=) or as value=")
    out = poker.hand_mask(exclude)
    if against is not None:
        theirs = poker.hand_mask(against)
        if theirs & poker.hand_mask(hand):
            raise ValueError("the hand to beat shares cards with the hand")
        if theirs & out:
            raise ValueError("the hand to beat shares cards with the excluded ones")
        ev = poker.evaluator(cards, wild, straights_and_flushes=straights_and_flushes)
        target = ev.of(theirs)
        out |= theirs
    else:
        assert value is not None
        if poker.value_size(value) != (3 if cards == 3 else 5):
            raise ValueError(f"value= is not the value of a hand that compares with {cards} cards")
        target = value
    counts = poker.value_counts(
        cards, wild, held=hand, exclude=out, straights_and_flushes=straights_and_flushes
    )
    return _chances(counts, target)


def showdown_chance(
    hand: Hand,
    wild: int | str | None = None,
    *,
    exclude: Hand = 0,
    straights_and_flushes: bool = True,
) -> Chances:
    """The chance that a complete hand beats one hand of the same size from the unseen cards.

    The other hand is any ``len(hand)`` cards from the pack less ``hand`` and
    ``exclude``, each set equally likely.  Against several players the hands are not
    independent, so this is the chance against one of them.

    >>> showdown_chance("AS AH AD").win > 0.99
    True
    """
    mask = poker.hand_mask(hand)
    if mask.bit_count() not in poker.SIZES:
        raise ValueError(f"a complete hand has 3, 5 or 7 cards, this one has {mask.bit_count()}")
    ev = poker.evaluator(mask.bit_count(), wild, straights_and_flushes=straights_and_flushes)
    mine = ev.of(mask)
    out = poker.hand_mask(exclude)
    if mask & out:
        raise ValueError("the hand shares cards with the excluded ones")
    counts = poker.value_counts(
        ev.cards, wild, exclude=out | mask, straights_and_flushes=straights_and_flushes
    )
    # the other hand loses when its value is below ours: count from its side, then swap
    theirs = _chances(counts, mine)
    return Chances(theirs.losses, theirs.ties, theirs.wins)
