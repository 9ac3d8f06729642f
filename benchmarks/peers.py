"""Compare cardlab's Hearts and Gin Rummy engines with peer engines (OpenSpiel, RLCard).

What it measures, all in this one process with CPU time (`time.process_time`):

* Random playouts of whole hands: at every decision a uniformly random legal action, chance
  sampled from a seeded `random.Random`. Hands per CPU-second and player actions per CPU-second
  (chance nodes are not counted as actions), median of `--reps` repetitions of `--seconds` each,
  every repetition replaying the same seeded hands. Peers: OpenSpiel `hearts` and `gin_rummy`
  (default parameters) and RLCard's bare `GinRummyGame` (no RL env wrapper, no feature tensors).
* Gin Rummy `min_deadwood`: calls per CPU-second of `cardlab.rules.melds.min_deadwood` and of
  OpenSpiel's `GinRummyUtils.min_deadwood` on the same seeded distinct random 10-card hands
  (cold: every hand is new, and cardlab's function cache, if it has one, is cleared before each
  pass), then agreement on random and dense (ranks 6..10 only) 10- and 11-card hands.

Run it with `make bench-peers`, which builds `.venv-bench` (`pip install -e '.[bench]'`) and runs
this script; or directly: `.venv-bench/bin/python benchmarks/peers.py [--seconds 2] [--reps 5]`.
If cardlab's engines are not importable yet, the peer figures are printed with a note.
"""

from __future__ import annotations

import argparse
import functools
import importlib.metadata
import itertools
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

try:
    from playouts import Playout, Rates, cardlab_playouts, median_rates, timed_hands
except ImportError:  # run as `python -m benchmarks.peers`
    from benchmarks.playouts import (  # type: ignore[no-redef]
        Playout,
        Rates,
        cardlab_playouts,
        median_rates,
        timed_hands,
    )

RANKS = "A23456789TJQK"
CARDLAB_SUITS = "cdhs"  # cardlab card index = suit * 13 + (rank - 1), clubs=0 .. spades=3
AGREEMENT_HANDS = {"random": 50_000, "dense": 10_000}
DENSE_WINDOW = tuple(s * 13 + r - 1 for s in range(4) for r in range(6, 11))  # ranks 6..10
SPEED_POOL = 100_000  # distinct 10-card hands for the min_deadwood speed test


# ---------------------------------------------------------------------------------------------
# Peer playouts


def _sample_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """Pick from OpenSpiel `chance_outcomes()` [(action, probability)] with a uniform `u`."""
    for action, prob in outcomes:
        u -= prob
        if u < 0.0:
            return action
    return outcomes[-1][0]


def openspiel_playouts(game_name: str, seconds: float, seed: int) -> Playout:
    """Random-legal playouts of OpenSpiel `game_name` (default parameters)."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    rand, randrange = rng.random, rng.randrange

    def play_hand() -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample_outcome(state.chance_outcomes(), rand()))
            else:
                acts = state.legal_actions()
                state.apply_action(acts[randrange(len(acts))])
                actions += 1
        return actions

    return timed_hands(play_hand, seconds)


def openspiel_chance_per_hand(game_name: str, seed: int, hands: int = 200) -> float:
    """Mean number of chance nodes in a random-legal hand of OpenSpiel `game_name`."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    chance = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample_outcome(state.chance_outcomes(), rng.random()))
                chance += 1
            else:
                acts = state.legal_actions()
                state.apply_action(acts[rng.randrange(len(acts))])
    return chance / hands


def rlcard_gin_playouts(seconds: float, seed: int) -> Playout:
    """Random-legal playouts of RLCard's bare Gin Rummy game object (default settings).

    The deal is shuffled by the game's own `np_random` (seeded here); legal actions come from
    `game.judge.get_legal_actions()`. RLCard's `step` also builds a small state dict each move;
    that is part of its engine. Its two closing scoring moves count as actions.
    """
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    legal = game.judge.get_legal_actions
    randrange = random.Random(seed).randrange

    def play_hand() -> int:
        game.init_game()
        actions = 0
        while not game.is_over():
            acts = legal()
            game.step(acts[randrange(len(acts))])
            actions += 1
        return actions

    return timed_hands(play_hand, seconds)


# ---------------------------------------------------------------------------------------------
# Cards, OpenSpiel's encoding, and an exact reference deadwood for disagreements


def cards_of(mask: int) -> list[int]:
    """cardlab card indices in a hand mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def to_openspiel(mask: int) -> list[int]:
    """cardlab hand mask -> OpenSpiel gin card list.

    OpenSpiel: card = suit * 13 + (rank - 1), suits in order s, c, d, h (spades=0, clubs=1,
    diamonds=2, hearts=3). cardlab: suits c, d, h, s = 0..3. So the OpenSpiel suit is the
    cardlab suit + 1 (mod 4), i.e. openspiel_card = (cardlab_card + 13) % 52.
    """
    return [(c + 13) % 52 for c in cards_of(mask)]


def hand_str(mask: int) -> str:
    return " ".join(RANKS[c % 13] + CARDLAB_SUITS[c // 13] for c in cards_of(mask))


def _card_value(card: int) -> int:
    return min(10, card % 13 + 1)


def _melds_in(mask: int) -> list[int]:
    """Every set (3 or 4 of a rank) and every run (3+ in a suit) inside `mask`, as masks."""
    melds: list[int] = []
    for rank in range(13):
        same = [s * 13 + rank for s in range(4) if mask >> (s * 13 + rank) & 1]
        for k in range(3, len(same) + 1):
            melds.extend(sum(1 << c for c in combo) for combo in itertools.combinations(same, k))
    for suit in range(4):
        for lo in range(13):
            run = 0
            for r in range(lo, 13):
                card = suit * 13 + r
                if not mask >> card & 1:
                    break
                run |= 1 << card
                if r - lo >= 2:
                    melds.append(run)
    return melds


def reference_min_deadwood(mask: int) -> int:
    """Exact minimum deadwood of all the cards in `mask` (slow; only for examples)."""
    melds = _melds_in(mask)

    @functools.cache
    def best(rest: int) -> int:
        if not rest:
            return 0
        low = rest & -rest
        result = _card_value(low.bit_length() - 1) + best(rest ^ low)
        for meld in melds:
            if meld & low and meld & rest == meld:
                result = min(result, best(rest & ~meld))
        return result

    return best(mask)


def reference_after_discard(mask: int) -> int:
    """Exact minimum over single discards of the minimum deadwood of the rest."""
    return min(reference_min_deadwood(mask & ~(1 << c)) for c in cards_of(mask))


def random_hands(rng: random.Random, count: int, size: int, window: Sequence[int]) -> list[int]:
    """`count` distinct hand masks of `size` cards drawn from `window`."""
    seen: set[int] = set()
    hands: list[int] = []
    while len(hands) < count:
        mask = sum(1 << c for c in rng.sample(window, size))
        if mask not in seen:
            seen.add(mask)
            hands.append(mask)
    return hands


# ---------------------------------------------------------------------------------------------
# min_deadwood


def calls_per_second(
    fn: Callable[[Any], object],
    args: Sequence[Any],
    seconds: float,
    reps: int,
    clear: Callable[[], object] | None = None,
) -> float:
    """Median over `reps` of calls/CPU-s; a rep makes passes over `args` until `seconds` pass.

    `clear` (a cache reset) runs before every pass, outside the timed part.
    """
    clock = time.process_time
    rates = []
    for _ in range(max(1, reps)):
        calls, cpu = 0, 0.0
        while cpu < seconds:
            if clear is not None:
                clear()
            start = clock()
            for arg in args:
                fn(arg)
            cpu += clock() - start
            calls += len(args)
        rates.append(calls / cpu)
    return statistics.median(rates)


def report_disagreements(
    label: str,
    hands: Sequence[int],
    ours: Callable[[int], int],
    theirs: Callable[[int], int],
    exact: Callable[[int], int],
    names: tuple[str, str],
) -> None:
    """Compare `ours` and `theirs` on every hand; print the count and 2 examples."""
    bad = [(m, a, b) for m in hands if (a := ours(m)) != (b := theirs(m))]
    print(f"  {label:<62} {len(hands):>7,} hands {len(bad):>6,} disagree")
    for mask, a, b in bad[:2]:
        print(f"      e.g. {hand_str(mask)}: {names[0]}={a} {names[1]}={b} exact={exact(mask)}")


def min_deadwood_section(seconds: float, reps: int, seed: int) -> None:
    import pyspiel

    util10 = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)  # 11 cards: "after the best discard"
    util11 = pyspiel.gin_rummy.GinRummyUtils(13, 4, 11)  # 11 cards: all 11, no discard
    os10 = util10.min_deadwood
    os11 = util11.min_deadwood

    def os_after_discard(mask: int) -> int:
        return int(os10(to_openspiel(mask)))

    def os_all_cards(mask: int) -> int:
        return int((os11 if mask.bit_count() == 11 else os10)(to_openspiel(mask)))

    def os_min_over_discards(mask: int) -> int:
        return min(os_all_cards(mask & ~(1 << c)) for c in cards_of(mask))

    rng = random.Random(seed)
    pool = random_hands(rng, SPEED_POOL, 10, range(52))
    pool_os = [to_openspiel(m) for m in pool]
    sets = {
        (kind, size): random_hands(
            rng, AGREEMENT_HANDS[kind], size, range(52) if kind == "random" else DENSE_WINDOW
        )
        for kind in ("random", "dense")
        for size in (10, 11)
    }

    print(f"\nmin_deadwood speed: {SPEED_POOL:,} distinct random 10-card hands (seed {seed}),")
    print(f"cold; median of {reps} reps x {seconds:g} s CPU; card conversion not timed")
    os_rate = calls_per_second(os10, pool_os, seconds, reps)
    print(f"  {'OpenSpiel GinRummyUtils(13, 4, 10).min_deadwood':<50} {os_rate:>12,.0f} calls/s")

    try:
        from cardlab.rules import melds
    except Exception as exc:
        melds = None
        print(f"  cardlab.rules.melds not importable yet ({type(exc).__name__}: {exc})")
    if melds is not None:
        ours = melds.min_deadwood
        try:
            rate = calls_per_second(ours, pool, seconds, reps, getattr(ours, "cache_clear", None))
            print(
                f"  {'cardlab.rules.melds.min_deadwood':<50} {rate:>12,.0f} calls/s"
                f"   cardlab/OpenSpiel = {rate / os_rate:.2f}"
            )
        except Exception as exc:
            print(f"  cardlab min_deadwood failed: {type(exc).__name__}: {exc}")

    print(
        "\nmin_deadwood agreement. OpenSpiel's min_deadwood on hand_size+1 (11) cards takes a"
        "\nbest-value meld group and then drops its highest-rank deadwood card: it means the"
        "\ndeadwood after the best discard (greedily, so not always exact: see the self-check),"
        "\nso 11-card hands are compared with cardlab's"
        "\nmin(discard_deadwoods(mask).values()). GinRummyUtils(13, 4, 11) gives the plain"
        "\ndeadwood of all 11 cards, compared with cardlab's min_deadwood(mask)."
        f"\nDense hands use ranks 6..10 of all suits only. Seed {seed}."
    )
    print("  OpenSpiel self-check (needs no cardlab):")
    for kind in ("random", "dense"):
        report_disagreements(
            f"{kind} 11: after-discard vs min over discards of its 10-card",
            sets[kind, 11],
            os_after_discard,
            os_min_over_discards,
            reference_after_discard,
            ("OpenSpiel", "min-over-discards"),
        )
    if melds is None:
        print("  cardlab vs OpenSpiel: skipped (cardlab.rules.melds not importable)")
        return

    ours_md: Callable[[int], int] = melds.min_deadwood
    discard_deadwoods = getattr(melds, "discard_deadwoods", None)
    print("  cardlab vs OpenSpiel:")
    for kind in ("random", "dense"):
        try:
            report_disagreements(
                f"{kind} 10: min_deadwood",
                sets[kind, 10],
                ours_md,
                os_all_cards,
                reference_min_deadwood,
                ("cardlab", "OpenSpiel"),
            )
            if discard_deadwoods is None:
                print(f"  {kind} 11 after discard: cardlab has no melds.discard_deadwoods yet")
            else:
                report_disagreements(
                    f"{kind} 11: min(discard_deadwoods) vs OpenSpiel hand_size=10",
                    sets[kind, 11],
                    lambda m: min(discard_deadwoods(m).values()),
                    os_after_discard,
                    reference_after_discard,
                    ("cardlab", "OpenSpiel"),
                )
            report_disagreements(
                f"{kind} 11: min_deadwood (all 11) vs OpenSpiel hand_size=11",
                sets[kind, 11],
                ours_md,
                os_all_cards,
                reference_min_deadwood,
                ("cardlab", "OpenSpiel"),
            )
        except Exception as exc:
            print(f"  {kind}: cardlab failed: {type(exc).__name__}: {exc}")


# ---------------------------------------------------------------------------------------------
# Report


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def measure(run: Callable[[], Playout], reps: int) -> Rates | str:
    """Median rates, or the error text if the engine cannot run."""
    try:
        return median_rates(run, reps)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def ratio(ours: Rates | str, peer: Rates | str, field: str) -> str:
    if isinstance(ours, str) or isinstance(peer, str):
        return "-"
    return f"{getattr(ours, field) / getattr(peer, field):.2f}"


def cell(rates: Rates | str, field: str) -> str:
    return "n/a" if isinstance(rates, str) else f"{getattr(rates, field):,.0f}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per repetition")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (median is reported)")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    args = parser.parse_args(argv)
    seconds, reps, seed = args.seconds, args.reps, args.seed

    print(
        f"Python {platform.python_version()}; open-spiel {version('open-spiel')}, "
        f"rlcard {version('rlcard')}, cardlab {version('cardlab')}"
    )
    print(
        f"Random-legal playouts of whole hands: median of {reps} reps x {seconds:g} s CPU, "
        f"seed {seed}; actions = player actions (chance excluded)"
    )

    peers: list[tuple[str, str, Callable[[], Playout]]] = [
        ("hearts", "OpenSpiel", lambda: openspiel_playouts("hearts", seconds, seed)),
        ("gin_rummy", "OpenSpiel", lambda: openspiel_playouts("gin_rummy", seconds, seed)),
        ("gin_rummy", "RLCard", lambda: rlcard_gin_playouts(seconds, seed)),
    ]
    peer_rates = [measure(run, reps) for _, _, run in peers]
    ours: dict[str, Rates | str] = {}
    for game in dict.fromkeys(g for g, _, _ in peers):
        ours[game] = measure(functools.partial(cardlab_playouts, game, seconds, seed), reps)

    print(
        f"\n{'game':<10} {'peer':<10} {'peer hands/s':>13} {'cardlab hands/s':>16} "
        f"{'cardlab/peer':>13}"
    )
    for (game, peer, _), rates in zip(peers, peer_rates, strict=True):
        print(
            f"{game:<10} {peer:<10} {cell(rates, 'hands_per_s'):>13} "
            f"{cell(ours[game], 'hands_per_s'):>16} "
            f"{ratio(ours[game], rates, 'hands_per_s'):>13}"
        )
    print(
        f"\n{'game':<10} {'peer':<10} {'peer acts/hand':>14} {'peer acts/s':>12} "
        f"{'cardlab acts/hand':>18} {'cardlab acts/s':>15} {'cardlab/peer':>13}"
    )
    for (game, peer, _), rates in zip(peers, peer_rates, strict=True):
        print(
            f"{game:<10} {peer:<10} {cell(rates, 'actions_per_hand'):>14} "
            f"{cell(rates, 'actions_per_s'):>12} {cell(ours[game], 'actions_per_hand'):>18} "
            f"{cell(ours[game], 'actions_per_s'):>15} "
            f"{ratio(ours[game], rates, 'actions_per_s'):>13}"
        )

    for (game, peer, _), rates in zip(peers, peer_rates, strict=True):
        if isinstance(rates, str):
            print(f"  not measured: {peer} {game}: {rates}")
    for game, rates in ours.items():
        if isinstance(rates, str):
            print(f"  not measured: cardlab {game} (engine not importable yet?): {rates}")
    try:
        chance = {g: openspiel_chance_per_hand(g, seed) for g in ("hearts", "gin_rummy")}
        print(
            "  OpenSpiel chance nodes per hand (not counted as actions): "
            + ", ".join(f"{g} {c:.1f}" for g, c in chance.items())
            + " (hearts: 1 pass-direction + 52 deal; default pass_cards=true, so 12 passing"
            " actions in 3 of 4 hands)"
        )
    except Exception as exc:
        print(f"  OpenSpiel chance count failed: {type(exc).__name__}: {exc}")
    print(
        "  RLCard gin deals 11 cards to the first player (no upcard offer) and its hand ends"
        " with two scoring moves."
    )

    try:
        min_deadwood_section(seconds, reps, seed)
    except ImportError as exc:
        print(f"\nmin_deadwood: OpenSpiel not importable ({exc})")


if __name__ == "__main__":
    main()
