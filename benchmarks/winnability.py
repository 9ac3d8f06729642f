"""How often can a solitaire be won at all, and how often does its bot win?

For each rule set (a game and options), the solver decides ``--deals`` seeded deals
(``cardlab.winnability``) and the heuristic bot plays the same deals
(``cardlab.simulate``).  One summary row per rule set is written to
``cardlab/data/winnability.csv`` (the notebooks chart it): won / lost / unknown, the win
rate with Wilson 95% intervals counting unknowns as losses and as wins, the bot's win
rate with its interval, the budget and the solver's deals per CPU-second.

Run ``python benchmarks/winnability.py`` for the default plan, or name rule sets:
``python benchmarks/winnability.py golf golf:draw_any_time=True --deals 2000``.  Rule sets
named on the command line replace their own rows in the file (or are added in the plan's
order) and leave the other rows as they are.  Long: the default plan takes about an hour
on two cores; run it niced.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any

import cardlab
from cardlab.cli import parse_options
from cardlab.core.registry import get_spec
from cardlab.core.solver import wilson

OUT = Path(__file__).resolve().parent.parent / "cardlab" / "data" / "winnability.csv"

#: The rule sets measured by default, with their deal counts.
PLAN: tuple[tuple[str, int], ...] = (
    ("golf", 20_000),
    ("golf:draw_any_time=True", 20_000),
    ("golf:draw_any_time=True,queen_on_king=True", 20_000),
    ("golf:wrap=True", 20_000),
    ("golf:draw_any_time=True,wrap=True", 500),  # the solver takes about a CPU-second a deal
    ("canfield", 2_000),
    ("canfield:draw=3", 2_000),
    ("canfield:draw=3,build_across_base=False", 2_000),
    ("frozen_novelty:level=normal", 2_000),
)

FIELDS = (
    "game",
    "rules",
    "deals",
    "won",
    "lost",
    "unknown",
    "min_rate",
    "min_low",
    "min_high",
    "max_rate",
    "max_low",
    "max_high",
    "bot_wins",
    "bot_rate",
    "bot_low",
    "bot_high",
    "budget",
    "deals_per_s",
)


def parse(text: str) -> tuple[str, dict[str, Any]]:
    """``"golf:draw_any_time=True,wrap=True"`` -> ``("golf", {...})``."""
    name, _, rest = text.partition(":")
    return name, parse_options(rest.split(",") if rest else [])


def measure(text: str, deals: int, seed: int, budget: int | None, processes: int) -> dict[str, Any]:
    name, options = parse(text)
    solved = cardlab.winnability(
        name, deals, seed, budget, processes=processes, progress=True, **options
    )
    row = cardlab.winnability_summary(solved).iloc[0].to_dict()
    played = cardlab.simulate(
        name, "heuristic", deals, seed, processes=processes, progress=True, **options
    )
    bot_wins = int(played["win_0"].sum())
    lo, hi = wilson(bot_wins, deals)
    row.update(
        game=name,
        bot_wins=bot_wins,
        bot_rate=bot_wins / deals if deals else 0.0,
        bot_low=lo,
        bot_high=hi,
    )
    return row


def merge(path: Path, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the file at ``path`` with ``rows`` in place of their own rule sets, new
    rule sets placed in the plan's order."""
    with path.open(encoding="utf-8") as fh:
        kept = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    new = {(r["game"], r["rules"]): r for r in rows}
    merged: list[dict[str, Any]] = [new.pop((r["game"], r["rules"]), r) for r in kept]

    def place(row: dict[str, Any]) -> int:
        names = [parse(text)[0] for text, _ in PLAN]
        return max((i for i, n in enumerate(names) if n == row["game"]), default=len(names))

    for row in new.values():
        at = max(
            (i + 1 for i, r in enumerate(merged) if place(r) <= place(row)), default=len(merged)
        )
        merged.insert(at, row)
    return merged


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("rules", nargs="*", help="rule sets game[:option=value,...]")
    p.add_argument("--deals", type=int, default=0, help="deals per rule set (default: plan)")
    p.add_argument("--budget", type=int, default=None, help="solver positions per deal")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=0, help="0: one per CPU")
    p.add_argument("--out", default=str(OUT))
    args = p.parse_args(argv)
    plan = [(r, args.deals or 200) for r in args.rules] if args.rules else list(PLAN)
    if args.deals and not args.rules:
        plan = [(r, args.deals) for r, _ in plan]
    t0 = time.perf_counter()
    rows = []
    for text, deals in plan:
        get_spec(parse(text)[0])
        row = measure(text, deals, args.seed, args.budget, args.processes)
        rows.append(row)
        print(
            f"{text:45s} {row['deals']:6,d} deals  won {row['won']:6,d}  lost {row['lost']:6,d}"
            f"  unknown {row['unknown']:4,d}  winnable {row['min_rate']:.1%}"
            f" [{row['min_low']:.1%}, {row['max_high']:.1%}]  bot {row['bot_rate']:.1%}"
            f" [{row['bot_low']:.1%}, {row['bot_high']:.1%}]  budget {row['budget']:,}"
            f"  {row['deals_per_s']:.1f} deals/CPU-s",
            flush=True,
        )
    out = Path(args.out)
    if args.rules and out.exists():
        rows = merge(out, rows)
    with out.open("w", newline="", encoding="utf-8") as fh:
        fh.write(
            f"# winnability: seed {args.seed}; the solver with every face known against the "
            "heuristic bot on the same deals; Wilson 95% intervals\n"
        )
        w = csv.DictWriter(fh, FIELDS, extrasaction="ignore")
        w.writeheader()
        for row in rows:
            w.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in row.items()})
    print(f"wrote {out} in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
