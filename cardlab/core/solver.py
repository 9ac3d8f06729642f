"""Solitaire solvers: one verdict type, winnable deals, and the interval they are read with.

A solitaire's :class:`~cardlab.core.spec.GameSpec` may name a ``solver``: a function
``solver(state, budget)`` that decides, with every face known, whether the state's deal
can still be won, examining at most ``budget`` positions.  It answers with a
:class:`Solved`.  :func:`winnable_deal` draws deals from a seeded stream until the solver
proves one won; :class:`~cardlab.rules.solitaire.SolitaireGame` deals with it under the
``winnable`` option.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, NamedTuple

from .actions import Action
from .errors import CardlabError, IllegalActionError

if TYPE_CHECKING:
    from .state import State

OUTCOMES = ("won", "lost", "unknown")

#: How many deals :func:`winnable_deal` draws before it gives up.
MAX_DRAWS = 1_000


class Solved(NamedTuple):
    """A solver's verdict on a position.

    Attributes
    ----------
    outcome
        ``"won"`` (``line`` wins it), ``"lost"`` (every reachable position was examined
        and none is won) or ``"unknown"`` (the budget ran out first)
    nodes
        Positions examined
    line
        For ``"won"``, the actions that win from the position solved, each legal in turn
        for seat 0 in the engine
    """

    outcome: str
    nodes: int
    line: tuple[Action, ...] = ()


def replay_line(state: State, line: tuple[Action, ...]) -> State:
    """Play a solver's ``line`` on a copy of ``state``; the copy, which should be won.

    Raises ``IllegalActionError`` (naming the step) if a move of the line is refused.
    """
    trial = state.clone()
    for k, act in enumerate(line):
        if trial.terminal:
            raise IllegalActionError(str(act), f"the deal was over before step {k + 1}")
        try:
            trial.apply(act, 0)
        except IllegalActionError as exc:
            raise IllegalActionError(str(act), f"step {k + 1} of the line: {exc.reason}") from exc
    return trial


def winnable_deal(state: State, rng: random.Random, budget: int | None = None) -> Action:
    """The first deal from ``rng`` that the game's solver proves can be won.

    ``state`` waits for its deal.  Each deal drawn is tried on a copy of the state; deals
    the solver finds lost, or cannot decide within ``budget`` (default: the game's
    ``solver_budget``), are passed over, so the stream decides which deal is played and a
    replay records it as the deal it is.
    """
    spec = state.game.spec
    solver = spec.solver
    step = state.chance
    if solver is None or step is None or step.kind != "deal":
        raise CardlabError(f"{spec.title} has no solver to find a winnable deal with")
    budget = budget or spec.solver_budget
    for _ in range(MAX_DRAWS):
        act = step.sample(rng)
        trial = state.clone()
        trial.apply(act)
        if solver(trial, budget).outcome == "won":
            return act
    raise CardlabError(
        f"no winnable {spec.title} deal found in {MAX_DRAWS} deals with a budget of "
        f"{budget:,} positions: these options may make winning (almost) impossible"
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (95% by default) for ``wins`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if wins <= 0 else max(0.0, mid - half)
    hi = 1.0 if wins >= n else min(1.0, mid + half)
    return lo, hi
