"""A fixed random-playout workload, for counting instructions under valgrind.

Plays ``--warmup`` random hands of a game (tables and caches fill), then ``--hands``
more, every choice drawn from one seeded generator, so two runs of the same code do the
same work.  Time is no use on a shared machine; instruction counts are steady.  The
measured hands are played through ``itertools.starmap``, which nothing else uses, so
callgrind can count them alone:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=starmap_next \\
        --callgrind-out-file=/dev/null python benchmarks/instructions.py hearts --hands 200

The total collected divided by 200 is the cost of a hand; ``--until play`` ends each hand
when its play phase begins (the deal and the passing only), ``--until pass`` after the
deal.  Without valgrind the script prints the hands' CPU time and (``--digest``) a digest
of every action taken and every event logged, so a change that should keep behaviour can
be checked to play the very same hands.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import itertools
import random
import time
from typing import Any

import cardlab


def play_hand(game: Any, rng: random.Random, digest: Any, until: str) -> int:
    """Play one random hand of ``game``; return the seat actions taken."""
    randrange = rng.randrange
    actions = 0
    state = game.new_state()
    while not state.terminal and not (until and str(state.phase) == until):
        if state.current == "chance":
            act = state.sample_chance(rng)
            state.apply(act)
        else:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            act = acts[randrange(len(acts))]
            state.apply(act, seat)
            actions += 1
        if digest is not None:
            digest.update(str(act).encode())
    if digest is not None:
        digest.update(repr((state.scores, state.events)).encode())
    return actions


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="hearts")
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--warmup", type=int, default=3000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--until", default="", help="end each hand when this phase begins")
    p.add_argument("--digest", action="store_true", help="print a digest of what happened")
    args = p.parse_args(argv)
    game = cardlab.load(args.game, hands=1)
    rng = random.Random(args.seed)
    for _ in range(args.warmup):
        play_hand(game, rng, None, args.until)
    digest = hashlib.sha256() if args.digest else None
    counts: list[int] = []
    start = time.process_time()
    hands = itertools.repeat((game, rng, digest, args.until), args.hands)
    collections.deque(map(counts.append, itertools.starmap(play_hand, hands)), maxlen=0)
    cpu = time.process_time() - start
    print(f"{args.game}: {args.hands} hands, {sum(counts)} actions, {cpu:.2f} CPU-s")
    if digest is not None:
        print("digest", digest.hexdigest())


if __name__ == "__main__":
    main()
