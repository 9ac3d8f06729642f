"""The exercises of notebook 32, bots and seats."""

from __future__ import annotations

import pandas as pd

from ..exercises import ChoiceExercise, Exercise, NumberExercise
from .catalogue import lesson
from .hearts import hearts_in_the_pack


@lesson("bots/fewest-points")
def _bots_fewest_points(bots: pd.DataFrame) -> Exercise:
    means = bots["mean points"]
    best = str(means.idxmin())
    mistakes = {
        str(k): f"the {k} bot averages {v:.1f} points a hand" for k, v in means.items() if k != best
    }
    second = str(means.drop(best).idxmin())
    return ChoiceExercise(
        "Which bot takes the fewest points against random players?",
        best,
        [str(k) for k in means.index],
        typical=second,
        mistakes=mistakes,
        hint="lower is better in Hearts: compare the bars (and their whiskers)",
        why=f"the {best} bot averages {means.min():.1f} points a hand",
    )


@lesson("bots/points-per-seat")
def _bots_points_per_seat() -> Exercise:
    total = hearts_in_the_pack() + 13  # the hearts and the Q♠
    return NumberExercise(
        "If four equally good players never shot the moon, how many points would each seat "
        "take per hand on average?",
        total / 4,
        hint="how many points does a hand hand out, and among how many seats?",
        why=f"{total} penalty points are shared out each hand among four seats",
        typical=total,
        mistakes={total: f"{total} is what a hand hands out to all four seats together"},
    )


@lesson("bots/first-mover")
def _bots_first_mover(roles: pd.DataFrame) -> Exercise:
    won = roles["won"]
    best, worse = str(won.idxmax()), str(won.idxmin())
    said = ", ".join(f"the {k} won {v:.1%} of the hands" for k, v in won.items())
    return ChoiceExercise(
        "Which role wins more hands?",
        best,
        [str(k) for k in won.index],
        typical=worse,
        mistakes={worse: f"the {worse} won {won[worse]:.1%} of the hands: compare the other bar"},
        hint="compare the bars of the chart above",
        why=said,
    )
