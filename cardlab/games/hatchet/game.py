"""Hatchet's facts: the spec that registers the game with its bot."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import GameSpec, TableLayout
from .bot import HatchetBot
from .rules import HatchetOptions, HatchetState

GAME = register(
    GameSpec(
        name="hatchet",
        title="Hatchet",
        family="board",
        players=(2, 3, 4),
        default_players=2,
        summary="Lay each card you turn over the table, burying at most one pip of each suit "
        "for a point apiece; pictures score two, and the tenth ends the game.",
        state_class=HatchetState,
        options_class=HatchetOptions,
        bots={"heuristic": HatchetBot},
        source="femtiofem.txt (Hatchet, by Scott Huntington)",
        layout=TableLayout(center=("table", "drawn", "stock")),
        dealer=False,
        bench_target=60,
        variants={"three players": {"players": 3}, "four players": {"players": 4}},
    )
)
