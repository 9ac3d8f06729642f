"""Canfield's facts: the spec that registers the game with its bot and its solver."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import TableLayout
from ...rules.solitaire import solitaire_spec
from ...rules.tableau import HOME_TARGET, STOP_CONFIRM
from .bot import CanfieldBot
from .rules import CanfieldOptions, CanfieldState
from .solver import solve

GAME = register(
    solitaire_spec(
        name="canfield",
        title="Canfield",
        summary="Solitaire: free a 13-card reserve onto four alternating-colour piles and build "
        "every suit up from the first foundation card's rank.",
        state_class=CanfieldState,
        options_class=CanfieldOptions,
        version=1,
        deck="standard 52",
        bots={"heuristic": CanfieldBot},
        source="denexa-classics.txt (Canfield)",
        layout=TableLayout(
            center=(
                "reserve",
                "foundation1",
                "foundation2",
                "foundation3",
                "foundation4",
                "stock",
                "waste",
            ),
            grid=("tableau",),
            targets=(HOME_TARGET,),
            confirm=(STOP_CONFIRM,),
        ),
        related=(("frozen_novelty", "another patience with a solver"),),
        bench_target=14_000,
        variants={"draw 3": {"draw": 3}},
        lower_is_better=False,
        solve=solve,
        solver_budget=100_000,
        solver_target=5,
    )
)
