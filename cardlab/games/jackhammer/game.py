"""Jackhammer's facts: the spec that registers the game with its bot."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import GameSpec, TableLayout
from .bot import JackhammerBot
from .rules import JackhammerOptions, JackhammerState

GAME = register(
    GameSpec(
        name="jackhammer",
        title="Jackhammer",
        family="board",
        players=(2, 3, 4),
        default_players=2,
        summary="Pawns move like queens over a 6×6 grid of cards, taking the card they leave; "
        "the best weakest suit wins.",
        state_class=JackhammerState,
        options_class=JackhammerOptions,
        bots={"heuristic": JackhammerBot},
        source="femtiofem.txt (Jackhammer, by Scott Huntington)",
        layout=TableLayout(center=("board",)),
        dealer=False,
        bench_target=3_000,
        utility_unit="lowest-suit pips",
        variants={"three players": {"players": 3}, "four players": {"players": 4}},
    )
)
