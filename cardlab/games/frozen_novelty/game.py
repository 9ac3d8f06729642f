"""Frozen Novelty's facts: the spec that registers the game with its bot and its solver."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import TableLayout
from ...rules.solitaire import solitaire_spec
from ...rules.tableau import HOME_TARGET, STOP_CONFIRM
from .bot import FrozenNoveltyBot
from .rules import FrozenNoveltyOptions, FrozenNoveltyState
from .solver import solve

GAME = register(
    solitaire_spec(
        name="frozen_novelty",
        title="Frozen Novelty",
        summary="Solitaire: dig through four face-down stacks, reading Foresight backs to plan.",
        state_class=FrozenNoveltyState,
        options_class=FrozenNoveltyOptions,
        version=2,
        deck="foresight",
        bots={"heuristic": FrozenNoveltyBot},
        source="foresight-deck-games.txt (Frozen Novelty, designed by Bill Gilliland)",
        layout=TableLayout(
            center=("foundation1", "foundation2", "foundation3", "foundation4"),
            grid=("deck", "up", "down"),
            targets=(HOME_TARGET,),
            confirm=(STOP_CONFIRM,),
        ),
        bench_target=2_500,
        variants={
            "very easy": {"level": "very_easy"},
            "hard": {"level": "hard"},
            "suits slide rule": {"slide_rule": "suits"},
        },
        lower_is_better=False,
        solve=solve,
        solver_budget=20_000,
        solver_target=10,
    )
)
