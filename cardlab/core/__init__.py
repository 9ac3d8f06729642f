"""The game-independent core: cards, the state protocol, observations, replays, matches."""

from .actions import Action, action
from .agents import Agent, FirstAgent, RandomAgent
from .cards import CARDS, Card, Deck, cards_of, get_deck, mask_of, parse_card, parse_cards
from .errors import CardlabError, IllegalActionError, OptionError, ReplayError
from .events import SPECTATOR, TEACHER, Event
from .foresight import DEFAULT_BACKS, BackTable, load_backs, register_foresight
from .match import Match
from .observation import Back, Observation, Peek, Zone
from .options import Options, option
from .registry import get_spec, load, register, specs
from .replay import Replay
from .rng import chance_rng
from .scoring import HandResult, ScoreLine
from .state import CHANCE, SIMULTANEOUS, Game, GameSpec, State

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
    "Card",
    "CardlabError",
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
    "Peek",
    "RandomAgent",
    "Replay",
    "ReplayError",
    "ScoreLine",
    "State",
    "Zone",
    "action",
    "cards_of",
    "chance_rng",
    "get_deck",
    "get_spec",
    "load",
    "load_backs",
    "mask_of",
    "option",
    "parse_card",
    "parse_cards",
    "register",
    "register_foresight",
    "specs",
]
