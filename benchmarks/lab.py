"""The variant lab's shipped results: large sweeps, resumable, written as Parquet.

``python benchmarks/lab.py variants`` measures the outcome profile of every game that
declares variants (``GameSpec.variants``): its defaults against each variant on the
same 2,000 games, every seat played by the heuristic bot, each deal once per first
dealer.  One file per game: ``cardlab/data/lab/<game>.parquet``, read by
``cardlab.lab.measured(game)`` and the docs' "variants measured" tables.

``python benchmarks/lab.py speed`` measures games per second of the outcome family for
Hearts and Golf in this process, in local processes and on a LocalCluster (Dask), and the
cost of Dask per batch.

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
        "games": 45,
        "ladder": ("random", "heuristic", "search:20"),
    },
    "golf-skill": {
        "game": "golf",
        "variants": {"default": {}, "Putt Putt": {"queen_on_king": True, "wrap": True}},
        "metrics": ["skill"],
        "games": 100,
        "ladder": ("random", "heuristic", "search:20"),
    },
    "foresight-tension": {
        "game": "foresight",
        "variants": {
            "3 players": {"hands": 1},
            "4 players": {"hands": 1, "players": 4},
            "5 players": {"hands": 1, "players": 5},
        },
        "metrics": ["tension"],
        "games": 16,
        "judge": 8,
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


def speed(games: int, workers: int, only: list[str]) -> None:
    """Games per second for each executor, and Dask's overhead per batch."""
    from dask.distributed import Client, LocalCluster

    from cardlab.core.registry import load

    for game in only or ["hearts", "golf"]:
        kwargs: dict[str, Any] = {
            "game": game,
            "variants": {"default": {}},
            "metrics": "outcome",
            "games": games,
            "seed": "speed",
            "progress": False,
        }
        batches = len(lab.plan({"default": load(game)}, "outcome", games, "speed", {}))
        times, played = {}, 0
        for executor in ("inprocess", "processes"):
            start = time.perf_counter()
            result = lab.compare(executor=executor, workers=workers, **kwargs)
            times[executor] = time.perf_counter() - start
            played = len(result.rows["outcome"])
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        )
        client = Client(cluster)
        try:
            client.run(lambda: __import__("cardlab.lab"))  # the workers start warm
            start = time.perf_counter()
            lab.compare(executor="dask", client=client, **kwargs)
            times["dask"] = time.perf_counter() - start
        finally:
            client.close()
            cluster.close()
        for executor, t in times.items():
            print(f"{game}: {executor}: {played / t:,.1f} games/s ({played} in {t:.1f} s)")
        extra = (times["dask"] - times["processes"]) / batches
        print(
            f"{game}: Dask against local processes: {extra * 1000:+.0f} ms per batch "
            f"({batches} batches of {lab.BATCH['outcome']} deals)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("variants", "questions", "speed"))
    p.add_argument("--games", type=int, default=2_000, help="games per variant (variants)")
    p.add_argument("--only", default="", help="comma-separated games or questions")
    p.add_argument("--seed", default="lab")
    p.add_argument("--workers", type=int, default=0, help="processes (0: one per CPU)")
    p.add_argument("--out", default=str(OUT))
    p.add_argument("--cache", default=str(CACHE))
    args = p.parse_args(argv)
    only = list(filter(None, args.only.split(",")))
    out, cache = Path(args.out), Path(args.cache)
    if args.what == "speed":
        speed(args.games, args.workers or 2, only)
    elif args.what == "variants":
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
