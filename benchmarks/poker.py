"""Poker hand evaluations per CPU second: cardlab against treys and phevaluator, one run.

Run as `python benchmarks/poker.py [--count N] [--reps N] [--seed N]` (`make bench-poker`
runs it in the bench environment, where both peers are installed).  The same fixed-seed
random 5- and 7-card hands go to every evaluator, each already in that evaluator's own
card format, so the figures time evaluation alone: cardlab's `Evaluator.value` on a card
bitmask, treys' `Evaluator.evaluate` (pure Python), phevaluator's public `evaluate_cards`
and its C function called directly.  Each figure is the median over the repetitions of
hands / `time.process_time()` seconds.  Every peer's answers are checked against ours: the
hands must come out in the same order, with the same ties.

cardlab's evaluator with a wild rank is timed too (no peer has wild cards), and so is the
exact count of every 7-card hand by class (`cardlab.odds.hand_classes`).  A peer that is
not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardlab.rules import poker

RANKS = "A23456789TJQK"
SUITS = "cdhs"


def random_hands(rng: random.Random, size: int, count: int) -> list[list[int]]:
    """`count` uniformly drawn hands of `size` card indices (suit * 13 + rank - 1)."""
    deck = range(52)
    return [rng.sample(deck, size) for _ in range(count)]


def median_rate(run: Callable[[], object], count: int, reps: int) -> float:
    """Median hands per CPU second of `run`, which evaluates `count` hands."""
    rates = []
    for _ in range(reps):
        start = time.process_time()
        run()
        rates.append(count / max(time.process_time() - start, 1e-9))
    return statistics.median(rates)


def ordered_alike(ours: Sequence[int], theirs: Sequence[int]) -> int:
    """How many hands sit where ours put them when sorted by a lower-is-better peer."""
    pairs = sorted(zip(ours, theirs, strict=True))
    good = 1
    for (o1, t1), (o2, t2) in itertools.pairwise(pairs):
        if (o1 == o2 and t1 == t2) or (o1 < o2 and t1 > t2):
            good += 1
    return good


def card_text(index: int) -> str:
    return RANKS[index % 13] + SUITS[index // 13]


def cardlab_run(
    size: int, hands: list[list[int]], wild: int | None = None
) -> Callable[[], list[int]]:
    value = poker.evaluator(size, wild).value
    masks = [sum(1 << c for c in hand) for hand in hands]

    def run() -> list[int]:
        return [value(m) for m in masks]

    return run


def treys_run(hands: list[list[int]]) -> Callable[[], list[int]] | None:
    try:
        from treys import Card, Evaluator  # type: ignore[import-not-found]
    except ImportError:
        return None
    evaluator = Evaluator()
    converted = [[Card.new(card_text(c)) for c in hand] for hand in hands]
    evaluate = evaluator.evaluate
    empty: list[int] = []

    def run() -> list[int]:
        return [evaluate(hand, empty) for hand in converted]

    return run


def ph_id(index: int) -> int:
    """phevaluator's card id: rank (two = 0 … ace = 12) * 4 + suit (c, d, h, s)."""
    return ((index % 13 - 1) % 13) * 4 + index // 13


def phevaluator_runs(hands: list[list[int]]) -> list[tuple[str, Callable[[], list[int]]]]:
    try:
        from phevaluator import _pheval, evaluate_cards  # type: ignore[import-not-found]
    except ImportError:
        return []
    converted = [[ph_id(c) for c in hand] for hand in hands]
    native: Any = {5: _pheval.evaluate_5cards, 7: _pheval.evaluate_7cards}[len(hands[0])]

    def public() -> list[int]:
        return [evaluate_cards(*hand) for hand in converted]

    def core() -> list[int]:
        return [native(*hand) for hand in converted]

    return [("phevaluator evaluate_cards", public), ("phevaluator C core (_pheval)", core)]


def main(argv: Sequence[str] | None = None) -> None:
    """Time every evaluator on the same hands and print one figure per line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000, help="hands per size")
    parser.add_argument("--reps", type=int, default=5, help="repetitions per figure")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(
        f"{args.count:,} random hands per size; median of {args.reps} repetitions, "
        "hands per CPU second"
    )
    for size in (5, 7):
        hands = random_hands(rng, size, args.count)
        start = time.process_time()
        ours_run = cardlab_run(size, hands)
        ours = ours_run()
        print(f"{size} cards: cardlab tables built in {time.process_time() - start:.2f} s")
        rate = median_rate(ours_run, len(hands), args.reps)
        print(f"{size} cards: cardlab {rate:,.0f} hands/s")
        peers: list[tuple[str, Callable[[], list[int]]]] = []
        treys = treys_run(hands)
        if treys is None:
            print(f"{size} cards: treys skipped (not installed)")
        else:
            peers.append(("treys", treys))
        ph = phevaluator_runs(hands)
        if not ph:
            print(f"{size} cards: phevaluator skipped (not installed)")
        peers += ph
        for name, run in peers:
            theirs = run()
            agree = ordered_alike(ours, theirs)
            peer_rate = median_rate(run, len(hands), args.reps)
            print(
                f"{size} cards: {name} {peer_rate:,.0f} hands/s; cardlab is "
                f"{rate / peer_rate:.2f}x its rate; same order on {agree:,}/{len(hands):,} hands"
            )
        wild_rate = median_rate(cardlab_run(size, hands, size), len(hands), args.reps)
        print(f"{size} cards: cardlab with {size}s wild {wild_rate:,.0f} hands/s")
    from cardlab import odds

    for wild in (None, 7):
        start = time.process_time()
        frame = odds.hand_classes(7, wild)
        label = "no wild" if wild is None else f"{wild}s wild"
        print(
            f"exact 7-card class table ({label}, {frame.attrs['total']:,} hands): "
            f"{time.process_time() - start:.2f} s"
        )


if __name__ == "__main__":
    main()
