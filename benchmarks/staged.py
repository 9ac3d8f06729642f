"""What a staged choice costs: listing legal actions at each step of a move being built.

A staged choice must list its steps as cheaply as a game lists an ordinary turn.  This
plays the Track Toy (``tests/toys/snake.py``: lays built card by card, with long hands)
with random play and times ``legal_actions`` afresh (its cache dropped) at every decision,
grouped by what the decision is: an ordinary turn (draw, or the tracks a lay may start
on) and a step inside a lay.  It also reports the longest menu met and the hand sizes.

Run ``python benchmarks/staged.py [--games N] [--hand H]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from toys.snake import GAME

REPEAT = 50


def listing_cost(state: object, seat: int) -> float:
    """Microseconds to list ``seat``'s legal actions afresh (median of a few batches)."""
    st: object = state
    batches = []
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(REPEAT):
            st._lc_seat = object()  # type: ignore[attr-defined]
            st.legal_actions(seat)  # type: ignore[attr-defined]
        batches.append((time.perf_counter() - t) / REPEAT * 1e6)
    return statistics.median(batches)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--hand", type=int, default=20, help="cards dealt to each player")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    game = GAME.game(2, hand=args.hand, target=1_000, max_turns=80, hands=1)
    rng = random.Random(args.seed)
    costs: dict[str, list[float]] = {"turn": [], "lay step": []}
    widest = {"turn": 0, "lay step": 0}
    held = 0
    for _ in range(args.games):
        st = game.new_state()
        while not st.terminal:
            if st.current == "chance":
                st.apply(st.sample_chance(rng))
                continue
            seat = st.to_move[0]
            kind = "lay step" if st.staged[seat] is not None else "turn"
            costs[kind].append(listing_cost(st, seat))
            legal = st.legal_actions(seat)
            widest[kind] = max(widest[kind], len(legal))
            held = max(held, st.hands[seat].bit_count())
            # favour laying on: a random walk that cancels at once rarely builds a lay
            lays = [a for a in legal if a.verb in ("lay", "done")]
            act = rng.choice(lays) if lays and rng.random() < 0.8 else rng.choice(legal)
            st.apply(act, seat)
    print(
        f"Track Toy, {args.games} random games, {args.hand} cards dealt, hands up to {held} cards"
    )
    for kind, xs in costs.items():
        median = statistics.median(xs)
        top = statistics.quantiles(xs, n=10)[-1]
        print(
            f"  {kind:9s} {len(xs):6d} decisions  legal_actions median {median:6.2f} µs"
            f"  (90th percentile {top:6.2f} µs)  longest menu {widest[kind]}"
        )


if __name__ == "__main__":
    main()
