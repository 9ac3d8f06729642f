"""The game-independent core: cards, the state protocol, observations, replays, matches.

The core imports nothing from the rest of the package: games register themselves.
"""

from .actions import Action, CardActions, action
from .agents import Agent, FirstAgent, PhaseBot, RandomAgent, on
from .cards import CARDS, Card, Deck, cards_of, get_deck, mask_of, parse_card, parse_cards
from .chance import ChanceStep, chance_rng
from .clone import deep_copy, immutable
from .errors import CardlabError, IllegalActionError, OptionError, ReplayError
from .events import SPECTATOR, TEACHER, Event, event
from .foresight import DEFAULT_BACKS, BackTable, load_backs, register_foresight
from .match import Match
from .observation import Back, Board, Observation, Peek, Place, Pot, Preview, SeatView, Team, Zone
from .options import DealerOptions, Options, option
from .outcome import HandResult, Outcome, ScoreLine
from .phases import Phase
from .registry import get_spec, load, register, specs
from .replay import Replay
from .spec import Game, GameSpec, TableLayout
from .state import CHANCE, SIMULTANEOUS, SeatError, State
from .view import View

__all__ = [
    "CARDS",
    "CHANCE",
    "DEFAULT_BACKS",
    "SIMULTANEOUS",
    "SPECTATOR",
    "TEACHER",
    "Action",
    "Agent",
    "Back",
    "BackTable",
    "Board",
    "Card",
    "CardActions",
    "CardlabError",
    "ChanceStep",
    "DealerOptions",
    "Deck",
    "Event",
    "FirstAgent",
    "Game",
    "GameSpec",
    "HandResult",
    "IllegalActionError",
    "Match",
    "Observation",
    "OptionError",
    "Options",
    "Outcome",
    "Peek",
    "Phase",
    "PhaseBot",
    "Place",
    "Pot",
    "Preview",
    "RandomAgent",
    "Replay",
    "ReplayError",
    "ScoreLine",
    "SeatError",
    "SeatView",
    "State",
    "TableLayout",
    "Team",
    "View",
    "Zone",
    "action",
    "cards_of",
    "chance_rng",
    "deep_copy",
    "event",
    "get_deck",
    "get_spec",
    "immutable",
    "load",
    "load_backs",
    "mask_of",
    "on",
    "option",
    "parse_card",
    "parse_cards",
    "register",
    "register_foresight",
    "specs",
]
