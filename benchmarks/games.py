"""Random-playout speed of every game engine.

Plays whole single hands with a uniformly random legal action at every decision and
prints hands and actions per CPU-second (median of several repetitions).  Run with
``make bench`` or ``python benchmarks/games.py [GAME ...] [--seconds S] [--reps R]``.

Each game's target (hands per CPU-second) is its ``GameSpec.bench_target``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playouts import cardlab_playouts, median_rates

from cardlab.core.registry import get_spec
from cardlab.games import GAMES


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per repetition")
    p.add_argument("--reps", type=int, default=5, help="repetitions (the median is shown)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("games", nargs="*", help="games to measure (default: all)")
    args = p.parse_args(argv)
    names = args.games or [spec.name for spec in GAMES]
    print(f"random playouts, single hands, median of {args.reps} × {args.seconds:g} CPU-s")
    for name in names:
        target = get_spec(name).bench_target
        r = median_rates(lambda n=name: cardlab_playouts(n, args.seconds, args.seed), args.reps)
        verdict = "meets" if r.hands_per_s >= target else "BELOW"
        print(
            f"{name:15s} {r.hands_per_s:9,.0f} hands/CPU-s  {r.actions_per_s:11,.0f} actions/CPU-s"
            f"  {r.actions_per_hand:5.1f} actions/hand  ({verdict} target {target:,})"
        )


if __name__ == "__main__":
    main()
