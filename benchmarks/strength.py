"""How strong is the search bot?  Duplicate deals, seats rotated, written to a CSV.

For every game, each deal is played once per seat with the search bot in that seat and
the opponent bot (``heuristic`` or ``random``) in every other, so every seat's cards
are played by the search bot once; a solitaire deal is played once by each bot.  Each
row of ``cardlab/data/strength.csv`` is one deal: the search bot's mean result over the
rotations, as points against the others' average (higher is better whatever the game's
scoring: negated when lower totals win; a solitaire's row is search minus opponent), and
its share of wins.  In the Foresight-deck games the search bot also plays with a sampler
that ignores the backs (``sampler="no backs"``), against the heuristic bot on the same
deals: the difference is what reading the backs is worth.

Every game is one hand (``hands=1``).  Run with ``python benchmarks/strength.py``
(``--deals``, ``--random-deals``, ``--budgets``, ``--games``); each game's rows replace
its old ones as soon as that game is done, so games can be measured one run at a time.
Long: run it niced.
"""

from __future__ import annotations

import argparse
import csv
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

import cardlab
from cardlab.core.match import Match
from cardlab.core.search import DEFAULT_ROLLOUT, SearchAgent
from cardlab.games import GAMES
from cardlab.rules.worlds import sample_without_backs

OUT = Path(__file__).resolve().parent.parent / "cardlab" / "data" / "strength.csv"
ROLLOUT = DEFAULT_ROLLOUT
FIELDS = ("game", "players", "opponent", "budget", "sampler", "deal", "points", "wins")


def play_deal(name: str, deal: int, opponent: str, budget: int, blind: bool) -> tuple[float, float]:
    """The search bot's mean relative points and win share over the seat rotations."""
    game = cardlab.load(name, hands=1)
    n = game.players
    lower = game.spec.lower_is_better
    sign = -1.0 if lower else 1.0
    seed = f"strength/{name}/{deal}"
    sampler = sample_without_backs if blind else None

    def search(seat: int) -> SearchAgent:
        return SearchAgent(seat, seed, iterations=budget, sampler=sampler, rollout=ROLLOUT)

    if game.spec.solitaire:
        mine = Match(game, seed=seed, agents=[search(0)])
        mine.run()
        theirs = Match(game, seed=seed, agents=[opponent])
        theirs.run()
        diff = sign * (mine.scores[0] - theirs.scores[0])
        return diff, float(bool(mine.winners())) - float(bool(theirs.winners()))
    points = wins = 0.0
    for seat in range(n):
        agents: list[object] = [opponent] * n
        agents[seat] = search(seat)
        m = Match(game, seed=seed, agents=agents)  # type: ignore[arg-type]
        m.run()
        scores = m.scores
        others = (sum(scores) - scores[seat]) / (n - 1)
        points += sign * (scores[seat] - others)
        winners = m.winners()
        wins += 1.0 / len(winners) if seat in winners else 0.0
    return points / n, wins / n


def _job(job: tuple[str, int, str, int, bool]) -> tuple[float, float, float]:
    start = time.process_time()
    pts, wins = play_deal(*job)
    return pts, wins, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--random-deals", type=int, default=0, help="against random (default: --deals)")
    p.add_argument("--solitaire-deals", type=int, default=6)
    p.add_argument("--budgets", default="25,100", help="search iterations, comma-separated")
    p.add_argument("--games", default="", help="comma-separated (default: all)")
    p.add_argument("--out", default=str(OUT))
    p.add_argument("--processes", type=int, default=0, help="worker processes (0: one per CPU)")
    args = p.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    names = args.games.split(",") if args.games else [s.name for s in GAMES]
    jobs = []
    for name in names:
        game = cardlab.load(name)
        deals = args.solitaire_deals if game.spec.solitaire else args.deals
        for budget in budgets:
            for opponent in ("heuristic", "random"):
                k = deals if opponent == "heuristic" or game.spec.solitaire else args.random_deals
                jobs += [(name, d, opponent, budget, False) for d in range(k or deals)]
        if game.deck.informative:
            jobs += [(name, d, "heuristic", budgets[-1], True) for d in range(deals)]
    out = Path(args.out)
    cpu = 0.0
    with ProcessPoolExecutor(args.processes or None) as pool:
        for name in names:
            mine = [j for j in jobs if j[0] == name]
            players = cardlab.load(name).players
            rows = []
            for (_, d, opponent, budget, blind), (pts, wins, secs) in tqdm(
                zip(mine, pool.map(_job, mine), strict=True), total=len(mine), desc=name
            ):
                sampler = "no backs" if blind else "backs"
                rows.append((name, players, opponent, budget, sampler, d, pts, wins))
                cpu += secs
            # each game's rows replace its old ones as soon as they are in
            write(out, name, rows)
    print(f"wrote {len(jobs)} rows to {out} in {cpu / 60:.1f} CPU-minutes")


def write(out: Path, name: str, rows: list[tuple[object, ...]]) -> None:
    """Put ``name``'s rows into the CSV in place of its old ones, games in GAMES order."""
    kept: list[list[str]] = []
    if out.exists():
        lines = [ln for ln in out.read_text().splitlines() if not ln.startswith("#")]
        kept = [r for r in csv.reader(lines[1:]) if r and r[0] != name]
    fresh = [[str(x) for x in r[:6]] + [f"{r[6]:.3f}", f"{r[7]:.3f}"] for r in rows]
    order = {s.name: i for i, s in enumerate(GAMES)}
    every = sorted(kept + fresh, key=lambda r: order.get(r[0], len(order)))
    with out.open("w", newline="") as f:
        f.write(
            "# search bot strength: duplicate deals with seats rotated, one hand per game; "
            "a game's rows are its deals at each budget and opponent\n"
        )
        w = csv.writer(f)
        w.writerow(FIELDS)
        w.writerows(every)


if __name__ == "__main__":
    main()
