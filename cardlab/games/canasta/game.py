"""Canasta's facts: the spec that registers the game with its bot and its odds."""

from __future__ import annotations

from ...core.registry import register
from ...core.spec import GameSpec, TableLayout
from .bot import CanastaBot, table_odds
from .rules import CanastaOptions, CanastaState

GAME = register(
    GameSpec(
        name="canasta",
        title="Canasta",
        family="rummy",
        players=(4, 2),
        summary="Partners meld cards of one rank, jokers and twos wild, into canastas of seven.",
        state_class=CanastaState,
        options_class=CanastaOptions,
        deck="canasta",
        bots={"heuristic": CanastaBot},
        source="denexa-classics.txt (Canasta, and its two-player form)",
        layout=TableLayout(center=("stock", "discard")),
        bench_target=200,
        odds=table_odds,
        teams={4: ((0, 2), (1, 3))},
        related=(("gin_rummy", "rummy family"),),
        variants={"two players": {"players": 2}},
    )
)

__all__ = ["GAME"]
