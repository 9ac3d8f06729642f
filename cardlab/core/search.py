"""A search bot for every game: information-set Monte Carlo tree search.

:class:`SearchAgent` (bot name ``"search"``) knows only its observation and the public
rules (the :class:`~cardlab.core.spec.Game`).  Each iteration it samples a *world*, a
complete state its seat could not tell from the real one, through the game's
``State.sample_world`` (so it never reads a hidden card), then walks one tree shared by
all worlds (single-observer ISMCTS): moves are chosen by UCB among the moves legal in
this world, counting how often each was available, the first new move is added, and
the hand is played out by the rollout policy.  Every seat's reward is the change of its
:meth:`~cardlab.core.state.State.utility` over the rest of the hand: by default its
points (its side's, in a partnership game) minus the average of the others' (negated
when lower totals win), so the tree plays each seat, or side, for itself; a game decided
by something else than points says what each seat plays for through its own utility.

A position with many legal moves (more than ``wide``) is widened progressively: a node
visited ``n`` times considers at most ``1 + 2·n^widening`` of its moves, drawn at random
as it grows (the rule of thumb's move first at the root), so a decision among hundreds
of bets or placements spreads its budget over a few of them instead of trying each once,
and a lazy list of moves (an :class:`~cardlab.core.actions.ActionRange`) is never built.

Options: ``iterations`` (the budget) or ``time_limit`` (seconds, which then bounds the
search instead), ``exploration`` (the UCB constant, on rewards scaled to 0..1 by the
range seen so far), ``rollout`` (``"heuristic"``, the default: the game's own bot for
every seat, or ``"random"``, which is cheaper per iteration and much weaker),
``margin`` (with heuristic rollouts, the heuristic bot's own move is played unless the
search's favourite beat it by this many standard errors; 0 plays the favourite always),
``wide`` and ``widening`` (see above) and the agent's seed.  With an iteration budget a
decision depends only on the seed and the observation; a time budget depends on the
machine's speed too.

Limits worth knowing: the search looks to the end of the current hand, not the game;
opponents' moves in the tree are chosen with their world's cards (the usual
single-observer simplification), and simultaneous choices are searched one seat at a
time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, ActionRange
from .agents import Agent
from .errors import WorldError
from .observation import Observation

if TYPE_CHECKING:
    from .spec import Game
    from .state import State

Policy = Callable[["State", int, tuple[Action, ...], random.Random], Action]

#: Iterations per decision by default: under a second a decision in every game (see
#: ``benchmarks/search.py``).
DEFAULT_ITERATIONS = 100
#: Rollouts by the game's heuristic bot: dearer per iteration than random play, but at
#: equal time far sharper (``benchmarks/strength.py``).
DEFAULT_ROLLOUT = "heuristic"
#: Failed world samples after which a search with no more worlds than failures gives up.
UNSAMPLED = 8
#: Positions with more legal moves than this are widened progressively (below it every
#: move is tried once before any is tried twice; among the bundled games only Foresight's
#: bids, up to 1,140, pass it).
DEFAULT_WIDE = 64
#: The exponent of progressive widening: a node visited n times tries 1 + 2·n^this moves.
DEFAULT_WIDENING = 0.5
#: Random draws for a move not yet in a wide node's tree before its known moves are used.
DRAWS = 16


class _Node:
    """A tree node: the move that led here, who made it, and its statistics."""

    __slots__ = ("avail", "children", "n", "seat", "seats", "w", "w2")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the move into this node
        self.n = 0
        self.avail = 0
        self.w = 0.0  # summed reward of ``seat``
        self.w2 = 0.0  # summed squares (for the margin of a root move)
        self.children: dict[Action, _Node] = {}
        #: a root move's summed reward of every seat (empty below the root)
        self.seats: list[float] = []


@dataclass(frozen=True)
class MoveValue:
    """One root move's statistics after a search."""

    action: Action
    visits: int
    share: float  # of all root visits
    #: mean reward: the change of the seat's utility over the rest of the hand (by
    #: default its points relative to the others')
    value: float
    error: float = 0.0  # standard error of ``value``
    #: every seat's mean reward over the searches through this move (by seat; empty
    #: when the move was not searched): how the search expects the whole table to fare
    seats: tuple[float, ...] = ()


class SearchAgent(Agent):
    """Information-set MCTS over sampled worlds (see the module docstring)."""

    name: ClassVar[str] = "search"

    def __init__(
        self,
        seat: int,
        seed: int | str = 0,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: str = DEFAULT_ROLLOUT,
        margin: float = 1.0,
        wide: int = DEFAULT_WIDE,
        widening: float = DEFAULT_WIDENING,
        game: Game | None = None,
        sampler: Callable[[Game, Observation, random.Random], State] | None = None,
    ) -> None:
        super().__init__(seat, seed)
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout is 'random' or 'heuristic', not {rollout!r}")
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if not margin >= 0:
            raise ValueError(f"margin is a number of standard errors ≥ 0, not {margin!r}")
        if not wide >= 1:
            raise ValueError(f"wide is a number of legal moves ≥ 1, not {wide!r}")
        if not 0 < widening < 1:
            raise ValueError(f"widening is an exponent between 0 and 1, not {widening!r}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout = rollout
        self.margin = margin
        self.wide = wide
        self.widening = widening
        self.kept: Action | None = None
        self.unsampled = False  # the last search found no world to sample
        self.game = game
        self.sampler = sampler
        self.last: list[MoveValue] = []

    def bind(self, game: Game) -> None:
        self.game = game

    # ---------------------------------------------------------------- acting
    def act(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            self.last = [MoveValue(obs.legal[0], 0, 1.0, 0.0)]
            return obs.legal[0]
        values = self.search(obs)
        return values[0].action

    def explain(self, obs: Observation, act: Action) -> str:
        """Why: the share of the search each top move drew and its expected points."""
        if len(obs.legal) == 1:
            return "it is the only legal move"
        values = self.last if self.last and self.last[0].action == act else self.search(obs)
        if self.unsampled:
            return (
                "no deal consistent with everything seen could be sampled here, so nothing "
                "was searched: it plays the rule of thumb's move"
            )
        unit = self.game.spec.utility_unit if self.game is not None else "points"
        if self.kept is not None and self.kept == act:
            return (
                "it is the rule of thumb's move, and no move searched did clearly better: "
                + describe(values, unit=unit)
            )
        return describe(values, unit=unit)

    # ---------------------------------------------------------------- search
    def search(self, obs: Observation) -> list[MoveValue]:
        """Search from ``obs``; the root moves, the one to play first (the most visited,
        or the heuristic bot's move kept by ``margin``)."""
        self.kept = None
        game = self.game
        if game is None:
            raise ValueError("the search bot needs the game's rules: bind(game) first")
        seat = obs.seat
        if seat is None or seat not in obs.to_move:
            raise ValueError("the search bot decides only for a seat whose turn it is")
        sample = self.sampler or game.spec.state_class.sample_world
        rng = self.rng
        c = self.exploration
        wide = self.wide
        policy = self._policy(game)
        root = _Node(-1)
        # the rule of thumb's move is tried first at the root, so it is always measured
        own = self._rule_of_thumb(game, obs)
        bounds = [math.inf, -math.inf]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        count = failed = 0
        while True:
            if deadline is not None:
                if count and time.perf_counter() >= deadline:
                    break
            elif count >= self.iterations:
                break
            count += 1
            try:
                world = sample(game, obs, rng)
            except WorldError:
                # a position its sampler can't reproduce: skip the iteration, and give up
                # (playing the rule of thumb's move) once failures outnumber the worlds
                failed += 1
                if failed >= UNSAMPLED and failed > count - failed:
                    break
                continue
            seats = range(world.players)
            start = [world.utility(s) for s in seats]
            hand = world.hand_number
            node = root
            path: list[_Node] = []
            first = True
            expanded = False
            while not world.terminal and world.hand_number == hand:
                if world.chance is not None:
                    world.apply(world.sample_chance(rng))
                    continue
                movers = world.to_move
                mover = seat if first and seat in movers else movers[0]
                first = False
                legal = world.legal_actions(mover)
                if expanded:
                    world.apply(policy(world, mover, legal, rng), mover)
                    continue
                children = node.children
                lo, hi = bounds
                span = hi - lo if hi > lo else 0.0
                if len(legal) > wide:
                    grown, move, expanded = self._widen(
                        node, root, legal, own, rng, mover, span, lo
                    )
                    path.append(grown)
                    node = grown
                    world.apply(move, mover)
                    continue
                fresh = []
                best: _Node | None = None
                best_act = legal[0]
                best_v = -math.inf
                for a in legal:
                    ch = children.get(a)
                    if ch is None:
                        fresh.append(a)
                        continue
                    ch.avail += 1
                    if fresh:
                        continue
                    q = (ch.w / ch.n - lo) / span if span else 0.5
                    v = q + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if v > best_v:
                        best_v, best, best_act = v, ch, a
                if fresh:
                    a = own if node is root and own in fresh else fresh[rng.randrange(len(fresh))]
                    best = children[a] = _Node(mover)
                    best.avail = 1
                    best_act = a
                    expanded = True
                assert best is not None
                path.append(best)
                node = best
                world.apply(best_act, mover)
            rewards = [world.utility(s) - start[s] for s in seats]
            root.n += 1
            for r in rewards:
                if r < bounds[0]:
                    bounds[0] = r
                if r > bounds[1]:
                    bounds[1] = r
            if path:
                top = path[0]  # the root move this iteration went through
                if top.seats:
                    for s, r in enumerate(rewards):
                        top.seats[s] += r
                else:
                    top.seats = list(rewards)
            for nd in path:
                nd.n += 1
                r = rewards[nd.seat]
                nd.w += r
                nd.w2 += r * r
        total = sum(ch.n for ch in root.children.values()) or 1
        values = [
            MoveValue(
                a,
                ch.n,
                ch.n / total,
                *_mean_error(ch),
                tuple(x / ch.n for x in ch.seats) if ch.n else (),
            )
            for a, ch in root.children.items()
        ]
        # The real choice is among the observed legal moves (a world may differ on a
        # move that hangs on a hidden card, such as a hole card's back).
        legal = obs.legal
        values = [m for m in values if m.action in legal]
        order = {m.action: legal.index(m.action) for m in values}
        values.sort(key=lambda m: (-m.visits, -m.value, order[m.action]))
        if len(legal) <= wide:
            for a in legal:
                if a not in root.children:
                    values.append(MoveValue(a, 0, 0.0, 0.0))
        else:
            # a wide position lists the moves searched and the rule of thumb's (never none)
            listed = {m.action for m in values}
            extra = [b for b in (own,) if b is not None and b in legal and b not in listed]
            if not values and not extra:
                extra = [legal[0]]
            values += [MoveValue(b, 0, 0.0, 0.0) for b in extra]
        self.unsampled = not root.children
        if own is not None and (self.unsampled or (self.margin and self.rollout == "heuristic")):
            values = self._keep(own, values, always=self.unsampled)
        self.last = values
        return values

    def _widen(
        self,
        node: _Node,
        root: _Node,
        legal: tuple[Action, ...],
        own: Action | None,
        rng: random.Random,
        mover: int,
        span: float,
        lo: float,
    ) -> tuple[_Node, Action, bool]:
        """Choose a move at a node with many legal moves, by progressive widening.

        The node's moves legal in this world are scored by UCB, unless the node has been
        visited often enough to try one more move: then a new one (the rule of thumb's
        at the root, else drawn at random by index) is added.  Returns the child, its
        move, and whether it was just added.  Membership is tested without listing a
        lazy range of moves.
        """
        children = node.children
        members: Any = legal if isinstance(legal, ActionRange) else set(legal)
        known = []
        for a, ch in children.items():
            if a in members:
                ch.avail += 1
                known.append((a, ch))
        if len(known) < 1 + int(2 * node.n**self.widening):
            new: Action | None = None
            if node is root and own is not None and own not in children and own in members:
                new = own
            else:
                for _ in range(DRAWS):
                    a = legal[rng.randrange(len(legal))]
                    if a not in children:
                        new = a
                        break
            if new is not None:
                child = children[new] = _Node(mover)
                child.avail = 1
                return child, new, True
        c = self.exploration
        best_v = -math.inf
        best_act, best = known[0]
        for a, ch in known:
            q = (ch.w / ch.n - lo) / span if span else 0.5
            v = q + c * math.sqrt(math.log(ch.avail) / ch.n)
            if v > best_v:
                best_v, best, best_act = v, ch, a
        return best, best_act, False

    def _rule_of_thumb(self, game: Game, obs: Observation) -> Action | None:
        """The heuristic bot's move here (None for a game without one)."""
        bot_class = game.spec.bots.get("heuristic")
        if bot_class is None:
            return None
        return bot_class(obs.seat if obs.seat is not None else 0, self.seed).act(obs)

    def _keep(self, own: Action, values: list[MoveValue], always: bool) -> list[MoveValue]:
        """Put the heuristic bot's move ``own`` first unless the search's favourite beat it
        by ``margin`` standard errors: sampled worlds are noisy, and a rule of thumb is
        worth keeping until the search has shown it a better move (``always``: no world
        could be sampled, so nothing was searched)."""
        best = values[0] if values else None
        mine = next((v for v in values if v.action == own), None)
        if mine is None or mine is best:
            return values
        if not always and best is not None:
            gap = best.value - mine.value
            if gap > self.margin * math.hypot(best.error, mine.error):
                return values
        self.kept = own
        return [mine, *(v for v in values if v is not mine)]

    def _policy(
        self, game: Game
    ) -> Callable[[State, int, tuple[Action, ...], random.Random], Action]:
        if self.rollout == "random":
            return _random_move
        bot_class = game.spec.bots.get("heuristic")
        if bot_class is None:
            return _random_move
        bots: dict[int, Agent] = {}

        def heuristic(
            world: State, seat: int, legal: tuple[Action, ...], rng: random.Random
        ) -> Action:
            if len(legal) == 1:
                return legal[0]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = bot_class(seat, self.seed)
            return bot.act(world.observation(seat))

        return heuristic


def _mean_error(node: _Node) -> tuple[float, float]:
    """A node's mean reward and its standard error."""
    n = node.n
    if not n:
        return 0.0, 0.0
    mean = node.w / n
    if n < 2:
        return mean, math.inf
    var = max(0.0, (node.w2 - n * mean * mean) / (n - 1))
    return mean, math.sqrt(var / n)


def _random_move(world: Any, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def describe(values: list[MoveValue], top: int = 3, unit: str = "points") -> str:
    """A sentence on the search's choice: visit shares and expected values of the top moves.

    Parameters
    ----------
    values : the root moves of a search, the chosen one first
    top : how many moves to name
    unit : what the values count (the game's ``GameSpec.utility_unit``)
    """
    if not values:
        return ""
    best = values[0]
    total = sum(v.visits for v in values)
    if not total:
        return f"{best.action} is the only move searched"
    digits = 1 if unit == "points" else 2
    parts = [
        f"'{v.action}' {v.share:.0%} of {total} searches, {v.value:+.{digits}f} {unit}"
        for v in values[:top]
        if v.visits
    ]
    against = " against the others' average" if unit == "points" else ""
    return (
        f"in {total} sampled deals '{best.action}' was searched most, expecting "
        f"{best.value:+.{digits}f} {unit} over the rest of the hand{against} ("
        + "; ".join(parts)
        + ")"
    )
