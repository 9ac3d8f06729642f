"""The exercises of notebook 31, Hearts against Heartburn."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import parse_cards
from ..exercises import Exercise, NumberExercise
from ..games.heartburn import hand_scores, take_of
from .catalogue import lesson


@lesson("compare/west-score")
def _compare_west_score(masks: Sequence[int]) -> Exercise:
    scores = hand_scores(list(masks))
    takes = [take_of(m) for m in masks]
    high, own = max(takes), takes[3]
    minus = f"{own}".replace("-", "−")
    return NumberExercise(
        f"Work out West's score: the highest take is East's {high}, and West's take is "
        f"{minus}. What does West score?",
        scores[3],
        hint="a score is the highest take minus your own, and West's take is negative",
        why=f"West scores the highest take, {high}, minus its own take, {minus}",
        typical=high + own,
        mistakes={
            high + own: f"{high} − {-own} treats West's take as positive; subtracting "
            f"{minus} adds {-own}"
        },
    )


@lesson("compare/ten-of-diamonds-alone")
def _compare_ten_alone() -> Exercise:
    masks = [sum(c.bit for c in parse_cards(t)) for t in ("TD", "QS 2H", "", "3H")]
    scores = hand_scores(masks)
    gap = max(take_of(m) for m in masks) - take_of(masks[0])
    return NumberExercise(
        "In Heartburn, what does a player score for a hand in which they took only the 10♦ "
        "(no hearts, not the Q♠), whatever the others took?",
        scores[0],
        hint="what must a player take before the highest-take rule applies?",
        why="a player who took neither a heart nor the Q♠ scores 0",
        typical=10,
        mistakes={
            10: "the 10♦ lowers a take by 10, but that only helps a player who qualifies",
            gap: "the gap to the highest take counts only for a player who took a heart or the Q♠",
        },
    )
