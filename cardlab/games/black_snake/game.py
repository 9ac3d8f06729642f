"""Black Snake's facts: the spec that registers the game with its bot."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import GameSpec, TableLayout
from .bot import BlackSnakeBot
from .rules import BlackSnakeOptions, BlackSnakeState

GAME = register(
    GameSpec(
        name="black_snake",
        title="Black Snake",
        family="board",
        players=(2, 3, 4),
        default_players=2,
        summary="Lay runs up or down on shared tracks (10 wraps to Ace, pictures wild); "
        "longer runs score more, first to 30 wins.",
        state_class=BlackSnakeState,
        options_class=BlackSnakeOptions,
        bots={"heuristic": BlackSnakeBot},
        source="femtiofem.txt (Black Snake, by Scott Huntington)",
        layout=TableLayout(center=("tracks", "open", "stock")),
        dealer=False,
        bench_target=200,
        variants={
            "long game": {"target": 40},
            "three players": {"players": 3},
            "four players": {"players": 4},
        },
    )
)
