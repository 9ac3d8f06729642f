"""cardlab: play, replay and analyse card games cell by cell.

>>> import cardlab
>>> m = cardlab.Match("hearts", seed=7, agents=[None, "heuristic", "heuristic", "heuristic"])
>>> m.legal_actions()  # doctest: +SKIP
"""

from . import render as render  # installs the text form of observations
from .core import (
    Action,
    Agent,
    Back,
    Card,
    CardlabError,
    Game,
    IllegalActionError,
    Match,
    Observation,
    OptionError,
    Peek,
    RandomAgent,
    Replay,
    ReplayError,
    SeatError,
    State,
    Zone,
    load,
    parse_card,
    parse_cards,
)
from .games import games
from .sim import measured_winnability, simulate, winnability, winnability_summary

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Agent",
    "Back",
    "Card",
    "CardlabError",
    "Game",
    "IllegalActionError",
    "Match",
    "Observation",
    "OptionError",
    "Peek",
    "RandomAgent",
    "Replay",
    "ReplayError",
    "SeatError",
    "State",
    "Zone",
    "games",
    "load",
    "measured_winnability",
    "parse_card",
    "parse_cards",
    "simulate",
    "winnability",
    "winnability_summary",
]
