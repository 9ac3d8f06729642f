"""Uniform-random playouts of whole hands, and the CPU-time harness the benchmarks share.

`cardlab_playouts` plays hands of a cardlab game with a uniformly random legal action at every
decision (chance resolved by `state.sample_chance`) until a CPU-time budget is spent.
`timed_hands` and `median_rates` are the harness: `benchmarks/peers.py` runs its peer engines
(OpenSpiel, RLCard) through the same two functions, and `benchmarks/games.py` reuses them.

Time is `time.process_time()` (CPU seconds of this process), read once after every hand.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

# (hands played, player actions applied, CPU seconds spent)
Playout = tuple[int, int, float]


@dataclass(frozen=True)
class Rates:
    """Medians over repetitions of one playout benchmark."""

    hands_per_s: float
    actions_per_s: float
    actions_per_hand: float
    reps: int


def timed_hands(play_hand: Callable[[], int], seconds: float) -> Playout:
    """Call `play_hand()` (which returns its player-action count) until `seconds` of CPU pass.

    At least one hand is always played.
    """
    clock = time.process_time
    hands = actions = 0
    start = clock()
    while True:
        actions += play_hand()
        hands += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return hands, actions, elapsed


def median_rates(run: Callable[[], Playout], reps: int) -> Rates:
    """Run `run()` `reps` times; return the median hands/s, actions/s and actions/hand."""
    results = [run() for _ in range(max(1, reps))]
    return Rates(
        hands_per_s=statistics.median(h / cpu for h, _, cpu in results),
        actions_per_s=statistics.median(a / cpu for _, a, cpu in results),
        actions_per_hand=statistics.median(a / h for h, a, _ in results),
        reps=len(results),
    )


def cardlab_playouts(game_name: str, seconds: float, seed: int) -> Playout:
    """Random-legal playouts of single-hand cardlab games for `seconds` of CPU time.

    `game_name` is what `cardlab.load` takes ("hearts", "gin_rummy"). Every hand starts at the
    deal; chance is sampled with a `random.Random(seed)` shared by the whole run, so a run is
    reproducible. In simultaneous phases the first seat of `state.to_move` acts. Only non-chance
    applies count as actions. Returns (hands, actions, cpu_seconds).
    """
    import cardlab  # imported here so the peers still run while cardlab's engines are missing

    game = cardlab.load(game_name, hands=1)
    rng = random.Random(seed)
    randrange = rng.randrange

    def play_hand() -> int:
        state = game.new_state()
        actions = 0
        while not state.terminal:
            if state.current == "chance":
                state.apply(state.sample_chance(rng))
            else:
                seat = state.to_move[0]
                acts = state.legal_actions(seat)
                state.apply(acts[randrange(len(acts))], seat)
                actions += 1
        return actions

    return timed_hands(play_hand, seconds)
