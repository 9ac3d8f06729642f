"""What one viewer may see of a state.

An observation is a frozen snapshot built by the game for one viewer: a seat (its own
faces, public cards and backs for the rest), ``"spectator"`` (public cards only) or the
teacher (``None`` or ``"teacher"``: every face, with the non-public ones wrapped in
:class:`Peek` so a display can mark them).  Bots and widgets only ever receive
observations, so hidden information cannot reach them.

A zone entry is a :class:`~cardlab.core.cards.Card` when the viewer sees its face, a
:class:`Back` when it does not, and a :class:`Peek` in the teacher view for a face that
is not public.

Besides the zones an observation carries what every game shares: seat names, what each
seat's players track (:class:`SeatView`: bids, tricks, points this hand, status, chips,
team), pots and teams, the plain-words prompt of the moment and the public history of
the hand on the table (its events as this viewer may know them: the hand in progress, or
between hands the one just finished), the finished hands' public results, the outcome
once the game is over, and for a display the reasons the viewer's cards are refused now.
``info`` holds the rest, for this game only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from .actions import Action
from .cards import HIDDEN_BACK, PLAIN_BACK, Card
from .events import Event
from .outcome import HandResult, Outcome


@dataclass(frozen=True, slots=True)
class Back:
    """A card seen from behind; ``design`` is what its back shows."""

    design: str = PLAIN_BACK

    def __str__(self) -> str:
        return "##" if self.design in (PLAIN_BACK, HIDDEN_BACK) else f"[{self.design}]"


@dataclass(frozen=True, slots=True)
class Peek:
    """Teacher view of a card whose face is not public: the face and its back."""

    card: Card
    back: Back

    def __str__(self) -> str:
        return f"({self.card.text})"


Entry = Card | Back | Peek


class Place(NamedTuple):
    """Where a card lies on a board: its cell (``row``, ``col``) and ``turn``, the quarter
    turns clockwise it lies at (0 upright, 1 sideways, as on a free lattice)."""

    row: int
    col: int
    turn: int = 0


class Preview(NamedTuple):
    """What a move naming a board cell would do, shown before the click: a card would lie
    at ``at`` (spanning the board's ``span``, turned as ``at.turn`` says) and cover the
    marked cells ``cover``."""

    cell: str
    at: Place
    cover: tuple[tuple[int, int], ...] = ()


def column_letters(col: int) -> str:
    """A column's letters from 0: ``a`` … ``z``, ``aa`` …"""
    out = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(97 + rem) + out
    return out


@dataclass(frozen=True, slots=True)
class Board:
    """The shape of a board zone: the cells its cards lie on.

    A board spans ``rows`` × ``cols`` cells from (``top``, ``left``).  ``cells`` lists the
    cells a card may occupy when not all of them do (a grid with gaps between its
    places); ``span`` is how many cells (rows, cols) an upright card covers (1 × 1 on a
    grid, more on a lattice finer than a card).  ``empty`` names an empty cell for people
    (``"hole"``).  A cell is named by its column letters and its row number from 1, both
    counted from the board's top left: ``c4`` is the third column of the fourth row.
    ``labels``, when given, names the cells instead, one name per cell in
    :meth:`all_cells` order (a row of numbered tracks: ``"1"``, ``"2"``, …).
    """

    rows: int
    cols: int
    top: int = 0
    left: int = 0
    span: tuple[int, int] = (1, 1)
    cells: tuple[tuple[int, int], ...] = ()
    empty: str = ""
    labels: tuple[str, ...] = ()

    def all_cells(self) -> tuple[tuple[int, int], ...]:
        """Every cell a card may occupy, row by row."""
        if self.cells:
            return self.cells
        return tuple(
            (r, c)
            for r in range(self.top, self.top + self.rows)
            for c in range(self.left, self.left + self.cols)
        )

    def name(self, row: int, col: int) -> str:
        """A cell's name: ``c4``, or its label when the board names its cells."""
        if self.labels:
            return self.labels[self.all_cells().index((row, col))]
        return f"{column_letters(col - self.left)}{row - self.top + 1}"


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie: a hand, a pile, the trick, a meld, a stack.

    ``kind`` is a layout hint for displays: ``hand`` (fanned, owned), ``pile``
    (squared, top card matters), ``trick`` (cards in the middle, with ``seats`` saying
    who played each), ``meld`` (a group laid out face up), ``row`` (cards side by side).
    ``tags`` optionally gives each card a short public note (``"laid off"``, ``"wild"``):
    one string per card, ``""`` for none.  ``team`` is the side owning the zone in a
    partnership game (a side's melds; ``owner`` is then None), an index into
    ``Observation.teams``.

    A ``board`` zone (kind ``"board"``) lays its cards out on cells: ``board`` gives the
    shape and ``at`` each card's :class:`Place`.  Cards sharing a cell lie in zone order,
    the last on top (a pawn on the card it stands on, a track's top card).
    """

    name: str
    owner: int | None
    cards: tuple[Entry, ...]
    kind: str = "pile"
    seats: tuple[int, ...] = ()
    label: str = ""
    tags: tuple[str, ...] = ()
    team: int | None = None
    at: tuple[Place, ...] = ()
    board: Board | None = None
    marks: tuple[tuple[int, int, str], ...] = ()
    previews: tuple[Preview, ...] = ()

    @property
    def faces(self) -> tuple[Card, ...]:
        """Cards whose faces the viewer sees (teacher peeks included)."""
        return tuple(
            c.card if isinstance(c, Peek) else c for c in self.cards if not isinstance(c, Back)
        )

    def __len__(self) -> int:
        return len(self.cards)


EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class SeatView:
    """What the table knows of one seat: its name and what its players track.

    ``values`` are the public figures players follow during play, in display order
    (``{"bid": "2-3-4", "tricks": 3}``); ``status`` is a short word when the seat is out
    of the ordinary (``"out"``, ``"folded"``, ``"passed"``); ``team`` and ``chips`` are
    set in games that have them.
    """

    name: str
    values: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    status: str = ""
    team: int | None = None
    chips: int | None = None


class Pot(NamedTuple):
    """Chips lying on the table: ``name``, ``chips``, ``label`` for display."""

    name: str
    chips: int
    label: str = ""


class Team(NamedTuple):
    """A partnership: its ``name``, its ``seats`` and its running ``score``.

    Observations of a partnership game carry one per side, in side order
    (``GameSpec.teams``), filled by the core.
    """

    name: str
    seats: tuple[int, ...]
    score: int = 0


def _frozen(d: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(d or {}))


def _plain_text(obs: Observation) -> str:
    return f"<Observation {obs.game} for {obs.viewer!r}, phase {obs.phase}>"


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one viewer may know of a state at one moment.

    ``history`` holds the events of the hand on the table as this viewer may know them
    (between hands, ``between_hands`` set, the hand just finished); ``results`` every
    finished hand's public result and ``outcome`` how the game ended (None during play).
    ``refusals`` says, by card code, why each of the viewer's own cards cannot be used
    now; it is filled only for a display (``State.explained``), as bots never need it.
    """

    #: How ``str(observation)`` is written; :mod:`cardlab.render` installs the text table.
    formatter: ClassVar[Callable[[Observation], str]] = _plain_text

    game: str
    viewer: int | str
    players: int
    phase: str
    hand: int
    dealer: int | None
    to_move: tuple[int, ...]
    zones: tuple[Zone, ...]
    scores: tuple[int, ...]
    legal: tuple[Action, ...] = ()
    info: Mapping[str, Any] = field(default_factory=_frozen)
    terminal: bool = False
    names: tuple[str, ...] = ()
    seats: tuple[SeatView, ...] = ()
    pots: tuple[Pot, ...] = ()
    teams: tuple[Team, ...] = ()
    history: tuple[Event, ...] = ()
    prompt: str = ""
    winners: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()
    outcome: Outcome | None = None
    between_hands: bool = False
    refusals: Mapping[str, str] = field(default_factory=_frozen)

    @property
    def seat(self) -> int | None:
        """The viewer's seat, or None for spectator and teacher views."""
        return self.viewer if isinstance(self.viewer, int) else None

    def zone(self, name: str, owner: int | None = None) -> Zone:
        """The zone called ``name`` (belonging to ``owner`` when several share the name)."""
        for z in self.zones:
            if z.name == name and (owner is None or z.owner == owner):
                return z
        raise KeyError(f"no zone {name!r} for owner {owner!r}; zones: {self.zone_names()}")

    def zone_names(self) -> list[str]:
        return sorted({z.name for z in self.zones})

    def hand_of(self, seat: int) -> Zone:
        """``seat``'s hand; an empty one in a game played without hands (a board game)."""
        for z in self.zones:
            if z.name == "hand" and z.owner == seat:
                return z
        if any(z.name == "hand" for z in self.zones):
            raise KeyError(f"no hand for seat {seat!r}; zones: {self.zone_names()}")
        return Zone("hand", seat, (), "hand")

    def team_of(self, seat: int) -> int | None:
        """The side ``seat`` plays for (None in a game without partnerships)."""
        if 0 <= seat < len(self.seats):
            return self.seats[seat].team
        return None

    def team_zone(self, name: str, team: int) -> Zone:
        """The zone called ``name`` owned by side ``team`` (a side's melds)."""
        for z in self.zones:
            if z.name == name and z.team == team:
                return z
        raise KeyError(f"no zone {name!r} for side {team!r}; zones: {self.zone_names()}")

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for spectator and teacher views, and in a game
        played without hands)."""
        s = self.seat
        return () if s is None else self.hand_of(s).faces

    def entries(self) -> Iterator[tuple[Zone, Entry]]:
        for z in self.zones:
            for c in z.cards:
                yield z, c

    def faces(self) -> set[Card]:
        """Every card face this observation shows (for leak checks)."""
        return {c for z in self.zones for c in z.faces}

    def value(self, seat: int, key: str, default: Any = None) -> Any:
        """A figure the table tracks for ``seat`` (see ``SeatView``)."""
        if 0 <= seat < len(self.seats):
            return self.seats[seat].values.get(key, default)
        return default

    def __str__(self) -> str:
        return type(self).formatter(self)
