"""A match: a state plus its history, agents, undo/redo and replays.

:class:`Match` is the friendly layer over a pure :class:`~cardlab.core.state.State`.  It
resolves chance (deals come from the match seed, or from explicit deals a lesson gives),
asks agents for the seats they play, remembers every action so any step can be rebuilt
(with a checkpoint every few steps), and saves the whole match as a :class:`Replay`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .actions import Action
from .agents import Agent, FirstAgent, RandomAgent
from .chance import chance_rng, check_seed
from .errors import CardlabError, IllegalActionError
from .events import Event, Viewer
from .observation import Observation
from .quoting import kind, quote
from .refusals import action_problem, refused_text, seat_problem
from .registry import load
from .replay import Replay, Step, _apply_step
from .search import SearchAgent
from .spec import Game
from .state import CHANCE, State

if TYPE_CHECKING:
    import pandas as pd

CHECKPOINT_EVERY = 32
AgentSpec = str | Agent | None
Agents = AgentSpec | Sequence[AgentSpec] | Mapping[int, AgentSpec]


def make_agent(game: Game, spec: AgentSpec, seat: int, seed: int | str) -> Agent | None:
    """An agent from a name (``"random"``, ``"heuristic"``, …), an instance, or None (human)."""
    if spec is None or spec == "human":
        return None
    if isinstance(spec, Agent):
        spec.seat = seat
        spec.bind(game)
        return spec
    bots = bot_names(game)
    if not isinstance(spec, str) or spec not in bots:
        raise CardlabError(
            f"unknown bot {quote(spec)} for {game.spec.title}; choose one of "
            + ", ".join(sorted([*bots, "human"]))
            + " (or an Agent, or None for a seat you play)"
        )
    agent = bots[spec](seat, seed)
    agent.bind(game)
    return agent


def bot_names(game: Game) -> dict[str, type[Agent]]:
    """The bots that can play ``game``, by name: every game's and its own."""
    return {"random": RandomAgent, "first": FirstAgent, "search": SearchAgent, **game.spec.bots}


def make_agents(game: Game, agents: Agents, seed: int | str) -> dict[int, Agent]:
    """Agents by seat from a name for every seat, a list per seat, or a dict."""
    if agents is None or isinstance(agents, str | Agent):
        per_seat: dict[Any, AgentSpec] = dict.fromkeys(range(game.players), agents)
    elif isinstance(agents, Mapping):
        per_seat = dict(agents)
    elif isinstance(agents, list | tuple):
        if len(agents) != game.players:
            raise CardlabError(
                f"give one agent per seat: {game.players} for {game.spec.title}, got {len(agents)}"
            )
        per_seat = dict(enumerate(agents))
    else:
        raise CardlabError(
            f"agents are a bot name for every seat, a list with one per seat or a dict "
            f"{{seat: bot}}, not {quote(agents)} ({kind(agents)})"
        )
    out = {}
    for seat, spec in per_seat.items():
        if seat_problem(seat, game.players):
            whole = "" if type(seat) is int else f" (whole numbers, not {kind(seat)})"
            raise CardlabError(f"no seat {quote(seat)}: seats are 0 to {game.players - 1}{whole}")
        agent = make_agent(game, spec, seat, seed)
        if agent is not None:
            out[seat] = agent
    return out


class Match:
    """A game in progress with its history.

    Parameters
    ----------
    game
        A game name or ``Game``
    seed
        Seeds every deal (a random seed is chosen and kept when omitted)
    deal
        An explicit first deal (an action from ``game.deal(...)``), or a list of deals
        for the first hands; later hands are dealt from the seed.  Explicit deals are
        used only for deals, never for other chance steps (a reshuffle, a random draw)
    agents
        Who plays each seat: one name for all (``"heuristic"``), a list per seat,
        or a dict; ``None``/``"human"`` marks a seat you play with ``play``
    players
        Number of players, as for ``cardlab.load`` (default: the game's usual count)
    **options
        Passed to ``cardlab.load`` when ``game`` is a name
    """

    def __init__(
        self,
        game: str | Game,
        *,
        seed: int | str | None = None,
        deal: str | Sequence[str] | None = None,
        agents: Agents = None,
        players: int | None = None,
        **options: Any,
    ) -> None:
        seed = random.SystemRandom().randrange(2**31) if seed is None else check_seed(seed)
        if deal is not None and not isinstance(deal, str | list | tuple):
            raise CardlabError(
                "deal is an explicit deal (an action from game.deal(...)) or a list of them, "
                f"not {quote(deal)}"
            )
        deals = [] if deal is None else [deal] if isinstance(deal, str) else list(deal)
        for d in deals:
            if not isinstance(d, str):
                raise CardlabError(
                    f"an explicit deal is an action from game.deal(...), not {quote(d)}"
                )
        self._start(load(game, players, **options), seed, deals, agents)
        self._settle()

    def _start(self, game: Game, seed: int | str, deals: list[str], agents: Agents) -> None:
        """An empty history at the game's first chance node."""
        self.game = game
        self.seed: int | str = seed
        self.deals: list[str] = deals
        self.agents = make_agents(game, agents, seed)
        self.state: State = game.new_state()
        self.history: list[Step] = []
        self._redo: list[Step] = []
        self._checkpoints: dict[int, State] = {0: self.state.clone()}
        self._chance_count = 0
        self._deal_count = 0
        #: True: a finished hand stays on the table until :meth:`deal` deals the next.
        self.hold = False
        # How many events the state holds after each step of the history (and of the
        # future kept for redo): the step each event came from.
        self._ends: list[int] = []

    # ----------------------------------------------------------- stepping
    @property
    def step_count(self) -> int:
        return len(self.history)

    def _push(self, seat: int | None, act: str) -> None:
        st = self.state
        if seat is None and st.chance is None and len(st.to_move) == 1:
            seat = st.to_move[0]
        self._record(seat, str(st.apply(act, seat)))

    def _record(self, seat: int | None, text: str) -> None:
        """Add an applied action to the history (with a checkpoint every few steps)."""
        self.history.append((seat, text))
        n = len(self.history)
        del self._ends[n - 1 :]
        self._ends.append(len(self.state.events))
        if seat is None:
            self._chance_count += 1
            if text.startswith("deal "):
                self._deal_count += 1
        if len(self.history) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.history)] = self.state.clone()

    def _settle(self, deal: bool = False) -> None:
        """Resolve pending chance steps: explicit deals for deals, else from the seed.

        With :attr:`hold` set, the deal of each hand after the first waits for
        :meth:`deal` (or ``deal=True``), so the end of a hand stays in view.
        """
        while self.state.current == CHANCE:
            if self.hold and not deal and self.state.between_hands:
                return
            step = self.state.chance
            d = self._deal_count
            if step is not None and step.kind == "deal" and d < len(self.deals):
                try:
                    self._push(None, self.deals[d])
                except IllegalActionError as e:
                    raise CardlabError(f"explicit deal {d + 1} is not valid: {e.reason}") from None
            else:
                rng = chance_rng(self.seed, self._chance_count)
                self._push(None, self.state.sample_chance(rng))

    def play(self, act: str, seat: int | None = None, *, deal: bool = False) -> Action:
        """Apply an action for ``seat`` (default: the one seat to move).

        ``deal=True`` first deals the next hand when a finished hand is held (see
        ``hold``), so the action belongs to the new hand.

        Raises ``IllegalActionError`` (with the reason and the legal actions) and
        changes nothing if the action is illegal: a deal replayed or made first to reach
        the move is taken back too.
        """
        self._refuse_early(act, seat)
        if self.state.current != CHANCE:
            return self._play(act, seat)  # nothing to deal first: apply alone may refuse
        with self.attempt():
            self._resume()
            if deal:
                self._settle(deal=True)
            return self._play(act, seat)

    def _play(self, act: str, seat: int | None) -> Action:
        if seat is None and self.state.current == "simultaneous":
            humans = [s for s in self.state.to_move if s not in self.agents]
            if len(humans) == 1:
                seat = humans[0]
        before = len(self.history)
        self._push(seat, act)
        self._branch()
        self._settle()
        return Action(self.history[before][1])

    @contextmanager
    def attempt(self) -> Iterator[Match]:
        """A block of changes to the match that is taken back whole if it raises.

        A caller that must deal the next hand before it can check a move (a table that
        reads a bare card as one of the new hand's moves) deals inside the block; if the
        move is then refused, the match is as it was before the block, its history, the
        future kept for redo and its position included.
        """
        steps = len(self.history)
        recorded = self.history + self._redo[::-1]
        ends = list(self._ends)
        checkpoints = dict(self._checkpoints)
        try:
            yield self
        except BaseException:
            # the recorded steps as they were, rebuilt up to the same position
            self._checkpoints = checkpoints
            self.history, self._redo = recorded, []
            self.seek(steps)
            self._ends = ends
            raise

    def _refuse_early(self, act: Any, seat: Any) -> None:
        """Refuse an action that is no text (or far too long), or a seat that is no seat,
        before anything is dealt or replayed."""
        problem = action_problem(act)
        if not problem and seat is not None:
            problem = seat_problem(seat, self.game.players)
        if problem:
            raise IllegalActionError(refused_text(act), problem)

    def deal(self) -> bool:
        """Deal the next hand now if its deal is waiting (see ``hold``); True if dealt."""
        before = len(self.history)
        self._resume()
        self._settle(deal=True)
        return len(self.history) > before

    def waiting_to_deal(self) -> bool:
        """True when a finished hand is held on the table and the next deal waits."""
        return self.state.between_hands

    def _resume(self) -> None:
        """After seeking back to a pending deal, deal it again (as recorded, or from the seed)."""
        while self.state.current == CHANCE and self._redo and self._redo[-1][0] is None:
            self.seek(len(self.history) + 1)
        self._settle()

    def _branch(self) -> None:
        """A new action after an undo: forget the undone future and its checkpoints."""
        if self._redo:
            self._redo.clear()
            n = len(self.history)
            for k in [k for k in self._checkpoints if k > n]:
                del self._checkpoints[k]

    def waiting_for_human(self) -> bool:
        """True when the next action belongs to a seat no agent plays."""
        st = self.state
        return (
            not st.terminal
            and st.current != CHANCE
            and all(s not in self.agents for s in st.to_move)
        )

    def step(self) -> Action | None:
        """Let the next agent act; returns its action, or None if a human must act."""
        self._resume()
        st = self.state
        if st.terminal:
            return None
        for seat in st.to_move:
            agent = self.agents.get(seat)
            if agent is not None:
                act = agent.act(st.observation(seat))
                self._push(seat, act)
                self._branch()
                self._settle()
                return Action(str(act))
        return None

    def run(self, max_steps: int | None = None) -> int:
        """Let agents play until the game ends or a human must act; returns steps taken."""
        n = 0
        while max_steps is None or n < max_steps:
            if self.step() is None:
                break
            n += 1
        return n

    @property
    def total_steps(self) -> int:
        """The steps recorded: those played so far and the future kept for ``redo``."""
        return len(self.history) + len(self._redo)

    @property
    def redoable(self) -> bool:
        """True when steps taken back (or sought past) are kept for ``redo``."""
        return bool(self._redo)

    def next_step(self) -> Step | None:
        """The recorded step ``redo`` or ``seek(step_count + 1)`` applies next (None when
        there is none)."""
        return self._redo[-1] if self._redo else None

    # --------------------------------------------------------- time travel
    def seek(self, step: int) -> State:
        """Rebuild the state after the first ``step`` actions of the history (redo-able)."""
        total = len(self.history) + len(self._redo)
        if not 0 <= step <= total:
            raise CardlabError(f"step must be between 0 and {total}, got {step}")
        full = self.history + self._redo[::-1]
        state = self._state_at(step)
        self.state = state
        self.history = full[:step]
        self._redo = full[step:][::-1]
        self._chance_count = sum(1 for s, _ in self.history if s is None)
        self._deal_count = sum(1 for s, t in self.history if s is None and t.startswith("deal "))
        return state

    def undo(self) -> Step | None:
        """Take back the last action that was not chance (and any deal it led to)."""
        i = len(self.history)
        while i > 0 and self.history[i - 1][0] is None:
            i -= 1
        if i == 0:
            return None
        undone = self.history[i - 1]
        self.seek(i - 1)
        return undone

    def undo_turn(self, seat: int) -> bool:
        """Go back to the last time ``seat`` was about to act (undoing bots' moves too)."""
        self.state.check_seat(seat)
        i = len(self.history)
        while i > 0:
            i -= 1
            if self.history[i][0] == seat:
                self.seek(i)
                return True
        return False

    def redo(self) -> Step | None:
        """Re-apply the action most recently undone."""
        if not self._redo:
            return None
        self.seek(len(self.history) + 1)
        while self._redo and self._redo[-1][0] is None:
            self.seek(len(self.history) + 1)
        return self.history[-1]

    # ------------------------------------------------------------ views
    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        return self.state.legal_actions(seat)

    def observation(self, viewer: Viewer = None) -> Observation:
        return self.state.observation(viewer)

    def explained(self, viewer: Viewer = None, seat: int | None = None) -> Observation:
        """``viewer``'s observation with the reasons ``seat``'s cards are refused now, for
        a display (see ``State.explained``).

        Parameters
        ----------
        viewer
            A seat, ``"spectator"`` or the teacher (None)
        seat
            The seat whose cards are explained (default: the viewer's own)
        """
        return self.state.explained(viewer, seat)

    def history_steps(
        self, viewer: Viewer = None, step: int | None = None, state: State | None = None
    ) -> list[int]:
        """For each event of ``viewer``'s observation history, the step that produced it
        (``seek(k)`` shows it happen).

        Parameters
        ----------
        viewer
            A seat, ``"spectator"`` or the teacher (None)
        step
            The position asked about: after that many recorded steps (default: now)
        state
            The state at ``step`` when the caller holds it already (as ``recorded``
            yields it); else it is rebuilt

        Returns
        -------
        list of int
            One step per event of the history, in order
        """
        if state is None:
            state = self.state if step is None else self._state_at(step)
        start = state.history_start
        steps = self.event_steps(start, step)
        known = state.history_events(viewer)
        return [steps[i - start] if i - start < len(steps) else 0 for i in known]

    def _state_at(self, step: int) -> State:
        full = self.history + self._redo[::-1]
        base = max(k for k in self._checkpoints if k <= step)
        state = self._checkpoints[base].clone()
        for i in range(base, step):
            seat, text = full[i]
            _apply_step(state, i, seat, text)
        return state

    def odds(self, viewer: Viewer = None) -> dict[str, float]:
        """The exact chances that matter now to ``viewer``, from its observation alone.

        Labelled probabilities (the game's own ``GameSpec.odds``); empty when the game
        gives none or there is nothing to weigh at this step.
        """
        self.state.viewer(viewer)  # refuses a viewer that is none, odds or not
        odds = self.game.spec.odds
        return dict(odds(self.observation(viewer))) if odds is not None else {}

    @property
    def events(self) -> list[Event]:
        return self.state.events

    def event_steps(self, start: int = 0, step: int | None = None) -> list[int]:
        """For each of ``events[start:]``, the step that produced it (``seek(k)`` shows it
        first).  Events logged before the first step (none in most games) belong to step 0.

        ``step`` asks about the state after that many recorded steps (default: now).
        """
        ends = self._ends[: len(self.history) if step is None else step]
        before = len(self._checkpoints[0].events)
        n = ends[-1] if ends else before
        out = [0] * max(0, min(before, n) - start)
        i = max(start, before)
        k = bisect_right(ends, i)  # event i came from step k + 1: the first to end past it
        while i < n and k < len(ends):
            end = min(ends[k], n)
            out += [k + 1] * (end - i)
            i = max(i, end)
            k += 1
        return out

    def recorded(self) -> Iterator[State]:
        """The state after each recorded step, from 0 to the end of the future kept for
        redo (one state object, advanced step by step: read it before the next)."""
        steps = self.history + self._redo[::-1]
        state = self._checkpoints[0].clone()
        yield state
        for i, (seat, text) in enumerate(steps):
            _apply_step(state, i, seat, text)
            yield state

    def event_texts(self, viewer: Viewer = None) -> list[str]:
        self.state.viewer(viewer)  # refuses a viewer that is none
        return [e.text_for(viewer) for e in self.state.events]

    def events_frame(self, viewer: Viewer = None) -> pd.DataFrame:
        """The events so far as a DataFrame, as ``viewer`` may know them (teacher by default).

        Columns: ``hand``, ``kind``, ``seat``, ``name``, ``text`` (worded for the viewer),
        ``cards`` (the cards the event names that the viewer may know, as a tuple of
        ``Card``) and ``data`` (the event's other facts, a dict).
        """
        from .optional import pandas as pd

        self.state.viewer(viewer)  # refuses a viewer that is none
        names = self.state.names
        rows = []
        for hand, e in _with_hands(self.state.events, self.state.hand_starts):
            seen = e.seen_by(viewer)
            rows.append(
                {
                    "hand": hand,
                    "kind": e.kind,
                    "seat": e.seat,
                    "name": names[e.seat] if e.seat is not None else "",
                    "text": e.text_for(viewer),
                    "cards": seen.cards + seen.hidden,
                    "data": e.facts,
                }
            )
        columns = ["hand", "kind", "seat", "name", "text", "cards", "data"]
        return pd.DataFrame(rows, columns=columns)

    @property
    def terminal(self) -> bool:
        return self.state.terminal

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.scores)

    def winners(self) -> tuple[int, ...]:
        return self.state.winners()

    def scores_frame(self) -> pd.DataFrame:
        """Points per hand and running totals, one row per hand.

        Columns: ``hand``, ``points_<seat>``, ``total_<seat>``, and in a partnership game
        ``team_points_<side>`` and ``team_total_<side>``.
        """
        from .optional import pandas as pd

        rows = []
        totals = [0] * self.game.players
        sides = len(self.game.teams)
        team_totals = [0] * sides
        for r in self.state.results:
            row: dict[str, Any] = {"hand": r.hand}
            for s, p in enumerate(r.points):
                totals[s] += p
                row[f"points_{s}"] = p
            for s, t in enumerate(totals):
                row[f"total_{s}"] = t
            for t, p in enumerate(r.team_points):
                team_totals[t] += p
                row[f"team_points_{t}"] = p
                row[f"team_total_{t}"] = team_totals[t]
            rows.append(row)
        seats = range(self.game.players)
        columns = ["hand", *(f"points_{s}" for s in seats), *(f"total_{s}" for s in seats)]
        columns += [f"team_points_{t}" for t in range(sides)]
        columns += [f"team_total_{t}" for t in range(sides)]
        return pd.DataFrame(rows, columns=columns)

    # ----------------------------------------------------------- replays
    def to_replay(self, meta: Mapping[str, Any] | None = None) -> Replay:
        return Replay(
            game=self.game.spec.name,
            players=self.game.players,
            options=self.game.options.changed(),
            seed=self.seed,
            actions=tuple(self.history),
            rules_version=self.game.spec.version,
            meta=dict(meta or {}),
        )

    def save(self, path: str) -> None:
        self.to_replay().save(path)

    @classmethod
    def from_replay(
        cls, replay: Replay | str, *, agents: Agents = None, step: int | None = None
    ) -> Match:
        """A match rebuilt from a replay (or a path to one), positioned at ``step``.

        The actions after ``step`` stay available to ``redo`` and ``seek``.
        """
        if isinstance(replay, str):
            replay = Replay.load(replay)
        game = replay.make_game()
        m = cls.__new__(cls)
        deals = [t for s, t in replay.actions if s is None]
        m._start(game, replay.seed if replay.seed is not None else 0, deals, agents)
        for i, (seat, text) in enumerate(replay.actions):
            _apply_step(m.state, i, seat, text)
            m._record(seat, text)
        if step is not None:
            m.seek(step)
        return m

    def __repr__(self) -> str:
        return (
            f"<Match {self.game!r} seed={self.seed!r} step={len(self.history)} "
            f"current={self.state.current!r} scores={list(self.state.scores)}>"
        )


def _with_hands(events: Iterable[Event], starts: Sequence[int]) -> Iterable[tuple[int, Event]]:
    """Pair each event with its hand (``starts``: the index of each hand's first event)."""
    hand = 0
    for i, e in enumerate(events):
        while hand + 1 < len(starts) and i >= starts[hand + 1]:
            hand += 1
        yield hand, e
