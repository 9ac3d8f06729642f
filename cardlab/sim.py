"""Simulations: many seeded games between agents, collected in a DataFrame."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping, Sequence
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from .core.chance import chance_rng, check_seed
from .core.errors import CardlabError
from .core.match import Agents, Match, make_agents
from .core.quoting import quote
from .core.registry import load
from .core.solver import wilson
from .core.state import Game

if TYPE_CHECKING:
    import pandas as pd


def _game_seed(seed: int | str, i: int) -> str:
    return f"{seed}/{i}"


def _play_one(
    game: Game, agents: Agents, seed: int | str, i: int, per: str, max_steps: int
) -> list[dict[str, Any]]:
    gseed = _game_seed(seed, i)
    m = Match(game, seed=gseed, agents=make_agents(game, agents, gseed))
    n = m.run(max_steps)
    st = m.state
    if not st.terminal:
        raise CardlabError(
            f"game {i} (seed {gseed!r}) did not finish in {max_steps} steps: "
            "some seat has no agent, or max_steps is too small"
        )
    players = game.players
    sides = len(game.teams)
    if per == "hand":
        rows = []
        totals = [0] * players
        team_totals = [0] * sides
        for r in st.results:
            row: dict[str, Any] = {"game": i, "seed": gseed, "hand": r.hand}
            for s in range(players):
                totals[s] += r.points[s]
                row[f"points_{s}"] = r.points[s]
            for s in range(players):
                row[f"total_{s}"] = totals[s]
            for t in range(sides):
                team_totals[t] += r.team_points[t]
                row[f"team_points_{t}"] = r.team_points[t]
                row[f"team_total_{t}"] = team_totals[t]
            row["summary"] = r.summary
            rows.append(row)
        return rows
    outcome = st.outcome
    assert outcome is not None
    won = outcome.winners
    row = {"game": i, "seed": gseed, "hands": len(st.results), "steps": n}
    for s in range(players):
        row[f"score_{s}"] = st.scores[s]
    for s in range(players):
        row[f"win_{s}"] = (1.0 / len(won)) if s in won else 0.0
    if sides:
        sides_won = outcome.team_winners
        for t in range(sides):
            row[f"team_score_{t}"] = outcome.team_scores[t]
        for t in range(sides):
            row[f"team_win_{t}"] = (1.0 / len(sides_won)) if t in sides_won else 0.0
        row["team_winner"] = sides_won[0] if len(sides_won) == 1 else -1
    row["winners"] = tuple(won)
    row["winner"] = won[0] if len(won) == 1 else -1
    row["result"] = outcome.result
    return [row]


def _chunk(args: tuple[Game, Agents, int | str, Sequence[int], str, int]) -> list[dict[str, Any]]:
    game, agents, seed, idx, per, max_steps = args
    out: list[dict[str, Any]] = []
    for i in idx:
        out += _play_one(game, agents, seed, i, per, max_steps)
    return out


def _agent_specs(agents: Agents) -> list[Any]:
    if isinstance(agents, Mapping):
        return list(agents.values())
    if agents is None or isinstance(agents, str) or not isinstance(agents, Sequence):
        return [agents]
    return list(agents)


def _count(name: str, value: Any, least: int, what: str) -> int:
    """``value`` when it is a whole number (not a bool) ≥ ``least``; else CardlabError."""
    if type(value) is not int or value < least:
        raise CardlabError(f"{name} must be a whole number of {what} ≥ {least}, not {quote(value)}")
    return value


def _check_run(seed: Any, processes: Any, progress: Any) -> int | str:
    """Refuse a bad seed, process count or progress flag before anything runs."""
    _count("processes", processes, 0, "worker processes (0: one per CPU)")
    if progress is not None and not isinstance(progress, bool):
        raise CardlabError(f"progress must be True, False or None, not {quote(progress)}")
    return check_seed(seed)


def _chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(
    game: str | Game,
    agents: Agents = "random",
    n: int = 100,
    seed: int | str = 0,
    *,
    per: str = "game",
    processes: int = 1,
    progress: bool | None = None,
    max_steps: int = 1_000_000,
    players: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n`` seeded games between agents and return one row per game (or per hand).

    Parameters
    ----------
    game
        A name (``"hearts"``) or a ``Game``
    agents
        Bot names (one for all seats, a list per seat, or a dict); every seat needs one
    n
        Number of games
    seed
        Game ``i`` is seeded with ``f"{seed}/{i}"``, so results do not depend on
        ``processes``
    per
        ``"game"`` (final scores, wins, hands, steps) or ``"hand"`` (points per hand)
    processes
        Worker processes (``0`` = one per CPU)
    progress
        Show a tqdm bar (default: when ``n >= 50``)
    players
        Number of players, as for ``cardlab.load`` (default: the game's usual count)
    **options
        Game options, as for ``cardlab.load``

    Returns
    -------
    pandas.DataFrame
        Per game: ``game``, ``seed``, ``hands``, ``steps``, ``score_<seat>``,
        ``win_<seat>`` (1 for a win, 1/k for a win shared by k seats, 0 otherwise: a
        solitaire scores 1 only for a deal it won; all 0 when nobody won), ``winners``,
        ``winner`` (-1 when shared or nobody won) and ``result`` (``"win"``,
        ``"shared"``, ``"no winner"`` for a game that ended with nobody winning;
        ``"won"``/``"lost"`` for a solitaire).  Per hand: ``game``, ``seed``, ``hand``,
        ``points_<seat>``, ``total_<seat>`` and ``summary``; the totals of a game's last
        hand equal its final scores (end-of-game bonuses are lines of that hand).

        A game played in partnerships (``GameSpec.teams``) adds per side, after the
        seats' columns: per game ``team_score_<side>``, ``team_win_<side>`` (1, 1/k for
        a win shared by k sides, 0) and ``team_winner`` (-1 when shared or nobody won);
        per hand ``team_points_<side>`` and ``team_total_<side>``.
    """
    from tqdm.auto import tqdm

    from .core.optional import pandas as pd

    g = load(game, players, **options)
    if not isinstance(per, str) or per not in ("game", "hand"):
        raise CardlabError(f"per must be 'game' or 'hand', not {quote(per)}")
    _count("n", n, 0, "games")
    _count("max_steps", max_steps, 1, "steps")
    seed = _check_run(seed, processes, progress)
    probe = make_agents(g, agents, seed)
    if len(probe) != g.players:
        missing = [s for s in range(g.players) if s not in probe]
        raise CardlabError(f"every seat needs an agent to simulate; seats {missing} have none")
    if processes != 1 and any(not isinstance(a, str) for a in _agent_specs(agents)):
        raise CardlabError("pass agents by name to simulate with several processes")
    if progress is None:
        progress = n >= 50
    procs = processes or os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    bar = tqdm(total=n, desc=f"{g.spec.title}", unit="game", disable=not progress)
    try:
        if procs <= 1 or n < 2:
            for i in range(n):
                rows += _play_one(g, agents, seed, i, per, max_steps)
                bar.update(1)
        else:
            size = max(1, min(50, n // (procs * 4) or 1))
            jobs = [(g, agents, seed, idx, per, max_steps) for idx in _chunks(n, size)]
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(procs) as pool:
                for job, part in zip(jobs, pool.map(_chunk, jobs), strict=True):
                    rows += part
                    bar.update(len(job[3]))
    finally:
        bar.close()
    return pd.DataFrame(rows, columns=_columns(g.players, per, len(g.teams)))


def _columns(players: int, per: str, sides: int = 0) -> list[str]:
    """The result's columns, in order (an empty result keeps them too)."""
    seats = range(players)
    teams = range(sides)
    if per == "hand":
        return [
            "game",
            "seed",
            "hand",
            *(f"points_{s}" for s in seats),
            *(f"total_{s}" for s in seats),
            *(f"team_points_{t}" for t in teams),
            *(f"team_total_{t}" for t in teams),
            "summary",
        ]
    return [
        "game",
        "seed",
        "hands",
        "steps",
        *(f"score_{s}" for s in seats),
        *(f"win_{s}" for s in seats),
        *(f"team_score_{t}" for t in teams),
        *(f"team_win_{t}" for t in teams),
        *(["team_winner"] if sides else []),
        "winners",
        "winner",
        "result",
    ]


# ------------------------------------------------------------------ winnability
def _options_text(game: Game) -> str:
    """The options that differ from their defaults, as ``"name=value, ..."`` (or ``"default"``)."""
    return ", ".join(f"{k}={v!r}" for k, v in game.options.changed().items()) or "default"


def _solve_chunk(args: tuple[Game, int | str, Sequence[int], int]) -> list[dict[str, Any]]:
    game, seed, idx, budget = args
    solver = game.spec.solver
    assert solver is not None
    rules = _options_text(game)
    rows = []
    for i in idx:
        gseed = _game_seed(seed, i)
        state = game.new_state()
        step = state.chance
        assert step is not None
        state.apply(step.sample(chance_rng(gseed, 0)))
        t0 = time.process_time()
        verdict = solver(state, budget)
        rows.append(
            {
                "game": i,
                "seed": gseed,
                "rules": rules,
                "outcome": verdict.outcome,
                "nodes": verdict.nodes,
                "moves": len(verdict.line),
                "budget": budget,
                "seconds": time.process_time() - t0,
            }
        )
    return rows


def winnability(
    game: str | Game,
    n: int = 100,
    seed: int | str = 0,
    budget: int | None = None,
    *,
    processes: int = 1,
    progress: bool | None = None,
    **options: Any,
) -> pd.DataFrame:
    """How many of ``n`` seeded deals of a solitaire can be won at all, with every face known.

    Deal ``i`` is the first deal of ``Match(game, seed=f"{seed}/{i}")``, so any deal in
    the result can be opened and played.  Each is given to the game's solver with
    ``budget`` positions (default: the game's ``solver_budget``).

    Returns
    -------
    pandas.DataFrame
        One row per deal: ``game``, ``seed``, ``rules`` (the options that differ from the
        defaults), ``outcome`` (``"won"``, ``"lost"`` or ``"unknown"`` when the budget ran
        out), ``nodes`` (positions examined), ``moves`` (of the winning line), ``budget``
        and ``seconds`` (CPU time).  ``winnability_summary`` turns it into rates with
        intervals.
    """
    from tqdm.auto import tqdm

    from .core.optional import pandas as pd

    g = load(game, None, **options)
    if g.spec.solver is None:
        solvable = [s.name for s in _solitaires_with_solvers()]
        raise CardlabError(
            f"{g.spec.title} has no solver; winnability is known for {', '.join(solvable)}"
        )
    if getattr(g.options, "winnable", False):
        raise CardlabError("winnability counts every deal: leave winnable=False")
    _count("n", n, 0, "deals")
    budget = _count("budget", g.spec.solver_budget if budget is None else budget, 1, "positions")
    seed = _check_run(seed, processes, progress)
    if progress is None:
        progress = n >= 50
    procs = processes or os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    bar = tqdm(total=n, desc=f"{g.spec.title} deals", unit="deal", disable=not progress)
    try:
        size = max(1, min(50, n // (procs * 4) or 1))
        jobs = [(g, seed, idx, budget) for idx in _chunks(n, size)]
        if procs <= 1 or n < 2:
            for job in jobs:
                rows += _solve_chunk(job)
                bar.update(len(job[2]))
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(procs) as pool:
                for job, part in zip(jobs, pool.map(_solve_chunk, jobs), strict=True):
                    rows += part
                    bar.update(len(job[2]))
    finally:
        bar.close()
    columns = ["game", "seed", "rules", "outcome", "nodes", "moves", "budget", "seconds"]
    return pd.DataFrame(rows, columns=columns)


def winnability_summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Win rates with Wilson 95% intervals from ``winnability`` rows, per rule set.

    Deals the solver could not decide are counted twice: as losses (``min_rate``,
    ``min_low``, ``min_high``) and as wins (``max_rate``, ``max_low``, ``max_high``); the
    true rate lies between.  ``deals_per_s`` is deals decided per CPU-second.
    """
    from .core.optional import pandas as pd

    rows = []
    for rules, part in deals.groupby("rules", sort=False):
        n = len(part)
        won = int((part["outcome"] == "won").sum())
        lost = int((part["outcome"] == "lost").sum())
        unknown = n - won - lost
        lo1, hi1 = wilson(won, n)
        lo2, hi2 = wilson(won + unknown, n)
        secs = float(part["seconds"].sum())
        rows.append(
            {
                "rules": rules,
                "deals": n,
                "won": won,
                "lost": lost,
                "unknown": unknown,
                "min_rate": won / n if n else 0.0,
                "min_low": lo1,
                "min_high": hi1,
                "max_rate": (won + unknown) / n if n else 0.0,
                "max_low": lo2,
                "max_high": hi2,
                "budget": int(part["budget"].max()),
                "deals_per_s": n / secs if secs else float("nan"),
            }
        )
    return pd.DataFrame(rows)


def measured_winnability(game: str | None = None) -> pd.DataFrame:
    """The large measured runs shipped with the package (``cardlab/data/winnability.csv``).

    One row per rule set, as ``winnability_summary`` gives them, with ``game`` and the
    heuristic bot's wins on the same deals (``bot_wins``, ``bot_rate``, ``bot_low``,
    ``bot_high``); ``benchmarks/winnability.py`` writes the file.  ``game`` keeps that
    game's rows.
    """
    from .core.optional import pandas as pd

    path = files("cardlab") / "data" / "winnability.csv"
    with path.open(encoding="utf-8") as fh:
        table = pd.read_csv(fh, comment="#", keep_default_na=False)
    if game is not None:
        table = table[table["game"] == load(game).spec.name].reset_index(drop=True)
    return table


def _solitaires_with_solvers() -> list[Any]:
    from .core.registry import specs

    return [s for s in specs().values() if s.solver is not None]
