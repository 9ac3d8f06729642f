"""Paparazzi's facts: the spec that registers the game with its bot."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import GameSpec, TableLayout
from .bot import PaparazziBot
from .rules import PaparazziOptions, PaparazziState

GAME = register(
    GameSpec(
        name="paparazzi",
        title="Paparazzi",
        family="board",
        players=(2, 3, 4),
        default_players=2,
        summary="Lay numbered cards beside twelve picture-card celebrities; the most pips "
        "beside a celebrity takes it, and suit sets score extra.",
        state_class=PaparazziState,
        options_class=PaparazziOptions,
        bots={"heuristic": PaparazziBot},
        source="femtiofem.txt (Paparazzi, by Scott Huntington)",
        layout=TableLayout(center=("board",)),
        dealer=False,
        bench_target=3_000,
        variants={"three players": {"players": 3}, "four players": {"players": 4}},
    )
)
