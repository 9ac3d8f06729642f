"""Frozen Novelty difficulty table: solvable rate, bot win rate and solver speed per level.

Deals the same random deals at every level, asks the perfect-information solver about
each one (with a node budget) and lets the heuristic bot play each from its observation.
Run ``python benchmarks/frozen_novelty.py [--deals N] [--budget B] [--seed S]
[--slide-rule table|suits|count] [levels ...]``; the default 1,000 deals per level takes a
few minutes.
"""

from __future__ import annotations

import argparse
import time

from cardlab.games.frozen_novelty import LEVELS, SLIDE_RULES, difficulty


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1_000, help="deals per level")
    p.add_argument("--budget", type=int, default=20_000, help="solver nodes per deal")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--slide-rule", default="table", choices=SLIDE_RULES, help="slide rule")
    p.add_argument("levels", nargs="*", default=list(LEVELS), help="levels (default: all)")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    df = difficulty(args.levels, args.deals, args.seed, args.budget, args.slide_rule)
    print(
        f"Frozen Novelty: {args.deals} deals per level, solver budget {args.budget:,} "
        f"positions, seed {args.seed}, slide rule {args.slide_rule}"
    )
    print("solvable = perfect information; unknown = budget used up (min: as lost, max: as won)")
    for r in df.itertuples():
        print(
            f"{r.level:10s} solvable {r.solvable_min:6.1%} [{r.solvable_min_lo:6.1%}, "
            f"{r.solvable_min_hi:6.1%}]  max {r.solvable_max:6.1%} [{r.solvable_max_lo:6.1%}, "
            f"{r.solvable_max_hi:6.1%}]  (won {r.won}, lost {r.lost}, unknown {r.unknown})  "
            f"bot wins {r.bot_win_rate:6.1%} [{r.bot_win_lo:6.1%}, {r.bot_win_hi:6.1%}] "
            f"home {r.bot_mean_home:4.1f}  solver {r.solver_deals_per_s:6.1f} deals/s "
            f"({r.mean_nodes:,.0f} nodes/deal)"
        )
    print(f"total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
