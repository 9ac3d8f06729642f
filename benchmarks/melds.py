"""CPU-time benchmark of `cardlab.rules.melds` on fixed-seed random and dense hands.

Run as `python benchmarks/melds.py [--count N] [--reps N] [--seed N]`. Every hand in a set is
distinct and the module's caches are emptied before each repetition, so the figures are cold
rates. Each line is the median over the repetitions of hands / `time.process_time()` seconds.
When `pyspiel` imports, OpenSpiel's `GinRummyUtils.min_deadwood` is timed on the same hands and
its answers are checked against ours; otherwise that part is skipped with a note.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from cardlab.rules import melds

KNOCK_LIMIT = 10


def random_hands(rng: random.Random, size: int, count: int) -> list[int]:
    """`count` distinct uniformly drawn hands of `size` cards."""
    seen: dict[int, None] = {}
    deck = range(52)
    while len(seen) < count:
        seen[melds.mask_of(rng.sample(deck, size))] = None
    return list(seen)


def dense_hands(rng: random.Random, size: int, count: int) -> list[int]:
    """`count` distinct hands of `size` cards from windows of 3 to 5 ranks in all suits."""
    seen: dict[int, None] = {}
    while len(seen) < count:
        width = rng.randint(3, 5)
        start = rng.randrange(13)
        pool = [suit * 13 + (start + i) % 13 for i in range(width) for suit in range(4)]
        if len(pool) >= size:
            seen[melds.mask_of(rng.sample(pool, size))] = None
    return list(seen)


def median_rate(call: Callable[[int], object], hands: Sequence[int], reps: int) -> float:
    """Median calls per CPU second of `call` over `hands`, caches emptied before each pass."""
    rates = []
    clock = time.process_time
    for _ in range(reps):
        melds.clear_caches()
        start = clock()
        for hand in hands:
            call(hand)
        elapsed = clock() - start
        rates.append(len(hands) / max(elapsed, 1e-9))
    return statistics.median(rates)


def report(label: str, rate: float) -> None:
    """Print one figure."""
    print(f"{label}: {rate:,.0f} calls/s", flush=True)


def knock(around: bool) -> Callable[[int], int]:
    """`knock_discards` with the usual knock limit."""
    return lambda hand: melds.knock_discards(hand, KNOCK_LIMIT, around)


def best_after_discard(hand: int) -> int:
    """Lowest deadwood reachable by discarding one card of `hand`."""
    return min(melds.discard_deadwoods(hand).values())


def card_names(hand: int) -> str:
    """Cards of `hand` written like `7c Td Ah`."""
    return " ".join("A23456789TJQK"[c % 13] + "cdhs"[c // 13] for c in melds.indices(hand))


def to_openspiel(hand: int) -> list[int]:
    """OpenSpiel card ints (suits ordered s, c, d, h; same rank order) for one of our masks."""
    return [((card // 13 + 1) % 4) * 13 + card % 13 for card in melds.indices(hand)]


def compare_openspiel(
    sets: Sequence[tuple[str, list[int], Callable[[int], int]]], reps: int
) -> None:
    """Time OpenSpiel's min_deadwood and count where it disagrees with ours, if installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel: skipped (pyspiel is not installed)")
        return
    module = getattr(pyspiel, "gin_rummy", pyspiel)
    utils = module.GinRummyUtils(13, 4, 10)
    for name, hands, ours in sets:
        converted = [to_openspiel(hand) for hand in hands]
        rates = []
        theirs: list[int] = []
        for _ in range(reps):
            start = time.process_time()
            theirs = [utils.min_deadwood(cards) for cards in converted]
            rates.append(len(converted) / max(time.process_time() - start, 1e-9))
        report(f"OpenSpiel min_deadwood {name}", statistics.median(rates))
        wrong = [
            (hand, value, exact)
            for hand, value in zip(hands, theirs, strict=True)
            if value != (exact := ours(hand))
        ]
        print(f"OpenSpiel agreement {name}: {len(hands) - len(wrong):,}/{len(hands):,} hands")
        for hand, value, exact in wrong[:3]:
            print(f"  {card_names(hand)}: OpenSpiel {value}, exact {exact}")


def main(argv: Sequence[str] | None = None) -> None:
    """Generate the hand sets, time every function and print one figure per line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000, help="distinct hands per set")
    parser.add_argument("--reps", type=int, default=5, help="repetitions per figure")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    ten = random_hands(rng, 10, args.count)
    eleven = random_hands(rng, 11, args.count)
    dense_count = max(1, args.count // 4)
    dense_ten = dense_hands(rng, 10, dense_count)
    dense_eleven = dense_hands(rng, 11, dense_count)
    print(
        f"hands: {len(ten):,} random 10-card, {len(eleven):,} random 11-card, "
        f"{len(dense_ten):,} dense 10-card, {len(dense_eleven):,} dense 11-card; "
        f"median of {args.reps} repetitions, CPU time, caches emptied"
    )
    figures: list[tuple[str, Callable[[int], object], list[int]]] = [
        ("min_deadwood 10 cards", melds.min_deadwood, ten),
        ("best_melds 10 cards", melds.best_melds, ten),
        ("min_deadwood 11 cards", melds.min_deadwood, eleven),
        (f"knock_discards 11 cards (limit {KNOCK_LIMIT})", knock(False), eleven),
        ("discard_deadwoods 11 cards", melds.discard_deadwoods, eleven),
        ("min_deadwood 10 cards dense", melds.min_deadwood, dense_ten),
        ("best_melds 10 cards dense", melds.best_melds, dense_ten),
        (f"knock_discards 11 cards dense (limit {KNOCK_LIMIT})", knock(False), dense_eleven),
        ("discard_deadwoods 11 cards dense", melds.discard_deadwoods, dense_eleven),
        ("best_arrangements 10 cards dense", melds.best_arrangements, dense_ten),
        ("min_deadwood 10 cards around", lambda h: melds.min_deadwood(h, True), ten),
        (f"knock_discards 11 cards around (limit {KNOCK_LIMIT})", knock(True), eleven),
    ]
    for label, call, hands in figures:
        report(label, median_rate(call, hands, args.reps))
    # OpenSpiel scores an 11-card hand as the best deadwood after one discard
    compare_openspiel(
        [
            ("10 cards", ten, melds.min_deadwood),
            ("11 cards", eleven, best_after_discard),
            ("10 cards dense", dense_ten, melds.min_deadwood),
            ("11 cards dense", dense_eleven, best_after_discard),
        ],
        args.reps,
    )


if __name__ == "__main__":
    main()
