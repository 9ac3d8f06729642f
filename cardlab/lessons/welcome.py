"""The exercises of notebook 00, Welcome."""

from __future__ import annotations

from ..core.state import State
from ..exercises import Exercise, NumberExercise
from ..games import table
from .catalogue import lesson
from .shapes import legal_cards


@lesson("welcome/two-player-games")
def _two_player_games() -> Exercise:
    games = table()
    players = games.players.astype(str)
    two = list(games.title[players == "2"])
    one = list(games.title[players == "1"])
    return NumberExercise(
        "How many of the games in the table are for exactly two players?",
        len(two),
        hint="read the players column: a range such as 3–5 is not exactly two",
        why="the two-player games are " + ", ".join(two),
        typical=len(two) + len(one),
        mistakes={len(two) + len(one): f"that counts {', '.join(one)} too: it is for one player"},
    )


@lesson("welcome/north-leads")
def _north_leads(state: State) -> Exercise:
    ex = legal_cards(
        state,
        "Which cards may North play now?",
        hint="the first trick of a hand does not start with just any club",
        why="whoever holds the 2♣ must lead it to the first trick, and North holds it",
    )
    clubs = [c for c in ex.pool if c.suit == 0]
    ex.typical = frozenset(clubs) if len(clubs) > 1 else ex.typical
    return ex
