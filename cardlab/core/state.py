"""The game protocol: a :class:`Game` (rules plus options) and its :class:`State`.

A state is the pure rules engine for one game in progress.  At any moment it is either

* waiting for **chance** (a deal or a shuffle): ``state.current == "chance"``; resolve it
  with ``state.apply(state.sample_chance(rng))`` or with an explicit deal,
* waiting for **one seat**: ``state.current`` is that seat,
* waiting for **several seats at once** (simultaneous choices, hidden until all are in):
  ``state.current == "simultaneous"`` and ``state.to_move`` lists them; each applies its
  own actions with ``state.apply(action, seat)``, in any order,
* **over**: ``state.terminal`` is true and ``state.current`` is ``None``.

``apply`` checks legality before it changes anything: an illegal action raises
:class:`IllegalActionError` with the rule that forbids it and the legal alternatives,
and the state is left exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from .actions import Action, action
from .cards import HIDDEN_BACK, Card, Deck, get_deck, parse_card
from .errors import IllegalActionError, OptionError
from .events import SPECTATOR, TEACHER, Event, Viewer
from .observation import Back, Observation, Peek
from .options import Options
from .scoring import HandResult

if TYPE_CHECKING:
    from .agents import Agent

CHANCE: Final = "chance"
SIMULTANEOUS: Final = "simultaneous"
Current = int | Literal["chance", "simultaneous"] | None

COMPASS: Final = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}


def seat_names(players: int) -> tuple[str, ...]:
    """Default seat names: compass points for 2-4 players, ``Player k`` beyond."""
    return COMPASS.get(players) or tuple(f"Player {i + 1}" for i in range(players))


@dataclass(frozen=True)
class GameSpec:
    """Everything the package needs to know about one game."""

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

    def game(self, players: int | None = None, **options: Any) -> Game:
        return Game(self, players, options)


class Game:
    """A game's rules with chosen options and player count.  Immutable; cheap to share."""

    __slots__ = ("deck", "options", "players", "spec")

    spec: GameSpec
    options: Options
    players: int
    deck: Deck

    def __init__(
        self,
        spec: GameSpec,
        players: int | None = None,
        options: Mapping[str, Any] | Options | None = None,
    ) -> None:
        if players is None:
            players = spec.players[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in spec.players:
            allowed = ", ".join(str(p) for p in spec.players)
            raise OptionError(f"{spec.title} is played by {allowed} players, not {players!r}")
        self.spec = spec
        self.players = players
        if isinstance(options, Options):
            if not isinstance(options, spec.options_class):
                raise OptionError(f"options for {spec.title} must be {spec.options_class.__name__}")
            self.options = options
        else:
            self.options = spec.options_class.build(options)
        if self.options.first_dealer >= players:
            raise OptionError(
                f"option first_dealer={self.options.first_dealer} must be a seat "
                f"between 0 and {players - 1}"
            )
        self.deck = get_deck(self.options.deck)

    @property
    def name(self) -> str:
        return self.spec.name

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt by name so games travel to worker processes (simulate(processes=...)).
        return (_game_by_name, (self.spec.name, self.players, self.options))

    def new_state(self) -> State:
        """A new match at its first chance node (the first deal)."""
        return self.spec.state_class(self)

    def deal(self, *args: Any, **kwargs: Any) -> Action:
        """An explicit deal action, written the way the game deals (see its ``deal_action``).

        Cards left unspecified are dealt from ``rng=random.Random(...)`` (default seed 0).
        """
        helper = getattr(self.spec.state_class, "deal_action", None)
        if helper is None:
            raise NotImplementedError(f"{self.spec.title} has no explicit deal helper")
        action: Action = helper(self, *args, **kwargs)
        return action

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
        return hash((self.spec.name, self.players, self.options))


def _game_by_name(name: str, players: int, options: Options) -> Game:
    from .registry import get_spec

    return Game(get_spec(name), players, options)


class State:
    """Base class of every game's state.

    Subclasses set ``phase``, ``to_move`` and ``chance`` as play goes on and implement
    ``_legal(seat)``, ``_apply(action, seat)``, ``_apply_chance(action)``,
    ``sample_chance(rng)``, ``why_illegal(action, seat)`` and ``observation(viewer)``.
    """

    __slots__ = (
        "_lc",
        "_lc_seat",
        "chance",
        "dealer",
        "events",
        "game",
        "hand_number",
        "names",
        "phase",
        "players",
        "results",
        "scores",
        "terminal",
        "to_move",
    )

    #: Attribute names holding lists that :meth:`clone` must copy (one level deep).
    _nested_lists: ClassVar[tuple[str, ...]] = ()

    game: Game
    players: int
    phase: str
    to_move: tuple[int, ...]
    chance: bool
    terminal: bool
    hand_number: int
    dealer: int
    scores: list[int]
    results: list[HandResult]
    events: list[Event]
    names: tuple[str, ...]
    # The seat whose legal actions are cached in _lc; None (which no seat equals) when the
    # cache is stale.  Every apply marks it stale.
    _lc_seat: int | None
    _lc: tuple[Action, ...]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.phase = "deal"
        self.to_move = ()
        self.chance = True
        self.terminal = False
        self.hand_number = 0
        self.dealer = game.options.first_dealer
        self.scores = [0] * game.players
        self.results = []
        self.events = []
        self.names = seat_names(game.players)
        self._lc_seat = None
        self._lc = ()

    # ----------------------------------------------------------------- turn
    @property
    def current(self) -> Current:
        """Who acts now: a seat, ``"chance"``, ``"simultaneous"``, or None when over."""
        if self.terminal:
            return None
        if self.chance:
            return CHANCE
        if len(self.to_move) == 1:
            return self.to_move[0]
        return SIMULTANEOUS

    @property
    def options(self) -> Any:
        return self.game.options

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Legal actions for ``seat`` (default: the one seat to move), in a stable order."""
        if seat is None:
            if len(self.to_move) != 1:
                return ()
            seat = self.to_move[0]
        if seat == self._lc_seat:
            return self._lc
        acts = self._legal(seat) if seat in self.to_move and not self.chance else ()
        self._lc_seat = seat
        self._lc = acts
        return acts

    def apply(self, act: str, seat: int | None = None) -> Action:
        """Apply a legal action for ``seat`` (default: the one seat to move); return it.

        Loosely written actions are accepted (``"play q♠"``); the canonical action that
        was applied is returned.

        Raises
        ------
        IllegalActionError
            if the action is not legal now; the state is unchanged.
        """
        if seat is not None and seat == self._lc_seat and type(act) is Action and act in self._lc:
            # Fast path: the legal actions for this seat were just listed and one is applied.
            self._lc_seat = None
            self._apply(act, seat)
            return act
        if self.terminal:
            raise IllegalActionError(str(act), "the game is over")
        if self.chance:
            a = act if type(act) is Action else Action(str(act))
            self._check_chance(a)
            self._lc_seat = None
            self._apply_chance(a)
            return a
        if seat is None:
            if len(self.to_move) != 1:
                raise IllegalActionError(
                    str(act),
                    "several seats choose at once now; say which seat acts "
                    f"(one of {', '.join(map(str, self.to_move))})",
                )
            seat = self.to_move[0]
        acts = self._lc if seat == self._lc_seat else self.legal_actions(seat)
        if act not in acts:
            act = self._resolve(act, seat, acts)
        elif type(act) is not Action:
            act = acts[acts.index(act)]
        self._lc_seat = None
        self._apply(act, seat)
        return act

    def _resolve(self, act: str, seat: int, acts: tuple[Action, ...]) -> Action:
        """Find the legal action a loosely written text means, or raise with the reason."""
        text = canonical_text(str(act))
        if text in acts:
            return acts[acts.index(text)]
        if seat not in self.to_move:
            raise IllegalActionError(str(act), self._not_your_turn(seat))
        reason = self.why_illegal(action(text), seat) if text else ""
        if not reason:
            reason = self._generic_reason(text, seat, acts)
        raise IllegalActionError(str(act), reason, acts)

    def _generic_reason(self, text: str, seat: int, acts: tuple[Action, ...]) -> str:
        """A reason for an action the game's own rules gave no words for."""
        verb, *args = text.split() or ["do that"]
        verbs = sorted({a.verb for a in acts})
        if verb not in verbs:
            allowed = ", ".join(verbs)
            return f"{self.names[seat]} can't {verb} now (the {self.phase} phase allows: {allowed})"
        example = next(a for a in acts if a.verb == verb)
        if example.cards:
            if not args:
                return f"say which card, e.g. {str(example)!r}"
            for word in args:
                try:
                    parse_card(word)
                except ValueError as e:
                    return str(e)
        return f"{text!r} is not one of the legal actions now"

    def _not_your_turn(self, seat: int) -> str:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r}; seats are 0 to {self.players - 1}"
        waiting = ", ".join(self.names[s] for s in self.to_move)
        return f"it is not {self.names[seat]}'s turn; waiting for {waiting}"

    def why_illegal(self, act: Action, seat: int) -> str:
        """Why ``act`` is illegal for ``seat`` now, in rule terms.

        Games override this; an empty answer falls back to naming the verbs the current
        phase allows.
        """
        return ""

    def explain(self, act: str, seat: int | None = None) -> str:
        """Why an action is illegal now, or ``"legal"``."""
        if seat is None:
            if len(self.to_move) != 1:
                return "several seats choose at once now; name the seat"
            seat = self.to_move[0]
        try:
            self.clone().apply(act, seat)
        except IllegalActionError as e:
            return e.reason
        return "legal"

    # --------------------------------------------------------- game hooks
    def _legal(self, seat: int) -> tuple[Action, ...]:
        raise NotImplementedError

    def _apply(self, act: Action, seat: int) -> None:
        raise NotImplementedError

    def _check_chance(self, act: Action) -> None:
        """Raise :class:`IllegalActionError` unless ``act`` is a valid chance outcome."""
        deck = self.game.deck
        if act.verb != "deal":
            raise IllegalActionError(str(act), "the cards must be dealt first (a 'deal' action)")
        m = 0
        for c in act.cards:
            m |= 1 << c.index
        if len(act.cards) != len(act.args) or len(act.cards) != len(deck) or m != deck.mask:
            raise IllegalActionError(
                str(act)[:60] + "…",
                f"a deal must list each of the {len(deck)} cards of the {deck.name} "
                "deck exactly once, in dealing order",
            )

    def _apply_chance(self, act: Action) -> None:
        raise NotImplementedError

    def sample_chance(self, rng: random.Random) -> Action:
        """A random outcome for the pending chance node (by default: shuffle and deal)."""
        cards = list(self.game.deck.cards)
        rng.shuffle(cards)
        return Action.of("deal", cards)

    def observation(self, viewer: Viewer = None) -> Observation:
        raise NotImplementedError

    # ----------------------------------------------------------- helpers
    def viewer(self, viewer: Viewer) -> int | str:
        """Normalise a viewer: a seat, ``"spectator"`` or ``"teacher"`` (also ``None``)."""
        if viewer is None or viewer == TEACHER:
            return TEACHER
        if viewer == SPECTATOR:
            return SPECTATOR
        if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < self.players:
            return viewer
        raise ValueError(
            f"unknown viewer {viewer!r}: use a seat 0-{self.players - 1}, 'spectator' or 'teacher'"
        )

    def entry(self, card: Card, visible: bool, viewer: int | str, public: bool = False) -> Any:
        """How ``viewer`` sees ``card``: its face, a back, or a teacher's peek."""
        if public:
            return card
        if viewer == TEACHER:
            return Peek(card, Back(self.game.deck.back_of(card)))
        return card if visible else Back(self.game.deck.back_of(card))

    def held_entries(
        self, cards: Sequence[Card], visible: bool, viewer: int | str, public: bool = False
    ) -> tuple[Any, ...]:
        """A held group of cards (a hand) as ``viewer`` sees it.

        Faces keep the given order.  Hidden cards are listed by back design so that
        their order tells nothing beyond what the backs show (with informative backs,
        a hand in suit order would otherwise give away more than its backs).
        """
        if public or visible:
            return tuple(cards)
        if viewer == TEACHER:
            return tuple(self.entry(c, False, viewer) for c in cards)
        back_of = self.game.deck.back_of
        return tuple(Back(d) for d in sorted((back_of(c) for c in cards), key=_design_key))

    def stack_entries(self, cards: Sequence[Card], viewer: int | str) -> tuple[Any, ...]:
        """A face-down stack, bottom first: only the top card's back can be seen.

        Every card under the top shows :data:`~cardlab.core.cards.HIDDEN_BACK`, so a
        Foresight stock tells its top card's back and its size, nothing more.
        """
        if not cards:
            return ()
        if viewer == TEACHER:
            return tuple(self.entry(c, False, viewer) for c in cards)
        under = (Back(HIDDEN_BACK),) * (len(cards) - 1)
        return (*under, Back(self.game.deck.back_of(cards[-1])))

    def log(
        self,
        kind: str,
        seat: int | None,
        text: str,
        secret: str | None = None,
        audience: tuple[int, ...] = (),
    ) -> None:
        self.events.append(Event(kind, seat, text, secret, audience))

    def _observation(self, viewer: int | str, zones: Sequence[Any], **info: Any) -> Observation:
        legal: tuple[Action, ...] = ()
        if isinstance(viewer, int) and viewer in self.to_move and not self.chance:
            legal = self.legal_actions(viewer)
        return Observation(
            game=self.game.spec.name,
            viewer=viewer,
            players=self.players,
            phase=self.phase,
            hand=self.hand_number,
            dealer=self.dealer,
            to_move=() if self.chance or self.terminal else self.to_move,
            zones=tuple(zones),
            scores=tuple(self.scores),
            legal=legal,
            info=info,
            terminal=self.terminal,
        )

    def winners(self) -> tuple[int, ...]:
        """Seats that won (several on a shared win); empty while the game goes on."""
        if not self.terminal:
            return ()
        return self._winners()

    def _winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(s for s, v in enumerate(self.scores) if v == best)

    def _end_hand(self, result: HandResult) -> None:
        """Record a hand's result, then start the next hand or end the game."""
        self.results.append(result)
        for s, p in enumerate(result.points):
            self.scores[s] += p
        limit = self.game.options.hands
        if (limit is not None and len(self.results) >= limit) or (
            limit is None and self._game_over()
        ):
            self._finish()
            return
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self.players
        self._new_hand()

    def _game_over(self) -> bool:
        return False

    def _finish(self) -> None:
        self.terminal = True
        self.phase = "over"
        self.to_move = ()
        self.chance = False
        won = self.winners()
        names = " and ".join(self.names[s] for s in won)
        self.log("game_over", None, f"Game over: {names} win{'s' if len(won) == 1 else ''}")

    def _new_hand(self) -> None:
        self.phase = "deal"
        self.chance = True
        self.to_move = ()

    def clone(self) -> State:
        """An independent copy: applying actions to it never affects this state."""
        cls = type(self)
        new = cls.__new__(cls)
        nested = self._nested_lists
        for klass in cls.__mro__:
            for name in getattr(klass, "__slots__", ()):
                if not hasattr(self, name):
                    continue
                v = getattr(self, name)
                if type(v) is list:
                    v = [list(x) for x in v] if name in nested else list(v)
                object.__setattr__(new, name, v)
        return new

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} hand {self.hand_number} phase={self.phase} "
            f"current={self.current!r} scores={self.scores}>"
        )


def canonical_text(text: str) -> str:
    """Rewrite card words to their canonical codes: ``"Play q♠"`` -> ``"play QS"``."""
    words = text.split()
    out = []
    for i, w in enumerate(words):
        if i > 0:
            try:
                out.append(parse_card(w).code)
                continue
            except ValueError:
                pass
        out.append(w.lower())
    return " ".join(out)


def _design_key(design: str) -> tuple[int, str]:
    # Most suits first, then by the symbols' order (♣♦♥♠).
    return (-len(design), design)
