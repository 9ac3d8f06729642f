"""How fast Hatchet finds where a card may go: every placement of one card, per turn.

Random games are played; at each decision where a card has been turned, the placements
for one turn of the card (the lattice search alone, and the whole legal list with its
actions named) are found afresh, the cached ones dropped, three times each (the fastest
is kept: the others measure the machine's other work).  Reports the median and the
worst time over the turns met, with the number of places found.

Run ``python benchmarks/hatchet_placements.py [--turns N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardlab
from cardlab.games.hatchet import HatchetState, shape

#: Each turn is timed this many times and the fastest kept: on a shared machine the
#: slower runs measure other programs, not the search.
REPEAT = 3


def measure(turns: int, seed: int) -> dict[str, float]:
    game = cardlab.load("hatchet", players=3)
    rng = random.Random(seed)
    search: list[float] = []
    listing: list[float] = []
    found: list[int] = []
    st = game.new_state()
    while len(search) < turns:
        if st.terminal:
            st = game.new_state()
        if st.current == "chance":
            st.apply(st.sample_chance(rng))
            continue
        assert isinstance(st, HatchetState)
        if st.phase == "turn":
            turn = rng.choice((0, 1))
            h, w = shape(turn)
            best = []
            for _ in range(REPEAT):
                t = time.perf_counter()
                spots = st.lattice.placements(h, w)
                best.append(time.perf_counter() - t)
            search.append(min(best))
            st.apply(f"turn {90 * turn}")
            best = []
            for _ in range(REPEAT):
                st.spots = {}
                st._lc_seat = object()  # drop the cached legal list
                t = time.perf_counter()
                acts = st.legal_actions()
                best.append(time.perf_counter() - t)
            listing.append(min(best))
            found.append(len(spots))
            st.apply(acts[rng.randrange(len(acts) - 1)])  # a place, not 'back'
            continue
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    ms = 1e3
    return {
        "turns": len(search),
        "search median ms": statistics.median(search) * ms,
        "search p99 ms": sorted(search)[int(0.99 * len(search))] * ms,
        "search worst ms": max(search) * ms,
        "legal list median ms": statistics.median(listing) * ms,
        "legal list p99 ms": sorted(listing)[int(0.99 * len(listing))] * ms,
        "legal list worst ms": max(listing) * ms,
        "places median": statistics.median(found),
        "places most": max(found),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for k, v in measure(args.turns, args.seed).items():
        print(f"{k:>22}: {v:.3f}" if isinstance(v, float) else f"{k:>22}: {v}")


if __name__ == "__main__":
    main()
