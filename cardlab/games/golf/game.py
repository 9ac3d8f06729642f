"""Golf's facts: the spec that registers the game with its bot and its solver."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import TableLayout
from ...rules.solitaire import solitaire_spec
from .bot import GolfBot
from .rules import GolfOptions, GolfState
from .solver import solve

GAME = register(
    solitaire_spec(
        name="golf",
        title="Golf",
        summary=(
            "Solitaire: clear seven face-up piles onto one discard pile, a rank up or down "
            "at a time."
        ),
        state_class=GolfState,
        options_class=GolfOptions,
        version=1,
        deck="standard 52",
        bots={"heuristic": GolfBot},
        source="denexa-classics.txt (Golf)",
        layout=TableLayout(center=("stock", "discard"), grid=("pile",)),
        related=(("frozen_novelty", "another patience with a solver"),),
        bench_target=3_500,
        variants={
            "draw any time": {"draw_any_time": True},
            "queen on king": {"queen_on_king": True},
            "wrap": {"wrap": True},
            "Putt Putt": {"queen_on_king": True, "wrap": True},
        },
        lower_is_better=True,
        solve=solve,
        solver_budget=1_000_000,
        solver_target=1_200,
    )
)
