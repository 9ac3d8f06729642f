"""A game's facts (:class:`GameSpec`) and a game with chosen options (:class:`Game`).

Everything the package knows about a game lives once, in its ``GameSpec``: names, player
counts, the options class (whose fields carry their help), bots, the table's layout hints,
related games, the speed target of its engine, how it is won.  Docs tables, the README's
games table, the table widget and the benchmarks read them from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from .actions import Action
from .cards import Deck, get_deck
from .errors import OptionError
from .options import Options
from .quoting import quote
from .refusals import either

if TYPE_CHECKING:
    from .agents import Agent
    from .observation import Observation
    from .solver import Solved
    from .state import State

COMPASS: Final = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}


@cache
def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names: compass points for 2-4 players, ``Player k`` beyond.

    One tuple per table size, shared by every state (tables of events are keyed on it).
    """
    return COMPASS.get(players) or tuple(f"Player {i + 1}" for i in range(players))


@dataclass(frozen=True)
class TableLayout:
    """How the table widget lays out a game's zones (zone names are the game's own).

    Attributes
    ----------
    center
        Zones drawn in the middle of the felt, in this order (others follow their owner)
    compact
        Owned zones drawn as small overlapping cards (tricks taken, hole cards)
    small
        Centre zones drawn at reduced size (the last trick)
    grid
        Zone-name prefixes drawn as a grid of stacks (a solitaire tableau), one row each
    hide
        Zones not drawn at all (their content shows elsewhere)
    apart
        Zones whose cards lie side by side without overlapping (In-Between's posts)
    targets
        ``(verb, zone)`` pairs for moves that name a card but not where it goes: the zone
        it goes to, ``{suit}`` standing for the card's suit 1-4 (♣ ♦ ♥ ♠), as in
        ``("home", "foundation{suit}")``; the table lights that zone as a destination
    confirm
        ``(verb, question)`` pairs for moves whose button asks first (``("stop", "End the
        deal here?")``): moves that end a game at once and are easy to press by mistake
    """

    center: tuple[str, ...] = ()
    compact: tuple[str, ...] = ()
    small: tuple[str, ...] = ()
    grid: tuple[str, ...] = ()
    hide: tuple[str, ...] = ()
    apart: tuple[str, ...] = ()
    targets: tuple[tuple[str, str], ...] = ()
    confirm: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, list[Any]]:
        return {
            k: [list(x) if isinstance(x, tuple) else x for x in v]
            for k, v in self.__dict__.items()
            if v
        }


@dataclass(frozen=True)
class GameSpec:
    """Everything the package needs to know about one game.

    ``related`` pairs another game's name with how it relates (``("hearts", "classic")``:
    this game reworks Hearts for the Foresight deck).  ``bench_target`` is the random
    single-hand playouts per CPU-second the engine should reach (``make bench``).
    ``lower_is_better`` games are won by the lowest total; a ``solitaire`` is played by
    one seat and won or lost; ``dealer`` is False where no seat deals.  A solitaire's
    ``solver(state, budget)`` decides with every face known whether its deal can still be
    won (``cardlab.core.solver``); ``solver_budget`` is the budget it is given by default
    (winnable deals, ``cardlab.winnability``) and ``solver_target`` the random deals per
    CPU-second it should decide at that budget (``make bench``).  ``odds(obs)`` gives the
    exact chances that matter to the seat viewing ``obs`` right now, as labelled
    probabilities (empty when there is nothing to weigh); the table shows them on request.

    ``teams`` declares partnerships by player count: ``{4: ((0, 2), (1, 3))}`` plays four
    in two sides sitting across, and a count it does not name plays every seat alone.
    Scores, results, outcomes, observations and the search bot then count by side (see
    ``award_team``).  ``may_end_without_winner`` says the
    game can end with nobody winning (a cap reached, a hidden role never dealt); the
    conformance suite accepts such an ending only where it is set.  ``utility_unit``
    names what ``utility`` counts (``"points"``, or
    ``"wins"`` where a game plays for something else), for the search bot's words.

    ``variants`` names the option sets worth measuring against the defaults
    (``{"open pile": {"open_pile": True}}``; a ``"players"`` entry sets the player
    count): the variant lab's shipped results and the docs' "variants measured" table
    cover exactly these.
    """

    name: str
    title: str
    family: str
    players: tuple[int, ...]
    summary: str
    state_class: type[State]
    options_class: type[Options]
    version: int = 1
    deck: str = "standard"
    bots: Mapping[str, type[Agent]] = field(default_factory=dict)
    source: str = ""
    default_players: int = 0
    layout: TableLayout = TableLayout()
    related: tuple[tuple[str, str], ...] = ()
    bench_target: int = 1_000
    lower_is_better: bool = False
    solitaire: bool = False
    dealer: bool = True
    solver: Callable[[State, int], Solved] | None = None
    solver_budget: int = 100_000
    solver_target: float = 1.0
    odds: Callable[[Observation], Mapping[str, float]] | None = None
    teams: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    may_end_without_winner: bool = False
    utility_unit: str = "points"
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.default_players:
            object.__setattr__(self, "default_players", self.players[0])
        if self.default_players not in self.players:
            raise ValueError(f"{self.title}: default_players must be one of {self.players}")
        if self.solitaire and (self.players != (1,) or self.dealer):
            raise ValueError(f"{self.title}: a solitaire has one player and no dealer")
        if self.solver is not None and not self.solitaire:
            raise ValueError(f"{self.title}: only a solitaire has a solver")
        for count, sides in self.teams.items():
            problem = _teams_problem(count, sides, self.players)
            if problem:
                raise ValueError(f"{self.title}: teams for {count} players: {problem}")
        for name, options in self.variants.items():
            players = options.get("players", self.default_players)
            if players not in self.players:
                raise ValueError(f"{self.title}: variant {name!r} is for {players} players")

    @property
    def player_text(self) -> str:
        """Player counts for people: ``"4"``, ``"3–6"``, ``"2, 4"``."""
        counts = sorted(self.players)
        lo, hi = counts[0], counts[-1]
        if lo == hi:
            return str(lo)
        if counts == list(range(lo, hi + 1)):
            return f"{lo}–{hi}"
        return ", ".join(map(str, counts))

    def game(self, players: int | None = None, **options: Any) -> Game:
        return Game(self, players, options)


def _teams_problem(count: int, sides: Any, players: tuple[int, ...]) -> str:
    """What is wrong with ``sides`` as the partnerships of ``count`` players ("" if fine)."""
    if count not in players:
        return f"the game is not played by {count}"
    seats = [s for side in sides for s in side]
    if len(sides) < 2 or any(not side for side in sides):
        return "give at least two sides, each of one seat or more"
    if sorted(seats) != list(range(count)):
        return f"every seat from 0 to {count - 1} must be in exactly one side, not {sides!r}"
    return ""


def team_names(teams: tuple[tuple[int, ...], ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """A name for each side from its seats' names: ``"North & South"``."""
    return tuple(" & ".join(names[s] for s in side) for side in teams)


class Game:
    """A game's rules with chosen options and player count.  Immutable; cheap to share."""

    __slots__ = ("_hash", "deck", "memo", "options", "players", "spec", "team_index", "teams")

    spec: GameSpec
    options: Options
    players: int
    deck: Deck
    #: The seats of each side at this table size (empty: every seat plays alone).
    teams: tuple[tuple[int, ...], ...]
    #: Each seat's side, by seat (empty without partnerships).
    team_index: tuple[int, ...]

    def __init__(
        self,
        spec: GameSpec,
        players: int | None = None,
        options: Mapping[str, Any] | Options | None = None,
    ) -> None:
        if players is None:
            players = spec.default_players
        if type(players) is not int or players not in spec.players:
            counts = either(sorted(spec.players))
            word = "player" if spec.players == (1,) else "players"
            raise OptionError(f"{spec.title} is played by {counts} {word}, not {quote(players)}")
        self.spec = spec
        self.players = players
        if isinstance(options, Options):
            if not isinstance(options, spec.options_class):
                raise OptionError(f"options for {spec.title} must be {spec.options_class.__name__}")
            self.options = options
        else:
            self.options = spec.options_class.build(options)
        # a seat option (who deals, or who plays, first) must name a seat at this table
        for key in ("first_dealer", "first_player"):
            first = getattr(self.options, key, 0)
            if first >= players:
                raise OptionError(
                    f"option {key}={quote(first)} must be a seat between 0 and {players - 1}"
                )
        self.deck = get_deck(self.options.deck)
        self.teams = tuple(tuple(side) for side in spec.teams.get(players, ()))
        side = {s: t for t, seats in enumerate(self.teams) for s in seats}
        self.team_index = tuple(side[s] for s in range(players)) if side else ()
        self._hash = hash((spec.name, players, self.options))
        #: Values derived from the rules once and reused (deal layouts); never game state.
        self.memo: dict[Any, Any] = {}

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def team_names(self) -> tuple[str, ...]:
        """Each side's name from its seats' default names (empty without partnerships)."""
        return team_names(self.teams, seat_names(self.players))

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt by name so games travel to worker processes (simulate(processes=...)).
        return (_game_by_name, (self.spec.name, self.players, self.options))

    def new_state(self) -> State:
        """A new match at its first chance node (the first deal)."""
        return self.spec.state_class(self)

    def deal(self, *args: Any, **kwargs: Any) -> Action:
        """An explicit deal, written the way the game deals (see its ``DEAL`` layout).

        Cards left unspecified are dealt from ``rng=random.Random(...)`` (default seed 0).
        """
        rule = getattr(self.spec.state_class, "DEAL", None)
        if rule is None:
            raise NotImplementedError(f"{self.spec.title} has no explicit deals")
        act: Action = rule.action(self, *args, **kwargs)
        return act

    def with_options(self, **changes: Any) -> Game:
        merged = {**self.options.to_dict(), **changes}
        return Game(self.spec, merged.pop("players", self.players), merged)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.changed().items())
        return f"Game({self.spec.name!r}, players={self.players}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.spec is self.spec
            and other.players == self.players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return self._hash


def _game_by_name(name: str, players: int, options: Options) -> Game:
    from .registry import get_spec

    return Game(get_spec(name), players, options)
