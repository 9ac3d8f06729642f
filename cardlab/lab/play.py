"""Playing the lab's games: one batch of seeded deals of one variant, as plain rows.

Everything here runs in a worker (a local process or a Dask worker) and returns lists
of dicts of plain values, so a batch travels back cheaply and its rows depend only on
the batch itself: game ``deal`` of a sweep is seeded ``f"{seed}/{deal}"`` (as game
``deal`` of :func:`cardlab.simulate`), whoever plays it and wherever it runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.agents import Agent
from ..core.errors import CardlabError
from ..core.match import Match, make_agent
from ..core.search import MoveValue, SearchAgent
from ..core.spec import Game
from ..core.state import State

#: Steps after which a game is taken to be stuck (far beyond any real game).
MAX_STEPS = 200_000


@dataclass(frozen=True)
class Task:
    """One batch of a sweep: deals ``start`` to ``stop - 1`` of one variant and family.

    ``options`` holds the variant's options as sorted ``(name, value)`` pairs and
    ``params`` the family's settings (agents, the ladder, the judge's budget) the same
    way, so a task is hashable, pickles small and names its own cache file.
    """

    family: str
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    variant: str
    seed: int | str
    start: int
    stop: int
    params: tuple[tuple[str, Any], ...] = ()
    version: int = 1

    @property
    def deals(self) -> range:
        return range(self.start, self.stop)

    def load(self) -> Game:
        from ..core.registry import get_spec

        return Game(get_spec(self.game), self.players, dict(self.options))

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


# ------------------------------------------------------------------ players
def player(game: Game, spec: str, seat: int, seed: str) -> Agent:
    """An agent from a ladder name: a bot name, or ``search:N`` (the search bot with N
    iterations per decision)."""
    name, _, budget = spec.partition(":")
    if name == "search" and budget:
        return SearchAgent(seat, seed, iterations=int(budget), game=game)
    agent = make_agent(game, name, seat, seed)
    assert agent is not None
    return agent


def check_player(game: Game, spec: Any) -> str:
    """``spec`` if it names a player of ``game``'s ladder; else a clear CardlabError."""
    from ..core.match import bot_names

    bots = sorted(bot_names(game))
    if isinstance(spec, str):
        name, sep, budget = spec.partition(":")
        if not sep and name in bots:
            return spec
        if name == "search" and budget.isdigit() and 1 <= int(budget) <= 100_000:
            return spec
    raise CardlabError(
        f"unknown player {spec!r} for {game.spec.title}: give a bot name ("
        + ", ".join(bots)
        + ") or 'search:N' for the search bot with N iterations (1 to 100,000)"
    )


# ------------------------------------------------------------------ units
def units(game: Game) -> tuple[tuple[int, ...], ...]:
    """The table's players as the lab counts them: each side, or each seat alone."""
    return game.teams or tuple((s,) for s in range(game.players))


def rotations(game: Game, rotate: bool = True) -> int:
    """How many times a deal is played in the outcome family: once per first dealer
    (the same cards to the same seats, the deal and the lead moving round), or once in
    a game without a dealer."""
    if not rotate or game.players < 2 or not hasattr(game.options, "first_dealer"):
        return 1
    return game.players


def positions(game: Game, first: int) -> list[int]:
    """The units in order round the table from the first dealer: the dealer's unit, then
    the next one to its left that is not yet counted, …"""
    side = game.team_index
    order: list[int] = []
    for k in range(game.players):
        s = (first + k) % game.players
        u = side[s] if side else s
        if u not in order:
            order.append(u)
    return order


def _run(m: Match, lengths: bool) -> tuple[int, int, list[int], list[int]]:
    """Play ``m`` out; actions and decisions (more than one legal choice), in all and per
    hand."""
    st = m.state
    actions = decisions = 0
    hand_actions: list[int] = []
    hand_decisions: list[int] = []
    hand = -1
    for _ in range(MAX_STEPS):
        st = m.state
        if st.terminal:
            break
        if lengths and st.hand_number != hand:
            hand = st.hand_number
            hand_actions.append(0)
            hand_decisions.append(0)
        mover = next((s for s in st.to_move if s in m.agents), None)
        if mover is None:
            raise CardlabError("every seat needs an agent")
        choice = len(st.legal_actions(mover)) > 1
        m.step()
        actions += 1
        decisions += choice
        if lengths:
            hand_actions[-1] += 1
            hand_decisions[-1] += choice
    else:
        raise CardlabError(f"a game of {m.game.spec.title} did not finish in {MAX_STEPS} steps")
    return actions, decisions, hand_actions, hand_decisions


def _win_shares(game: Game, st: State) -> list[float]:
    """Each unit's share of the win: 1, 1/k for a win shared by k units, 0."""
    outcome = st.outcome
    assert outcome is not None
    if game.teams:
        won: Sequence[int] = outcome.team_winners
        n = len(game.teams)
    else:
        won = outcome.winners
        n = game.players
    return [1.0 / len(won) if u in won else 0.0 for u in range(n)]


def _base(task: Task, deal: int) -> dict[str, Any]:
    return {
        "variant": task.variant,
        "game": task.game,
        "players": task.players,
        "deal": deal,
        "seed": f"{task.seed}/{deal}",
    }


# ------------------------------------------------------------------ outcome
def play_outcome(task: Task) -> list[dict[str, Any]]:
    """Every deal of the batch once per rotation, every seat played by ``agents``."""
    game = task.load()
    agents = task.param("agents", "heuristic")
    first0 = getattr(game.options, "first_dealer", 0)
    rows = []
    for deal in task.deals:
        gseed = f"{task.seed}/{deal}"
        for r in range(rotations(game, task.param("rotate", True))):
            g = game
            first = (first0 + r) % game.players
            if r:
                g = game.with_options(first_dealer=first)
            seats = [player(g, a, s, gseed) for s, a in enumerate(_per_seat(agents, g))]
            m = Match(g, seed=gseed, agents=seats)
            actions, decisions, per_hand, per_hand_dec = _run(m, True)
            st = m.state
            outcome = st.outcome
            assert outcome is not None
            shares = _win_shares(g, st)
            order = positions(g, first)
            row = _base(task, deal)
            row["rotation"] = r
            row["first_dealer"] = first
            for k, u in enumerate(order):
                row[f"win_{k}"] = shares[u]
            row["result"] = outcome.result
            row["hands"] = len(st.results)
            row["actions"] = actions
            row["decisions"] = decisions
            row["hand_actions"] = per_hand
            row["hand_decisions"] = per_hand_dec
            rows.append(row)
    return rows


def _per_seat(agents: Any, game: Game) -> list[str]:
    if isinstance(agents, str):
        return [agents] * game.players
    if len(agents) != game.players:
        raise CardlabError(f"give one player per seat: {game.players}, not {len(agents)}")
    return list(agents)


# ------------------------------------------------------------------ skill
def arrangement(n_units: int, r: int) -> list[bool]:
    """Which units player A takes in arrangement ``r`` (the others are B's): half the
    table (A takes the extra one at an odd table), turned by ``r`` so that over the
    arrangements every unit is played by both."""
    half = math.ceil(n_units / 2)
    return [(u + r) % n_units < half for u in range(n_units)]


def _pair_score(utils: Sequence[float], mine: Sequence[bool]) -> float:
    """A's pairwise score in one game: over every (A unit, B unit), 1 when A's unit ended
    ahead, ½ when level, 0 when behind; averaged."""
    total = count = 0.0
    for a, ua in enumerate(utils):
        if not mine[a]:
            continue
        for b, ub in enumerate(utils):
            if mine[b]:
                continue
            total += 1.0 if ua > ub else 0.5 if ua == ub else 0.0
            count += 1
    return total / count


def _final_utilities(game: Game, st: State) -> list[float]:
    """Each unit's utility at the end (a side's through its first seat)."""
    return [st.utility(side[0]) for side in units(game)]


def play_skill(task: Task) -> list[dict[str, Any]]:
    """Each deal of the batch played by every pair of the ladder, in every arrangement
    (a solitaire: each player of the pair plays the deal once)."""
    game = task.load()
    ladder: list[str] = list(task.param("ladder"))
    table = units(game)
    n_units = len(table)
    rows = []
    for deal in task.deals:
        gseed = f"{task.seed}/{deal}"
        for i in range(len(ladder)):
            for j in range(i + 1, len(ladder)):
                a, b = ladder[i], ladder[j]
                if n_units == 1:
                    results = []
                    for who in (a, b):
                        m = Match(game, seed=gseed, agents=[player(game, who, 0, gseed)])
                        _run(m, False)
                        results.append((m.state.utility(0), bool(m.state.winners())))
                    (ua, wa), (ub, wb) = results
                    row = _base(task, deal)
                    row.update(player_a=a, player_b=b, arrangement=0)
                    row["score"] = 1.0 if ua > ub else 0.5 if ua == ub else 0.0
                    row["wins_a"] = float(wa)
                    row["wins_b"] = float(wb)
                    rows.append(row)
                    continue
                for r in range(n_units):
                    mine = arrangement(n_units, r)
                    seats = [""] * game.players
                    for u, side in enumerate(table):
                        for s in side:
                            seats[s] = a if mine[u] else b
                    agents = [player(game, who, s, gseed) for s, who in enumerate(seats)]
                    m = Match(game, seed=gseed, agents=agents)
                    _run(m, False)
                    st = m.state
                    shares = _win_shares(game, st)
                    row = _base(task, deal)
                    row.update(player_a=a, player_b=b, arrangement=r)
                    row["score"] = _pair_score(_final_utilities(game, st), mine)
                    row["wins_a"] = sum(w for u, w in enumerate(shares) if mine[u])
                    row["wins_b"] = sum(w for u, w in enumerate(shares) if not mine[u])
                    rows.append(row)
    return rows


# ------------------------------------------------------------------ tension
def _apart(a: MoveValue, b: MoveValue) -> bool:
    """Whether move ``a``'s value beats ``b``'s by more than two standard errors."""
    return a.value - b.value > 2 * math.hypot(a.error, b.error)


def _judge(
    game: Game, st: State, seat: int, judge: SearchAgent
) -> tuple[list[float] | None, dict[str, float]]:
    """The judge's search from ``seat``'s observation: each unit's estimated standing
    (its utility now plus what the search expects it to gain by the end of the hand),
    and the decision's figures (spread, meaningful, clarity)."""
    values = judge.search(st.observation(seat))
    searched = [v for v in values if v.visits]
    figures: dict[str, float] = {}
    if len(searched) >= 2:
        vals = [v.value for v in searched]
        mean = sum(vals) / len(vals)
        figures["spread"] = math.sqrt(sum((x - mean) ** 2 for x in vals) / len(vals))
        ranked = sorted(searched, key=lambda v: -v.value)
        best, second, worst = ranked[0], ranked[1], ranked[-1]
        figures["meaningful"] = float(_apart(best, worst))
        figures["clarity"] = float(_apart(best, second))
    chosen = values[0] if values else None
    if chosen is None or not chosen.seats:
        return None, figures
    est = [st.utility(side[0]) + chosen.seats[side[0]] for side in units(game)]
    return est, figures


def play_tension(task: Task) -> list[dict[str, Any]]:
    """Each deal played once by ``agents``; every decision with more than one legal
    choice judged by the search bot from the mover's observation."""
    game = task.load()
    agents = task.param("agents", "heuristic")
    budget = int(task.param("judge", 30))
    rows = []
    n_units = len(units(game))
    for deal in task.deals:
        gseed = f"{task.seed}/{deal}"
        seats = [player(game, a, s, gseed) for s, a in enumerate(_per_seat(agents, game))]
        m = Match(game, seed=gseed, agents=seats)
        judge = SearchAgent(0, f"{gseed}/judge", iterations=budget, game=game)
        standings: list[list[float]] = []
        sums = {"spread": 0.0, "meaningful": 0.0, "clarity": 0.0}
        counts = {"spread": 0, "meaningful": 0, "clarity": 0}
        actions = 0
        for _ in range(MAX_STEPS):
            st = m.state
            if st.terminal:
                break
            mover = next((s for s in st.to_move if s in m.agents), None)
            if mover is None:
                raise CardlabError("every seat needs an agent")
            if len(st.legal_actions(mover)) > 1:
                judge.seat = mover
                est, figures = _judge(game, st, mover, judge)
                if est is not None:
                    standings.append(est)
                for k, v in figures.items():
                    sums[k] += v
                    counts[k] += 1
            m.step()
            actions += 1
        else:
            raise CardlabError(f"a game of {game.spec.title} did not finish in {MAX_STEPS} steps")
        row = _base(task, deal)
        row["actions"] = actions
        row["judged"] = len(standings)
        row.update(_race(game, m.state, standings, n_units))
        row["spread_sum"] = sums["spread"]
        row["spread_n"] = counts["spread"]
        row["meaningful_sum"] = sums["meaningful"]
        row["clarity_sum"] = sums["clarity"]
        row["clarity_n"] = counts["clarity"]
        rows.append(row)
    return rows


EPS = 1e-9


def _race(game: Game, st: State, standings: list[list[float]], n_units: int) -> dict[str, Any]:
    """Lead changes, the eventual winner's time and depth behind, and when it led for
    good, from the judged standings of one game."""
    out: dict[str, Any] = {
        "lead_changes": 0,
        "raced": 0,
        "decided": 0,
        "decisiveness": 0.0,
        "trailing": 0,
        "deficit_sum": 0.0,
        "winner_judged": 0,
    }
    if n_units < 2 or not standings:
        return out
    out["raced"] = 1
    leader = -1
    for est in standings:
        top = max(est)
        leaders = [u for u, v in enumerate(est) if v >= top - EPS]
        if leader in leaders:
            continue
        if leader >= 0:
            out["lead_changes"] += 1
        leader = leaders[0]
    outcome = st.outcome
    assert outcome is not None
    won = outcome.team_winners if game.teams else outcome.winners
    if len(won) != 1:
        return out
    w = won[0]
    last_behind = -1
    for t, est in enumerate(standings):
        deficit = max(est) - est[w]
        if deficit > EPS:
            out["trailing"] += 1
            out["deficit_sum"] += deficit
        if any(v >= est[w] - EPS for u, v in enumerate(est) if u != w):
            last_behind = t  # the winner was not clearly ahead here
    out["decided"] = 1
    out["winner_judged"] = len(standings)
    out["decisiveness"] = 1.0 - (last_behind + 1) / len(standings)
    return out


PLAYERS: Mapping[str, Any] = {
    "outcome": play_outcome,
    "skill": play_skill,
    "tension": play_tension,
}


def run_task(task: Task) -> list[dict[str, Any]]:
    """The rows of one batch (the function every executor runs)."""
    return list(PLAYERS[task.family](task))
