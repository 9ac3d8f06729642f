"""The notebooks' exercises, one place for each: question, answer, hint, explanation, mistake.

``ask(key, *context)`` builds the exercise called ``key`` for the position or data a
notebook has at hand (a state, a DataFrame) and shows it as a widget; nothing of the answer
appears in the notebook. Answers come from the rules wherever they can: legal cards from
the state, scores from the hand's result, back candidates from the deck.

Each notebook's exercises live in a module named after it (``cardlab.lessons.hearts`` for
``10-hearts.ipynb``, keys ``"hearts/..."``); shapes several notebooks share (legal cards,
a hand's score, a rummy knock card, a bet at even money) are in
``cardlab.lessons.shapes``.

>>> from cardlab.lessons import ask, keys
>>> ex = ask("hearts/points-per-hand")
>>> ex.check(26).ok, ex.check(14).ok
(True, False)
>>> "hearts/first-trick" in keys()
True
"""

from __future__ import annotations

from typing import Any

from ..exercises import Exercise, Missing, Verdict
from . import (
    all_fours,
    black_snake,
    bots_and_seats,
    bouncers,
    bourbon,
    break_in,
    canasta,
    canfield,
    court,
    foresight,
    foresight_backs,
    frozen_novelty,
    gin_rummy,
    golf,
    hatchet,
    heartburn,
    hearts,
    hearts_vs_heartburn,
    in_between,
    industry,
    jackhammer,
    newmarket,
    paparazzi,
    red_dog,
    three_five_seven,
    tod,
    tonk,
    turncoat,
    virus,
    welcome,
)
from .catalogue import CATALOGUE, keys, lesson

#: The exercise modules, one per notebook in notebook order; importing each registers its
#: exercises in the catalogue.
NOTEBOOKS = (
    welcome,
    hearts,
    gin_rummy,
    all_fours,
    bouncers,
    golf,
    canfield,
    in_between,
    red_dog,
    three_five_seven,
    newmarket,
    foresight,
    heartburn,
    bourbon,
    frozen_novelty,
    canasta,
    tonk,
    court,
    foresight_backs,
    hearts_vs_heartburn,
    bots_and_seats,
    turncoat,
    industry,
    virus,
    break_in,
    jackhammer,
    black_snake,
    hatchet,
    paparazzi,
    tod,
)


def ask(key: str, *context: Any, **options: Any) -> Exercise:
    """The exercise ``key`` for ``context`` (a state, a frame …), ready to display."""
    try:
        builder = CATALOGUE[key]
    except (KeyError, TypeError):  # a name the catalogue lacks: the exercise says so
        return Missing(key, list(CATALOGUE))
    try:
        ex = builder(*context, **options)
    except Exception as e:  # another position than the notebook's: say so, never stop
        ex = Unavailable(f"{type(e).__name__}: {e}")
    ex.key = key
    return ex


class Unavailable(Exercise):
    """An exercise that could not be built from what it was given (cells run out of order)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "This exercise needs the position the cells above set up; run the notebook from "
            f"the top and ask again ({reason}).",
            None,
            hint="run the cells above in order, then this one",
            why="",
            typical=None,
        )

    def check(self, answer: Any) -> Verdict:
        return Verdict(False, self.question)

    def solution(self) -> str:
        return self.question


__all__ = ["NOTEBOOKS", "Unavailable", "ask", "keys", "lesson"]
