"""The variant lab's shipped results: large sweeps, resumable, written as Parquet.

``python benchmarks/lab.py variants`` measures the outcome profile of every game that
declares variants (``GameSpec.variants``): its defaults against each variant on the
same 2,000 games, every seat played by the heuristic bot, each deal once per first
dealer.  One file per game: ``cardlab/data/lab/<game>.parquet``, read by
``cardlab.lab.measured(game)`` and the docs' "variants measured" tables.

``python benchmarks/lab.py questions`` runs the larger sweeps the notebook "Which
variant plays best?" shows (``cardlab/data/lab/<question>.parquet``).

Every sweep keeps its finished batches in ``build/lab-cache/`` (``--cache``), so a run
that was stopped resumes where it was.  Long: run it niced, e.g.
``nice -n 15 python benchmarks/lab.py variants --workers 2``.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from cardlab import lab
from cardlab.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "cardlab" / "data" / "lab"
CACHE = ROOT / "build" / "lab-cache"

#: The notebook's three questions: game, variants, families and sizes.
QUESTIONS: dict[str, dict[str, Any]] = {
    "bouncers-skill": {
        "game": "bouncers",
        "variants": {"closed pile": {"hands": 1}, "open pile": {"hands": 1, "open_pile": True}},
        "metrics": ["skill"],
        "games": 120,
        "ladder": ("random", "heuristic", "search:20", "search:60"),
    },
    "foresight-tension": {
        "game": "foresight",
        "variants": {
            "3 players": {"hands": 1},
            "4 players": {"hands": 1, "players": 4},
            "5 players": {"hands": 1, "players": 5},
        },
        "metrics": ["tension"],
        "games": 80,
        "judge": 20,
    },
}


def run(name: str, out: Path, cache: Path, workers: int, **kwargs: Any) -> None:
    start = time.time()
    result = lab.compare(
        executor="processes", workers=workers, cache=str(cache / name), progress=True, **kwargs
    )
    result.settings["command"] = "python " + shlex.join(["benchmarks/lab.py", *sys.argv[1:]])
    result.settings["seconds"] = round(time.time() - start)
    out.mkdir(parents=True, exist_ok=True)
    result.to_parquet(str(out / f"{name}.parquet"))
    print(f"{name}: {time.time() - start:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("variants", "questions"))
    p.add_argument("--games", type=int, default=2_000, help="games per variant (variants)")
    p.add_argument("--only", default="", help="comma-separated games or questions")
    p.add_argument("--seed", default="lab")
    p.add_argument("--workers", type=int, default=0, help="processes (0: one per CPU)")
    p.add_argument("--out", default=str(OUT))
    p.add_argument("--cache", default=str(CACHE))
    args = p.parse_args(argv)
    only = list(filter(None, args.only.split(",")))
    out, cache = Path(args.out), Path(args.cache)
    if args.what == "variants":
        specs = [s for s in GAMES if s.variants and (not only or s.name in only)]
        if only:  # in the order given (cheapest first fills the tables in early)
            specs.sort(key=lambda s: only.index(s.name))
        for spec in specs:
            run(
                spec.name,
                out,
                cache,
                args.workers,
                game=spec.name,
                games=args.games,
                seed=args.seed,
                metrics=["outcome"],
            )
    else:
        for name, q in QUESTIONS.items():
            if only and name not in only:
                continue
            run(name, out, cache, args.workers, seed=args.seed, **q)


if __name__ == "__main__":
    main()
