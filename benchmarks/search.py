"""Speed of the search bot in every game, against the same game's random playouts.

For each game, collects early-hand positions from a seeded random game (a seat to move
with a real choice), lets the search bot decide each one at its default budget, and
prints search iterations per CPU-second, CPU-seconds per decision, and the ratio of
iterations per second to the game's random playout hands per CPU-second measured in the
same run.  Each iteration samples a world and plays the hand out, so the ratio is the
cost of one iteration counted in random hands; on a shared, noisy machine the ratios are
steadier than the absolute figures.  Run with ``make bench`` or
``python benchmarks/search.py [GAME ...] [--positions N] [--iterations I] [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import cardlab_playouts, median_rates

import cardlab
from cardlab.core.observation import Observation
from cardlab.core.search import DEFAULT_ITERATIONS, SearchAgent
from cardlab.games import GAMES


def positions(name: str, count: int, seed: int) -> list[Observation]:
    """Observations of the seat to move with more than one legal action, early in hands
    of random games (every hand contributes its first few choices)."""
    game = cardlab.load(name, hands=1)
    rng = random.Random(seed)
    found: list[Observation] = []
    while len(found) < count:
        state = game.new_state()
        taken = 0
        while not state.terminal and taken < 3 and len(found) < count:
            if state.current == "chance":
                state.apply(state.sample_chance(rng))
                continue
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if len(acts) > 1 and rng.random() < 0.5:
                found.append(state.observation(seat))
                taken += 1
            state.apply(acts[rng.randrange(len(acts))], seat)
    return found


def search_rate(name: str, count: int, iterations: int, seed: int) -> tuple[float, float, float]:
    """(iterations per CPU-second, mean and worst CPU-seconds per decision)."""
    game = cardlab.load(name, hands=1)
    times = []
    total = 0
    for i, obs in enumerate(positions(name, count, seed)):
        assert obs.seat is not None
        bot = SearchAgent(obs.seat, f"bench/{seed}/{i}", iterations=iterations, game=game)
        start = time.process_time()
        bot.search(obs)
        times.append(time.process_time() - start)
        total += iterations
    cpu = sum(times)
    return total / cpu, cpu / len(times), max(times)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=8, help="decisions searched per game")
    p.add_argument(
        "--iterations", type=int, default=DEFAULT_ITERATIONS, help="iterations per decision"
    )
    p.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of random playouts")
    p.add_argument("--reps", type=int, default=3, help="playout repetitions (median shown)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("games", nargs="*", help="games to measure (default: all)")
    args = p.parse_args(argv)
    names = args.games or [spec.name for spec in GAMES]
    print(
        f"search bot, {args.iterations} iterations on {args.positions} early-hand decisions;"
        f" random playouts median of {args.reps} × {args.seconds:g} CPU-s"
    )
    for name in names:
        r = median_rates(lambda n=name: cardlab_playouts(n, args.seconds, args.seed), args.reps)
        rate, mean, worst = search_rate(name, args.positions, args.iterations, args.seed)
        print(
            f"{name:15s} {rate:7,.0f} iterations/CPU-s  {mean:5.2f} s/decision"
            f" (worst {worst:4.2f})  {r.hands_per_s:7,.0f} random hands/CPU-s"
            f"  ratio {rate / r.hands_per_s:4.2f}"
        )


if __name__ == "__main__":
    main()
