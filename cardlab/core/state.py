"""The state protocol: one game in progress, stepped by chance and by seats.

At any moment a state waits for

* **chance** (a deal, a reshuffle, a random draw): ``state.current == "chance"`` and
  ``state.chance`` is the pending :class:`~cardlab.core.chance.ChanceStep`; resolve it
  with ``state.apply(state.sample_chance(rng))`` or an explicit deal,
* **one seat**: ``state.current`` is that seat,
* **several seats at once** (secret choices revealed together):
  ``state.current == "simultaneous"`` and ``state.to_move`` lists them; each applies its
  own actions with ``state.apply(action, seat)``, in any order,
* **nothing**: the game is over, ``state.terminal`` is true and ``state.outcome`` says
  who won.

``apply`` checks the seat and the action before it changes anything: an illegal action
raises :class:`IllegalActionError` with the rule that forbids it and the legal
alternatives, and the state is left exactly as it was.

A game subclasses :class:`State` and declares its :class:`~cardlab.core.phases.Phase`
objects; the protocol dispatches on ``self.phase``.  Its hooks are ``setup`` (once),
``reset_hand`` (as each deal is applied), ``observation``, ``sample_chance`` (to choose
among a chance step's outcomes), and for scoring ``game_over``, ``final_awards``,
``decide_winners`` and ``outcome_text``.  Hands, dealers and scores follow one life cycle:
``award`` points at any moment, ``end_hand`` closes the hand (and maybe the game),
``end_game`` stops the game at once (an instant win).

In a game played in partnerships (``GameSpec.teams``) ``award_team`` scores for a side
as a whole, ``team_scores`` holds the sides' totals, winners are decided by side, and
observations carry the sides (:class:`~cardlab.core.observation.Team`, ``SeatView.team``).
``utility`` says what each seat plays for; the search bot maximises it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal

from .actions import Action, ActionRange, CardActions
from .cards import Card
from .chance import ChanceStep
from .clone import ATOMIC, deep_copy, immutable
from .errors import IllegalActionError, SeatError
from .events import TEACHER, Event, Viewer
from .observation import Observation, Pot, SeatView, Team, Zone
from .outcome import HandResult, Outcome, ScoreLine, points_of, team_points_of
from .phases import DEAL, OVER, Phase
from .refusals import (
    action_problem,
    canonical_text,
    either,
    generic_reason,
    plural,
    refused_text,
    seat_problem,
)
from .spec import Game, GameSpec, seat_names, team_names
from .view import View, normalise_viewer

CHANCE: Final = "chance"
SIMULTANEOUS: Final = "simultaneous"
Current = int | Literal["chance", "simultaneous"] | None

_new = tuple.__new__

#: Marks the cached legal actions as stale: no seat is ever this object.
_STALE: Final[Any] = object()

# Shared, never copied: values that cannot change (cards are interned), and CardActions, a
# look-up table whose cache only ever fills with the same interned actions.
for _t in (
    Card,
    Event,
    ScoreLine,
    HandResult,
    Outcome,
    Phase,
    Game,
    ChanceStep,
    Action,
    CardActions,
):
    immutable(_t)
immutable(View)


class State:
    """Base class of every game's state (see the module docstring)."""

    __slots__ = (
        "_acting",
        "_first",
        "_lc",
        "_lc_seat",
        "chance",
        "dealer",
        "events",
        "game",
        "hand_number",
        "hand_starts",
        "names",
        "outcome",
        "pending",
        "phase",
        "players",
        "results",
        "scores",
        "team_awards",
        "terminal",
        "to_move",
    )

    #: The game's deal (a :class:`cardlab.rules.deals.DealRule`, or anything with
    #: ``step(state)`` and ``action(game, ...)``); None for a game that deals otherwise.
    DEAL: ClassVar[Any] = None

    game: Game
    players: int
    names: tuple[str, ...]
    phase: Phase
    to_move: tuple[int, ...]
    chance: ChanceStep | None
    terminal: bool
    hand_number: int
    dealer: int
    scores: list[int]
    #: Points awarded to each side as a whole (``award_team``); empty without partnerships.
    team_awards: list[int]
    results: list[HandResult]
    pending: list[ScoreLine]
    events: list[Event]
    hand_starts: list[int]
    outcome: Outcome | None
    # The seat whose legal actions are cached in _lc, or _STALE; every apply marks it stale.
    _lc_seat: Any
    _lc: tuple[Action, ...]
    # The seat action being applied and where its events start: ``log`` records it on
    # the first event (a shared event table holds it already).
    _acting: Action | None
    _first: int

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.names = seat_names(game.players)
        self.phase = DEAL
        self.to_move = ()
        self.chance = None
        self.terminal = False
        self.hand_number = 0
        self.dealer = getattr(game.options, "first_dealer", 0) if game.spec.dealer else -1
        self.scores = [0] * game.players
        self.team_awards = [0] * len(game.teams)
        self.results = []
        self.pending = []
        self.events = []
        self.hand_starts = []
        self.outcome = None
        self._lc_seat = _STALE
        self._lc = ()
        self._acting = None
        self._first = 0
        self.setup()
        self.begin_hand()

    # ------------------------------------------------------------ game hooks
    def setup(self) -> None:
        """Set up what lasts the whole game (called once, before the first hand)."""

    def reset_hand(self) -> None:
        """Clear what one hand holds (called before each deal)."""

    def deal_step(self) -> ChanceStep | None:
        """The chance step that starts a hand (by default the game's ``DEAL``)."""
        return None if self.DEAL is None else self.DEAL.step(self)

    def observation(self, viewer: Viewer = None) -> Observation:
        raise NotImplementedError

    def seat_values(self, seat: int) -> Mapping[str, Any]:
        """What the table tracks for ``seat`` during play (public figures, in order)."""
        return {}

    def seat_status(self, seat: int) -> str:
        """A short word for a seat out of the ordinary (``"out"``), else ``""``."""
        return ""

    def game_over(self) -> bool:
        """Whether the game ends after the hand just closed (totals include it)."""
        return False

    def final_awards(self) -> None:
        """Award what the game pays at its end (lines join the last hand's result)."""

    def decide_winners(self) -> tuple[int, ...]:
        """Who won a finished game: the best total (lowest when ``lower_is_better``).

        In a partnership game the best side's total: every seat of that side wins.
        """
        spec = self.game.spec
        teams = self.game.teams
        if teams:
            totals = self.team_scores
            best = min(totals) if spec.lower_is_better else max(totals)
            return tuple(sorted(s for t, v in enumerate(totals) if v == best for s in teams[t]))
        best = min(self.scores) if spec.lower_is_better else max(self.scores)
        return tuple(s for s, v in enumerate(self.scores) if v == best)

    def outcome_text(self, winners: tuple[int, ...]) -> str:
        """The sentence that ends the game."""
        spec = self.game.spec
        if not winners:
            return "Nobody wins"
        measure = "lowest" if spec.lower_is_better else "highest"
        sides = self.winning_teams(winners)
        if sides:
            names = self.team_names
            who = " and ".join(names[t] for t in sides)
            verb = "win" if len(sides) == 1 else "share the win"
            return f"{who} {verb} with {self.team_scores[sides[0]]} (the {measure} total)"
        who = " and ".join(self.names[s] for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{who} {verb} with {self.scores[winners[0]]} (the {measure} total)"

    def utility(self, seat: int) -> float:
        """What ``seat`` plays for, as a number that is higher the better it does.

        The search bot maximises the change of its seat's utility over the rest of the
        hand, and ``cardlab.analysis.move_values`` reports it.  By default: the total
        of the seat (of its side, in a partnership game) less the average of the other
        seats' (sides') totals, negated when ``lower_is_better``, so a partner's points
        count as one's own.  A game decided by something else than points (a hidden role
        winning, a deduction solved, rounds won) overrides it, for instance with 1 for a
        won game and 0 otherwise, and names its unit in ``GameSpec.utility_unit``.

        Parameters
        ----------
        seat
            The seat whose utility is asked for, at this moment of the game

        Returns
        -------
        float
            Comparable between two moments of one game: only its changes matter.
        """
        team_index = self.game.team_index
        if team_index:
            totals: Sequence[int] = self.team_scores
            me = team_index[seat]
        else:
            totals = self.scores
            me = seat
        n = len(totals)
        own = totals[me]
        value = own if n == 1 else own - (sum(totals) - own) / (n - 1)
        return float(-value if self.game.spec.lower_is_better else value)

    # ------------------------------------------------------------------ turn
    @property
    def current(self) -> Current:
        """Who acts now: a seat, ``"chance"``, ``"simultaneous"``, or None when over."""
        if self.terminal:
            return None
        if self.chance is not None:
            return CHANCE
        tm = self.to_move
        return tm[0] if len(tm) == 1 else SIMULTANEOUS

    @property
    def options(self) -> Any:
        return self.game.options

    def check_seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this game; otherwise ``SeatError``."""
        problem = seat_problem(seat, self.players)
        if problem:
            raise SeatError(problem)
        result: int = seat
        return result

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Legal actions for ``seat`` (default: the one seat to move), in a stable order."""
        if seat is self._lc_seat:
            return self._lc
        if type(seat) is not int:
            if seat is not None:
                self.check_seat(seat)  # raises: a seat is a plain int
            if len(self.to_move) != 1 or self.chance is not None:
                return ()
            seat = self.to_move[0]
            if seat is self._lc_seat:
                return self._lc
        # While chance is due or after the end, to_move is empty.  (The handler is loaded
        # before the call: a plain attribute load specialises, a method load does not.)
        if seat in self.to_move:
            legal = self.phase.legal
            acts = legal(self, seat)
        else:
            self.check_seat(seat)
            acts = ()
        self._lc_seat = seat
        self._lc = acts
        return acts

    def apply(self, act: str, seat: int | None = None) -> Action:
        """Apply a legal action for ``seat`` (default: the one seat to move); return it.

        Loosely written actions are accepted (``"play q♠"``); the canonical action that
        was applied is returned.  The first event a seat's action logs records it
        (:attr:`~cardlab.core.events.Event.action`); chance outcomes are not recorded.

        Raises
        ------
        IllegalActionError
            if the action is not legal now, or ``seat`` is not a seat of this game (a
            float, a bool, a number out of range); the state is unchanged.
        """
        if seat is self._lc_seat and type(act) is Action and act in self._lc:
            # Fast path: the seat's legal actions were just listed and one is applied.
            self._lc_seat = _STALE
            # The first event records the action: log() adds it; an event from a shared
            # table holds it already.
            self._acting = act
            self._first = len(self.events)
            handler = self.phase.apply
            handler(self, act, seat)
            return act
        # The input itself first, before any of it is read (a huge paste costs nothing).
        problem = action_problem(act)
        if not problem and seat is not None:
            problem = seat_problem(seat, self.players)
        if problem:
            raise IllegalActionError(refused_text(act), problem)
        if self.terminal:
            raise IllegalActionError(str(act), "the game is over")
        step = self.chance
        if step is not None:
            if seat is not None:
                raise IllegalActionError(
                    str(act), f"{step.what} is due (a chance step): apply it with no seat"
                )
            a = act if isinstance(act, Action) else Action(str(act))
            step.validate(self, a)
            self._lc_seat = _STALE
            self._acting = None  # a chance outcome is never recorded
            self.chance = None
            if step.kind == "deal" and self.results:  # between hands
                self.reset_hand()  # the last hand's position gives way to the new deal
            step.apply(self, a)
            return a
        if seat is None:
            if len(self.to_move) != 1:
                raise IllegalActionError(
                    str(act),
                    "several seats choose at once now; say which seat acts "
                    f"(one of {', '.join(map(str, self.to_move))})",
                )
            seat = self.to_move[0]
        acts = self.legal_actions(seat)
        chosen = self._resolve(str(act), seat, acts) if act not in acts else acts[acts.index(act)]
        self._lc_seat = _STALE
        self._acting = chosen
        self._first = len(self.events)
        self.phase.apply(self, chosen, seat)
        return chosen

    def _resolve(self, text: str, seat: int, acts: tuple[Action, ...]) -> Action:
        """Find the legal action a loosely written text means, or raise with the reason."""
        canon = self.canonical(text)
        if canon in acts:
            return acts[acts.index(canon)]
        if seat not in self.to_move:
            raise IllegalActionError(text, self._not_your_turn(seat))
        reason = self.why_illegal(Action(canon), seat) if canon else ""
        if not reason:
            reason = generic_reason(str(self.phase), self.names[seat], canon, acts)
        raise IllegalActionError(text, reason, acts)

    def canonical(self, text: str) -> str:
        """The canonical form of a typed action (games may accept more spellings)."""
        return canonical_text(text)

    def _not_your_turn(self, seat: int) -> str:
        waiting = ", ".join(self.names[s] for s in self.to_move)
        return f"it is not {self.names[seat]}'s turn; waiting for {waiting}"

    def why_illegal(self, act: Action, seat: int) -> str:
        """Why ``act`` is illegal for ``seat`` now, in rule terms ("" if no words)."""
        return self.phase.why(self, act, seat)

    def explain(self, act: str, seat: int | None = None) -> str:
        """Why an action is illegal now, or ``"legal"``.

        Raises ``SeatError`` when ``seat`` is not a seat of this game.
        """
        if seat is not None:
            self.check_seat(seat)
        else:
            if len(self.to_move) != 1:
                return "several seats choose at once now; name the seat"
            seat = self.to_move[0]
        try:
            self.clone().apply(act, seat)
        except IllegalActionError as e:
            return e.reason
        return "legal"

    def prompt(self, seat: int) -> str:
        """What ``seat`` is asked to do now, in plain words ("" when not its turn).

        Raises ``SeatError`` when ``seat`` is not a seat of this game.
        """
        self.check_seat(seat)
        if seat not in self.to_move or self.chance is not None or self.terminal:
            return ""
        return self.phase.ask(self, seat)

    # ---------------------------------------------------------------- worlds
    @classmethod
    def sample_world(cls, game: Game, obs: Observation, rng: random.Random) -> State:
        """A complete state that ``obs``'s seat could not tell from the real one.

        Every card the seat sees stays where it is; hidden cards are dealt at random
        among the places the seat cannot see, honouring everything public (cards
        played, voids shown, cards passed to the seat, backs, counts), and the hand's
        history replays to exactly this observation.  Search bots look ahead in such
        worlds, so they never read a hidden card.  Every game supplies it (the family
        components of ``cardlab.rules`` do most of the work).
        """
        raise NotImplementedError(f"{cls.__name__} does not sample worlds")

    # ---------------------------------------------------------------- chance
    def sample_chance(self, rng: random.Random) -> Action:
        """A random outcome for the pending chance step (a game may choose among them:
        a solitaire's ``winnable`` deals)."""
        step = self.chance
        if step is None:
            raise IllegalActionError("chance", "no chance step is due now")
        return step.sample(rng)

    # ------------------------------------------------------- hand life cycle
    def begin_hand(self) -> None:
        """Start a hand: wait for its deal.

        The first hand's state is cleared at once; after that the last hand's cards stay
        where they lay (its last trick, its spread) until the deal clears them, so a table
        can hold the end of a hand in view before dealing the next.
        """
        self.hand_starts.append(len(self.events))
        if not self.results:
            self.reset_hand()
        self.phase = DEAL
        self.to_move = ()
        self.chance = self.deal_step()

    @property
    def between_hands(self) -> bool:
        """True while a finished hand waits for the next deal (its cards still lie as it
        ended)."""
        step = self.chance
        return step is not None and step.kind == "deal" and bool(self.results)

    def award(self, seat: int, points: int, reason: str) -> None:
        """Give ``points`` to ``seat`` now, for ``reason`` (a line of this hand's result).

        In a partnership game the points count for the seat's side too.
        """
        self.pending.append(ScoreLine(seat, points, reason))
        self.scores[seat] += points

    def award_team(self, team: int, points: int, reason: str, seat: int = -1) -> None:
        """Give ``points`` to side ``team`` as a whole, for ``reason``.

        The line counts once in the side's total and in the total of each of its seats.

        Parameters
        ----------
        team
            The side, an index into ``game.teams``
        points
            As for ``award``
        reason
            As for ``award``
        seat
            The seat whose play earned the line (for analyses), or -1 for none
        """
        teams = self.game.teams
        if not 0 <= team < len(teams):
            raise ValueError(f"no side {team!r}: {self.game.spec.title} has {len(teams)} sides")
        self.pending.append(ScoreLine(seat, points, reason, team))
        self.team_awards[team] += points
        for s in teams[team]:
            self.scores[s] += points

    def award_side(self, seat: int, points: int, reason: str) -> None:
        """Give ``points`` to the side ``seat`` plays for (to ``seat`` itself where the game
        is played without partnerships at this table size), earned by ``seat``."""
        team_index = self.game.team_index
        if team_index:
            self.award_team(team_index[seat], points, reason, seat)
        else:
            self.award(seat, points, reason)

    def team_of(self, seat: int) -> int | None:
        """The side ``seat`` plays for (None in a game without partnerships)."""
        team_index = self.game.team_index
        return team_index[seat] if team_index else None

    @property
    def team_scores(self) -> tuple[int, ...]:
        """Each side's total: its seats' own lines plus the side's lines (empty without
        partnerships)."""
        teams = self.game.teams
        if not teams:
            return ()
        scores = self.scores
        awards = self.team_awards
        # a side's line sits in each of its seats' totals: count it once
        return tuple(
            sum(scores[s] for s in seats) - (len(seats) - 1) * awards[t]
            for t, seats in enumerate(teams)
        )

    @property
    def team_names(self) -> tuple[str, ...]:
        """Each side's name from its seats' names (``"North & South"``)."""
        return team_names(self.game.teams, self.names)

    def winning_teams(self, winners: Sequence[int]) -> tuple[int, ...]:
        """The sides every seat of which is among ``winners``."""
        won = set(winners)
        return tuple(t for t, seats in enumerate(self.game.teams) if won.issuperset(seats))

    def restore_totals(self, scores: Sequence[int], team_scores: Sequence[int] = ()) -> None:
        """Set the running totals (a sampled world resuming a game from an observation).

        Parameters
        ----------
        scores
            Each seat's total
        team_scores
            Each side's total, in a partnership game
        """
        self.scores = list(scores)
        teams = self.game.teams
        if teams and len(team_scores) == len(teams):
            self.team_awards = [
                (sum(self.scores[s] for s in seats) - team_scores[t]) // (len(seats) - 1)
                if len(seats) > 1
                else 0
                for t, seats in enumerate(teams)
            ]

    def end_hand(self, summary: str, seat: int | None = None) -> None:
        """Close the hand in progress: its lines become a result; then the next hand or the end.

        ``seat`` is who the hand-over event is about (its winner), if anyone.
        """
        self.log("hand_over", seat, f"Hand {self.hand_number + 1} over. {summary}")
        self._close(summary)
        limit = self.game.options.hands
        # A game's cap (option ``max_hands``) stops a game whose target stays out of reach.
        cap: int | None = getattr(self.game.options, "max_hands", None)
        capped = False
        if limit is not None:
            over = len(self.results) >= limit
        else:
            over = self.game_over()
            capped = not over and cap is not None and len(self.results) >= cap
        if over or capped:
            self.final_awards()
            if self.pending:
                # End-of-game awards join the last hand's result, so totals still add up.
                last = self.results[-1]
                lines = last.lines + tuple(self.pending)
                self.pending = []
                teams = self.game.teams
                self.results[-1] = last._replace(
                    lines=lines,
                    points=points_of(lines, self.players, teams),
                    team_points=team_points_of(lines, teams),
                )
            why = f"The game stops at its cap of {plural(cap, 'hand')}" if cap and capped else ""
            self._finish(self.decide_winners(), why)
            return
        self.hand_number += 1
        if self.dealer >= 0:
            self.dealer = (self.dealer + 1) % self.players
        self.begin_hand()

    def end_game(self, winners: Sequence[int], summary: str) -> None:
        """End the game at once (an instant win); the hand in progress is scored as it is."""
        self._close(summary)
        self._finish(tuple(winners), summary)

    def _close(self, summary: str) -> None:
        lines = tuple(self.pending)
        self.pending = []
        teams = self.game.teams
        points = points_of(lines, self.players, teams)
        self.results.append(
            HandResult(self.hand_number, points, lines, summary, team_points_of(lines, teams))
        )

    def _finish(self, winners: tuple[int, ...], why: str = "") -> None:
        self.terminal = True
        self.phase = OVER
        self.to_move = ()
        self.chance = None
        text = self.outcome_text(winners)
        if why:
            text = f"{why}. {text}"
        self.outcome = Outcome(
            winners,
            tuple(self.scores),
            text,
            self.game.spec.solitaire,
            self.team_scores,
            self.winning_teams(winners),
        )
        self.log("game_over", None, f"Game over: {text}")

    def winners(self) -> tuple[int, ...]:
        """Seats that won (several on a shared win, none if nobody won); empty during play."""
        return self.outcome.winners if self.outcome is not None else ()

    # ----------------------------------------------------------- observations
    def view(self, viewer: Viewer) -> View:
        """How ``viewer`` (a seat, ``"spectator"`` or the teacher) sees this game's cards."""
        return View(self.game.deck, normalise_viewer(viewer, self.players))

    def viewer(self, viewer: Viewer) -> int | str:
        """Normalise a viewer: a seat, ``"spectator"`` or ``"teacher"`` (also ``None``)."""
        return normalise_viewer(viewer, self.players)

    def observe(
        self,
        view: View,
        zones: Sequence[Zone],
        info: Mapping[str, Any] | None = None,
        *,
        pots: Sequence[Pot] = (),
        teams: Sequence[Team] = (),
    ) -> Observation:
        """The observation for ``view``: the game's zones and info plus what every game shares."""
        v = view.viewer
        legal: tuple[Action, ...] = ()
        prompt = ""
        live = not self.terminal and self.chance is None
        if isinstance(v, int) and live and v in self.to_move:
            legal = self.legal_actions(v)
            prompt = self.phase.ask(self, v)
        elif live and self.to_move:
            waiting = " and ".join(self.names[s] for s in self.to_move)
            prompt = f"Waiting for {waiting}"
        elif self.chance is not None:
            prompt = f"Waiting for {self.chance.what}"
        elif self.outcome is not None:
            prompt = f"Game over: {self.outcome.summary}"
        names = self.names
        team_index = self.game.team_index
        if team_index:
            seats = tuple(
                SeatView(names[s], self.seat_values(s), self.seat_status(s), team_index[s])
                for s in range(self.players)
            )
            if not teams:
                totals = self.team_scores
                teams = tuple(
                    Team(name, side, totals[t])
                    for t, (name, side) in enumerate(
                        zip(self.team_names, self.game.teams, strict=True)
                    )
                )
        else:
            seats = tuple(
                SeatView(names[s], self.seat_values(s), self.seat_status(s))
                for s in range(self.players)
            )
        between = self.between_hands
        start = self.history_start
        events = self.events
        if v == TEACHER:
            history = tuple(events[start:])
        else:
            # An event with no public wording is private: others do not learn it happened.
            history = tuple(
                e if e.secret is None and not e.hidden else e.seen_by(v)
                for e in events[start:]
                if e.text or v in e.audience
            )
        return Observation(
            game=self.game.spec.name,
            viewer=v,
            players=self.players,
            phase=str(self.phase),
            hand=self.hand_number,
            dealer=self.dealer if self.dealer >= 0 else None,
            to_move=self.to_move if live else (),
            zones=tuple(zones),
            scores=tuple(self.scores),
            legal=legal,
            info=MappingProxyType(dict(info or {})),
            terminal=self.terminal,
            names=names,
            seats=seats,
            pots=tuple(pots),
            teams=tuple(teams),
            history=history,
            prompt=prompt,
            winners=self.winners(),
            results=tuple(self.results),
            outcome=self.outcome,
            between_hands=between,
        )

    @property
    def history_start(self) -> int:
        """The index in ``events`` of the first event of the hand on the table (the
        hand in progress, or between hands the one just finished)."""
        starts = self.hand_starts
        if not starts:
            return 0
        return starts[-2 if self.between_hands and len(starts) > 1 else -1]

    def history_events(self, viewer: Viewer) -> list[int]:
        """The indices in ``events`` of the events in ``viewer``'s observation
        history, in order (a private event its audience alone learns of is left out)."""
        v = self.viewer(viewer)
        events = self.events
        start = self.history_start
        if v == TEACHER:
            return list(range(start, len(events)))
        return [i for i in range(start, len(events)) if events[i].text or v in events[i].audience]

    def explained(self, viewer: Viewer = None, seat: int | None = None) -> Observation:
        """``viewer``'s observation with the reasons a display shows beside the cards:
        why each card ``seat`` could try to use cannot be used now (see
        ``refusal_reasons``).  Bots never need them, so ``observation`` leaves them out.

        Parameters
        ----------
        viewer
            A seat, ``"spectator"`` or the teacher (None)
        seat
            The seat whose cards are explained (default: the viewer's own; the seat the
            teacher's view moves for)
        """
        obs = self.observation(viewer)
        if seat is None:
            seat = obs.seat
        if seat is None:
            return obs
        own = obs if seat == obs.seat else self.observation(seat)
        reasons = self.refusal_reasons(seat, own)
        return replace(obs, refusals=MappingProxyType(reasons)) if reasons else obs

    def refusal_reasons(self, seat: int, obs: Observation | None = None) -> dict[str, str]:
        """Why each card ``seat`` might try to use cannot be used now, by card code, in
        the game's own words where it has them (empty when ``seat`` is not to move).

        The cards are the seat's hand, or every face it sees in a solitaire and in a game
        played without hands, less those a legal action uses alone (a card that can be
        played).  A refused card is judged as the verb most legal card actions use
        (``play``); with no card action at all, each says which moves there are.

        Parameters
        ----------
        seat
            The seat on the move
        obs
            Its observation, when the caller has it already
        """
        self.check_seat(seat)
        if self.terminal or self.chance is not None or seat not in self.to_move:
            return {}
        if obs is None:
            obs = self.observation(seat)
        legal = obs.legal
        shown = obs.faces()
        usable: set[str] = set()
        verbs: dict[str, int] = {}
        for a in () if isinstance(legal, ActionRange) else legal:  # a range names no card
            cards = a.cards
            if len(cards) == 1 and cards[0] in shown:
                usable.add(cards[0].code)
                verbs[a.verb] = verbs.get(a.verb, 0) + 1
        own = [z for z in obs.zones if z.kind == "hand" and z.owner == seat]
        if self.game.spec.solitaire or not own:
            own = list(obs.zones)
        verb = max(verbs, key=lambda k: verbs[k]) if verbs else ""
        if not verb:
            # no card to click: say what the moves are instead ("draw or track")
            listed = [*legal.head, legal.verb] if isinstance(legal, ActionRange) else legal
            names = [f"'{a.split(' ')[0].replace('_', ' ')}'" for a in listed]
            others = list(dict.fromkeys(names))
            moves = either(others[:6] + (["another move"] if len(others) > 6 else []))
        out: dict[str, str] = {}
        for z in own:
            for c in z.faces:
                if c.code in usable or c.code in out:
                    continue
                if not verb:
                    out[c.code] = f"no card is used now: choose {moves}"
                    continue
                act = Action(f"{verb} {c.code}")
                out[c.code] = self.why_illegal(act, seat) or self.explain(act, seat)
        return out

    def log(
        self,
        kind: str,
        seat: int | None,
        text: str,
        secret: str | None = None,
        audience: tuple[int, ...] = (),
        *,
        cards: tuple[Card, ...] = (),
        hidden: tuple[Card, ...] = (),
        public_action: bool = False,
        **data: Any,
    ) -> None:
        """Narrate a happening (see ``cardlab.core.events.Event``).

        The first event a seat's action logs records that action; ``public_action``
        tells every seat the action although the event's cards or wording are private
        (a face-down draw from the stock).  An event appended without ``log`` (from a
        shared table) must record its own action when it comes first.
        """
        events = self.events
        act = self._acting
        if act is not None and len(events) == self._first:
            self._acting = None
        else:
            act = None
        facts = tuple(data.items()) if data else ()
        events.append(
            _new(
                Event,
                (kind, seat, text, secret, audience, cards, hidden, facts, act, public_action),
            )
        )

    def recording(self) -> Action | None:
        """The action the next event must record, taken: the seat action being applied
        when no event has been logged for it yet, else None.

        For events appended straight from a shared table (made once per wording and
        action): key the table on this and build the event with ``action=`` it.
        """
        act = self._acting
        if act is not None and len(self.events) == self._first:
            self._acting = None
            return act
        return None

    # ------------------------------------------------------------------ copies
    def clone(self) -> State:
        """An independent copy: nothing applied to it ever affects this state."""
        cls = type(self)
        new = cls.__new__(cls)
        atomic = ATOMIC
        for name in _slot_names(cls):
            try:
                v = getattr(self, name)
            except AttributeError:
                continue
            object.__setattr__(new, name, v if type(v) in atomic else deep_copy(v))
        return new

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} hand {self.hand_number} phase={self.phase} "
            f"current={self.current!r} scores={self.scores}>"
        )


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slot_names(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        seen: list[str] = []
        for klass in cls.__mro__:
            for name in getattr(klass, "__slots__", ()):
                if name not in seen and name != "__weakref__":
                    seen.append(name)
        names = _SLOTS[cls] = tuple(seen)
    return names


__all__ = ["CHANCE", "SIMULTANEOUS", "Game", "GameSpec", "SeatError", "State", "plural"]
