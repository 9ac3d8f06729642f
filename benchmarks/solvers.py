"""Solitaire solver speed: random deals decided per CPU-second, for every solver.

Each solitaire with a solver decides the same seeded deals (``cardlab.winnability``) at its
default budget, under its default options and under each option set given on the command
line.  Prints deals per CPU-second against the game's ``GameSpec.solver_target``, with the
won / lost / unknown counts.  Run with ``make bench`` or
``python benchmarks/solvers.py [GAME ...] [--deals N] [--budget B]``.
"""

from __future__ import annotations

import argparse

import cardlab
from cardlab.core.registry import get_spec
from cardlab.games import GAMES


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200, help="deals per game")
    p.add_argument("--budget", type=int, default=None, help="positions per deal")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("games", nargs="*", help="games to measure (default: every solver)")
    args = p.parse_args(argv)
    names = args.games or [spec.name for spec in GAMES if spec.solver is not None]
    print(f"solitaire solvers, {args.deals} seeded deals each, CPU time")
    for name in names:
        spec = get_spec(name)
        deals = cardlab.winnability(name, args.deals, args.seed, args.budget, progress=False)
        row = cardlab.winnability_summary(deals).iloc[0]
        rate = row["deals_per_s"]
        target = spec.solver_target
        verdict = "meets" if rate >= target else "BELOW"
        print(
            f"{name:15s} {rate:8,.1f} deals/CPU-s  won {row['won']:4d}  lost {row['lost']:4d}"
            f"  unknown {row['unknown']:4d}  budget {row['budget']:,}"
            f"  ({verdict} target {target:g}, ratio {rate / target:.2f})"
        )


if __name__ == "__main__":
    main()
